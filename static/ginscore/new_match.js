// New match: shows only the fields the number of players uses (player C for three; C, D and the
// team names for four), offers Player C as first dealer only with three, and picks the
// Partnership rules when four are chosen (any other rules may still be picked).
// K (the number of games) shows only while "best of K games" is the length chosen.
// Without it every field shows and the server says what does not fit.
(function () {
  "use strict";
  var form = document.querySelector("form.form");
  var radios = form ? form.querySelectorAll("input[name=players]") : [];
  if (!radios.length) return;

  function count() {
    var c = form.querySelector("input[name=players]:checked");
    return c ? c.value : "2";
  }
  function choice(name, value) {
    return form.querySelector("input[name=" + name + "][value=" + value + "]");
  }
  function show(n, switched) {
    form.querySelectorAll("[data-players]").forEach(function (box) {
      var on = box.dataset.players.split(" ").indexOf(n) >= 0;
      box.hidden = !on;
      box.querySelectorAll("input").forEach(function (i) { i.disabled = !on; });
    });
    var c = choice("first_dealer", "c");
    if (c) {
      var row = c.closest("label") || c.parentNode;
      row.hidden = n !== "3";
      c.disabled = n !== "3";
      if (n !== "3" && c.checked) choice("first_dealer", "a").checked = true;
    }
    var fd = form.querySelector("#field-first_dealer");
    if (fd) fd.hidden = n === "4";  // each table deals by its own habit
    var hollywood = choice("preset", "hollywood");
    if (hollywood) (hollywood.closest("label") || hollywood.parentNode).hidden = n !== "2";
    if (!switched) return;
    var partnership = choice("preset", "partnership");
    var preset = form.querySelector("input[name=preset]:checked");
    if (n === "4" && partnership && (!preset || preset.value === "standard" || preset.value === "hollywood")) {
      partnership.checked = true;
    } else if (n !== "4" && preset && (preset.value === "partnership" || (n !== "2" && preset.value === "hollywood"))) {
      choice("preset", "standard").checked = true;
    }
  }
  function showGames() {
    var box = form.querySelector("#field-games");
    var length = form.querySelector("input[name=length]:checked, select[name=length]");
    if (!box || !length) return;
    var on = length.value === "best_of";
    box.hidden = !on;
    box.querySelectorAll("input").forEach(function (i) { i.disabled = !on; });
  }
  radios.forEach(function (r) { r.addEventListener("change", function () { show(count(), true); }); });
  form.querySelectorAll("[name=length]").forEach(function (l) { l.addEventListener("change", showGames); });
  show(count(), false);
  showGames();
})();
