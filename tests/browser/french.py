"""What is still English on a French page: the crawl's eyes (tests/browser/test_french_crawl.py).

Two checks, on a page's text units (each text node; each element's whole text where it has text
of its own, so "Hand <b>4</b> saved" reads as one phrase; the title; titles, placeholders,
aria-labels, alt texts and button values):

- the catalogues' English: every msgid (and msgid_plural) of the project's French catalogues
  whose French differs from it (or is empty, or fuzzy: the page shows the English then) is
  looked for, a text of one word as a whole unit, a text of two words or more as a phrase
  anywhere (its placeholders standing for anything). A text that is also some entry's French
  ("Gin", "Match", "Total") is French, not a leftover;
- English never marked at all: a unit with a common English interface word that is not also
  French ("the", "hand", "save", "log in" ...; not "score", "match", "table", "total").

Names and other data are not interface: the crawl says which strings are data (players, teams,
tournaments, seasons, accounts) and they are taken out of the units before both checks. Machine
formats shown on a page (``code``, ``pre``, ``kbd``, ``samp``) and elements marked
``translate="no"`` or with a ``lang`` other than French (the footer's "English") are not read.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Which helper owns which catalogue (the crawl's leftovers list is written by area).
AREAS = {"engine": "engine", "matches": "matches", "tournaments": "tournaments", "sheets": "sheets",
         "players": "people", "ratings": "people", "seasons": "people", "club": "club"}


def catalogues() -> dict[str, Path]:
    """Area -> its French catalogues: each app's, the engine's and the JavaScript's (``locale/``)."""
    found: dict[str, list[Path]] = {}
    for po in sorted(ROOT.glob("ginscore/*/locale/fr/LC_MESSAGES/*.po")):
        found.setdefault(AREAS.get(po.parts[-5], po.parts[-5]), []).append(po)
    for po in sorted(ROOT.glob("locale/fr/LC_MESSAGES/*.po")):
        found.setdefault("js", []).append(po)
    return found


@dataclass
class Entry:
    context: str = ""
    msgid: str = ""
    plural: str = ""
    strs: list[str] = field(default_factory=list)
    fuzzy: bool = False


def _unquote(line: str) -> str:
    text = line[line.index('"') + 1:line.rindex('"')]
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def read_po(path: Path) -> list[Entry]:
    """The entries of a PO file (not the header, not the obsolete ``#~`` ones)."""
    entries, entry, key = [], Entry(), None

    def close():
        nonlocal entry, key
        if entry.msgid:
            entries.append(entry)
        entry, key = Entry(), None

    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if not line:
            close()
        elif line.startswith("#,"):
            if key is not None and key != "flags":
                close()
            entry.fuzzy = entry.fuzzy or "fuzzy" in line
            key = "flags"
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            value = _unquote(line)
            if key == "msgctxt":
                entry.context += value
            elif key == "msgid":
                entry.msgid += value
            elif key == "msgid_plural":
                entry.plural += value
            elif key is not None and key.startswith("msgstr"):
                entry.strs[-1] += value
        else:
            word = line.split(None, 1)[0]
            if word == "msgctxt" or (word == "msgid" and key not in (None, "flags", "msgctxt")):
                if key not in (None, "flags"):
                    close()
            key = word.split("[")[0] if word.startswith("msgstr") else word
            value = _unquote(line)
            if word == "msgctxt":
                entry.context = value
            elif word == "msgid":
                entry.msgid = value
            elif word == "msgid_plural":
                entry.plural = value
            elif word.startswith("msgstr"):
                entry.strs.append(value)
    return entries


PLACEHOLDER = re.compile(r"%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[sdifr]|%[sdifr]|\{\{.*?\}\}|\{[a-z_0-9]*\}|%%")
TAG = re.compile(r"<[^>]+>")
WORD = re.compile(r"[^\W\d_]+")


def norm(text: str) -> str:
    """Whitespace collapsed (no-break spaces included), trimmed."""
    return " ".join(text.split())


def _shown_form(text: str) -> str:
    """A catalogue text as a page shows it: no tags, entities read, ``%%`` a per cent sign."""
    return norm(html.unescape(TAG.sub("", text)))


@dataclass
class English:
    """One English text of a catalogue, and how to find it on a page."""
    text: str
    areas: set[str]
    words: list[str]          # its literal words, lower case (what a page must hold for it to be there)
    pattern: re.Pattern
    whole: bool               # one word: only a whole unit is it


def _literal(piece: str) -> str:
    return "".join(r"\s+" if part.isspace() else re.escape(part) for part in re.split(r"(\s+)", piece) if part)


