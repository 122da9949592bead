// The opt-in to the phone's notifications on a player's own page (My night): the section
// [data-push] names the site's public key (data-key), where the phone subscribes (data-url),
// where it unsubscribes (data-off), the service worker (data-worker), and whether this phone
// already gets them (data-on, as the server knows it). "Tell me on this phone" asks the
// browser's permission, subscribes through the service worker (Web Push) and hands the
// subscription to the site; "Turn notifications off" does the reverse. A browser without Web
// Push (or a page on plain HTTP) shows why instead. Log-out unsubscribes too (logout.js).
(function () {
  "use strict";
  var KEPT = "ginscore-push";   // the address this phone last subscribed through (a page kept from before shows it on)
  var box = document.querySelector("[data-push]");
  if (!box) return;
  var on = box.querySelector("[data-push-on]"), off = box.querySelector("[data-push-off]");
  var state = box.querySelector(".push-state");

  function show(which) {
    box.querySelectorAll("[data-push-say]").forEach(function (p) { p.hidden = p.dataset.pushSay !== which; });
  }

  function say(text) { state.textContent = text || ""; }

  function storage() { try { return window.localStorage; } catch (e) { return null; } }

  function set(isOn) {
    on.hidden = isOn;
    off.hidden = !isOn;
    box.classList.toggle("push-is-on", isOn);
    var store = storage();
    if (!store) return;
    if (isOn) store.setItem(KEPT, box.dataset.url);
    else if (store.getItem(KEPT) === box.dataset.url) store.removeItem(KEPT);
  }

  function key() {
    var text = box.dataset.key.replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(text + "===".slice((text.length + 3) % 4));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function token() {
    var input = box.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function post(url, body) {
    return fetch(url, {method: "POST", credentials: "same-origin", body: JSON.stringify(body),
                       headers: {"Content-Type": "application/json", "X-CSRFToken": token()}})
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (said) {
          if (!response.ok) throw new Error(said.error || String(response.status));
          return said;
        });
      });
  }

  function registration() {
    return navigator.serviceWorker.register(box.dataset.worker, {scope: "/"}).then(function () {
      return navigator.serviceWorker.ready;
    });
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window) ||
      !window.isSecureContext) {
    show("none");
    return;
  }
  box.querySelector(".push-buttons").hidden = false;

  on.addEventListener("click", function () {
    on.disabled = true;
    say("");
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") { show("blocked"); return null; }
      show("");
      return registration().then(function (reg) {
        return reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: key()});
      }).then(function (subscription) {
        return post(box.dataset.url, subscription.toJSON ? subscription.toJSON() : subscription);
      }).then(function (said) { set(true); say(said.message); });
    }).catch(function (e) { say(e.message); show("failed"); })
      .then(function () { on.disabled = false; });
  });

  off.addEventListener("click", function () {
    off.disabled = true;
    say("");
    registration().then(function (reg) { return reg.pushManager.getSubscription(); }).then(function (subscription) {
      if (!subscription) return {message: ""};
      return post(box.dataset.off, {endpoint: subscription.endpoint}).then(function (said) {
        return subscription.unsubscribe().then(function () { return said; });
      });
    }).then(function (said) { set(false); say(said.message); show(""); })
      .catch(function (e) { say(e.message); show("failed"); })
      .then(function () { off.disabled = false; });
  });

  // On, as this phone's browser holds it: a subscription, which the server (or, for a page the
  // browser kept from before, this phone's last opt-in through this page's address) says is for this player.
  var store = storage();
  var claimed = box.hasAttribute("data-on") || (store && store.getItem(KEPT) === box.dataset.url);
  navigator.serviceWorker.getRegistration("/").then(function (reg) {
    return reg ? reg.pushManager.getSubscription() : null;
  }).then(function (subscription) { set(!!(subscription && claimed && Notification.permission === "granted")); },
          function () { set(false); });
})();
