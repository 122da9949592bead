// The prize form's live preview: every change asks the server for the payout table (the same
// arithmetic as the payouts, never a second copy of it here) and shows it under the form.
(function () {
  "use strict";
  var form = document.getElementById("prize-form");
  var out = document.getElementById("prize-preview");
  var entrants = document.getElementById("preview-entrants");
  if (!form || !out) return;
  var timer = null, asked = 0;
  function ask() {
    var data = new FormData(form);
    data.delete("csrfmiddlewaretoken");
    data.set("entrants", entrants ? entrants.value : "");
    var n = ++asked;
    fetch(form.dataset.preview + "?" + new URLSearchParams(data).toString(), {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) { if (n === asked) out.innerHTML = html; })
      .catch(function () {
        if (n !== asked) return;
        var p = document.createElement("p");
        p.className = "muted";
        p.textContent = gettext("No preview (offline?).");
        out.replaceChildren(p);
      });
  }
  function soon() { clearTimeout(timer); timer = setTimeout(ask, 150); }
  form.addEventListener("input", soon);
  form.addEventListener("change", soon);
  if (entrants) entrants.addEventListener("input", soon);
  ask();
})();
