// Said aloud: what a live update brings that a screen reader should hear (a hand saved on another
// phone, time called, a result in) goes through the page's one polite live region (#said-aloud),
// once. The pages mark it: an element with data-live-say="key" (often hidden) holds the words; a
// key the page showed when it was opened, or already said, is not said again. live.js tells of
// each update ("ginscore:live"); clock.js says "time called" itself (ginscoreAloud.say).
(function () {
  "use strict";
  var said = {};
  function region() { return document.getElementById("said-aloud"); }
  function say(key, text) {
    var out = region();
    if (!out || said[key] || !text) return false;
    said[key] = true;
    // a new text node each time: screen readers read a change, not a text set to itself again
    out.textContent = "";
    setTimeout(function () { out.textContent = text; }, 50);
    return true;
  }
  function marked() { return document.querySelectorAll("[data-live-say]"); }
  function words(el) { return el.textContent.replace(/\s+/g, " ").trim(); }
  marked().forEach(function (el) { said[el.getAttribute("data-live-say")] = true; });
  document.addEventListener("ginscore:live", function () {
    var news = [];
    marked().forEach(function (el) {
      var key = el.getAttribute("data-live-say");
      if (!said[key]) { said[key] = true; news.push(words(el)); }
    });
    if (news.length) say("update:" + news.join("|"), news.join(". "));
  });
  window.ginscoreAloud = {say: say};
})();
