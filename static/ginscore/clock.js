// The round clock: every [data-deadline] shows the time left, worked out in the browser from
// the server's deadline (corrected by the server's clock in data-now), so the server does
// nothing per second. "Time" (and "time called" beside the round's name, never "time left")
// once the deadline has passed or the director called it.
(function () {
  "use strict";
  function text(ms) {
    var s = Math.ceil(ms / 1000), m = Math.floor(s / 60);
    s %= 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      if (!el.dataset.offset) el.dataset.offset = String((Date.parse(el.dataset.now) - Date.now()) || 0);
      var left = Date.parse(el.dataset.deadline) - (Date.now() + Number(el.dataset.offset));
      var out = el.querySelector("[data-clock-left]") || el;
      var over = !!el.dataset.called || left <= 0;
      var state = el.querySelector("[data-clock-state]");
      out.textContent = over ? pgettext("clock", "Time") : text(left);
      if (state) state.textContent = over ? gettext("time called") : gettext("time left");
      // said aloud once when the time runs out here (a director's call comes with the page's update)
      if (over && !el.classList.contains("over") && el.dataset.ticked && window.ginscoreAloud) {
        window.ginscoreAloud.say("called-" + Math.round(Date.parse(el.dataset.deadline) / 1000), gettext("time called"));
      }
      el.dataset.ticked = "1";
      el.classList.toggle("over", over);
      el.classList.toggle("low", !over && left < 5 * 60000);
    });
  }
  tick();
  setInterval(tick, 250);
})();