def _pattern(text: str, whole: bool) -> re.Pattern:
    """``text`` as a regular expression: its spaces stand for any spaces, its placeholders for up to
    80 characters (in a text of one word, no letters: a number, a name taken out, so that "%(n)s
    games" is not "One game"). A phrase (``whole`` False) is found inside a longer text, between
    word boundaries, its placeholders at either end dropped."""
    pieces, holes = PLACEHOLDER.split(text), PLACEHOLDER.findall(text)
    if not whole:
        while holes and not pieces[0].strip():
            pieces, holes = [pieces[0] + pieces[1]] + pieces[2:], holes[1:]
        while holes and not pieces[-1].strip():
            pieces, holes = pieces[:-2] + [pieces[-2] + pieces[-1]], holes[:-1]
        pieces[0], pieces[-1] = pieces[0].lstrip(), pieces[-1].rstrip()
    body = ""
    for i, piece in enumerate(pieces):
        body += _literal(piece)
        if i < len(holes):
            body += "%" if holes[i] == "%%" else r".{1,80}?" if not whole else r"[^A-Za-z]{1,80}?"
    if not whole:
        body = (r"(?<!\w)" if re.match(r"\w", pieces[0]) else "") + body + (
            r"(?!\w)" if re.search(r"\w$", pieces[-1]) else "")
    return re.compile(body, re.IGNORECASE)


class Catalogue:
    """Every English interface text of the project's French catalogues, ready to be looked for."""

    def __init__(self):
        self.files = catalogues()
        french, english = set(), {}
        for area, paths in self.files.items():
            for path in paths:
                for e in read_po(path):
                    sources = [e.msgid] + ([e.plural] if e.plural else [])
                    translated = [s for s in e.strs if s] if not e.fuzzy else []
                    french.update(_shown_form(s).casefold() for s in translated)
                    for source in sources:
                        shown = _shown_form(source)
                        if any(_shown_form(s) == shown for s in translated):
                            continue   # French keeps the word (Gin, Hollywood, Total)
                        english.setdefault(shown, set()).add(area)
        self.french = french
        self.english: list[English] = []
        for text, areas in english.items():
            if text.casefold() in french:
                continue   # also French somewhere: a page saying it is not caught out
            words = [w.casefold() for w in WORD.findall(PLACEHOLDER.sub(" ", text))]
            if not words or (len(words) == 1 and len(words[0]) < 2):
                continue   # a letter alone ("K" a king, or a formula's K; "A" a seat) says nothing
            whole = len(words) < 2
            self.english.append(English(text, areas, words, _pattern(text, whole), whole))
        self.plain = {e.text.casefold(): e for e in self.english if e.whole and not PLACEHOLDER.search(e.text)}

    def area_of(self, text: str) -> set[str]:
        return next((e.areas for e in self.english if e.text == text), set())


    def find(self, units: list[str]) -> dict[str, set[str]]:
        """The catalogues' English texts found in ``units`` -> the units they were found in."""
        found: dict[str, set[str]] = {}
        words = set()
        folded = []
        for unit in units:
            f = unit.casefold()
            folded.append(f)
            words.update(WORD.findall(f))
            if f in self.plain:
                found.setdefault(self.plain[f].text, set()).add(unit)
        exact = {u for where in found.values() for u in where}   # a unit that is a text of the catalogue
        for e in self.english:
            if e.text.casefold() in self.plain or not all(w in words for w in e.words):
                continue
            for unit, f in zip(units, folded):
                if unit in exact:
                    continue
                hit = e.pattern.fullmatch(unit) if e.whole else e.pattern.search(unit)
                if hit:
                    found.setdefault(e.text, set()).add(unit)
        return found


# Common English interface words that are not French words too ("score", "match", "table",
# "total", "points", "code", "page", "date" are both; "on", "a", "an", "or", "mon", "mar", "oct"
# are French words or abbreviations).
STOP = set("""
the and with without of to for from your you this that these those is are was were has have will would
should must can cannot can't don't doesn't isn't won't it's here there when where who what which how why
hand hands game games save saved undo redo round rounds player players settings new edit delete add back
next previous open close show hide print download upload knock knocks knocked knocker deadwood deal deals
dealer dealt won wins win lost lose draw stake season seasons rating ratings rated standings bracket
entry entries fee treasurer paid pay payout payouts pool money yet not yes cancel confirm dispute settle
sheet sheets pad home sent send sending waiting clock start started finished over left right first last
each every only more less than all none nothing up down out off log login logout password username account
change welcome please sorry error found link director tournament tournaments board desk announce withdraw
withdrawn reinstate forfeit bye language offline online outbox pending preview rules rule length box boxes
line lines shutout upcard discard meld melds layoff side sides team teams partner seat seats big played
plays playing enter type tap scan keep kept drop dropped recorded correct corrected corrections view
seconds hours days today yesterday friendly rated unrated results result wins losses ties tied winner
loser after before then also still just again already other another
january february march april may june july august september october november december
jan feb apr jun jul aug sep dec monday tuesday wednesday thursday friday saturday sunday tue wed thu fri sat sun
am pm
""".split())
STOP_PHRASES = re.compile(r"\b(?:log in|log out|check[- ]in|sign in|sign up)\b", re.IGNORECASE)
TOKEN = re.compile(r"[\w'’-]+")


