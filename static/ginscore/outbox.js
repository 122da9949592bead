// The outbox of a table phone: scoring through a network drop.
// Every hand saved on the entry form goes into an outbox kept in this browser (localStorage,
// one per match) under a key made here (a UUID), and the outbox is sent in order, one hand at a
// time (matches/<id>/hands/send/). With the network, a hand is sent at once and the pad opens
// as before. Without it, the hand waits, shown above the form as "not yet sent" with the points
// worked out here from the match's rules (a port of the engine's hand scoring, for the points
// of the hand alone: boxes, game bonuses and shutouts come when the pad has it), and the form
// is ready for the next hand. When the network returns the outbox is sent; a resend of a key
// the server holds is the hand already saved, never a second one. A hand that meets one saved
// on another device meanwhile stops the outbox and is shown to the table to keep both, drop
// theirs, or correct the recorded hand to it; nothing is dropped or doubled unasked.
// Three players: the phone follows who deals and sits out (the loser deals the next) and puts the
// next two's names on the form. A partnership's table: each hand carries its table and deal
// (who plays there follows from the deal), and the deal's team points, which need both tables'
// hands, are left to the pad; a deal the other table has not reached yet waits and is sent later.
// It also registers the service worker (/sw.js) that keeps the table's pages for a reload offline.
(function () {
  "use strict";
  var data = document.getElementById("outbox-data");
  if (!data || !window.fetch || !window.JSON) return;
  var cfg = JSON.parse(data.textContent);
  var STORE = "ginscore-outbox-" + cfg.match;
  var names = cfg.seats || {a: cfg.names[0], b: cfg.names[1]};   // by seat letter
  var partnership = cfg.kind === "partnership";
  var panel = document.getElementById("outbox");
  var sending = false, timer = null, wait = 2000, sent = [];
  // The pad as the server last told it: the next hand, the revision, who deals the next hand.
  var known = {next: cfg.next_number, revision: cfg.revision, dealer: cfg.dealer || ""};

  // A hand's two players are a pair of seat letters ("ab"; three players "ac", a partnership's table "cb").
  function other(pair, seat) { return pair.charAt(0) === seat ? pair.charAt(1) : pair.charAt(0); }
  function what(n) { return (partnership ? "Deal " : "Hand ") + n; }

  function storage() { try { return window.localStorage; } catch (e) { return null; } }
  var local = storage();
  if (!local) return;   // no place to keep hands: the form posts as it always did
  function load() {
    try { return JSON.parse(local.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function store(list) {
    if (list.length) local.setItem(STORE, JSON.stringify(list)); else local.removeItem(STORE);
  }

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();   // secure pages only
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
  }

  // ---- The hand on the form, and what it scores (the engine's score_hand, for one hand) ----

  function val(form, name) {
    var on = form.querySelector("input[name='" + name + "']:checked");
    if (on) return on.value;
    var el = form.querySelector("[name='" + name + "']:not([type=radio]):not([type=checkbox])");
    return el ? el.value.trim() : "";
  }
  function num(v) { return v === "" || v === null || v === undefined ? null : Number(v); }

  function handOf(form) {
    var rank = val(form, "upcard_rank"), suit = val(form, "upcard_suit"), pair = form.dataset.pair || "ab";
    var h = {end: val(form, "end"), by: val(form, "by"), bonus: num(val(form, "bonus")), pair: pair,
             upcard: rank || suit ? (rank && suit ? rank + suit : "?") : val(form, "upcard").toUpperCase(),
             noContract: !!(form.querySelector("[name=no_contract]:checked"))};
    if (form.querySelector("[name^=count_]")) {   // Skarney, Colonel: each player's count of cards held
      var a = num(val(form, "count_" + pair.charAt(0))), b = num(val(form, "count_" + pair.charAt(1)));
      if (h.end === "stock_out") { h.by = ""; h.k = a; h.d = b; }
      else if (h.by) { h.k = h.by === pair.charAt(0) ? a : b; h.d = h.by === pair.charAt(0) ? b : a; }
    } else {
      h.k = num(val(form, "knocker_deadwood"));
      h.d = num(val(form, "defender_deadwood"));
    }
    // The director's rulings (folded away on the form): cards short, too many cards, no bonus, knock accepted.
    function ticked(name) { return !!form.querySelector("[name=" + name + "]:checked"); }
    h.missing = {}; h.extra = {}; h.noBonus = {};
    h.accepted = ticked("ruling_knock_accepted");
    h.ruled = h.accepted;
    pair.split("").forEach(function (seat) {
      h.missing[seat] = num(val(form, "ruling_missing_" + seat)) || 0;
      h.extra[seat] = ticked("ruling_extra_" + seat);
      h.noBonus[seat] = ticked("ruling_no_bonus_" + seat);
      h.ruled = h.ruled || !!(h.missing[seat] || h.extra[seat] || h.noBonus[seat]);
    });
    return h;
  }

  function rankValue(rank) { return rank === "A" ? 1 : "JQK".indexOf(rank) >= 0 ? 10 : Number(rank); }

  function score(h, rules) {
    var r = rules || cfg.rules, pair = h.pair || "ab", first = pair.charAt(0), second = pair.charAt(1);
    if (!h.end) return {error: "Tap how the hand ended."};
    if (h.upcard === "?") return {error: "Tap the upcard's rank and its suit."};
    if (r.oklahoma && !h.upcard) return {error: "Tap the upcard: under Oklahoma rules it sets the knock limit."};
    var rank = h.upcard ? h.upcard.slice(0, -1) : "", doubled = r.spade_double && h.upcard.slice(-1) === "S";
    if (h.end === "dead") return {winner: null, points: 0};
    var points;
    if (h.end === "stock_out" || h.end === "challenge") {   // the lower count scores; no bonus
      if (h.end === "challenge" && !h.by) return {error: "Say who challenged."};
      if (h.k === null || h.d === null || h.k === undefined) return {error: "Give both players' counts."};
      var inOrder = h.end === "stock_out" || h.by === first;   // k is the first seat's count
      var ca = (inOrder ? h.k : h.d) + 10 * h.missing[first], cb = (inOrder ? h.d : h.k) + 10 * h.missing[second];
      if (ca === cb || h.extra[ca < cb ? first : second]) return {winner: null, points: 0};
      points = (h.end === "stock_out" ? Math.abs(ca - cb) : Math.max(ca, cb)) + r.hand_bonus;
      return {winner: ca < cb ? first : second, points: doubled ? points * 2 : points};
    }
    if (!h.by) return {error: "Say who ended the hand."};
    if (h.d === null || h.d === undefined) return {error: "Give the other player's deadwood."};
    var end = h.end, k = h.k, d = h.d, winner = h.by, undercut = false;
    if (end === "knock") {
      if (k === null) return {error: "Give the knocker's deadwood (0 for a gin)."};
      if (k === 0) end = "gin";
      else if (!h.accepted) {
        var limit = r.oklahoma && rank ? (rank === "A" ? (r.oklahoma_ace === "gin_only" ? 0 : 1) : rankValue(rank))
          : r.knock_limit;
        if (k > limit) return {error: "The knocker's deadwood is at most " + limit + ", not " + k + "."};
      }
    }
    var loser = other(pair, h.by), scoredAs = end;
    var byBonus = !(h.noBonus[h.by] || h.missing[h.by]), otherBonus = !(h.noBonus[loser] || h.missing[loser]);
    d += 10 * h.missing[loser];   // missing cards: 10 a card on the count; a gin of such a player is a knock
    if (h.missing[h.by]) {
      if (end === "knock") k += 10 * h.missing[h.by];
      else { scoredAs = "knock"; k = 10 * h.missing[h.by]; }
    }
    if (scoredAs === "knock") {
      if (d > k) points = r.knock_scores === "defender_deadwood" ? d : d - k;
      else {
        undercut = true;
        winner = loser;
        points = d === 0 && r.gin_off_bonus !== null ? k + (otherBonus ? r.gin_off_bonus : 0)
          : k - d + (otherBonus ? r.undercut_bonus : 0);
      }
    } else {
      var bonus = r.gin_bonus;
      if (end === "big_gin" && r.big_gin_bonus !== null) bonus = r.big_gin_bonus;
      else if (h.noContract) bonus *= 2;
      points = d + (byBonus ? bonus : 0);
    }
    if (h.extra[winner]) return {winner: null, points: 0};   // too many cards: cannot win the hand
    if (r.sequence_bonus) points += h.bonus || 0;
    points += r.hand_bonus;
    if (doubled) points *= 2;
    return {winner: winner, points: points, undercut: undercut};
  }

  // The hand in words, as the pad's list says it ("Ann knocked 5 v 30").
  var HOW = {gin: "went gin", big_gin: "went big gin", out: "went out"};
  function describe(h) {
    var up = h.upcard ? ", upcard " + h.upcard : "";
    up += (h.bonus ? ", bonus " + h.bonus : "") + (h.ruled ? ", with rulings" : "");
    if (h.end === "dead") return "Dead hand" + up;
    var pair = h.pair || "ab";
    if (h.end === "stock_out") {
      return "Stock ran out (" + names[pair.charAt(0)] + " " + h.k + ", " + names[pair.charAt(1)] + " " + h.d + ")" + up;
    }
    var by = names[h.by], them = names[other(pair, h.by)];
    if (h.end === "knock") return by + " knocked " + h.k + " v " + h.d + up;
    if (h.end === "challenge") return by + " challenged: " + by + " " + h.k + " v " + them + " " + h.d + up;
    return by + " " + (HOW[h.end] || h.end) + " (" + them + " " + h.d + (h.noContract ? ", no contract" : "") + ")" + up;
  }
  function scored(s) {
    if (!s.winner) return "no score";
    return names[s.winner] + " +" + s.points + (s.undercut ? " (undercut)" : "");
  }

  // For pad.js: the preview worked out here when the club's site cannot be reached.
  window.ginscoreOutbox = {
    score: score,   // (hand as handOf reads it, rules): the tests hold it to the engine's score_hand
    preview: function (form) {
      var s = score(handOf(form));
      if (s.error) return {ok: false, message: s.error};
      return {ok: true, text: (s.winner ? names[s.winner] + " scores " + s.points : "No score") +
              " (worked out on this phone: no connection to the club's site).",
              after: "Save keeps the hand on this phone and sends it when the network returns."};
    }
  };

  // ---- The form ----

  function theForm() { return document.querySelector("form.hand-form[data-outbox]"); }
  function pristine(form) { return !form || !form.querySelector("input[name=end]:checked"); }

  function nextNumber(list) {
    var last = list.length ? list[list.length - 1].number + 1 : 0;
    return Math.max(known.next, last);
  }

  // Who deals after a hand: the engine's rule (the winner, the loser or in turn; three players:
  // the loser, so the winner and the one who sat out play next); the same dealer after no score.
  function dealerAfter(dealer, e) {
    if (!dealer || !e.winner) return dealer;
    if (cfg.kind === "three") return other(e.pair, e.winner);
    var rule = cfg.rules.dealer;
    return rule === "winner" ? e.winner : rule === "loser" ? other("ab", e.winner) : other("ab", dealer);
  }

  // The hand the table enters next, after the server's hands and the outbox's: its number, who
  // deals it and the two who play it (a partnership's table: as its deal's number says).
  function seating(list) {
    var n = nextNumber(list);
    if (partnership) return {n: n, dealer: "", pair: cfg.deal_pairs[n % 2 ? 0 : 1]};
    var dealer = list.reduce(dealerAfter, known.dealer);
    return {n: n, dealer: dealer, pair: cfg.kind === "three" ? "abc".replace(dealer, "") : "ab"};
  }
  function players(pair) { return names[pair.charAt(0)] + " v " + names[pair.charAt(1)]; }

  // The form for another two players (three players, a partnership's table): the server drew one
  // for every two (template.outbox-pair); its fields take the place of the form's, whose hidden
  // fields and foot (the preview, Save) stay.
  function fitPair(form, pair) {
    if ((form.dataset.pair || "ab") === pair) return;
    var drawn = document.querySelector('template.outbox-pair[data-pair="' + pair + '"]');
    var fresh = drawn && drawn.content.querySelector("form");
    if (!fresh) return;
    var foot = form.querySelector(".entry-foot");
    function kept(node) { return node === foot || (node.nodeName === "INPUT" && node.type === "hidden"); }
    Array.prototype.slice.call(form.childNodes).forEach(function (node) { if (!kept(node)) node.remove(); });
    var after = false;
    Array.prototype.forEach.call(fresh.childNodes, function (node) {
      if (node.nodeType === 1 && node.classList.contains("entry-foot")) { after = true; return; }
      if (node.nodeName === "INPUT" && node.type === "hidden") return;
      var copy = document.importNode(node, true);
      if (after || !foot) form.appendChild(copy); else form.insertBefore(copy, foot);
    });
    form.dataset.pair = pair;
  }

  // The form shows the hand the table enters next.
  function syncForm() {
    var form = theForm();
    if (!form) return;
    var next = seating(load()), n = next.n;
    if (cfg.kind !== "two") fitPair(form, next.pair);
    var number = form.querySelector("[name=number]"), revision = form.querySelector("[name=revision]");
    if (number) number.value = n;
    if (revision) revision.value = known.revision;
    var title = document.querySelector("#entry h2, h1.entry-title");   // the pad's, the entry page's
    if (title) {
      title.textContent = partnership ? "Table " + cfg.table + ": " + players(next.pair) + ", deal " + n
        : "Hand " + n + (cfg.kind === "three" ? ": " + players(next.pair) : "");
    }
    var save = form.querySelector("#save-hand");
    if (save && !form.dataset.sending) save.textContent = (partnership ? "Save deal " : "Save hand ") + n;
  }

  function clearForm(form) {
    form.querySelectorAll("input").forEach(function (i) {
      if (i.type === "hidden") return;
      if (i.type === "radio" || i.type === "checkbox") i.checked = false; else i.value = "";
    });
    form.dataset.end = "";
    form.querySelectorAll(".js-error, .error").forEach(function (e) { e.remove(); });
    var box = document.getElementById("hand-preview");
    if (box) box.textContent = "";
    var region = form.closest("[data-live-when]");
    if (region) {   // blank again: live updates may redraw it
      delete region.dataset.liveTouched;
      region.querySelectorAll(".live-stale").forEach(function (e) { e.remove(); });
    }
    syncForm();
  }

  function sayOnForm(form, message) {
    var box = document.getElementById("hand-preview");
    if (!box) return;
    box.textContent = "";
    var p = document.createElement("p");
    p.className = "error js-error";
    p.setAttribute("role", "alert");
    p.textContent = message;
    box.appendChild(p);
  }

  function enqueue(form, h, s, direct) {
    var list = load();
    var fields = [];
    new FormData(form).forEach(function (v, k) {
      if (typeof v === "string" && ["csrfmiddlewaretoken", "action", "number", "revision"].indexOf(k) < 0) {
        fields.push([k, v]);
      }
    });
    var entry = {key: uuid(), number: nextNumber(list), revision: known.revision, fields: fields, pair: h.pair,
                 text: describe(h), winner: s.winner, points: s.points, undercut: !!s.undercut,
                 direct: direct, state: "waiting"};
    list.push(entry);
    store(list);
    return entry;
  }

  // A hand typed with the network whose save the server refused (a conflict, the rules): the
  // form is posted as it always was, so the page shows the conflict or the errors as before.
  function postAsBefore(form) {
    var action = document.createElement("input");
    action.type = "hidden";
    action.name = "action";
    action.value = "save";
    form.appendChild(action);
    form.submit();
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.matches || !form.matches("form.hand-form[data-outbox]")) return;
    var down = navigator.onLine === false, list = load();
    var saving = !ev.submitter || ev.submitter.value === "save";
    if (!saving && !down) return;   // Preview with the network: the server's page, as before
    ev.preventDefault();
    if (form.dataset.sending) return;
    var h = handOf(form), s = score(h);
    if (!saving) {   // Preview (the Enter key) offline: what the phone works out
      var p = window.ginscoreOutbox.preview(form);
      if (p.ok) sayOnForm(form, p.text); else sayOnForm(form, p.message);
      return;
    }
    if (s.error) {
      if (!down && !list.length) { postAsBefore(form); return; }   // the server says what is missing
      sayOnForm(form, s.error);
      return;
    }
    var direct = !down && !list.length;
    enqueue(form, h, s, direct);
    if (direct) {
      form.dataset.sending = "1";
      var save = form.querySelector("#save-hand");
      if (save) save.textContent = "Saving…";
    } else {
      clearForm(form);
    }
    render();
    flush();
  });

  // ---- Sending ----

  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (input) return input.value;
    var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  function post(entry) {
    var body = new FormData();
    entry.fields.forEach(function (kv) { body.append(kv[0], kv[1]); });
    body.append("number", entry.number);
    body.append("revision", entry.revision);
    body.append("entry_key", entry.key);
    if (entry.replace) body.append("replace", "1");
    if (entry.direct) body.append("direct", "1");
    body.append("csrfmiddlewaretoken", csrf());
    return fetch(cfg.send, {method: "POST", body: body, credentials: "same-origin", cache: "no-store",
                            headers: {"Accept": "application/json", "X-CSRFToken": csrf()}});
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(flush, wait);
    wait = Math.min(wait * 2, 30000);
  }

  function flush() {
    clearTimeout(timer);
    if (sending) return;
    var list = load();
    if (!list.length || list[0].state !== "waiting") { render(); return; }
    // The phone knows it has no network: nothing is tried until it says the network is back ("online").
    if (navigator.onLine === false) { render(); return; }
    var entry = list[0];
    sending = true;
    render();
    post(entry).then(function (r) {
      if ((r.headers.get("Content-Type") || "").indexOf("json") >= 0) {
        return r.json().then(function (json) { return {status: r.status, json: json}; });
      }
      if (r.status >= 400 && r.status < 500 && r.status !== 408 && r.status !== 429) {
        return {status: r.status, json: {ok: false, message: "The club's site refused this hand (it answered " +
                                        r.status + ")."}};
      }
      throw new Error("no answer: " + r.status);   // a proxy's error page, a restart: try again
    }).then(function (answer) {
      sending = false;
      wait = 2000;
      answered(entry, answer.status, answer.json);
    }).catch(function () {
      sending = false;
      unsent(entry);
      later();
      render();
    });
  }

  // No answer: a hand typed with the network stays in the outbox, and the form is free again.
  function unsent(entry) {
    if (!entry.direct) return;
    var list = load();
    list.forEach(function (e) { if (e.key === entry.key) e.direct = false; });
    store(list);
    var form = theForm();
    if (form) { delete form.dataset.sending; clearForm(form); }
  }

  function answered(entry, status, json) {
    var list = load();
    var i = list.findIndex(function (e) { return e.key === entry.key; });
    if (i < 0) { flush(); return; }
    var form = theForm();
    if (status === 200 && json.ok) {
      list.splice(i, 1);
      store(list);
      known.next = Math.max(known.next, json.next_number);
      known.revision = json.revision;
      if (!entry.replace) known.dealer = dealerAfter(known.dealer, entry);
      if (entry.direct) { location.assign(json.url); return; }
      sent.push(json.number);
      if (list.length) { flush(); return; }
      done(json);
      return;
    }
    if (entry.direct && form) {   // typed with the network: the server's page, as before
      list.splice(i, 1);
      store(list);
      postAsBefore(form);
      return;
    }
    if (status === 409 && json.wait) {   // a partnership's deal ahead of the other table: sent again later
      list[i].note = json.wait;
      store(list);
      wait = 2000;
      later();
      render();
      return;
    }
    if (status === 409 && json.conflict) {
      list[i].state = "conflict";
      list[i].problem = json.conflict;
      known.revision = json.conflict.revision;
    } else {
      list[i].state = "refused";
      list[i].problem = {message: messageOf(json), renewed: !!json.renewed};
    }
    store(list);
    render();
  }

  function messageOf(json) {
    if (json.message) return json.message;
    var out = [];
    Object.keys(json.errors || {}).forEach(function (field) {
      json.errors[field].forEach(function (e) { out.push(e.message); });
    });
    return out.join(" ") || "The club's site refused this hand.";
  }

  function done() {
    var form = theForm();
    if (!document.querySelector('meta[name="live-etag"]') && pristine(form)) {   // the entry page: to the pad
      location.assign(cfg.pad);
      return;
    }
    syncForm();
    render();
  }

  // ---- The panel: the hands not yet sent, and what the table must decide ----

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function button(text, how, primary) {
    var b = el("button", "btn" + (primary ? " btn-primary" : ""), text);
    b.type = "button";
    b.dataset.resolve = how;
    return b;
  }

  function conflictBox(entry) {
    var c = entry.problem, box = el("div", "outbox-problem", undefined);
    box.setAttribute("role", "alert");
    if (entry.state === "refused") {
      box.appendChild(el("p", "", what(entry.number) + " (" + entry.text + ") was not accepted: " + c.message));
      var row = el("div", "btn-row");
      row.appendChild(button("Try again", "retry", true));
      row.appendChild(button("Drop this hand", "drop"));
      box.appendChild(row);
      return box;
    }
    var head = el("p", "");
    if (c.recorded) {
      head.appendChild(el("strong", "", what(c.number) + " was recorded on another device meanwhile: "));
      head.appendChild(document.createTextNode(c.recorded.text + (c.recorded.winner ? " · " + c.recorded.winner +
                                               " +" + c.recorded.points : "") + "."));
    } else {
      head.appendChild(el("strong", "", "The hands changed on another device meanwhile"));
      head.appendChild(document.createTextNode(partnership ? " (table " + cfg.table + " now has " + (c.next_number - 1) +
                                               " deals)." : " (the pad now has " + (c.next_number - 1) + " hands)."));
    }
    box.appendChild(head);
    box.appendChild(el("p", "", "This phone's hand: " + c.typed + "."));
    var row2 = el("div", "btn-row");
    if (!c.complete && c.add && c.add.text) {
      row2.appendChild(button("Keep both: save mine as " + what(c.next_number).toLowerCase(), "keep", true));
    }
    if (c.recorded && c.replace && c.replace.text) {
      row2.appendChild(button(what(c.number) + " was mine: correct it to what I typed", "replace"));
    }
    row2.appendChild(button("Drop mine: " + what(c.number).toLowerCase() + " stands as recorded", "drop"));
    box.appendChild(row2);
    if (c.add && c.add.error && !c.complete) box.appendChild(el("p", "muted small", "As a new hand: " + c.add.error));
    return box;
  }

  // The head of the pad says who deals and plays the next hand, after the outbox's hands
  // (a partnership's table: its next deal and who plays it there).
  function headNext(list) {
    var next = document.querySelector(".score-head .next");
    if (!next) return;
    if (next.dataset.server === undefined) next.dataset.server = next.innerHTML;
    var choose = document.querySelector(".score-head .first-deal");
    if (choose) choose.hidden = list.length > 0;   // the first deal is settled once a hand is typed
    next.innerHTML = next.dataset.server;
    if (!list.length) return;
    var s = seating(list), MINE = " (worked out on this phone)";
    if (partnership) {
      var span = next.querySelectorAll(".table-next")[cfg.table - 1];
      if (span) span.textContent = "Table " + cfg.table + ": " + players(s.pair) + ", deal " + s.n + MINE;
      return;
    }
    next.textContent = "";
    next.appendChild(document.createTextNode("Hand " + s.n + (s.dealer ? " · " : "")));
    if (s.dealer) {
      next.appendChild(el("strong", "", names[s.dealer]));
      next.appendChild(document.createTextNode(cfg.kind === "three" ? " deals and sits out · " : " deals"));
    }
    if (s.dealer && cfg.kind === "three") {
      next.appendChild(el("strong", "", names[s.pair.charAt(0)]));
      next.appendChild(document.createTextNode(" v "));
      next.appendChild(el("strong", "", names[s.pair.charAt(1)]));
      next.appendChild(document.createTextNode(" play"));
    }
    next.appendChild(document.createTextNode(MINE));
  }

  function render() {
    headNext(load());
    if (!panel) return;
    var list = load();
    panel.textContent = "";
    panel.hidden = !list.length && !sent.length;
    if (panel.hidden) return;
    if (!list.length) {
      var noun = partnership ? "deal" : "hand";
      panel.appendChild(el("p", "msg msg-success", "Sent: " + noun + (sent.length > 1 ? "s " : " ") + sent.join(", ") +
                           (partnership ? " of table " + cfg.table : "") + ", now on the pad."));
      sent = [];
      return;
    }
    panel.appendChild(el("h2", "", "Not yet sent: " + list.length + (partnership ? " deal" : " hand") +
                         (list.length > 1 ? "s" : "")));
    var state = list[0].state !== "waiting" ? "Stopped: the table must decide about " +
                                              what(list[0].number).toLowerCase() + " below."
      : sending ? "Sending…"
      : list[0].note ? list[0].note + " It is sent as soon as that is in."
      : navigator.onLine === false ? "No connection to the club's site: these hands are kept on this phone and " +
                                     "sent in order when the network returns."
      : "No answer from the club's site yet: trying again.";
    panel.appendChild(el("p", "outbox-state", state));
    var ol = el("ol", "outbox-hands");
    list.forEach(function (e) {
      var li = el("li", "outbox-hand");
      li.dataset.key = e.key;
      li.dataset.state = e.state;
      li.appendChild(el("strong", "", what(e.number) + " "));
      li.appendChild(document.createTextNode(e.text + " · " + scored(e) + " "));
      li.appendChild(el("span", "badge badge-unsent", e.state === "waiting" ? "not yet sent" : "to decide"));
      ol.appendChild(li);
    });
    panel.appendChild(ol);
    if (list[0].state !== "waiting") panel.appendChild(conflictBox(list[0]));
    panel.appendChild(el("p", "muted small", partnership
      ? "Points worked out on this phone from the match's rules, for this table's hand alone. A deal's team " +
        "points need both tables' hands, so this phone cannot work them out: the pad does, once they are sent."
      : "Points worked out on this phone from the match's rules, for each hand alone; the pad adds them up, " +
        "with boxes and bonuses, once they are sent." + provisional(list)));
  }

  // The game in play with the outbox's points added (each player's; two or three players), while
  // no hand of the outbox ends it.
  function provisional(list) {
    if (!cfg.game) return "";
    var seats = Object.keys(names).sort(), pts = {};
    seats.forEach(function (seat, i) { pts[seat] = cfg.game.points[i]; });
    list.forEach(function (e) { if (e.winner) pts[e.winner] += e.points; });
    var over = seats.some(function (seat) { return pts[seat] >= cfg.game.target; });
    return " Game " + cfg.game.n + " on this phone: " + seats.map(function (seat) {
      return names[seat] + " " + pts[seat];
    }).join(", ") + (over ? " (the target is reached: the pad ends the game when the hands are sent)." : ".");
  }

  // Who deals the next hand, as the server drew the head ("Hand 3 · <strong>Ben</strong> deals").
  function headDealer() {
    var next = document.querySelector(".score-head .next");
    var who = next && next.dataset.server === undefined ? next.querySelector("strong") : null;
    var name = who ? who.textContent : "";
    return Object.keys(names).filter(function (seat) { return names[seat] === name; })[0] || "";
  }

  function renumber(list, from, n) {
    for (var i = from; i < list.length; i++) list[i].number = n + (i - from);
  }

  if (panel) {
    panel.addEventListener("click", function (ev) {
      var b = ev.target.closest("[data-resolve]");
      if (!b) return;
      var list = load();
      if (!list.length) return;
      var e = list[0], c = e.problem || {}, how = b.dataset.resolve;
      var next = c.next_number || e.number;
      if (how === "drop") {
        list.shift();
        renumber(list, 0, next);
      } else if (how === "keep") {
        e.number = next;
        renumber(list, 1, next + 1);
      } else if (how === "replace") {
        e.number = c.number;
        e.revision = c.revision;
        e.replace = true;
        renumber(list, 1, next);
      }
      if (how !== "drop") { e.state = "waiting"; delete e.problem; }
      known.next = Math.max(known.next, next);
      store(list);
      syncForm();
      wait = 2000;
      flush();
    });
  }

  document.addEventListener("ginscore:live", function () {   // live.js drew a fresh form: keep counting on
    var form = theForm();
    var number = form && form.querySelector("[name=number]");
    if (number && Number(number.value) >= known.next) {   // the server's next hand, and who deals it
      known.next = Number(number.value);
      known.dealer = headDealer() || known.dealer;
    }
    syncForm();
    if (load().length) flush();   // (a deal waiting for the other table may go now)
  });
  window.addEventListener("online", function () { wait = 2000; flush(); });
  window.addEventListener("offline", render);
  window.addEventListener("storage", function (ev) { if (ev.key === STORE) render(); });

  if ("serviceWorker" in navigator && cfg.worker) {
    navigator.serviceWorker.register(cfg.worker).then(function () { return navigator.serviceWorker.ready; })
      .then(function (reg) { if (reg.active) reg.active.postMessage({keep: [cfg.pad, cfg.entry]}); })
      .catch(function () { /* no worker (a plain-HTTP address): the outbox still works while the page is open */ });
  }

  syncForm();
  render();
  flush();
})();
