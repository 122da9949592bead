// Log-out leaves nothing behind on this browser (a shared tablet, the desk's laptop): before the
// log-out is sent, the outbox's hands (localStorage keys "ginscore-outbox-...", see
// static/ginscore/outbox.js) and every page the service worker kept are dropped. Hands not yet
// sent are named first, so no one loses them by surprise. The server's answer also carries
// Clear-Site-Data (ginscore/club/viewer.py), which does the same where the browser honours it.
(function () {
  "use strict";
  var PREFIX = "ginscore-outbox-";

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
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({forget: true});
    }
    var sent = false;
    function send() { if (!sent) { sent = true; form.submit(); } }
    dropKeptPages(form.dataset.static || "/static/").then(send, send);
    window.setTimeout(send, 1500);   // never held back for long
    return true;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-logout]")) return;
    event.preventDefault();
    leave(form);
  });
})();