URL = re.compile(r"https?://\S+|(?<![\w/])/[\w.-]+/(?:[\w.?=&%#-]+/?)*")
# A value a person types or reads as a machine writes it, in straight quotes inside a French
# sentence ("add", "gin_only"): a literal, not a word (French quotes words « like this »).
LITERAL = re.compile(r'"[\w .-]{1,20}"')


def english_words(unit: str) -> list[str]:
    """The common English interface words in a unit of text (a random token or code is one word;
    an address, or a short literal in straight quotes, is none; nor is that literal written bare
    later in the same text: 'qui donne : "winner" (le gagnant) ... Standard winner')."""
    literals = {m.group(0).strip('"').casefold() for m in LITERAL.finditer(unit)}   # also bare, later on
    unit = LITERAL.sub(" ", URL.sub(" ", unit))
    words = [t.strip("-'’").casefold() for t in TOKEN.findall(unit)]
    hits = [w for w in words if w in STOP and w not in literals]
    hits += [m.group(0).casefold() for m in STOP_PHRASES.finditer(unit)]
    return hits


# The page's text, as the crawl reads it (after opening every <details>: what a tap shows is
# interface too). Hidden text is read as well: it shows on a tap, a failure, a live update.
COLLECT = r"""() => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const skip = 'script,style,template,noscript,code,pre,kbd,samp,[translate=no],svg';
  const foreign = el => { const l = el.closest('[lang]'); return l && l !== document.documentElement
    && !l.lang.toLowerCase().startsWith('fr'); };
  // an element's whole text, without what is not read in it (an address, a command in <code>)
  const read = el => { if (!el.querySelector(skip)) return el.textContent;
    const copy = el.cloneNode(true); copy.querySelectorAll(skip).forEach(x => x.replaceWith(' '));
    return copy.textContent; };
  const nodes = [], blocks = [document.title], owners = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(skip) || foreign(el) || !n.data.trim()) continue;
    nodes.push(n.data);
    if (owners.has(el)) continue;
    owners.add(el);
    blocks.push(el.textContent.length <= 400 ? read(el) : n.data);
  }
  const attrs = ['title', 'placeholder', 'aria-label', 'alt', 'aria-description', 'aria-roledescription'];
  for (const el of document.querySelectorAll('*')) {
    if (el.closest(skip) || foreign(el)) continue;
    for (const a of attrs) if (el.getAttribute(a)?.trim()) blocks.push(el.getAttribute(a));
    if (el.matches('input[type=submit],input[type=button],input[type=reset]') && el.value) blocks.push(el.value);
  }
  return {url: location.href, lang: document.documentElement.lang, nodes, blocks};
}"""


def clean_units(units: list[str], data: list[str]) -> list[str]:
    """Each unit with whitespace collapsed and the data (names...) taken out; no empty unit, once each."""
    seen, out = set(), []
    for unit in units:
        text = norm(unit)
        for d in data:
            if d in text:
                text = text.replace(d, "·")
        text = norm(text)
        if WORD.search(text) and text not in seen:
            seen.add(text)
            out.append(text)
    return out


def leftovers(catalogue: Catalogue, nodes: list[str], blocks: list[str]) -> list[dict]:
    """Every English text left on a page (its text nodes, and its blocks: an element's whole text,
    the title, the attributes people read; cleaned by ``clean_units``): the catalogues' texts
    (``text``, the catalogues' ``areas`` and the longer text it was found ``in``), then the blocks
    with common English words (``text``, the ``english`` words)."""
    found = []
    for text, where in sorted(catalogue.find(nodes + blocks).items()):
        longer = sorted((u for u in where if u.casefold() != text.casefold()), key=len)
        found.append({"text": text, "areas": sorted(catalogue.area_of(text)), "in": longer[0] if longer else ""})
    for unit in blocks:
        if words := english_words(unit):
            found.append({"text": unit, "english": list(dict.fromkeys(words))})
    return found


def said(leftover: dict) -> str:
    """One leftover as a line of a failure's message."""
    if "english" in leftover:
        return f"{leftover['text']!r} (English: {', '.join(leftover['english'])})"
    where = f" in {leftover['in']!r}" if leftover["in"] else ""
    return f"{leftover['text']!r}{where} (catalogue: {', '.join(leftover['areas'])})"
