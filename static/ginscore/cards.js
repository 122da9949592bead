// The card picker: tapping a card in the 52-card grid puts it in the hand being filled
// (knocker, defender or the upcard), and the text fields follow; typing in the fields marks
// the grid. Picking another arrangement of melds shows its score in the preview.
// Everything works without it: type the cards and press "Find melds".
(function () {
  "use strict";
  var form = document.getElementById("card-form");
  var picker = document.getElementById("card-picker");
  if (!form || !picker) return;
  var NAMES = ["knocker_cards", "defender_cards", "upcard"];
  // The letter a taken card shows: whose hand it is in (the picker's buttons: Knocker, Defender, Upcard).
  var MARKS = { knocker_cards: pgettext("the knocker's card", "K"), defender_cards: pgettext("the defender's card", "D"),
                upcard: pgettext("the upcard", "U") };
  var RANK = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
  var SUIT = "SHDC";
  var buttons = {};
  picker.querySelectorAll(".deck-card").forEach(function (b) { buttons[b.dataset.card] = b; });
  var mode = "knocker_cards";

  function field(name) { return form.querySelector("[name=" + name + "]"); }
  function canonical(text) {
    var m = /^(10|[2-9AJQKT])([SHDC])$/.exec(text.trim().toUpperCase());
    if (!m) return null;
    return (m[1] === "T" ? "10" : m[1]) + m[2];
  }
  function order(card) {
    var r = card.slice(0, -1);
    return (RANK[r] || parseInt(r, 10)) * 4 + SUIT.indexOf(card.slice(-1));
  }
  function cards(name) {  // the cards a field holds, as canonical texts (unreadable words left out)
    return field(name).value.split(/[\s,]+/).map(canonical).filter(Boolean);
  }
  function write(name, list) {
    list.sort(function (a, b) { return order(a) - order(b); });
    field(name).value = list.join(" ");
  }
  function mark() {
    Object.keys(buttons).forEach(function (c) {
      buttons[c].removeAttribute("data-owner");
      buttons[c].setAttribute("aria-pressed", "false");
      buttons[c].querySelector(".owner").textContent = "";
    });
    NAMES.forEach(function (name) {
      var list = cards(name);
      var count = picker.querySelector("[data-count=" + name + "]");
      if (count) count.textContent = list.length;
      list.forEach(function (c) {
        var b = buttons[c];
        if (!b) return;
        b.setAttribute("data-owner", name);
        b.setAttribute("aria-pressed", "true");
        b.querySelector(".owner").textContent = MARKS[name];
      });
    });
  }
  function setMode(name) {
    mode = name;
    picker.querySelectorAll(".mode").forEach(function (m) {
      m.setAttribute("aria-pressed", m.dataset.mode === name ? "true" : "false");
    });
  }
  function names() {  // the mode buttons say whose hand they fill
    var by = form.querySelector("input[name=by]:checked");
    var labels = {};
    form.querySelectorAll("input[name=by]").forEach(function (r) { labels[r.value] = r.parentNode.textContent.trim(); });
    var k = picker.querySelector("[data-mode=knocker_cards]");
    var d = picker.querySelector("[data-mode=defender_cards]");
    if (by) {
      var other = by.value === "a" ? "b" : "a";
      k.firstChild.textContent = labels[by.value] + " ";
      d.firstChild.textContent = labels[other] + " ";
    }
  }
  function tap(card) {
    var owner = buttons[card].getAttribute("data-owner");
    if (owner) {  // a second tap takes the card back from whoever holds it
      write(owner, cards(owner).filter(function (c) { return c !== card; }));
      mark();
      return;
    }
    if (mode === "upcard") {
      field("upcard").value = card;
    } else {
      write(mode, cards(mode).concat([card]));
      if (mode === "knocker_cards" && cards(mode).length === 10 && cards("defender_cards").length === 0) {
        setMode("defender_cards");
      }
    }
    mark();
  }

  picker.hidden = false;
  picker.addEventListener("click", function (e) {
    var card = e.target.closest(".deck-card");
    if (card) { tap(card.dataset.card); return; }
    var m = e.target.closest(".mode");
    if (m) setMode(m.dataset.mode);
  });
  NAMES.forEach(function (name) { field(name).addEventListener("input", mark); });
  form.querySelectorAll("input[name=by]").forEach(function (r) { r.addEventListener("change", names); });
  // Another arrangement: the preview shows its score (each arrangement carries its own).
  form.querySelectorAll("input[name=arrangement]").forEach(function (r) {
    r.addEventListener("change", function () {
      var label = r.closest(".arrangement");
      var text = document.querySelector("#hand-preview .preview-text");
      var after = document.querySelector("#hand-preview .preview-after");
      if (text) text.textContent = label.dataset.text;
      if (after) after.textContent = label.dataset.after;
    });
  });
  names();
  mark();
  // Melds found: show them (the grid above is long on a phone).
  var found = document.getElementById("field-arrangement");
  if (found && !form.querySelector(".field-error")) found.scrollIntoView({ block: "start" });
})();
