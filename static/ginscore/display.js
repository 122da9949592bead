// How the pages look on this device for a visitor: larger text, four-colour cards (the footer's
// two buttons), kept in this browser (localStorage) and put on <html> before the page is drawn.
// A member's choice is kept on their account and drawn by the server (<html data-display-own>):
// this browser's is not used then. docs/accessibility.md.
(function () {
  "use strict";
  var KEY = "ginscore-display", NAMES = ["large-text", "four-colour"], root = document.documentElement;
  if (root.hasAttribute("data-display-own")) return;
  var chosen = [];
  try { chosen = JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { chosen = []; }
  NAMES.forEach(function (name) { if (chosen.indexOf(name) >= 0) root.classList.add(name); });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("button[data-display]").forEach(function (button) {
      var name = button.getAttribute("data-display");
      button.hidden = false;
      button.setAttribute("aria-pressed", String(root.classList.contains(name)));
      button.addEventListener("click", function () {
        var on = !root.classList.contains(name);
        root.classList.toggle(name, on);
        button.setAttribute("aria-pressed", String(on));
        try {
          localStorage.setItem(KEY, JSON.stringify(NAMES.filter(function (n) { return root.classList.contains(n); })));
        } catch (e) { /* private mode: for this page only */ }
      });
    });
  });
})();
