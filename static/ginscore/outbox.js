// The outbox of a table phone: scoring through a network drop, and every answer of the club's
// site settled on screen (docs/outbox.md).
// Every hand saved on the entry form goes into an outbox kept in this browser (localStorage,
// one per match) under a key made here (a UUID), and the outbox is sent in order, one hand at a
// time (matches/<id>/hands/send/). With the network, a hand is sent at once and the pad opens
// as before; the outbox shows only once an answer is late (LATE). Without it, the hand waits,
// shown above the form as "not yet sent" with the points worked out here from the match's rules
// (a port of the engine's hand scoring, for the points of the hand alone), the head's big numbers
// are the phone's own running score, and the form is ready for the next hand. When the network
// returns the outbox is sent; a resend of a key the server holds is the hand already saved, never
// a second one. Every other answer stops at the hand with what the table can do: the same hand
// already recorded (dropped, said), a different one recorded (both shown, what differs marked:
// keep it, send mine as the next, or correct it after a second tap), refused or failed (try again,
// send as the next, drop); a drop can be undone. A blank form follows the server's next hand down
// as well as up. Three players: the phone follows who deals and sits out (the loser deals the next)
// and puts the next two's names on the form. A partnership's table: each hand carries its table
// and deal (who plays there follows from the deal), and the deal's team points, which need both
// tables' hands, are left to the pad; a deal the other table has not reached yet waits.
// It also registers the service worker (/sw.js) that keeps the table's pages for a reload offline.
// Every word it writes comes from the page's language's catalogue (i18n.js, docs/translating.md).
(function () {
  "use strict";
  var data = document.getElementById("outbox-data");
  if (!data || !window.fetch || !window.JSON) return;
  var cfg = JSON.parse(data.textContent);
  // The browser's storage of this phone (the key scheme is in /work/notes/outbox-contract.md, for
  // log-out to clear): the hands not yet sent, and the last one dropped (for its Undo).
  var STORE = "ginscore-outbox-" + cfg.match, DROPPED = STORE + "-dropped";
  var names = cfg.seats || {a: cfg.names[0], b: cfg.names[1]};   // by seat letter
  var partnership = cfg.kind === "partnership";
  var panel = document.getElementById("outbox");
  // LATE: how long an answer may take before the outbox shows (an ordinary save on a slow network
  // shows nothing); GIVE_UP: a send with no answer by then is tried again.
  var LATE = 1500, GIVE_UP = 8000;
  var inFlight = null, stopper = null, now = false, late = false, lateTimer = null, timer = null, wait = 2000, sent = [], reports = [];
  // The pad as the server last told it: the next hand, the revision, who deals the next hand.
  var known = {next: cfg.next_number, revision: cfg.revision, dealer: cfg.dealer || ""};

  // A hand's two players are a pair of seat letters ("ab"; three players "ac", a partnership's table "cb").
  function other(pair, seat) { return pair.charAt(0) === seat ? pair.charAt(1) : pair.charAt(0); }
  // A text of the catalogue with its %(named)s values.
  function say(fmt, values) { return interpolate(fmt, values || {}, true); }
  // A hand by its number: on its own ("Hand 4"; a partnership's table: "Deal 4"), in a sentence
  // ("hand 4"), and a count of them ("3 hands").
  function what(n) { return say(partnership ? pgettext("deal", "Deal %(n)s") : pgettext("hand", "Hand %(n)s"), {n: n}); }
  function which(n) { return say(partnership ? pgettext("deal", "deal %(n)s") : pgettext("hand", "hand %(n)s"), {n: n}); }
  function count(n) {
    return say(partnership ? npgettext("deal", "%(n)s deal", "%(n)s deals", n)
                           : npgettext("hand", "%(n)s hand", "%(n)s hands", n), {n: n});
  }
  function points(n) { return ginscoreNumber(n); }

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
    if (!h.end) return {error: gettext("Tap how the hand ended.")};
    if (h.upcard === "?") return {error: gettext("Tap the upcard's rank and its suit.")};
    if (r.oklahoma && !h.upcard) return {error: gettext("Tap the upcard: under Oklahoma rules it sets the knock limit.")};
    var rank = h.upcard ? h.upcard.slice(0, -1) : "", doubled = r.spade_double && h.upcard.slice(-1) === "S";
    if (h.end === "dead") return {winner: null, points: 0};
    var points;
    if (h.end === "stock_out" || h.end === "challenge") {   // the lower count scores; no bonus
      if (h.end === "challenge" && !h.by) return {error: gettext("Say who challenged.")};
      if (h.k === null || h.d === null || h.k === undefined) return {error: gettext("Give both players' counts.")};
      var inOrder = h.end === "stock_out" || h.by === first;   // k is the first seat's count
      var ca = (inOrder ? h.k : h.d) + 10 * h.missing[first], cb = (inOrder ? h.d : h.k) + 10 * h.missing[second];
      if (ca === cb || h.extra[ca < cb ? first : second]) return {winner: null, points: 0};
      points = (h.end === "stock_out" ? Math.abs(ca - cb) : Math.max(ca, cb)) + r.hand_bonus;
      return {winner: ca < cb ? first : second, points: doubled ? points * 2 : points};
    }
    if (!h.by) return {error: gettext("Say who ended the hand.")};
    if (h.d === null || h.d === undefined) return {error: gettext("Give the other player's deadwood.")};
    var end = h.end, k = h.k, d = h.d, winner = h.by, undercut = false;
    if (end === "knock") {
      if (k === null) return {error: gettext("Give the knocker's deadwood (0 for a gin).")};
      if (k === 0) end = "gin";
      else if (!h.accepted) {
        var limit = r.oklahoma && rank ? (rank === "A" ? (r.oklahoma_ace === "gin_only" ? 0 : 1) : rankValue(rank))
          : r.knock_limit;
        if (k > limit) return {error: say(gettext("The knocker's deadwood is at most %(limit)s, not %(k)s."), {limit: limit, k: k})};
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

  // The hand in words, as the pad's list says it ("Ann knocked 5 v 30"): the same words as the
  // server's (ginscore/matches/selectors/words.py), so a conflict marks only what differs.
  var HOW = {gin: gettext("%(by)s went gin (%(other)s %(d)s)"), big_gin: gettext("%(by)s went big gin (%(other)s %(d)s)"),
             out: gettext("%(by)s went out (%(other)s %(d)s)")};
  function describe(h) {
    var up = h.upcard ? say(gettext(", upcard %(card)s"), {card: h.upcard}) : "";
    up += (h.bonus ? say(gettext(", bonus %(n)s"), {n: h.bonus}) : "") + (h.ruled ? gettext(", with rulings") : "");
    if (h.end === "dead") return gettext("Dead hand") + up;
    var pair = h.pair || "ab";
    if (h.end === "stock_out") {
      return say(gettext("Stock ran out (%(held)s)"), {
        held: names[pair.charAt(0)] + " " + h.k + ", " + names[pair.charAt(1)] + " " + h.d}) + up;
    }
    var words = {by: names[h.by], other: names[other(pair, h.by)], k: h.k, d: h.d};
    if (h.end === "knock") return say(gettext("%(by)s knocked %(k)s v %(d)s"), words) + up;
    if (h.end === "challenge") return say(gettext("%(by)s challenged: %(by)s %(k)s v %(other)s %(d)s"), words) + up;
    if (h.noContract) words.d += gettext(", no contract");
    return say(HOW[h.end] || "%(by)s " + h.end + " (%(other)s %(d)s)", words) + up;
  }
  function scored(s) {
    if (!s.winner) return gettext("no score");
    var words = {name: names[s.winner], points: points(s.points)};
    return s.undercut ? say(gettext("%(name)s +%(points)s (undercut)"), words) : say("%(name)s +%(points)s", words);
  }

  // For pad.js: the preview worked out here when the club's site cannot be reached.
  window.ginscoreOutbox = {
    score: score,   // (hand as handOf reads it, rules): the tests hold it to the engine's score_hand
    preview: function (form) {
      var s = score(handOf(form));
      if (s.error) return {ok: false, message: s.error};
      return {ok: true, text: s.winner
                ? say(gettext("%(name)s scores %(points)s."),
                      {name: names[s.winner], points: points(s.points)})
                : gettext("No score."),
              after: gettext("Worked out on this phone: no connection. Save keeps the hand here.")};
    }
  };

  // ---- The form ----

  function theForm() { return document.querySelector("form.hand-form[data-outbox]"); }
  function pristine(form) { return !form || !form.querySelector("input[name=end]:checked"); }

  // The hand the table enters next: after the outbox's last hand, or the server's next hand when
  // the outbox is empty (down as well as up: an undo on another phone takes it back).
  function nextNumber(list) {
    return list.length ? list[list.length - 1].number + 1 : known.next;
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
  function players(pair) { return say(gettext("%(a)s v %(b)s"), {a: names[pair.charAt(0)], b: names[pair.charAt(1)]}); }
  // The hand the table enters next, as the form's title says it ("Hand 4", "Hand 4: Ann v Cat",
  // a partnership's "Table 1: Ann v Ben, deal 3").
  // (The server's own words for them: the same texts in the catalogues.)
  function title(next) {
    var words = {table: cfg.table, a: names[next.pair.charAt(0)], b: names[next.pair.charAt(1)], n: next.n, deal: next.n};
    if (partnership) return say(gettext("Table %(table)s: %(a)s v %(b)s, deal %(deal)s"), words);
    if (cfg.kind === "three") return say(gettext("Hand %(n)s: %(a)s v %(b)s"), words);
    return what(next.n);
  }

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

  // The form shows the hand the table enters next, the server's next when the outbox is empty
  // (down as well as up), while nothing is typed on it: a hand being typed keeps the number the
  // player saw, and saving it as that meets the hand saved elsewhere (the same, or a conflict to
  // decide) rather than doubling it as the next.
  function syncForm() {
    var form = theForm();
    if (!form || !pristine(form)) return;
    var next = seating(load()), n = next.n;
    if (cfg.kind !== "two") fitPair(form, next.pair);
    var number = form.querySelector("[name=number]"), revision = form.querySelector("[name=revision]");
    if (number) number.value = n;
    if (revision) revision.value = known.revision;
    var head = document.querySelector("#entry h2, h1.entry-title");   // the pad's, the entry page's
    if (head) head.textContent = title(next);
    var save = form.querySelector("#save-hand");
    if (save && !form.dataset.sending) {
      save.textContent = say(partnership ? gettext("Save deal %(n)s") : gettext("Save hand %(n)s"), {n: n});
    }
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

  function sayOnForm(form, message, note) {
    var box = document.getElementById("hand-preview");
    if (!box) return;
    box.textContent = "";
    var p = document.createElement("p");
    p.className = note ? "form-note js-error" : "error js-error";
    p.setAttribute("role", note ? "status" : "alert");
    p.textContent = message;
    box.appendChild(p);
  }

  // A hand typed with the network, on its way: its form says so ("Saving…") and takes no edit
  // (what was typed there would be cleared with the hand when the answer comes: the pad opens, or
  // the hand waits in the outbox and the form is free again); a Save tapped meanwhile is told why
  // nothing happens. A screen reader hears the form busy and its Save unavailable.
  function busy(form, on) {
    if (on) form.dataset.sending = "1"; else delete form.dataset.sending;
    if (on) form.setAttribute("aria-busy", "true"); else form.removeAttribute("aria-busy");
    form.querySelectorAll(on ? "input:not([type=hidden]):not(:disabled), select:not(:disabled)" : "[data-busy]")
      .forEach(function (i) {
        i.disabled = on;
        if (on) i.setAttribute("data-busy", ""); else i.removeAttribute("data-busy");
      });
    var save = form.querySelector("#save-hand");
    if (save && on) save.setAttribute("aria-disabled", "true");
    if (save && !on) save.removeAttribute("aria-disabled");
  }

  function stillSending(form) {
    var number = form.querySelector("[name=number]");
    sayOnForm(form, say(gettext("%(hand)s is still on its way to the club's site: wait for its answer."),
                        {hand: what(number ? number.value : known.next)}), true);
  }

  function enqueue(form, h, s, direct) {
    var list = load();
    var fields = [];
    new FormData(form).forEach(function (v, k) {
      if (typeof v === "string" && ["csrfmiddlewaretoken", "action", "number", "revision"].indexOf(k) < 0) {
        fields.push([k, v]);
      }
    });
    var shown = Number((form.querySelector("[name=number]") || {}).value);
    // seen: the next hand as the site last told this phone; a recorded hand at or past it is one the
    // phone had not seen when this one was typed (no default may then drop this one).
    var entry = {key: uuid(), number: list.length || !shown ? nextNumber(list) : shown, revision: known.revision,
                 seen: known.next, fields: fields, pair: h.pair,
                 text: describe(h), winner: s.winner, points: s.points, undercut: !!s.undercut,
                 direct: direct, state: "waiting"};
    list.push(entry);
    store(list);
    reports = [];
    sent = [];
    forgetDropped();   // a new hand: the last drop stands
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
    if (form.dataset.sending) {   // a Save (or Enter) while the hand before is on its way
      ev.preventDefault();
      stillSending(form);
      return;
    }
    var down = navigator.onLine === false, list = load();
    var saving = !ev.submitter || ev.submitter.value === "save";
    if (!saving && !down) return;   // Preview with the network: the server's page, as before
    ev.preventDefault();
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
      busy(form, true);
      var save = form.querySelector("#save-hand");
      if (save) save.textContent = gettext("Saving…");
    } else {
      clearForm(form);
    }
    flush();
    render();
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
    var stop = stopper = window.AbortController ? new AbortController() : null;
    var cut = stop && setTimeout(function () { stop.abort(); }, GIVE_UP);
    return fetch(cfg.send, {method: "POST", body: body, credentials: "same-origin", cache: "no-store",
                            signal: stop ? stop.signal : undefined,
                            headers: {"Accept": "application/json", "X-CSRFToken": csrf()}})
      .finally(function () { clearTimeout(cut); });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(flush, wait);
    wait = Math.min(wait * 2, 30000);
  }

  // The answer is late: the outbox shows what is not yet sent, and the head the phone's numbers. A
  // hand typed with the network stays on its form ("Saving…") until the answer comes (the pad opens
  // as usual) or the send fails (GIVE_UP at most): then it waits in the outbox like one typed
  // offline, and the form is free for the next hand.
  function isLate(key) {
    if (inFlight !== key) return;
    late = true;
    render();
  }

  function flush() {
    clearTimeout(timer);
    if (inFlight) return;
    var list = load();
    if (!list.length || list[0].state !== "waiting") { render(); return; }
    // The phone knows it has no network: nothing is tried until it says the network is back ("online").
    if (navigator.onLine === false) { render(); return; }
    // A log-out the club's site has not heard yet (logout.js): nothing is sent as the one who left.
    if (local.getItem("ginscore-logout")) { render(); return; }
    var entry = list[0];
    inFlight = entry.key;
    late = false;
    clearTimeout(lateTimer);
    lateTimer = setTimeout(function () { isLate(entry.key); }, LATE);
    post(entry).then(function (r) {
      if ((r.headers.get("Content-Type") || "").indexOf("json") >= 0) {
        return r.json().then(function (json) { return {status: r.status, json: json}; },
                             function () { return {status: r.status, json: {}}; });
      }
      if (r.status === 408 || r.status === 429 || r.status === 0) throw new Error("no answer: " + r.status);
      return {status: r.status, json: {}};   // a proxy's or the server's error page
    }).then(function (answer) {
      settle();
      answered(entry.key, answer.status, answer.json || {});
    }).catch(function () {
      settle();
      unsent(entry.key);
      tried(entry.key, null);
      if (now) { now = false; wait = 2000; flush(); } else later();   // "Try now" cut the last try short
      render();
    });
  }

  function settle() {
    inFlight = null;
    late = false;
    clearTimeout(lateTimer);
  }

  // No answer: a hand typed with the network stays in the outbox, and the form is free again.
  function unsent(key) {
    var list = load(), e = list.filter(function (x) { return x.key === key; })[0];
    if (!e || !e.direct) return;
    e.direct = false;
    store(list);
    var form = theForm();
    if (form) { busy(form, false); clearForm(form); }
  }

  // A try that brought no usable answer (none at all, or the server failed: 5xx): counted, and
  // said on the outbox with the choices; the phone keeps trying by itself.
  function tried(key, status) {
    var list = load(), e = list.filter(function (x) { return x.key === key; })[0];
    if (!e) return;
    e.tries = (e.tries || 0) + 1;
    e.failed = status;
    store(list);
  }

  function at(list, key) { return list.findIndex(function (e) { return e.key === key; }); }

  // What the server answered (the contract: /work/notes/outbox-contract.md). Every answer leaves
  // the hand either gone from the outbox (saved, the same already there, undone elsewhere: said on
  // the panel) or on it with the choices the table has.
  function answered(key, status, json) {
    var list = load(), i = at(list, key), gone = dropped();
    if (i < 0 && gone && gone.entry.key === key && status === 200 && json.ok && !json.same) {
      forgetDropped();   // it reached the site before the drop: it is on the pad, said so
      reports.push(say(gettext("%(hand)s (%(text)s) reached the club's site before it was dropped: it is on the pad " +
                               "(undo it there if it should not be)."), {hand: what(json.number), text: gone.entry.text}));
    }
    if (i < 0) { flush(); render(); return; }
    var entry = list[i], form = theForm(), c = json.conflict;
    if (json.revision) known.revision = json.revision;
    if (json.next_number) known.next = json.next_number;   // down as well as up
    if (c && c.revision) known.revision = c.revision;
    if (c && c.next_number) known.next = c.next_number;
    if ((status === 200 && json.ok) || (status === 409 && json.undone)) {
      list.splice(i, 1);
      if (json.undone) renumber(list, i, i ? entry.number : known.next);
      store(list);
      if (json.ok && !entry.replace && !json.same) known.dealer = dealerAfter(known.dealer, entry);
      if (json.same || json.undone) {   // nothing added: the table is told why this phone's copy is gone
        reports.push(json.message || say(gettext("%(hand)s was already recorded on another device, exactly as typed " +
                                                 "here: nothing was added."), {hand: what(json.number || entry.number)}));
        if (entry.direct && form) { busy(form, false); clearForm(form); }
      } else if (entry.direct) {
        location.assign(json.url);
        return;
      } else {
        sent.push(json.number);
      }
      if (list.length) { flush(); return; }
      done();
      return;
    }
    if (entry.direct && form && status < 500 && !json.wait) {   // typed with the network: the server's page
      list.splice(i, 1);
      store(list);
      busy(form, false);   // its fields are posted again
      postAsBefore(form);
      return;
    }
    unsent(key);
    list = load();
    entry = list[i];
    if (status === 409 && json.wait) {   // a partnership's deal ahead of the other table: sent again later
      entry.note = json.wait;
      store(list);
      wait = 2000;
      later();
      render();
      return;
    }
    if (status >= 500) {   // the server failed on it: tried again by itself, choices shown
      tried(key, status);
      later();
      render();
      return;
    }
    if (c) {
      entry.state = "conflict";
      entry.problem = c;
    } else {
      entry.state = "refused";
      entry.problem = {message: messageOf(json, status), renewed: !!json.renewed};
    }
    store(list);
    syncForm();
    render();
  }

  function messageOf(json, status) {
    if (json.message) return json.message;
    var out = [];
    Object.keys(json.errors || {}).forEach(function (field) {
      json.errors[field].forEach(function (e) { out.push(e.message); });
    });
    return out.join(" ") || say(gettext("The club's site refused this hand (it answered %(status)s)."), {status: status});
  }

  function done() {
    var form = theForm();
    if (!document.querySelector('meta[name="live-etag"]') && pristine(form) && !reports.length) {
      location.assign(cfg.pad);   // the entry page: to the pad
      return;
    }
    syncForm();
    render();
  }

  // ---- The panel: the hands not yet sent, and what the table must decide ----

  // A text of the catalogue with nodes in place of its %(named)s values (names in bold, say).
  function filled(fmt, nodes) {
    var out = document.createDocumentFragment(), at = 0;
    fmt.replace(/%\((\w+)\)s/g, function (m, name, where) {
      out.appendChild(document.createTextNode(fmt.slice(at, where)));
      out.appendChild(nodes[name].cloneNode(true));
      at = where + m.length;
      return m;
    });
    out.appendChild(document.createTextNode(fmt.slice(at)));
    return out;
  }

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

  // The words of two descriptions, those not in the other marked (what differs, at a glance).
  function marked(text, against) {
    var mine = text.split(" "), theirs = against.split(" "), p = el("span", "");
    // the longest common run of words, by dynamic programming (descriptions are short)
    var n = mine.length, m = theirs.length, L = [];
    for (var i = 0; i <= n; i++) { L.push(new Array(m + 1).fill(0)); }
    for (i = n - 1; i >= 0; i--) {
      for (var j = m - 1; j >= 0; j--) {
        L[i][j] = mine[i] === theirs[j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
      }
    }
    i = 0; j = 0;
    while (i < n) {
      if (j < m && mine[i] === theirs[j]) { p.appendChild(document.createTextNode(mine[i])); i++; j++; }
      else if (j < m && L[i][j + 1] >= L[i + 1][j]) { j++; continue; }
      else { p.appendChild(el("mark", "", mine[i])); i++; }
      if (i < n) p.appendChild(document.createTextNode(" "));
    }
    return p;
  }

  // Where a stopped hand can go as the next one: its number, or why it cannot (three players, a
  // partnership: the next hand may be for two others).
  function asNext(entry, n) {
    if (n === entry.number) return {n: n, same: true};
    var pair = partnership ? cfg.deal_pairs[n % 2 ? 0 : 1] : cfg.kind === "three" ? seating([]).pair : "ab";
    if (pair !== (entry.pair || "ab")) return {n: n, other: pair};
    return {n: n};
  }

  function problemBox(entry) {
    var c = entry.problem || {}, box = el("div", "outbox-problem");
    box.setAttribute("role", "alert");
    box.dataset.state = entry.state;
    var row = el("div", "btn-row");
    if (entry.state === "conflict") {
      var next = asNext(entry, c.next_number || known.next);
      if (c.recorded) {
        box.appendChild(el("p", "", "")).appendChild(el("strong", "", say(c.reason === "changed"
          ? gettext("%(hand)s changed on another device since this phone's correction was typed; it now reads:")
          : gettext("%(hand)s was recorded on another device meanwhile, and it differs from this phone's:"),
          {hand: what(c.number)})));
        var theirs = c.recorded.text + (c.recorded.winner ? " · " + c.recorded.winner + " +" + points(c.recorded.points) : "");
        var mine = (c.typed || entry.text) + " · " + scored(entry);
        var both = el("dl", "outbox-both");
        both.appendChild(el("dt", "", gettext("Recorded")));
        both.appendChild(el("dd", "outbox-recorded")).appendChild(marked(theirs, mine));
        both.appendChild(el("dt", "", gettext("This phone's")));
        both.appendChild(el("dd", "outbox-typed")).appendChild(marked(mine, theirs));
        box.appendChild(both);
        if (c.differences && c.differences.length) {
          var ul = el("ul", "outbox-differences");
          c.differences.forEach(function (d) {
            var li = el("li", "");
            li.appendChild(el("strong", "", say(gettext("%(label)s:"), {label: d.label})));
            li.appendChild(document.createTextNode(" " + say(gettext("recorded %(recorded)s, this phone's %(typed)s"), d)));
            ul.appendChild(li);
          });
          box.appendChild(ul);
        }
        // What other phones typed for that hand too (three phones that disagree, or agree against it).
        if (c.others && c.others.length) {
          var others = el("ul", "outbox-others");
          c.others.forEach(function (v) {
            var li = el("li", "", say(ngettext("%(phones)s other phone typed: %(text)s", "%(phones)s other phones typed: %(text)s",
                                               v.phones), {phones: v.phones, text: v.text}));
            if (v.mine) li.appendChild(el("strong", "", " " + gettext("(the same as this phone's)")));
            others.appendChild(li);
          });
          box.appendChild(others);
        }
        // The recorded hand stays by default (a drop can be undone) only when this phone had seen it
        // before typing its own: a hand typed after the last one the phone saw may be another hand
        // played meanwhile, and no default drops it.
        var sawIt = c.reason === "changed" || (entry.seen && c.number < entry.seen);
        if (!sawIt) {
          box.appendChild(el("p", "outbox-unseen", say(gettext("This phone had not seen %(hand)s when this one was " +
            "typed: choose below whether it is the same hand typed differently, or another hand."), {hand: which(c.number)})));
        }
        row.appendChild(button(gettext("Keep the recorded one: drop mine"), "drop", sawIt));
        // Saving it as the next hand counts both: a second step says both hands' points and the game after.
        if (!c.complete && !next.other) {
          row.appendChild(button(say(gettext("It was another hand: send mine as %(hand)s…"), {hand: which(next.n)}),
                                 "ask-next"));
        }
        if (c.replace && c.replace.text) {
          row.appendChild(button(say(gettext("Correct %(hand)s to mine…"), {hand: which(c.number)}), "ask-replace"));
        }
      } else {   // the pad moved on another device (an undo, a delete): this number is not the next
        var moved = {table: cfg.table, count: count(c.next_number - 1), hand: which(entry.number)};
        box.appendChild(el("p", "", "")).appendChild(el("strong", "", say(partnership
          ? gettext("The hands changed on another device meanwhile: table %(table)s now has %(count)s, so this " +
                    "phone's %(hand)s is not the next one.")
          : gettext("The hands changed on another device meanwhile: the pad now has %(count)s, so this phone's " +
                    "%(hand)s is not the next one."), moved)));
        box.appendChild(el("p", "", say(gettext("This phone's %(hand)s: %(text)s · %(scored)s."),
                                        {hand: which(entry.number), text: c.typed || entry.text, scored: scored(entry)})));
        if (!c.complete && !next.other) row.appendChild(sendMineAs(next.n));
        row.appendChild(button(gettext("Drop mine"), "drop"));
      }
      box.appendChild(row);
      if (next.other && !c.complete) box.appendChild(otherPair(next));
      if (c.complete) box.appendChild(el("p", "muted small", gettext("The match is over: no hand can be added.")));
      if (c.recorded && !c.complete && !next.other) box.appendChild(bothCount(entry, c, next.n));
      if (c.recorded && c.replace && c.replace.text) {
        var sure = el("div", "outbox-confirm");
        sure.hidden = true;
        sure.appendChild(el("p", "", say(gettext("%(hand)s as recorded (%(recorded)s) is replaced by this phone's " +
                                                 "(%(typed)s) for everyone at the table. Only if the recorded one was " +
                                                 "typed wrong."),
                                         {hand: what(c.number), recorded: c.recorded.text, typed: c.typed || entry.text})));
        var yes = el("div", "btn-row");
        yes.appendChild(button(say(gettext("Yes, correct %(hand)s"), {hand: which(c.number)}), "replace", false));
        yes.lastChild.classList.add("btn-danger");
        yes.appendChild(button(gettext("No, keep it"), "cancel"));
        sure.appendChild(yes);
        box.appendChild(sure);
      }
      return box;
    }
    var next = asNext(entry, known.next);
    if (entry.state === "refused") {
      box.appendChild(el("p", "", say(gettext("%(hand)s (%(text)s) was not accepted: %(message)s"),
                                      {hand: what(entry.number), text: entry.text, message: c.message})));
      row.appendChild(button(gettext("Try again"), "retry"));
    } else {   // no answer, or the server failed on it: tried again by itself
      box.appendChild(el("p", "", say(entry.failed
        ? gettext("The club's site failed on %(hand)s (it answered %(status)s): trying again by itself.")
        : gettext("No answer from the club's site about %(hand)s yet: trying again by itself."),
        {hand: which(entry.number), status: entry.failed})));
      row.appendChild(button(gettext("Try now"), "retry"));
    }
    if (!next.same && !next.other) row.appendChild(button(say(gettext("Send it as %(hand)s"), {hand: which(next.n)}), "next"));
    row.appendChild(button(gettext("Drop it"), "drop"));
    box.appendChild(row);
    if (next.other) box.appendChild(otherPair(next));
    return box;
  }

  function otherPair(next) {
    return el("p", "muted small", say(gettext("%(next)s is %(players)s's: drop this one and type it again to send it " +
                                              "as %(hand)s."), {next: what(next.n), players: players(next.other), hand: which(next.n)}));
  }
  // The second step of "It was another hand": both hands' points and the game with both counted.
  function bothCount(entry, c, n) {
    var box = el("div", "outbox-both-count");
    box.hidden = true;
    var theirs = c.recorded.winner ? c.recorded.winner + " +" + points(c.recorded.points) : gettext("no score");
    box.appendChild(el("p", "", say(gettext("Both hands then count: %(recorded)s as recorded (%(theirs)s) and this " +
                                            "phone's as %(hand)s (%(mine)s)."),
                                    {recorded: which(c.number), theirs: theirs, hand: which(n), mine: scored(entry)})));
    if (c.add && c.add.after) box.appendChild(el("p", "outbox-both-after", c.add.after));
    else if (c.add && c.add.text) box.appendChild(el("p", "outbox-both-after", c.add.text));
    box.appendChild(el("p", "muted small", gettext("Only if both hands were really played: one hand typed twice would " +
                                                  "count twice.")));
    var yes = el("div", "btn-row");
    yes.appendChild(button(say(gettext("Yes, both were played: send mine as %(hand)s"), {hand: which(n)}), "next"));
    yes.appendChild(button(gettext("No, keep it"), "cancel-next"));
    box.appendChild(yes);
    return box;
  }
  function sendMineAs(n) { return button(say(gettext("Send mine as %(hand)s"), {hand: which(n)}), "next"); }

  // What the phone shows: the outbox as soon as the phone knows it is offline or the server has
  // said no, else only once an answer is late (LATE) or a try brought none.
  function showing(list) {
    if (!list.length) return false;
    var first = list[0];
    return navigator.onLine === false || first.state !== "waiting" || !!first.note || late ||
      !!first.tries || inFlight !== first.key;
  }

  // The head of the pad says who deals and plays the next hand, after the outbox's hands
  // (a partnership's table: its next deal and who plays it there).
  function headNext(list, shown) {
    // Only the hands the head's numbers count (waiting to be sent): a stopped hand moves neither
    // the numbers nor who deals next, so the head never mixes the site's totals with its dealer;
    // nor does a hand on its way whose answer is not late yet (the numbers are still the site's).
    list = shown ? list.filter(function (e) { return e.state === "waiting"; }) : [];
    var next = document.querySelector(".score-head .next");
    if (!next) return;
    if (next.dataset.server === undefined) next.dataset.server = next.innerHTML;
    var choose = document.querySelector(".score-head .first-deal");
    if (choose) choose.hidden = list.length > 0;   // the first deal is settled once a hand is typed
    next.innerHTML = next.dataset.server;
    if (!list.length) return;
    var s = seating(list);
    if (partnership) {
      var span = next.querySelector('.table-next[data-table="' + cfg.table + '"]');
      if (span) span.textContent = say(gettext("%(next)s (worked out on this phone)"), {next: title(s)});
      return;
    }
    next.textContent = "";
    var fmt = !s.dealer ? gettext("%(hand)s (worked out on this phone)")
      : cfg.kind === "three" ? gettext("%(hand)s · %(dealer)s deals and sits out · %(a)s v %(b)s play (worked out on this phone)")
      : gettext("%(hand)s · %(dealer)s deals (worked out on this phone)");
    next.appendChild(filled(fmt, {hand: document.createTextNode(what(s.n)), dealer: el("strong", "", names[s.dealer]),
                                  a: el("strong", "", names[s.pair.charAt(0)]), b: el("strong", "", names[s.pair.charAt(1)])}));
  }

  // The big numbers of the head, while hands wait on the phone: the game in play with their
  // points added (a game they finish is said, and the next starts at 0), marked as not yet sent.
  // A partnership's deal points need both tables, Hollywood's columns the pad: only the mark.
  function headGame(list, shown) {
    var head = document.querySelector(".score-head");
    if (!head) return;
    head.querySelectorAll("[data-server]").forEach(function (e) {
      if (e.classList.contains("next")) return;
      e.textContent = e.dataset.server;
      delete e.dataset.server;
    });
    head.querySelectorAll(".head-unsent").forEach(function (e) { e.remove(); });
    head.classList.toggle("provisional", shown);
    if (!shown) return;
    // The hands that would be added as they stand (not one stopped for the table to decide).
    var adding = list.filter(function (e) { return e.state === "waiting"; }), stopped = list.length - adding.length;
    var mark = el("p", "head-unsent", ""), said = "";
    var target = Number(head.dataset.gameTarget), n = Number(head.dataset.gameN);
    var seats = Object.keys(names).sort();
    function key(seat) { return cfg.kind === "three" ? String(seats.indexOf(seat)) : seat; }
    function cell(what, seat) { return head.querySelector("[data-" + what + '="' + key(seat) + '"]'); }
    if (!partnership && target && n && seats.every(function (s) { return cell("game", s); })) {
      var pts = {}, won = [];
      seats.forEach(function (s) { pts[s] = ginscoreRead(cell("game", s).textContent); });
      adding.forEach(function (e) {
        if (!e.winner || pts[e.winner] === undefined) return;
        pts[e.winner] += e.points;
        if (pts[e.winner] >= target) {   // the game is won: the next starts at 0
          won.push(say(pgettext("game", "game %(n)s to %(name)s"), {n: n, name: names[e.winner]}));
          n += 1;
          seats.forEach(function (s) { pts[s] = 0; });
        }
      });
      function put(node, text) {
        if (!node) return;
        if (node.dataset.server === undefined) node.dataset.server = node.textContent;
        node.textContent = text;
      }
      seats.forEach(function (s) {
        put(cell("game", s), points(pts[s]));
        put(cell("to-go", s), say(gettext("%(n)s to go"), {n: points(Math.max(target - pts[s], 0))}));
      });
      put(head.querySelector("[data-head-game]"), String(n));
      said = say(won.length
        ? ngettext("%(count)s on this phone, counted in the numbers above (%(games)s: the pad adds boxes and bonuses " +
                   "once sent)", "%(count)s on this phone, counted in the numbers above (%(games)s: the pad adds " +
                   "boxes and bonuses once sent)", adding.length)
        : ngettext("%(count)s on this phone, counted in the numbers above",
                   "%(count)s on this phone, counted in the numbers above", adding.length),
        {count: count(adding.length), games: won.join(", ")});
    } else {
      said = say(ngettext("%(count)s on this phone: the pad counts it once sent",
                          "%(count)s on this phone: the pad counts them once sent", adding.length), {count: count(adding.length)});
    }
    mark.appendChild(el("strong", "badge badge-unsent", gettext("not yet sent")));
    mark.appendChild(document.createTextNode(" " + (adding.length
      ? said + (stopped ? say(ngettext("; %(n)s more to decide, not counted.", "; %(n)s more to decide, not counted.",
                                       stopped), {n: stopped}) : ".")
      : say(ngettext("%(count)s to decide on this phone, not counted above.",
                     "%(count)s to decide on this phone, not counted above.", stopped), {count: count(stopped)}))));
    head.appendChild(mark);
  }

  // The panel is drawn again only when what it shows changed: a poll that changes nothing keeps the
  // very buttons under the finger (and a second step opened on them) where they are.
  var drawn = null;

  // What the player is at keeps its place while the panel and the head change above it (live.js).
  function render() {
    if (window.ginscoreKeepPlace) window.ginscoreKeepPlace(redraw);
    else redraw();
  }

  function redraw() {
    if (!panel) { draw(null); return; }
    var box = document.createElement("div");
    try {
      draw(box);
    } finally {
      var html = box.innerHTML;
      if (html !== drawn) {
        panel.textContent = "";
        while (box.firstChild) panel.appendChild(box.firstChild);
        drawn = html;
      }
    }
  }

  function draw(box) {
    var list = load(), shown = showing(list);
    headNext(list, shown);
    headGame(list, shown);
    if (!panel) return;
    var gone = dropped();
    panel.hidden = !shown && !sent.length && !reports.length && !gone;
    panel.classList.toggle("outbox-quiet", !shown);   // only news: no hand waits on the phone
    if (panel.hidden) return;
    if (!list.length || !shown) {
      if (sent.length) {
        box.appendChild(el("p", "msg msg-success", say(partnership
          ? ngettext("Sent: deal %(numbers)s of table %(table)s, now on the pad.",
                     "Sent: deals %(numbers)s of table %(table)s, now on the pad.", sent.length)
          : ngettext("Sent: hand %(numbers)s, now on the pad.", "Sent: hands %(numbers)s, now on the pad.", sent.length),
          {numbers: sent.join(", "), table: cfg.table})));
      }
      reports.forEach(function (text) { box.appendChild(el("p", "msg msg-info outbox-report", text)); });
    }
    if (gone) {
      var undo = el("p", "outbox-dropped");
      undo.appendChild(document.createTextNode(say(gettext("%(hand)s dropped from this phone (%(text)s)."),
                                                   {hand: what(gone.entry.number), text: gone.entry.text}) + " "));
      undo.appendChild(button(gettext("Undo"), "undrop"));
      box.appendChild(undo);
    }
    if (!shown) return;
    box.appendChild(el("h2", "", say(gettext("Not yet sent: %(count)s"), {count: count(list.length)})));
    var first = list[0], stuck = first.tries && navigator.onLine !== false;
    var state = first.state !== "waiting" ? gettext("Stopped: the table must decide about %(hand)s below.")
      : stuck && inFlight ? gettext("Not sent yet: %(hand)s is tried again by itself (trying now); or choose below.")
      : stuck ? gettext("Not sent yet: %(hand)s is tried again by itself; or choose below.")
      : first.note ? gettext("%(note)s It is sent as soon as that is in.")
      : navigator.onLine === false ? gettext("No connection to the club's site: these hands are kept on this phone and " +
                                             "sent in order when the network returns.")
      : inFlight ? gettext("Sending… (no answer yet)")
      : gettext("No answer from the club's site yet: trying again.");
    box.appendChild(el("p", "outbox-state", say(state, {hand: which(first.number), note: first.note})));
    var ol = el("ol", "outbox-hands");
    list.forEach(function (e, i) {
      var li = el("li", "outbox-hand");
      li.dataset.key = e.key;
      li.dataset.state = e.state;
      li.appendChild(el("strong", "", what(e.number) + " "));
      li.appendChild(document.createTextNode(e.text + " · " + scored(e) + " "));
      li.appendChild(el("span", "badge badge-unsent", e.state === "waiting" ? gettext("not yet sent") : gettext("to decide")));
      if (inFlight !== e.key && !(i === 0 && first.state !== "waiting")) {
        var drop = button(gettext("Drop"), "drop");
        drop.className = "btn btn-small outbox-drop";
        drop.setAttribute("aria-label", say(gettext("Drop %(hand)s"), {hand: which(e.number)}));
        li.appendChild(document.createTextNode(" "));
        li.appendChild(drop);
      }
      ol.appendChild(li);
    });
    box.appendChild(ol);
    if (first.state !== "waiting" || stuck) {
      box.appendChild(problemBox(first));
    }
    box.appendChild(el("p", "muted small", partnership
      ? gettext("Points worked out on this phone from the match's rules, for this table's hand alone. A deal's team " +
                "points need both tables' hands, so this phone cannot work them out: the pad does, once they are sent.")
      : gettext("Points worked out on this phone from the match's rules, for each hand alone; the pad adds them up, " +
                "with boxes and bonuses, once they are sent.")));
  }

  // The pad as the server drew it (its head): the next hand, who deals it; a partnership's table:
  // its next deal. Followed down as well as up.
  function fromHead() {
    var head = document.querySelector(".score-head[data-next-number]");
    if (!head) return;
    if (partnership) {
      var span = head.querySelector('.table-next[data-table="' + cfg.table + '"]');
      if (span && span.dataset.deal) known.next = Number(span.dataset.deal);
      return;
    }
    known.next = Number(head.dataset.nextNumber) || known.next;
    var name = head.dataset.nextDealer;
    var seat = Object.keys(names).filter(function (s) { return names[s] === name; })[0];
    if (seat) known.dealer = seat;
  }

  function renumber(list, from, n) {
    for (var i = from; i < list.length; i++) list[i].number = n + (i - from);
  }

  // The last hand dropped from this phone, kept (in the browser's storage) until the next hand is
  // saved, so a drop can be taken back.
  function dropped() {
    try { return JSON.parse(local.getItem(DROPPED) || "null"); } catch (e) { return null; }
  }
  function forgetDropped() { local.removeItem(DROPPED); }

  function drop(list, i) {
    var e = list.splice(i, 1)[0];
    var c = e.problem || {};
    renumber(list, i, i === 0 && c.next_number && e.state === "conflict" ? c.next_number : e.number);
    local.setItem(DROPPED, JSON.stringify({entry: e, index: i}));
  }

  function undrop(list) {
    var gone = dropped();
    if (!gone) return;
    forgetDropped();
    var i = Math.min(gone.index, list.length), e = gone.entry;
    if (e.state === "waiting" || i > 0) { e.state = "waiting"; delete e.problem; }
    e.direct = false;
    list.splice(i, 0, e);
    renumber(list, i, i > 0 ? list[i - 1].number + 1 : e.number);
  }

  if (panel) {
    panel.addEventListener("click", function (ev) {
      var b = ev.target.closest("[data-resolve]");
      if (!b) return;
      var how = b.dataset.resolve;
      if (how === "ask-replace" || how === "cancel") {   // correcting another phone's hand asks first
        var sure = panel.querySelector(".outbox-confirm");
        if (sure) sure.hidden = how === "cancel";
        if (how === "ask-replace" && sure) sure.querySelector("button").focus();
        return;
      }
      if (how === "ask-next" || how === "cancel-next") {   // so does counting a second hand for one number
        var both = panel.querySelector(".outbox-both-count");
        if (both) both.hidden = how === "cancel-next";
        if (how === "ask-next" && both) both.querySelector("button").focus();
        return;
      }
      var list = load();
      if (how === "undrop") {
        undrop(list);
      } else {
        var li = b.closest(".outbox-hand");
        var i = li ? at(list, li.dataset.key) : 0;
        if (i < 0 || !list.length) return;
        var e = list[i], c = e.problem || {};
        if (inFlight === e.key) {   // a try with no answer yet: Try now starts it again, Drop stops it
          if (!e.tries || (how !== "retry" && how !== "drop")) return;
          if (how === "retry") now = true;
          if (stopper) stopper.abort();
          if (how === "retry") return;
        }
        if (how === "drop") {
          drop(list, i);
        } else if (how === "next") {
          var n = e.state === "conflict" && c.next_number ? c.next_number : known.next;
          e.number = n;
          delete e.replace;
          renumber(list, 1, n + 1);
        } else if (how === "replace") {
          e.number = c.number;
          e.revision = c.revision;
          e.replace = true;
          renumber(list, 1, c.next_number || known.next);
        }
        if (how !== "drop") {
          e.state = "waiting";
          delete e.problem;
          delete e.note;
          e.tries = 0;
          delete e.failed;
        }
      }
      reports = [];
      sent = [];
      store(list);
      syncForm();
      wait = 2000;
      flush();
      render();
    });
  }

  document.addEventListener("ginscore:live", function () {   // live.js drew the page again
    fromHead();
    var form = theForm(), revision = form && form.querySelector("[name=revision]");
    if (revision && Number(revision.value) > known.revision) known.revision = Number(revision.value);
    syncForm();
    render();
    if (load().length) flush();   // (a deal waiting for the other table may go now)
  });
  window.addEventListener("online", function () { wait = 2000; flush(); render(); });
  window.addEventListener("offline", render);
  window.addEventListener("storage", function (ev) { if (ev.key === STORE || ev.key === DROPPED) render(); });

  if ("serviceWorker" in navigator && cfg.worker) {
    navigator.serviceWorker.register(cfg.worker).then(function () { return navigator.serviceWorker.ready; })
      .then(function (reg) { if (reg.active) reg.active.postMessage({keep: [cfg.pad, cfg.entry]}); })
      .catch(function () { /* no worker (a plain-HTTP address): the outbox still works while the page is open */ });
  }

  // A page opened again (a reload) no longer holds on its form a hand it was saving: that hand waits
  // in the outbox like any other, and an answer that stops it is shown there, not as the form's.
  var kept = load();
  if (kept.some(function (e) { return e.direct; })) {
    kept.forEach(function (e) { e.direct = false; });
    store(kept);
  }
  fromHead();
  syncForm();
  flush();
  render();
})();
