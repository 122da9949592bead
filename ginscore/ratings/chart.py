"""A player's rating over time, drawn on the server as SVG (no script, no library, prints as is).

The x axis is time (each rated match at the moment it finished), the y axis the rating; the
start (1500) is a dashed line when it is in range. The SVG scales to its box (``viewBox``), so
one drawing serves a phone and a desk.
"""
from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import ngettext

from ginscore.engine.ratings import START
from ginscore.ratings.templatetags.ratings import rating_number

WIDTH, HEIGHT = 400, 220   # a phone shows it near 1:1 (labels stay readable); a desk scales it up
LEFT, RIGHT, TOP, BOTTOM = 54, 10, 10, 30


def _nice_step(span: float) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500):
        if span / step <= 5:
            return step
    return 1000


def rating_chart(points: list[tuple[datetime, float]], name: str = "") -> SafeString:
    """The SVG of ``points`` ((when, rating after), in time order); "" with no point."""
    if not points:
        return mark_safe("")
    start = points[0][0]
    # The line starts at 1500 just before the first match.
    series = [(start, START)] + list(points)
    t0, t1 = series[0][0].timestamp(), series[-1][0].timestamp()
    by_time = t1 - t0 >= 3600   # else (one evening's matches) one step a match
    ratings = [r for _, r in series]
    low, high = min(ratings), max(ratings)
    step = _nice_step(max(high - low, 10))
    low = (int(low // step)) * step
    high = (int(-(-high // step))) * step
    if high == low:
        high = low + step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    xs = [LEFT + ((t.timestamp() - t0) / (t1 - t0) if by_time else i / (len(series) - 1)) * plot_w
          for i, (t, _) in enumerate(series)]

    def y(r: float) -> float:
        return TOP + (high - r) / (high - low) * plot_h

    label = ngettext("%(name)s's rating over time: %(count)s rated match, from %(start)s to %(now)s",
                     "%(name)s's rating over time: %(count)s rated matches, from %(start)s to %(now)s",
                     len(points)) % {"name": name, "count": len(points),
                                     "start": rating_number(START, 0), "now": rating_number(points[-1][1])}
    parts = [f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-label="{escape(label)}" preserveAspectRatio="xMidYMid meet">']
    value = low
    while value <= high + 1e-9:
        gy = y(value)
        parts.append(f'<line class="grid" x1="{LEFT}" y1="{gy:.1f}" x2="{WIDTH - RIGHT}" y2="{gy:.1f}"/>'
                     f'<text class="axis" x="{LEFT - 6}" y="{gy + 4:.1f}" text-anchor="end">'
                     f'{rating_number(value, 0)}</text>')
        value += step
    if low < START < high:
        parts.append(f'<line class="start" x1="{LEFT}" y1="{y(START):.1f}" x2="{WIDTH - RIGHT}" y2="{y(START):.1f}"/>')
    for (t, _), px, anchor in ((series[0], xs[0], "start"), (series[-1], xs[-1], "end")):
        day = date_format(timezone.localtime(t) if timezone.is_aware(t) else t, gettext("j M Y"))
        parts.append(f'<text class="axis" x="{px:.1f}" y="{HEIGHT - 8}" text-anchor="{anchor}">{day}</text>')
    line = " ".join(f"{px:.1f},{y(r):.1f}" for px, (_, r) in zip(xs, series))
    parts.append(f'<polyline class="line" points="{line}"/>')
    parts.append(f'<circle class="now" cx="{xs[-1]:.1f}" cy="{y(series[-1][1]):.1f}" r="3.5"/>')
    parts.append("</svg>")
    return mark_safe("".join(parts))
