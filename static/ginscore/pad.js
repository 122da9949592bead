// Hand entry: hides the fields a hand does not need, moves to the next box to fill, shows the
// knock limit the upcard sets and previews the hand's score as you type.
// Everything works without it (the "Preview" button does the same on the server).
(function () {
  "use strict";
  var form = document.querySelector("form.hand-form");
  if (!form) return;
  var box = document.getElementById("hand-preview");
  var timer = null;
  var limits = {};
  (form.dataset.knockLimits || "").split(" ").forEach(function (pair) {
    var kv = pair.split(":");
    if (kv.length === 2) limits[kv[0]] = kv[1];
  });

  function checked(name) {
    var input = form.querySelector("input[name=" + name + "]:checked");
    return input ? input.value : "";
  }
  function clearErrors() {
    form.querySelectorAll(".js-error").forEach(function (e) { e.remove(); });
  }
  function text(tag, cls, value) {
    var el = document.createElement(tag);
    el.className = cls;
    el.textContent = value;
    return el;
  }
  function show(data) {
    clearErrors();
    box.textContent = "";
    if (data.ok) {
      box.appendChild(text("p", "preview-text", data.text));
      if (data.after) box.appendChild(text("p", "preview-after", data.after));
      return;
    }
    if (data.message) { box.appendChild(text("p", "error js-error", data.message)); return; }
    Object.keys(data.errors || {}).forEach(function (name) {
      if (name === "number" || name === "revision") return;
      data.errors[name].forEach(function (err) {
        var field = document.getElementById("field-" + name);
        var p = text("p", "error js-error", err.message);
        if (field && name !== "__all__") field.appendChild(p); else box.appendChild(p);
        var folded = field && field.closest("details");  // a ruling's error: unfold the rulings
        if (folded && name !== "__all__") folded.open = true;
      });
    });
  }
  function ready() {
    var e = checked("end");
    if (!e) return false;
    // The upcard is whole, or not asked for yet: its rank tapped without its suit (or, under
    // Oklahoma, none yet) is no hand to preview. Its error would come with the answer and go with
    // the next one, moving the buttons below while the player taps the rest of the card.
    var rank = checked("upcard_rank"), suit = checked("upcard_suit");
    if (!!rank !== !!suit || (form.dataset.knockLimits && !rank)) return false;
    if (e === "dead") return true;
    var by = checked("by");
    var counts = form.querySelectorAll("input[name^=count_]");   // Skarney, Colonel: each player's count
    if (counts.length) {   // (count_a and count_b; three players, a partnership: the two who play's seats)
      var all = Array.prototype.every.call(counts, function (c) { return c.value !== ""; });
      if (e === "stock_out") return all;
      if (!by) return false;
      if (e === "challenge") return all;
      return Array.prototype.every.call(counts, function (c) { return c.name === "count_" + by || c.value !== ""; });
    }
    var d = form.querySelector("[name=defender_deadwood]").value;
    var k = form.querySelector("[name=knocker_deadwood]").value;
    return !!checked("by") && d !== "" && (e !== "knock" || k !== "");
  }
  var knockLimitFirst = (form.querySelector("[data-knock-limit]") || {}).textContent;
  function knockLimit() {
    var label = form.querySelector("[data-knock-limit]");
    var rank = checked("upcard_rank");
    if (label && rank && limits[rank] !== undefined) {
      label.textContent = interpolate(gettext("at most %(n)s"), {n: limits[rank]}, true);
    }
    else if (label && !rank && knockLimitFirst) label.textContent = knockLimitFirst;
  }
  function markChoices() {   // the ending and who ended it, for the page's styles
    form.dataset.end = checked("end");
    form.dataset.by = checked("by") || "";
  }
  var due = false;   // a preview is to be asked for (its timer runs)
  function soon(ms) {
    clearTimeout(timer);
    due = true;
    timer = setTimeout(function () { due = false; preview(); }, ms);
  }
  var asked = 0;   // previews asked for: only the latest one's answer is shown (answers may cross)
  var waiting = false;   // the latest one's answer is on its way
  function preview() {
    var mine = ++asked;
    function latest(f) { return function (data) { if (mine === asked) { waiting = false; f(data); } }; }
    waiting = false;
    if (form.dataset.sending) return;   // the hand is on its way (outbox.js): its form says so
    markChoices();
    if (!ready()) { box.textContent = ""; clearErrors(); return; }
    var outbox = window.ginscoreOutbox;  // outbox.js: works the hand out on the phone when offline
    if (outbox && navigator.onLine === false) { show(outbox.preview(form)); return; }
    waiting = true;
    fetch(form.dataset.previewUrl, {method: "POST", body: new FormData(form), credentials: "same-origin",
                                    headers: {"Accept": "application/json"}})
      .then(function (r) {
        var json = (r.headers.get("Content-Type") || "").indexOf("json") >= 0;
        if (json) return r.json();
        return {ok: false, message: interpolate(gettext("The preview did not come (the page answered %(status)s). " +
                                                        "What you typed is kept: tap Preview to try on the server."),
                                                {status: r.status}, true)};
      })
      .then(latest(show))
      .catch(latest(function () {
        if (outbox) { show(outbox.preview(form)); return; }
        show({ok: false, message: gettext("No connection to the club's site: what you typed is kept; " +
                                          "tap Save again when the phone is back on the network.")});
      }));
  }
  // The next box to fill, so a hand needs no tap to move between fields.
  function next(changed) {
    var e = checked("end"), by = checked("by");
    if (changed !== "end" && changed !== "by") return;
    if (!e || e === "dead") return;
    var target = null;
    var counts = form.querySelectorAll("input[name^=count_]");
    if (counts.length) {  // Skarney, Colonel: the first count still to type (of the two who play)
      if (e !== "stock_out" && !by) return;
      var both = e === "stock_out" || e === "challenge";
      target = Array.prototype.filter.call(counts, function (c) {
        return c.value === "" && (both || c.name !== "count_" + by);
      })[0] || null;
    } else if (by) {
      target = form.querySelector(e === "knock" ? "[name=knocker_deadwood]" : "[name=defender_deadwood]");
    }
    if (target && target.value === "") target.focus();
  }
  // A choice made with the keyboard (the arrow keys move through a group's choices, choosing each)
  // keeps the focus where it is: the next box is one Tab away. A tap moves on by itself.
  var keyed = false;
  form.addEventListener("keydown", function () { keyed = true; });
  form.addEventListener("pointerdown", function () {
    keyed = false;
    // An answer shown between a finger's touch and its click could move the button under it (an
    // error put in or taken out above): the answer on its way is left, and asked for again once
    // the tap is done (its change, if any, asks sooner). So is a preview still to come (the
    // deadwood just typed: offline, the phone's own line would come above Save as Save is tapped).
    if (waiting) { ++asked; waiting = false; due = true; }
    if (due) soon(300);
  });
  form.addEventListener("input", function () { soon(150); });
  form.addEventListener("change", function (ev) {
    if (ev.target.name === "upcard_rank") knockLimit();
    if (ev.target.name === "end" || ev.target.name === "by") markChoices();
    if (!keyed) next(ev.target.name);
    soon(50);
  });
  // The upcard's rows fold to the card once tapped (pad.css); Change clears it and opens them again.
  document.querySelectorAll(".field.upcard").forEach(function (f) { f.classList.add("folds"); });
  document.querySelectorAll("[data-upcard-change]").forEach(function (b) {
    b.hidden = false;
    b.addEventListener("click", function () {
      if (form.dataset.sending) return;
      var taps = b.closest("[data-upcard]"), first = null;
      taps.querySelectorAll("input:checked").forEach(function (i) { i.checked = false; first = first || i; });
      if (first) first.dispatchEvent(new Event("change", {bubbles: true}));
      var rank = taps.querySelector(".ranks input");
      if (rank) rank.focus({preventScroll: true});
    });
  });
  form.querySelectorAll("[data-show-with-js]").forEach(function (b) { b.hidden = false; });
  form.querySelectorAll("[data-hide-with-js]").forEach(function (b) { b.hidden = true; });
  markChoices();
  knockLimit();
  // Run again after a live update drew the entry anew (live.js): a hand typed on the new form before
  // this ran (a slow phone) is previewed now, not at its next change.
  if ((form.dataset.previewNow !== undefined || window.ginscorePadRan) && ready()) preview();
  window.ginscorePadRan = true;
})();
