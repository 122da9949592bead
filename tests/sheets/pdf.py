"""Reading a built PDF back: its pages' text (pdftotext), its pieces of text with their fonts and
places (pypdf) and its first page as a picture (pdftoppm)."""
from __future__ import annotations

import html
import io
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from pypdf import PdfReader


def pages(pdf: bytes) -> list[str]:
    """Each page's text in the order the page draws it, with runs of white space made single spaces.
    Read by poppler's pdftotext (``-raw``: the drawing's own order, as pypdf's ``extract_text``
    reads it, which gave the same text for every sheet of the suite at ten times the CPU)."""
    run = subprocess.run(["/usr/bin/pdftotext", "-raw", "-enc", "UTF-8", "-", "-"], input=pdf, capture_output=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr.decode()
    *texts, after = run.stdout.decode().split("\f")   # (each page ends with a form feed)
    assert after == "" and len(texts) == len(PdfReader(io.BytesIO(pdf)).pages), run.stdout[-200:]
    return [re.sub(r"\s+", " ", page).strip() for page in texts]


def text(pdf: bytes) -> str:
    return " ".join(pages(pdf))


def first_page_png(pdf: bytes, folder: Path, name: str = "sheet", dpi: int = 50) -> Image.Image:
    """Renders page 1 with Debian's pdftoppm; fails the test if it cannot."""
    src = folder / f"{name}.pdf"
    src.write_bytes(pdf)
    run = subprocess.run(["/usr/bin/pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile",
                          str(src), str(folder / name)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "Error" not in run.stderr, run.stderr
    image = Image.open(folder / f"{name}.png")
    image.load()
    return image


def ink(image: Image.Image) -> float:
    """The share of the page that is not white: a blank page is near 0."""
    grey = image.convert("L")
    dark = sum(grey.histogram()[:200])
    return dark / (grey.width * grey.height)


def qr_mismatches(image: Image.Image, modules: list[list[bool]], *, left: float, top: float, size: float,
                  dpi: int) -> int:
    """How many modules of a QR code drawn at (left, top) points from the page's top-left corner,
    ``size`` points wide with the standard quiet zone of four modules, differ from ``modules`` in the
    picture (the quiet zone counts too: any dark pixel there is wrong)."""
    grey = image.convert("L")
    scale = dpi / 72
    n = len(modules)
    unit = size / (n + 8)
    wrong = 0
    for r in range(-4, n + 4):
        for c in range(-4, n + 4):
            dark = 0 <= r < n and 0 <= c < n and modules[r][c]
            x = (left + (c + 4.5) * unit) * scale
            y = (top + (r + 4.5) * unit) * scale
            wrong += (grey.getpixel((int(x), int(y))) < 128) != dark
    return wrong


# Where the words sit: pdftotext -bbox (poppler-utils)

EDGE = 0.4 * 72  # printers cut what is nearer the paper's edge than 0.4 in


@dataclass(frozen=True)
class Word:
    page: int
    text: str
    x0: float
    y0: float  # from the top of the page, as pdftotext gives it
    x1: float
    y1: float


def words(pdf: bytes) -> tuple[list[tuple[float, float]], list[Word]]:
    """Each page's size and every word on every page with its box (points from the top-left corner)."""
    with tempfile.TemporaryDirectory() as folder:
        src = Path(folder) / "sheet.pdf"
        src.write_bytes(pdf)
        run = subprocess.run(["/usr/bin/pdftotext", "-bbox", str(src), "-"], capture_output=True, text=True,
                             timeout=120)
    assert run.returncode == 0, run.stderr
    sizes, found = [], []
    for m in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', run.stdout, re.S):
        sizes.append((float(m[1]), float(m[2])))
        for w in re.finditer(r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*?)</word>',
                             m[3]):
            found.append(Word(len(sizes), html.unescape(w[5]), float(w[1]), float(w[2]), float(w[3]), float(w[4])))
    return sizes, found


def _overlap(a: Word, b: Word) -> bool:
    """Two words print over each other: their boxes cross by more than a hair across and a third of
    the smaller height down (pdftotext's boxes run from the font's ascent to its descent, so lines
    set solid touch without overlapping on paper)."""
    across = min(a.x1, b.x1) - max(a.x0, b.x0)
    down = min(a.y1, b.y1) - max(a.y0, b.y0)
    return across > 0.5 and down > min(a.y1 - a.y0, b.y1 - b.y0) / 3


def layout_problems(pdf: bytes, *, edge: float = EDGE) -> list[str]:
    """Every pair of words that overlap and every word nearer than ``edge`` to the paper's edge, in words."""
    sizes, found = words(pdf)
    problems = []
    by_page: dict[int, list[Word]] = {}
    for w in found:
        by_page.setdefault(w.page, []).append(w)
        width, height = sizes[w.page - 1]
        if min(w.x0, w.y0, width - w.x1, height - w.y1) < edge - 0.01:
            problems.append(f"page {w.page}: {w.text!r} at ({w.x0:.0f}, {w.y0:.0f})-({w.x1:.0f}, {w.y1:.0f}) "
                            f"is nearer than {edge / 72:.2f} in to the edge")
    for page, ws in by_page.items():
        ws.sort(key=lambda w: w.y0)
        for i, a in enumerate(ws):
            for b in ws[i + 1:]:
                if b.y0 >= a.y1:
                    break
                if _overlap(a, b):
                    problems.append(f"page {page}: {a.text!r} and {b.text!r} overlap at ({a.x0:.0f}, {a.y0:.0f})")
    return problems


def sized_text(pdf: bytes) -> list[tuple[int, str, float]]:
    """Every piece of text as (page, text, size in points), read with pypdf from the page's own drawing."""
    from pypdf import PdfReader

    out: list[tuple[int, str, float]] = []
    for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages, 1):
        def seen(text, cm, tm, font, size, number=number):
            if text.strip():
                out.append((number, text.strip(), round(size * abs(tm[3]) * abs(cm[3]), 2)))
        page.extract_text(visitor_text=seen)
    return out


def bold_text(pdf: bytes) -> list[tuple[int, str]]:
    """Every piece of text set in a bold face, as (page, text)."""
    from pypdf import PdfReader

    out: list[tuple[int, str]] = []
    for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages, 1):
        def seen(text, cm, tm, font, size, number=number):
            if text.strip() and font and "Bold" in str(font.get("/BaseFont", "")):
                out.append((number, text.strip()))
        page.extract_text(visitor_text=seen)
    return out


