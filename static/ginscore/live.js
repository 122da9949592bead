// Live pages: asks for this page again every ~1.5 s with If-None-Match (the server answers
// 304 Not Modified from a revision kept in the database while nothing changed) and, when
// it changed, swaps the page's regions marked data-live="name" in place. The scroll, the
// focus, open <details> and scrolled frames are kept; a region holding a form field being
// typed into waits (data-live-when="pristine": waits once anything in it was changed).
// Pauses while the tab is hidden or the page is being left, backs off when the network fails,
// catches up on return. A page visitors share, seen with a session, is polled as a visitor (below);
// a table's pad first asks the versions of a few pads, shared (below).
// Without it the pages still work: reload to see the latest.
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="live-etag"]');
  if (!meta || !meta.content || !window.fetch || !window.DOMParser) return;
  var etag = meta.content;
  var EVERY = 1500, LONGEST = 30000;
  var wait = EVERY, timer = null, busy = false, failures = 0;
  // While the page is being left (a form sent, a link followed) it stays as it was: a poll answered
  // meanwhile would draw into it what the next page is to say ("Hand 1 confirmed", not yet shown
  // there) and move what a finger is on. If no page comes after all (a download), polls resume.
  var leaving = null, RESUME = 10000;
  var status = document.querySelector("[data-live-status]");

  function say(state) {
    document.documentElement.dataset.live = state;
    if (status) status.textContent = state === "offline" ? gettext("offline, trying again") : gettext("updates live");
  }

  function later(ms) { clearTimeout(timer); timer = setTimeout(poll, ms); }

  // A page its visitors share (a table's pad, the round, the standings), seen with a session (a
  // table's players, a member): polled as a visitor polls it, without this phone's cookies, naming
  // its version in each language the site speaks, so that the front answers from the copy it keeps
  // for the visitors (a poll with a session always reaches the site). The version is the page's
  // whoever views it: only when it moved is this phone's own page asked for (ginscore/club/live.py).
  var languages = document.querySelector('meta[name="live-poll-languages"]');
  languages = languages && languages.content ? languages.content.split(/\s+/) : [];
  var shared = languages.length > 0 && version(etag) !== null;

  // The version an ETag names ('"v.fr"' or 'W/"v.fr"': "v"), or null.
  function version(tag) {
    var m = /^(?:W\/)?"(.*)\.[^."]*"$/.exec(tag || "");
    return m ? m[1] : null;
  }

  function own() {
    return fetch(location.href, {headers: {"If-None-Match": etag, "X-Live": "1"}, cache: "no-store",
                                 credentials: "same-origin"})
      .then(function (r) {
        if (r.status === 304) return null;
        if (!r.ok || r.redirected) throw new Error("live: " + r.status);
        return r.text().then(function (html) { return {html: html, tag: r.headers.get("ETag")}; });
      });
  }

  function asVisitor() {
    var now = version(etag);
    var tags = languages.map(function (code) { return '"' + now + "." + code + '"'; }).join(", ");
    return fetch(location.href, {headers: {"If-None-Match": tags, "X-Live": "1"}, cache: "no-store",
                                 credentials: "omit"})
      .then(function (r) {
        if (r.status === 304) return null;
        if (r.ok && !r.redirected) {
          if (r.body) r.body.cancel();   // (the visitors' page: never shown here)
          return version(r.headers.get("ETag")) === now ? null : own();
        }
        if (r.status >= 500) throw new Error("live: " + r.status);
        shared = false;   // not the same for a visitor after all (sent elsewhere, refused): polled as itself
        return own();
      });
  }

  // A table's pad names where the site gives the versions of a few pads at once (<meta
  // name="live-versions">, the key its own): the same for every viewer of those tables, so the front
  // answers it from its copy, polled without cookies. The page itself is asked for only when its
  // version there moved (the site answers a few pads' polls at once, not each pad's). Not there (a
  // 4xx): the page is polled itself.
  var versions = document.querySelector('meta[name="live-versions"]');
  var versionsUrl = versions && versions.content, versionsKey = versions && versions.getAttribute("data-key");
  var versionsTag = null, versionsKnown = null;

  function moved() {
    var headers = {"X-Live": "1"};
    if (versionsTag) headers["If-None-Match"] = versionsTag;
    return fetch(versionsUrl, {headers: headers, cache: "no-store", credentials: "omit"})
      .then(function (r) {
        if (r.status === 304 && versionsKnown) return versionsKnown;
        if (r.ok) {
          versionsTag = r.headers.get("ETag");
          return r.json().then(function (known) { versionsKnown = known; return known; });
        }
        if (r.status >= 500) throw new Error("live: " + r.status);
        versionsUrl = null;
        return null;
      })
      .then(function (known) { return !known || known[versionsKey] !== version(etag); });
  }

  function ask() { return shared ? asVisitor() : own(); }

  function poll() {
    clearTimeout(timer);
    if (busy || document.hidden || leaving) return;   // visibilitychange (or the page staying) brings it back
    busy = true;
    (versionsUrl && version(etag) !== null ? moved().then(function (m) { return m ? ask() : null; }) : ask())
      .then(function (fresh) {
        busy = false; failures = 0; wait = EVERY;
        if (leaving) return;
        if (fresh) apply(fresh.html, fresh.tag);
        say("on");
        later(wait);
      })
      .catch(function () {
        busy = false; failures += 1;
        if (leaving) return;
        wait = Math.min(EVERY * Math.pow(2, failures), LONGEST);
        say("offline");
        later(wait);
      });
  }

  // What a region looks like, leaving out what changes on every drawing (CSRF tokens) and the values
  // that follow the page (below).
  function signature(el) {
    var copy = el.cloneNode(true);
    copy.querySelectorAll("input[name=csrfmiddlewaretoken], [data-live-value]").forEach(function (i) {
      i.removeAttribute("value");
    });
    return copy.outerHTML;
  }

  // What the forms of a region ask: each form's address and its fields with the values the site gave
  // them (a hidden field's, each choice's). Not what the page's scripts change after (pad.js marks
  // the ending chosen, outbox.js numbers the next hand), nor what is typed, nor a value that follows
  // the page: a form being filled in is stale only when a new drawing asks something else of it.
  function asks(region) {
    var out = [];
    region.querySelectorAll("form").forEach(function (f) {
      out.push(f.getAttribute("action") || "");
      f.querySelectorAll("input, select, textarea").forEach(function (i) {
        if (i.name === "csrfmiddlewaretoken" || i.hasAttribute("data-live-value")) return;
        var given = /^(hidden|radio|checkbox)$/.test(i.type) ? i.getAttribute("value") : "";
        out.push(i.name + "=" + given);
      });
    });
    return out.join("\n");
  }

  // A value that follows the page (data-live-value: the pad's revision, on which a new hand does not
  // depend) is taken in place, also into a form being filled in: a change that moves nothing else
  // in it (this phone's own hand sent from its outbox, the other table's hand corrected) leaves the
  // form as it is, not stale.
  function takeValues(old, fresh) {
    old.querySelectorAll("[data-live-value]").forEach(function (el) {
      var again = fresh.querySelector('[data-live-value][name="' + el.name + '"]');
      if (!again || again.value === el.value) return;
      el.value = again.value;
      // (a hand being typed is previewed again on the pad as it now is: pad.js)
      if (old.dataset.liveTouched) el.dispatchEvent(new Event("input", {bubbles: true}));
    });
  }

  function typing(el) {
    var a = document.activeElement;
    if (!a || !el.contains(a)) return false;
    var tag = a.tagName;
    return tag === "TEXTAREA" || tag === "SELECT" || a.isContentEditable ||
      (tag === "INPUT" && !/^(button|submit|reset|hidden|image)$/.test(a.type));
  }

  // Child-index path from root to el, to find "the same" element in the new region.
  function path(root, el) {
    var out = [];
    while (el && el !== root) {
      out.unshift(Array.prototype.indexOf.call(el.parentNode.children, el));
      el = el.parentNode;
    }
    return out;
  }
  function follow(root, steps) {
    var el = root;
    for (var i = 0; el && i < steps.length; i++) el = el.children[steps[i]];
    return el;
  }

  function swap(old, fresh) {
    var kept = [];
    old.querySelectorAll("*").forEach(function (el) {
      if (el.scrollLeft || el.scrollTop) kept.push({p: path(old, el), x: el.scrollLeft, y: el.scrollTop});
    });
    var open = [];
    old.querySelectorAll("details").forEach(function (d) { open.push({p: path(old, d), open: d.open}); });
    var focused = document.activeElement && old.contains(document.activeElement) ? document.activeElement : null;
    var focusPath = focused ? path(old, focused) : null;
    var node = document.importNode(fresh, true);
    old.replaceWith(node);
    if (old.tagName === "DETAILS" && node.tagName === "DETAILS") node.open = old.open;
    open.forEach(function (d) { var el = follow(node, d.p); if (el && el.tagName === "DETAILS") el.open = d.open; });
    kept.forEach(function (k) { var el = follow(node, k.p); if (el) { el.scrollLeft = k.x; el.scrollTop = k.y; } });
    if (focused) {
      var again = (focused.id && document.getElementById(focused.id)) || follow(node, focusPath);
      if (again && again.focus) again.focus({preventScroll: true});
    }
    return node;
  }

  // What the player is at: the field or choice with the focus, else a form they have started to
  // fill in. It keeps its place on the screen while what is above it changes (a line the head
  // gains or loses, a hand to confirm put above, the note that the form is stale, the outbox's
  // panel): the page scrolls by what it moved, as a finger on its way to it would otherwise land
  // beside it. ``change()`` changes the page; ``restore``: the scroll is put back first (a region
  // swapped may have carried the browser's own anchor). outbox.js uses it too.
  function held() {
    var a = document.activeElement;
    if (a && a !== document.body && a !== document.documentElement) return {focus: true, el: a};
    var touched = document.querySelector('[data-live-when="pristine"][data-live-touched]');
    return touched ? {focus: false, el: touched.querySelector("form") || touched} : null;
  }
  function keepPlace(change, restore) {
    var x = window.scrollX, y = window.scrollY;
    var at = held(), top = at && at.el.getBoundingClientRect().top;
    try {
      return change();
    } finally {
      if (restore) window.scrollTo(x, y);
      // (a focused field in a region drawn anew has its focus again: swap)
      var now = at && (at.focus ? document.activeElement : at.el);
      if (now && now !== document.body && now.isConnected) {
        var moved = now.getBoundingClientRect().top - top;
        if (Math.abs(moved) >= 1) window.scrollTo(window.scrollX, window.scrollY + moved);
      }
    }
  }
  window.ginscoreKeepPlace = keepPlace;

  function apply(html, tag) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var swapped = [], waiting = false;
    keepPlace(function () {
      document.querySelectorAll("[data-live]").forEach(function (old) {
        var name = old.getAttribute("data-live");
        var fresh = doc.querySelector('[data-live="' + name.replace(/["\\]/g, "\\$&") + '"]');
        if (!fresh) return;
        takeValues(old, fresh);
        if (signature(fresh) === signature(old)) return;
        var pristineOnly = old.getAttribute("data-live-when") === "pristine";
        if (pristineOnly && old.dataset.liveTouched) {
          if (asks(fresh) !== asks(old)) stale(old);
          return;
        }
        if (typing(old)) {
          waiting = true;
          return;
        }
        swap(old, fresh);
        swapped.push(name);
      });
    }, true);
    var next = doc.querySelector('meta[name="live-etag"]');
    // A region that waited for its field to lose focus is fetched again next time.
    if (!waiting) etag = (next && next.content) || tag || etag;
    swapped.forEach(function (name) {
      document.querySelectorAll('script[data-live-rerun="' + name + '"]').forEach(function (old) {
        var s = document.createElement("script");
        s.src = old.src;
        s.setAttribute("data-live-rerun", name);  // (so the next swap runs it again too)
        old.replaceWith(s);
      });
    });
    if (swapped.length) {
      document.dispatchEvent(new CustomEvent("ginscore:live", {detail: {regions: swapped}}));
    }
  }

  // A form being filled in that no longer matches the page says so (saving it shows the conflict).
  function stale(region) {
    if (region.querySelector(".live-stale")) return;
    var p = document.createElement("p");
    p.className = "msg msg-error live-stale";
    p.setAttribute("role", "status");
    p.textContent = gettext("This changed on another device: saving will show you the page as it stands now.");
    region.insertBefore(p, region.firstChild);
  }

  // A pristine-only region (a form) stops updating once anything in it is changed.
  function touched(e) {
    var region = e.target.closest && e.target.closest('[data-live-when="pristine"]');
    if (region) region.dataset.liveTouched = "1";
  }
  document.addEventListener("input", touched, true);
  document.addEventListener("change", touched, true);

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { failures = 0; wait = EVERY; poll(); }
  });
  window.addEventListener("online", function () { failures = 0; wait = EVERY; poll(); });
  window.addEventListener("beforeunload", function () {
    clearTimeout(timer);
    clearTimeout(leaving);
    leaving = setTimeout(function () { leaving = null; poll(); }, RESUME);
  });
  window.addEventListener("pageshow", function (e) {
    if (!e.persisted) return;
    clearTimeout(leaving);
    leaving = null;
    poll();
  });
  say("on");
  later(EVERY);
})();
