// Log-out leaves nothing behind on this browser (a shared tablet, the desk's laptop): before the
// log-out is sent, the outbox's hands (localStorage keys "ginscore-outbox-...", see
// static/ginscore/outbox.js) and every page the service worker kept are dropped, and the phone's
// notifications (static/ginscore/push.js) are unsubscribed (the site withdraws them on log-out too). Hands not yet
// sent are named first, so no one loses them by surprise. The server's answer also carries
// Clear-Site-Data (ginscore/club/viewer.py), which does the same where the browser honours it.
// A log-out the club's site cannot hear yet (a network drop) is kept (localStorage
// "ginscore-logout", and the service worker's own copy): the page says the person is logged out
// on this phone, and the log-out is sent as soon as the network returns, before anything else
// (every page of the site sends it first when it opens; the worker before any request it sees),
// so the tablet never acts as that person again.
(function () {
  "use strict";
  var PREFIX = "ginscore-outbox-", PENDING = "ginscore-logout";

  function storage() { try { return window.localStorage; } catch (e) { return null; } }

  function outboxKeys(store) {
    var keys = [];
    for (var i = 0; i < store.length; i++) {
      var key = store.key(i);
      if (key && key.indexOf(PREFIX) === 0) keys.push(key);
    }
    return keys;
  }

  function unsent(store, keys) {
    return keys.filter(function (k) { return !/-dropped$/.test(k); }).reduce(function (n, k) {
      try { var list = JSON.parse(store.getItem(k) || "[]"); return n + (Array.isArray(list) ? list.length : 0); }
      catch (e) { return n; }
    }, 0);
  }

  // Every kept page of the worker's caches (the scripts and styles may stay: they are no one's).
  function dropKeptPages(staticUrl) {
    if (!window.caches) return Promise.resolve();
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n.indexOf("ginscore-") === 0; }).map(function (name) {
        return caches.open(name).then(function (cache) {
          return cache.keys().then(function (requests) {
            return Promise.all(requests.filter(function (r) {
              return new URL(r.url).pathname.indexOf(staticUrl) !== 0;
            }).map(function (r) { return cache.delete(r); }));
          });
        });
      }));
    });
  }

  // The browser's push subscription ended: the next person hears nothing of the one who left.
  function dropNotifications() {
    var store = storage();
    if (store) store.removeItem("ginscore-push");
    if (!navigator.serviceWorker || !window.PushManager) return Promise.resolve();
    return navigator.serviceWorker.getRegistration("/").then(function (reg) {
      return reg ? reg.pushManager.getSubscription() : null;
    }).then(function (subscription) { return subscription ? subscription.unsubscribe() : null; })
      .catch(function () { return null; });
  }

  function token(form) {
    var input = form && form.querySelector("input[name=csrfmiddlewaretoken]");
    if (input) return input.value;
    var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  function pending() {
    var store = storage();
    try { return store ? JSON.parse(store.getItem(PENDING) || "null") : null; } catch (e) { return null; }
  }

  // Sends the log-out kept on this phone; resolves true once the club's site has answered.
  function endSession(leaving, form) {
    var body = new FormData();
    var csrf = token(form) || leaving.csrf;
    body.append("csrfmiddlewaretoken", csrf);
    return fetch(leaving.url, {method: "POST", body: body, credentials: "same-origin", cache: "no-store",
                               redirect: "manual", headers: {"X-CSRFToken": csrf}})
      .then(function () {
        var store = storage();
        if (store) store.removeItem(PENDING);
        return true;
      }, function () { return false; });
  }

  // The page a log-out offline leaves: nothing of the person, and what happens next.
  function loggedOutHere(leaving) {
    var main = document.querySelector("main") || document.body;
    document.querySelectorAll(".nav-user, #outbox, .score-head").forEach(function (e) { e.remove(); });
    main.textContent = "";
    var h = document.createElement("h1");
    h.textContent = gettext("Logged out on this phone");
    var p = document.createElement("p");
    p.className = "msg msg-info logout-pending";
    p.setAttribute("role", "status");
    p.textContent = gettext("No connection to the club's site: it is told as soon as the network returns, " +
                            "before this phone sends anything else. Nothing is kept here for the person who left.");
    main.appendChild(h);
    main.appendChild(p);
    function retry() {
      endSession(leaving).then(function (done) { if (done) location.replace(leaving.home || "/"); });
    }
    window.addEventListener("online", retry);
    window.setInterval(retry, 5000);
  }

  function leave(form) {
    var store = storage();
    if (store) {
      var keys = outboxKeys(store), n = unsent(store, keys);
      if (n && !window.confirm(interpolate(ngettext(
          "%(n)s hand typed on this phone was not sent to the club's site yet. Logging out drops it from this phone. " +
          "Log out anyway?",
          "%(n)s hands typed on this phone were not sent to the club's site yet. Logging out drops them from this " +
          "phone. Log out anyway?", n), {n: n}, true))) return false;
      keys.forEach(function (k) { store.removeItem(k); });
    }
    // Kept until the club's site has heard it (the page, and the worker, send it again until then).
    var leaving = {url: form.action, csrf: token(form), home: form.dataset.home || "/"};
    if (store) store.setItem(PENDING, JSON.stringify(leaving));
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({forget: true, logout: leaving});
    }
    var sent = false;
    function send() {
      if (sent) return;
      sent = true;
      endSession(leaving, form).then(function (done) {
        if (done) location.replace(leaving.home);
        else loggedOutHere(leaving);
      });
    }
    Promise.all([dropKeptPages(form.dataset.static || "/static/"), dropNotifications()]).then(send, send);
    window.setTimeout(send, 1500);   // never held back for long
    return true;
  }

  // A log-out this phone kept because the site could not hear it: sent first, before this page
  // (drawn, it may be, for the person who left) does anything; then the page is drawn again.
  var left = pending();
  if (left) {
    document.documentElement.classList.add("logging-out");
    var form = document.querySelector("form[data-logout]");
    endSession(left, form).then(function (done) {
      if (!done) { loggedOutHere(left); return; }
      if (form) location.reload();   // drawn for the one who left: drawn again for no one
      document.documentElement.classList.remove("logging-out");
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-logout]")) return;
    event.preventDefault();
    leave(form);
  });
})();
