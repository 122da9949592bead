// The board: shows its pages (the tables, then the standings or the bracket) one after the
// other, and a page that does not fit the screen in slices, each for data-dwell seconds.
// live.js swaps the contents underneath; the slices are worked out again at every turn.
(function () {
  "use strict";
  var pages = Array.prototype.slice.call(document.querySelectorAll("[data-board-page]"));
  if (!pages.length) return;
  var dwell = Math.max(1, parseInt(document.body.dataset.dwell, 10) || 12) * 1000;
  var where = document.querySelector("[data-board-where]");
  var page = 0, slice = 0;

  // Offsets (in the frame) where each slice starts: a slice never cuts an item in two.
  function slices(frame) {
    var items = frame.querySelectorAll("[data-board-item]");
    var top = frame.getBoundingClientRect().top - frame.scrollTop, height = frame.clientHeight;
    var out = [0], start = 0;
    for (var i = 0; i < items.length; i++) {
      var r = items[i].getBoundingClientRect();
      var y = r.top - top, bottom = y + r.height;
      if (bottom > start + height + 1 && y > start) { start = y; out.push(start); }
    }
    return out;
  }

  function show() {
    pages.forEach(function (p, i) { p.hidden = i !== page; });
    var frame = pages[page].querySelector("[data-board-frame]");
    // Room below the last item, so the last slice too can start on an item's top edge.
    var spacer = frame.querySelector(".board-spacer");
    if (!spacer) { spacer = document.createElement("div"); spacer.className = "board-spacer"; frame.appendChild(spacer); }
    spacer.style.height = frame.clientHeight + "px";
    var offsets = slices(frame);
    if (slice >= offsets.length) slice = 0;
    frame.scrollTop = offsets[slice];
    if (where) {
      var name = pages[page].getAttribute("aria-label");
      where.textContent = (pages.length > 1 || offsets.length > 1)
        ? name + (offsets.length > 1 ? " " + (slice + 1) + "/" + offsets.length : "") : "";
    }
    return offsets.length;
  }

  function turn() {
    var count = show();
    setTimeout(function () {
      slice += 1;
      if (slice >= count) { slice = 0; page = (page + 1) % pages.length; }
      turn();
    }, dwell);
  }
  turn();
})();
