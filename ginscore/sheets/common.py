"""What every sheet shares: fonts (registered once), paper sizes, styles, the rules in words.

The fonts are DejaVu Sans when the system has it (Debian's fonts-dejavu-core:
wide coverage, the spade sign), else the Bitstream Vera that ships inside
reportlab, so a sheet builds on any machine and names with accents print.
"""
from __future__ import annotations

import io
import os
from functools import lru_cache
from typing import Callable, Mapping

import reportlab
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

PAPERS = {"letter": letter, "a4": A4}
MARGIN = 36  # half an inch: inside every office printer's margin
INK = colors.black
RULE = colors.Color(0.35, 0.35, 0.35)
FAINT = colors.Color(0.6, 0.6, 0.6)
SHADE = colors.Color(0.92, 0.92, 0.92)

FONT = "Sheet"
BOLD = "Sheet-Bold"

_DEJAVU = "/usr/share/fonts/truetype/dejavu"
_VERA = os.path.join(os.path.dirname(reportlab.__file__), "fonts")


@lru_cache(maxsize=None)
def register_fonts() -> bool:
    """Registers FONT and BOLD once per process; True when the spade sign is available."""
    regular, bold = os.path.join(_DEJAVU, "DejaVuSans.ttf"), os.path.join(_DEJAVU, "DejaVuSans-Bold.ttf")
    dejavu = os.path.exists(regular) and os.path.exists(bold)
    if not dejavu:
        regular, bold = os.path.join(_VERA, "Vera.ttf"), os.path.join(_VERA, "VeraBd.ttf")
    pdfmetrics.registerFont(TTFont(FONT, regular))
    pdfmetrics.registerFont(TTFont(BOLD, bold))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
    return dejavu


def spade() -> str:
    """The spade sign, or an S where the font has none."""
    return "\u2660" if register_fonts() else "S"


SUITS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def card_text(card: str) -> str:
    """A card as the record writes it ("7S", "10H") with its suit sign where the font has them: 7\u2660."""
    if card and register_fonts() and card[-1].upper() in SUITS:
        return card[:-1].upper() + SUITS[card[-1].upper()]
    return card or ""


def page_size(paper: str, *, wide: bool = False) -> tuple[float, float]:
    """The page for ``paper`` ("letter" or "a4"), turned sideways when ``wide``."""
    try:
        size = PAPERS[paper]
    except KeyError:
        raise ValueError(f'paper: must be "letter" or "a4", not "{paper}"') from None
    return landscape(size) if wide else size


def style(size: float = 9, *, bold: bool = False, leading: float | None = None, **kw) -> ParagraphStyle:
    register_fonts()
    return ParagraphStyle(f"s{size}{bold}", fontName=BOLD if bold else FONT, fontSize=size,
                          leading=leading or size * 1.25, **kw)


def new_buffer() -> io.BytesIO:
    register_fonts()
    return io.BytesIO()


def yes(v) -> str:
    return "yes" if v else "no"


def rules_summary(rules: Mapping, *, match_target: bool = True) -> str:
    """The bonuses in one line, for a pad's footer and a sheet's header
    (without the match target for a match of a set number of games)."""
    parts = [f"{rules['preset'].capitalize()} rules"]
    if rules.get("oklahoma"):
        parts.append("knock limit = upcard (face 10, ace " +
                     ("gin only" if rules.get("oklahoma_ace") == "gin_only" else "1") + ")")
    else:
        parts.append(f"knock {rules['knock_limit']} or less" if rules["knock_limit"] else "gin only")
    parts.append(f"gin +{rules['gin_bonus']}")
    if rules.get("big_gin_bonus") is not None:
        parts.append(f"big gin +{rules['big_gin_bonus']}")
    parts.append(f"undercut +{rules['undercut_bonus']}")
    if rules.get("gin_off_bonus") is not None:
        parts.append(f"gin off +{rules['gin_off_bonus']}")
    if rules.get("hand_bonus"):
        parts.append(f"every hand +{rules['hand_bonus']}")
    if rules.get("spade_double"):
        parts.append(f"{spade()} upcard doubles")
    parts.append(f"box {rules['box_bonus']}")
    parts.append(f"game to {rules['game_target']}, bonus {rules['game_bonus']}")
    shutout = rules.get("shutout", "add")
    if shutout == "add":
        parts.append(f"shutout +{rules['shutout_bonus']}")
    elif shutout == "double":
        parts.append("shutout doubles")
    if rules.get("columns", 1) > 1:
        parts.append(f"{rules['columns']} games at once")
    if match_target:
        parts.append(f"match to {rules['match_target']}")
    return " \u00b7 ".join(parts)


def rules_rows(rules: Mapping) -> list[tuple[str, str]]:
    """Every rule as (name, value) for a sheet's rules box."""
    out = []
    for key, value in rules.items():
        if isinstance(value, bool):
            value = yes(value)
        elif value is None:
            value = "off"
        out.append((key.replace("_", " "), str(value)))
    return out


def fit(c: Canvas, text: str, font: str, size: float, width: float) -> str:
    """``text`` cut short to fit ``width`` points."""
    while text and c.stringWidth(text, font, size) > width:
        text = text[:-1]
    return text


def draw_text(c: Canvas, x: float, y: float, text: str, *, size: float = 8, bold: bool = False,
          align: str = "left", color=INK) -> None:
    c.setFillColor(color)
    c.setFont(BOLD if bold else FONT, size)
    {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align](x, y, text)
    c.setFillColor(INK)


def numbered_canvas(draw: Callable[[Canvas, int, int], None]) -> type[Canvas]:
    """A canvas class for ``doc.build(..., canvasmaker=...)`` that calls ``draw(canvas, n, pages)``
    on every page once the number of pages is known (reportlab's own recipe: the pages are
    held back until ``save``), so a footer can say "page 2 of 5"."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._held = []

        def showPage(self):
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            for n, state in enumerate(self._held, 1):
                self.__dict__.update(state)
                self.saveState()
                draw(self, n, len(self._held))
                self.restoreState()
                Canvas.showPage(self)
            Canvas.save(self)

    return NumberedCanvas
