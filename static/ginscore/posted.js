// A form is posted once. A second tap on its button while the first post is on its way (a slow
// network, an impatient finger) posted it again: two matches started, a result or a payment sent
// twice. Once a form's post is under way its other submits are held back (the form is aria-busy
// while it waits); the hold is lifted if the page is still there after RESUME (a post that brought
// a file, a navigation cancelled) or comes back from the back-forward cache. A form that a page's
// own script sends (outbox.js) or that opens in another window is left to it.
(function () {
  "use strict";
  var RESUME = 10000;
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
    form.dataset.posted = "1";
    form.setAttribute("aria-busy", "true");
    setTimeout(function () { release(form); }, RESUME);
  });
  window.addEventListener("pageshow", function (e) {
    if (e.persisted) document.querySelectorAll("form[data-posted]").forEach(release);
  });
})();
