// The board: shows its pages (the tables, then the standings or the bracket) one after the
// other, and a page that does not fit the screen in slices, each for data-dwell seconds.
// live.js swaps the contents underneath; the slices are worked out again at every turn.
//
// Each page is first fitted to the screen (fit): the largest type, and for the tables the number
// of columns, at which every name is whole (no word wider than its box, at most two lines) and
// the page fills the screen without running off it. Only when even the smallest readable type
// does not hold the page on one screen does it turn in slices. The fit is set on the page's frame
// (--fit, --cols), which live.js never swaps, and is worked out again when the names change, the
// screen does, or a swapped score no longer fits.
(function () {
  "use strict";
  var pages = Array.prototype.slice.call(document.querySelectorAll("[data-board-page]"));
  if (!pages.length) return;
  var dwell = Math.max(1, parseInt(document.body.dataset.dwell, 10) || 12) * 1000;
  var where = document.querySelector("[data-board-where]");
  var page = 0, slice = 0, timer = null;
  var NAMES = ".bt-name, .bb-name, .bs-name", MAX_LINES = 2;

  // Every name whole: no word wider than its box, at most MAX_LINES lines; no card wider than its cell.
  function namesWhole(box) {
    var names = box.querySelectorAll(NAMES);
    for (var i = 0; i < names.length; i++) {
      var el = names[i];
      if (el.scrollWidth > el.clientWidth + 1) return false;
      var line = parseFloat(getComputedStyle(el).lineHeight) || 20;
      if (el.offsetHeight > line * (MAX_LINES + 0.5)) return false;
    }
    var cards = box.querySelectorAll(".board-table, .bb-match");
    for (var j = 0; j < cards.length; j++) if (cards[j].scrollWidth > cards[j].clientWidth + 1) return false;
    return box.scrollWidth <= box.clientWidth + 1;
  }

  function set(frame, cols, size) {
    if (cols) frame.style.setProperty("--cols", String(cols));
    frame.style.setProperty("--fit", size.toFixed(1) + "px");
  }

  // The largest type in [low, high] at which holds(size) (true at low or none: null), to half a pixel.
  function largest(low, high, holds) {
    if (!holds(low)) return null;
    while (high - low > 0.5) {
      var mid = (low + high) / 2;
      if (holds(mid)) low = mid; else high = mid;
    }
    return low;
  }

  function signature(box) {
    return Array.prototype.map.call(box.querySelectorAll(NAMES), function (n) { return n.textContent; }).join("|")
      + "@" + window.innerWidth + "x" + window.innerHeight;
  }

  function tallest(box) {
    var items = box.querySelectorAll("[data-board-item]"), most = 0;
    for (var i = 0; i < items.length; i++) most = Math.max(most, items[i].offsetHeight);
    return most;
  }

  function fit(frame) {
    var box = frame.querySelector("[data-live]");
    if (!box || !frame.clientHeight) return;
    var sig = signature(box);
    if (frame.dataset.fitted === sig && namesWhole(box) && box.offsetHeight <= frame.clientHeight + 1) return;
    if (frame.dataset.fitted === sig && frame.dataset.sliced === "1" && namesWhole(box)) return;
    var height = frame.clientHeight, base = parseFloat(getComputedStyle(document.body).fontSize);
    var low = Math.max(12, height / 48), high = Math.max(low, Math.min(height / 6, base * 2.5));
    // The least type on the board: the small print (a result's "won", "games 1–0", a column's heading)
    // never goes under it however small the names' type (board.css: max(.8em, var(--least))).
    frame.style.setProperty("--least", low.toFixed(1) + "px");
    var tables = box.classList.contains("board-tables");
    var count = box.querySelectorAll("[data-board-item]").length;
    var choices = tables ? Math.max(1, Math.min(count, 8)) : 1;
    var best = null;
    for (var cols = 1; cols <= choices; cols++) {
      var size = largest(low, high, function (s) {
        set(frame, tables ? cols : 0, s);
        return box.offsetHeight <= height + 1 && namesWhole(box);
      });
      if (size !== null && (!best || size > best.size + 0.25)) best = {cols: cols, size: size};
    }
    frame.dataset.sliced = best ? "0" : "1";
    if (!best) {
      // Not one screen even at the smallest type: the largest type at which the names are whole and
      // each item (a bracket's window, a table's card) fits the screen on its own, in slices.
      for (var c = choices; c >= 1 && !best; c--) {
        var s2 = largest(low, high, function (s) {
          set(frame, tables ? c : 0, s);
          return namesWhole(box) && tallest(box) <= height + 1;
        });
        if (s2 !== null) best = {cols: c, size: Math.min(s2, Math.max(low, base))};
      }
      best = best || {cols: 1, size: low};
    }
    set(frame, tables ? best.cols : 0, best.size);
    frame.dataset.fitted = sig;
  }

  // The height of the headings that stay at the top of every slice (a table's column headings).
  function headHeight(frame) {
    var head = frame.querySelector("[data-board-head]");
    return head ? head.getBoundingClientRect().height : 0;
  }

  // Offsets (in the frame) where each slice starts: a slice never cuts an item in two, and after the
  // first the column headings stay on top (sticky) so each slice starts below them. The slices are
  // balanced: as many as the screen needs, each holding about as much (never a lone last row).
  function slices(frame) {
    var items = frame.querySelectorAll("[data-board-item]:not([data-board-head])");
    var top = frame.getBoundingClientRect().top - frame.scrollTop, height = frame.clientHeight;
    var head = headHeight(frame), boxes = [];
    for (var i = 0; i < items.length; i++) {
      var r = items[i].getBoundingClientRect();
      boxes.push({y: r.top - top, bottom: r.top - top + r.height});
    }
    function cut(room) {
      var out = [0], start = 0, shift = 0;
      for (var k = 0; k < boxes.length; k++) {
        if (boxes[k].bottom > start + room + 1 && boxes[k].y > start + shift + 1) {
          shift = head;
          start = boxes[k].y - head;
          out.push(start);
        }
      }
      return out;
    }
    var out = cut(height);
    if (out.length > 1) {
      // The least room that still needs no more slices: the slices come out even.
      var low = height / out.length, high = height;
      while (high - low > 2) {
        var mid = (low + high) / 2;
        if (cut(mid).length <= out.length) high = mid; else low = mid;
      }
      out = cut(high);
    }
    return out;
  }

  // Only the items wholly on screen are shown: the next slice's first items do not peek in, cut, at the foot.
  // An item taller than the screen even at the smallest type is shown from its top all the same: a
  // slice is never blank.
  function only(frame) {
    var box = frame.getBoundingClientRect(), items = frame.querySelectorAll("[data-board-item]:not([data-board-head])");
    var top = box.top + (frame.scrollTop > 0 ? headHeight(frame) : 0);
    var until = parseFloat(frame.dataset.until);   // where the next slice's first item starts (in the frame)
    for (var i = 0; i < items.length; i++) {
      var r = items[i].getBoundingClientRect();
      var whole = r.top >= top - 1 && r.bottom <= box.bottom + 1 && !(r.top - box.top + frame.scrollTop >= until - 1);
      var first = Math.abs(r.top - top) <= 1 && r.height > box.bottom - top;
      items[i].style.visibility = (whole || first) ? "" : "hidden";
    }
  }

  function show() {
    pages.forEach(function (p, i) { p.hidden = i !== page; });
    var frame = pages[page].querySelector("[data-board-frame]");
    fit(frame);
    // Room below the last item, so the last slice too can start on an item's top edge.
    var spacer = frame.querySelector(".board-spacer");
    if (!spacer) { spacer = document.createElement("div"); spacer.className = "board-spacer"; frame.appendChild(spacer); }
    spacer.style.height = frame.clientHeight + "px";
    var offsets = slices(frame);
    if (slice >= offsets.length) slice = 0;
    frame.scrollTop = offsets[slice];
    frame.dataset.until = slice + 1 < offsets.length ? String(offsets[slice + 1] + headHeight(frame)) : "Infinity";
    only(frame);
    if (where) {
      var name = pages[page].getAttribute("aria-label");
      where.textContent = (pages.length > 1 || offsets.length > 1)
        ? name + (offsets.length > 1 ? " " + (slice + 1) + "/" + offsets.length : "") : "";
    }
    document.body.dataset.fitted = "1";
    document.body.dataset.slide = page + "." + slice;
    show.count = offsets.length;
    return offsets.length;
  }

  // Pause (the page shown holds still) and Slower (each page stays twice as long): the footer's
  // two buttons, or the keys P and S. The next turn reads them.
  var paused = false, pace = 1;
  function toggle(button, on) { if (button) button.setAttribute("aria-pressed", String(on)); }
  var pauseButton = document.querySelector("[data-board-pause]"), slowerButton = document.querySelector("[data-board-slower]");
  function pause() {
    paused = !paused;
    toggle(pauseButton, paused);
    clearTimeout(timer);
    if (!paused) turn();
  }
  function slower() {
    pace = pace === 1 ? 2 : 1;
    toggle(slowerButton, pace === 2);
    if (!paused) { clearTimeout(timer); turn(); }
  }
  [[pauseButton, pause], [slowerButton, slower]].forEach(function (pair) {
    if (!pair[0]) return;
    pair[0].hidden = false;
    pair[0].addEventListener("click", pair[1]);
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    if (e.key === "p" || e.key === "P") pause();
    else if (e.key === "s" || e.key === "S") slower();
  });

  function turn() {
    var count = show();
    clearTimeout(timer);
    if (paused) return;
    timer = setTimeout(function () {
      slice += 1;
      if (slice >= count) { slice = 0; page = (page + 1) % pages.length; }
      turn();
    }, dwell * pace);
  }

  // New names or scores: the page shown is fitted again at once (the slices wait for the next turn).
  document.addEventListener("ginscore:live", function () {
    var frame = pages[page].querySelector("[data-board-frame]");
    fit(frame);
    only(frame);
    document.body.dataset.fitted = "1";
  });
  // The next slice at once (a remote's right arrow or page-down, a keyboard's space bar).
  document.addEventListener("keydown", function (e) {
    if (e.key !== "ArrowRight" && e.key !== "PageDown" && e.key !== " ") return;
    e.preventDefault();
    clearTimeout(timer);
    slice += 1;
    if (slice >= show.count) { slice = 0; page = (page + 1) % pages.length; }
    turn();
  });
  var resized = null;
  window.addEventListener("resize", function () {
    clearTimeout(resized);
    resized = setTimeout(function () { clearTimeout(timer); turn(); }, 200);
  });
  turn();
})();
