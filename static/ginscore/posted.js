// A form is posted once. A second tap on its button while the first post is on its way (a slow
// network, an impatient finger) posted it again: two matches started, a result or a payment sent
// twice. Once a form's post is under way its other submits are held back (the form is aria-busy
// while it waits); the hold is lifted if the page is still there after RESUME (a post that brought
// a file, a navigation cancelled) or comes back from the back-forward cache. A form that a page's
// own script sends (outbox.js) or that opens in another window is left to it.
// Each form posted also carries a key made once for this page (form_key): the site does a form
// once for a key, so the same post sent again (a reload once its answer was lost on a dropped
// network, a tap after the hold) leads to what the first did (ginscore/club/posted.py).
(function () {
  "use strict";
  var RESUME = 10000;
  function newKey() {   // a random UUID; crypto.randomUUID needs HTTPS, a club's site may be plain HTTP
    var b = crypto.getRandomValues(new Uint8Array(16)), h = [];
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    for (var i = 0; i < 16; i++) h.push((b[i] + 0x100).toString(16).slice(1));
    h = h.join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }
  function keyed(form) {
    var input = form.querySelector("input[name=form_key]");
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = "form_key";
      form.appendChild(input);
    }
    if (!input.value) input.value = newKey();
  }
  function release(form) {
    delete form.dataset.posted;
    form.removeAttribute("aria-busy");
  }
  window.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form || (form.getAttribute("method") || "get").toLowerCase() !== "post") return;
    var target = (ev.submitter && ev.submitter.getAttribute("formtarget")) || form.getAttribute("target") || "";
    if (target && target !== "_self") return;
    if (form.dataset.posted) {   // the first post is on its way: not again
      ev.preventDefault();
      return;
    }
    if (ev.defaultPrevented) return;   // a script of the page sends it itself
    keyed(form);
    form.dataset.posted = "1";
    form.setAttribute("aria-busy", "true");
    setTimeout(function () { release(form); }, RESUME);
  });
  window.addEventListener("pageshow", function (e) {
    if (!e.persisted) return;
    document.querySelectorAll("form[data-posted]").forEach(release);
    // back to a page kept as it was: what is sent from it now is a new post
    document.querySelectorAll("input[name=form_key]").forEach(function (input) { input.value = ""; });
  });
})();
