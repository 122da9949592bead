// The tournament form shows only the chosen format's options (a Swiss event's rounds, a knockout's
// third-place match, a round robin's groups...). Without it every option shows, each saying which
// format it is for, and the server ignores the options of the formats not chosen.
(function () {
  "use strict";
  var form = document.querySelector("form[data-format-options]");
  if (!form) return;
  function checked(name) {
    var input = form.querySelector("input[name=" + name + "]:checked");
    return input ? input.value : "";
  }
  function update() {
    var format = checked("format"), stage = format + ":" + checked("first_stage");
    form.querySelectorAll("[data-formats]").forEach(function (box) {
      var formats = box.dataset.formats.split(" ");
      box.hidden = formats.indexOf(format) < 0 && formats.indexOf(stage) < 0;
    });
    var games = form.querySelector("#field-games");   // K, only for "best of K games"
    if (games && form.querySelector("[name=length]")) games.hidden = checked("length") !== "best_of";
  }
  form.addEventListener("change", function (ev) {
    if (ev.target.name === "format" || ev.target.name === "first_stage" || ev.target.name === "length") update();
  });
  update();
})();
