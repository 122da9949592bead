#!/usr/bin/env python3
"""What is still English on the French pages, by area: runs the French browser crawl
(tests/browser/test_french_crawl.py) in its listing mode (GINSCORE_LEFTOVERS: every page, every
leftover, nothing stops) and writes each leftover once, under the area whose code draws it (found
in the templates, Python and JavaScript; else the page's area), with the pages it shows on.

    scripts/french_leftovers.py                     crawl, then the list on standard output
    scripts/french_leftovers.py -o leftovers.md     ... into a file
    scripts/french_leftovers.py --read crawl.jsonl  the list from a crawl already run
    scripts/french_leftovers.py -k "pad or board"   crawl only some pages (pytest's -k)
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AREAS = ["engine", "matches", "js", "tournaments", "sheets", "people", "club"]
APP_AREA = {"engine": "engine", "matches": "matches", "tournaments": "tournaments", "sheets": "sheets",
            "players": "people", "ratings": "people", "seasons": "people", "club": "club"}


def crawl(select: str | None) -> tuple[Path, str, float]:
    out = Path(tempfile.mkstemp(prefix="french-crawl-", suffix=".jsonl")[1])
    command = [str(ROOT / ".venv/bin/python"), "-m", "pytest", "tests/browser/test_french_crawl.py",
               "-p", "no:cacheprovider"] + (["-k", select] if select else [])
    started = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, env={**os.environ, "GINSCORE_LEFTOVERS": str(out)},
                          capture_output=True, text=True)
    summary = next((line.strip(" =") for line in reversed(done.stdout.splitlines())
                    if re.search(r"\d+ (passed|failed|xfailed|error)", line)), "no summary")
    return out, summary, time.monotonic() - started


def sources() -> dict[Path, str]:
    files = [*ROOT.glob("ginscore/**/templates/**/*.html"), *ROOT.glob("ginscore/**/*.py"),
             *ROOT.glob("static/ginscore/*.js")]
    return {f: f.read_text(encoding="utf-8", errors="replace") for f in files
            if "migrations" not in f.parts and "locale" not in f.parts}


def area_of_file(path: Path) -> str:
    rel = path.relative_to(ROOT).parts
    if rel[0] == "static":
        return "js"
    return APP_AREA.get(rel[1], "club")


def chunks(text: str) -> list[str]:
    """The pieces of a shown text that its source holds as written (no data, numbers, marks)."""
    pieces = re.split(r"[·0-9–−+×()\"“”…:;?!,.]+", text)
    pieces = [" ".join(p.split()) for p in pieces]
    return sorted((p for p in pieces if re.search(r"[^\W\d_]{2}", p)), key=len, reverse=True)


def where(text: str, files: dict[Path, str], area: str = "") -> list[Path]:
    """The files most likely to draw ``text``: those holding most of its three-word pieces (as
    whole words); of those, the page's ``area``'s first, then templates, Python, scripts."""
    windows = set()
    for piece in chunks(text):
        words = piece.split()
        windows |= {" ".join(words[i:i + 3]) for i in range(max(1, len(words) - 2))}
    windows = {w for w in windows if len(w) >= 4}
    bounded = {w: re.compile(r"(?<!\w)" + re.escape(w) + r"(?!\w)") for w in windows}
    scores = {f: sum(len(w) for w in windows if w in body and bounded[w].search(body)) for f, body in files.items()}
    best = max(scores.values(), default=0)
    if not best:
        return []
    kind = {".html": 0, ".py": 1, ".js": 2}
    return sorted((f for f, n in scores.items() if n == best),
                  key=lambda f: (area_of_file(f) != area, kind.get(f.suffix, 3), str(f)))


def attributed(rows: list[dict]) -> dict[str, dict]:
    """Each leftover text once: its first record, the pages (and contexts) it shows on, its areas
    and the files that likely draw it."""
    files = sources()
    seen: dict[str, dict] = {}
    for row in rows:
        for left in row["leftovers"]:
            item = seen.setdefault(left["text"], {"left": left, "pages": defaultdict(set)})
            item["pages"][row["page"]].add(f"{row['role']}/{row['size']}")
            item.setdefault("page_area", row["area"])
    for text, item in seen.items():
        shown = item["left"].get("in") or text   # what the page shows, not the catalogue text it holds
        item["found"] = found = where(shown, files, item["page_area"]) if not text.startswith("<html") else []
        item["areas"] = [area_of_file(f) for f in found[:1]] or [item["page_area"]]
    return seen


def still_english(rows: list[dict]) -> str:
    """The crawl's STILL_ENGLISH: each page with leftovers -> the areas they belong to."""
    pages: dict[str, set[str]] = defaultdict(set)
    for item in attributed(rows).values():
        for page in item["pages"]:
            pages[page] |= set(item["areas"][:1])
    lines = [f'    "{page}": "{", ".join(sorted(areas))}",' for page, areas in sorted(pages.items())]
    return "STILL_ENGLISH = {\n" + "\n".join(lines) + "\n}"


