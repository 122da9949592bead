// Hand entry: hides the fields a hand does not need and previews its score as you type.
// Everything works without it (the "Preview score" button does the same on the server).
(function () {
  "use strict";
  var form = document.querySelector("form.hand-form");
  if (!form) return;
  var box = document.getElementById("hand-preview");
  var save = document.getElementById("save-hand");
  var timer = null;

  function end() {
    var checked = form.querySelector("input[name=end]:checked");
    return checked ? checked.value : "";
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
    Object.keys(data.errors || {}).forEach(function (name) {
      if (name === "number" || name === "revision") return;
      data.errors[name].forEach(function (err) {
        var field = document.getElementById("field-" + name);
        var p = text("p", "error js-error", err.message);
        if (field && name !== "__all__") field.appendChild(p); else box.appendChild(p);
      });
    });
  }
  function ready() {
    var e = end();
    if (!e) return false;
    if (e === "dead") return true;
    var by = form.querySelector("input[name=by]:checked");
    if (form.querySelector("[name=count_a]")) {  // Skarney, Colonel: each player's count of cards held
      var a = form.querySelector("[name=count_a]").value, b = form.querySelector("[name=count_b]").value;
      if (e === "stock_out") return a !== "" && b !== "";
      if (!by) return false;
      if (e === "challenge") return a !== "" && b !== "";
      return (by.value === "a" ? b : a) !== "";
    }
    var d = form.querySelector("[name=defender_deadwood]").value;
    var k = form.querySelector("[name=knocker_deadwood]").value;
    return !!by && d !== "" && (e !== "knock" || k !== "");
  }
  function preview() {
    form.dataset.end = end();
    if (!ready()) { box.textContent = ""; clearErrors(); return; }
    fetch(form.dataset.previewUrl, {method: "POST", body: new FormData(form), credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data) show(data); })
      .catch(function () { /* the server-side preview still works */ });
  }
  form.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(preview, 150); });
  form.addEventListener("change", function () { clearTimeout(timer); timer = setTimeout(preview, 50); });
  form.querySelectorAll("[data-show-with-js]").forEach(function (b) { b.hidden = false; });
  form.dataset.end = end();
})();