def broken_words(pdf: bytes, names) -> list[str]:
    """Every word of ``names`` printed broken inside: a piece ends a line and the next line of the
    same cell goes on with the rest ("Christopher Alexander M" / "ontgomery-Worthington"). Lines
    may break at spaces and after a word's own hyphens only."""
    _, found = words(pdf)
    whole = {w for name in names for w in name.split()}
    by_page: dict[int, list[Word]] = {}
    for w in found:
        by_page.setdefault(w.page, []).append(w)
    problems = []
    for page, ws in by_page.items():
        for a in ws:
            head = a.text.lstrip("(\"'")
            starts = [n for n in whole if n != head and n.startswith(head) and not head.endswith("-")]
            if not starts:
                continue
            height = a.y1 - a.y0
            for b in ws:
                if not (0.5 * height < b.y0 - a.y0 < 2 * height and abs(b.x0 - a.x0) < 150):
                    continue
                if not b.text.strip(",.:;!?)»–—-"):
                    continue  # a sign alone (French sets "A :" apart) carries no rest of a word
                joined = head + b.text.rstrip(",.:;)")
                for n in starts:
                    if joined == n or n.startswith(joined):
                        problems.append(f"page {page}: {n!r} printed as {a.text!r} / {b.text!r} at "
                                        f"({a.x0:.0f}, {a.y0:.0f})")
    return problems


def cut_names(pdf: bytes, names) -> list[str]:
    """Every name of ``names`` (players' or teams') printed cut with an ellipsis: a word that ends in
    "…" where the words before it are the start of a name ("Peter O'Brie…", "Featherstoneha…")."""
    _, found = words(pdf)
    pieces = {w for name in names for w in name.split()}
    problems = []
    for w in found:
        if "\u2026" not in w.text:
            continue
        stem = w.text.split("\u2026")[0].lstrip("(\"'")
        if any(p.startswith(stem) for p in pieces):  # "Maximiliana…", "O'Brie…": a name stops there
            problems.append(f"page {w.page}: {w.text!r} cuts a name at ({w.x0:.0f}, {w.y0:.0f})")
    return problems


def printed_text(pdf: bytes) -> str:
    """The PDF's text with a name's line broken after its own hyphen joined again ("Saint-" / "Exupéry")."""
    return re.sub(r"(\w)- (?=\w)", r"\1-", text(pdf))


def sheet_problems(pdf: bytes, names, *, whole: bool = True) -> list[str]:
    """What a printed sheet must never do, in words: words over each other or nearer than 0.4 in to the
    paper's edge, a name cut with "…", a name's word broken inside; and (``whole``) a name of ``names``
    missing from the text (each prints whole somewhere, wrapped between words at most)."""
    problems = layout_problems(pdf) + cut_names(pdf, names) + broken_words(pdf, names)
    if whole:
        got = printed_text(pdf)
        problems += [f"{name!r} is not printed whole" for name in names if name not in got]
    return problems


@dataclass(frozen=True)
class Placed:
    """One piece of text as the page draws it (one table cell's line): where it starts and ends
    across, its baseline from the top of the page, its size and whether it is bold."""
    page: int
    text: str
    x0: float
    x1: float
    y: float
    size: float
    bold: bool


def placed_text(pdf: bytes) -> list[Placed]:
    """Every piece of text with its position, read with pypdf from the page's own drawing (each cell
    of a table is its own piece, so a value that runs into the next column shows as two pieces that
    cross, where pdftotext would read one word). Widths are measured in the sheets' own fonts."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from ginscore.sheets.common import BOLD, FONT, register_fonts

    register_fonts()
    out: list[Placed] = []
    for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages, 1):
        height = float(page.mediabox.height)

        def seen(text, cm, tm, font, size, number=number, height=height):
            if not text.strip():
                return
            # the text matrix times the current transformation: where the piece starts on the page
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            scaled = size * abs(tm[0]) * abs(cm[0])
            bold = bool(font) and "Bold" in str(font.get("/BaseFont", ""))
            width = stringWidth(text, BOLD if bold else FONT, scaled)
            out.append(Placed(number, text.strip(), x, x + width, height - y, round(scaled, 2), bold))
        page.extract_text(visitor_text=seen)
    return out


def crossing_pieces(pdf: bytes) -> list[str]:
    """Every two pieces of text on one line that run into each other ("17" of Buchholz into "€127.00"
    of the prize beside it), in words."""
    problems = []
    by_line: dict[tuple[int, int], list[Placed]] = {}
    for p in placed_text(pdf):
        by_line.setdefault((p.page, round(p.y)), []).append(p)
    for (page, _y), pieces in by_line.items():
        pieces.sort(key=lambda p: p.x0)
        for a, b in zip(pieces, pieces[1:]):
            if b.x0 < a.x1 + 1:   # less than a point between them: read as one
                problems.append(f"page {page}: {a.text!r} runs into {b.text!r} at ({a.x0:.0f}, {a.y:.0f})")
    return problems