def report(rows: list[dict], summary: str = "", seconds: float | None = None) -> str:
    seen = attributed(rows)
    by_area: dict[str, list[str]] = defaultdict(list)
    for text, item in seen.items():
        left, found, areas = item["left"], item["found"], item["areas"]
        pages = []
        for page, who in sorted(item["pages"].items()):
            pages.append(page if len(who) == 6 else f"{page} ({', '.join(sorted(who))})")
        shown = f"`{text}`" + (f" in `{left['in']}`" if left.get("in") else "")
        src = ", ".join(str(f.relative_to(ROOT)) for f in found[:3]) + (" ..." if len(found) > 3 else "")
        line = f"- {shown} — {', '.join(pages[:6])}{' ...' if len(pages) > 6 else ''}" + (
            f" — {src}" if src else " — (not found in the code: the page's area)")
        for area in areas[:1]:
            by_area[area].append(line)
    pages_left = sorted({r["page"] for r in rows if r["leftovers"]})
    expected = set(re.findall(r'^    "([^"]+)": "', (ROOT / "tests/browser/test_french_crawl.py").read_text(
        encoding="utf-8").split("STILL_ENGLISH", 1)[-1].split("\n}", 1)[0], re.M))
    head = [f"# French leftovers ({time.strftime('%H:%M', time.gmtime())} UTC, at commit "
            f"{subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], cwd=ROOT, capture_output=True, text=True).stdout.strip()})",
            "",
            "What the French browser crawl (tests/browser/test_french_crawl.py) still finds in English, "
            "each text once, under the area whose code holds it (else the page's area), with the pages it shows on (all six role/size contexts unless said). "
            "Rerun: `scripts/french_leftovers.py` (or the crawl: "
            "`.venv/bin/python -m pytest tests/browser/test_french_crawl.py -k PAGE`).",
            "",
            "Two checks (tests/browser/french.py): a catalogue's English (a msgid whose French differs, or is "
            "empty or fuzzy) found on the page, and any text holding a common English word (its STOP list). "
            "Names and other data are taken out first (·). Hidden text counts (it shows on a tap), so do "
            "attributes people read (title, placeholder, aria-label, alt, button values). A quotation kept in "
            "English on purpose (a rule book's words) is no leftover when its element says so: `lang=\"en\"`; "
            "an address or code: `translate=\"no\"` or `<code>`; a value typed as the machine writes it: in "
            "straight quotes (`\"add\"`).",
            "",
            "The crawl is on main: before merging a change to pages, run it on them "
            "(`.venv/bin/python -m pytest tests/browser/test_french_crawl.py -k \"pad or hand-form\"`; "
            "`--co -q` lists the pages); a page not in its STILL_ENGLISH fails on any English. A new URL name "
            "must be in the crawl's PAGES (a page) or NOT_PAGES (a file, a POST, a redirect) or "
            "test_the_crawl_knows_every_page_of_the_url_confs fails.",
            "",
            f"Pages with leftovers: {len(pages_left)} of {len({r['page'] for r in rows})}: {', '.join(pages_left)}.",
            "",
            f"Failing the crawl (not in its STILL_ENGLISH): {', '.join(sorted(set(pages_left) - expected)) or 'none'}. "
            f"French now (to drop from STILL_ENGLISH): "
            f"{', '.join(sorted(expected & {r['page'] for r in rows} - set(pages_left))) or 'none'}."]
    if summary or seconds:
        head.append(f"Crawl: {summary} in {seconds:.0f} s." if seconds else f"Crawl: {summary}.")
    out = head + [""]
    for area in AREAS + sorted(set(by_area) - set(AREAS)):
        lines = by_area.get(area, [])
        out += [f"## {area} ({len(lines)})", ""] + (sorted(lines) or ["Nothing left."]) + [""]
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-o", "--out", help="write the list here (default: standard output)")
    parser.add_argument("--read", help="a crawl's JSON lines, already written (GINSCORE_LEFTOVERS)")
    parser.add_argument("-k", dest="select", help="only the pages pytest's -k selects")
    parser.add_argument("--xfail", action="store_true", help="print the crawl's STILL_ENGLISH for these leftovers")
    args = parser.parse_args()
    summary, seconds = "", None
    if args.read:
        path = Path(args.read)
    else:
        path, summary, seconds = crawl(args.select)
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not rows:
        sys.exit(f"the crawl listed no page ({summary})")
    text = still_english(rows) if args.xfail else report(rows, summary, seconds)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    else:
        print(text)


if __name__ == "__main__":
    main()
