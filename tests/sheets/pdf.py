"""Reading a built PDF back: its pages' text (pypdf) and its first page as a picture (pdftoppm)."""
from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

from PIL import Image
from pypdf import PdfReader


def pages(pdf: bytes) -> list[str]:
    """Each page's text, with runs of white space made single spaces."""
    reader = PdfReader(io.BytesIO(pdf))
    return [re.sub(r"\s+", " ", page.extract_text() or "") for page in reader.pages]


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
    ``size`` points wide with a two-module quiet zone, differ from ``modules`` in the picture."""
    grey = image.convert("L")
    scale = dpi / 72
    unit = size / (len(modules) + 4)
    wrong = 0
    for r, row in enumerate(modules):
        for c, dark in enumerate(row):
            x = (left + (c + 2.5) * unit) * scale
            y = (top + (r + 2.5) * unit) * scale
            wrong += (grey.getpixel((int(x), int(y))) < 128) != dark
    return wrong
