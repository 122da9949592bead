"""``{% load money %}``: ``{{ amount|money:club }}`` (two places, grouped, the club's sign where the
reader's language puts it: "£1,500.00", "1 500,00 €"; ``amount_text`` for Python);
``{% money_on as money %}``; ``{% standings_prizes t %}`` (the prizes under the standings, only
when the club plays for money)."""
from django import template
from django.template.loader import render_to_string

from ginscore.club.formats import amount as amount_text
from ginscore.club.kept import Kept

from ginscore.seasons import selectors
from ginscore.seasons.models import Club
from ginscore.tournaments.selectors import BY_RESULTS

register = template.Library()

# The season slides a process drew, under everything they were drawn from (see season_version).
SLIDES = Kept(64, switch="GINSCORE_KEPT_PARTS")


@register.filter
def money(value, club=None) -> str:
    return amount_text(value, club.currency if isinstance(club, Club) else "")


@register.filter
def neg(value):
    """The opposite of an amount (what a player holds too much, written as a positive sum)."""
    return -value


@register.simple_tag
def money_on() -> bool:
    return selectors.money_on()


@register.inclusion_tag("seasons/_prizes.html")
def standings_prizes(t):
    club = Club.get()
    if not club.money:
        return {"show": False}
    money = selectors.night_money(t)
    return {"show": money.configured, "club": club, "money": money, "t": t}


@register.simple_tag
def season_slide(t) -> str:
    """The board's season page for ``t``: the table of the latest season it counts in, drawn again
    only when a result of one of the season's events or its rules moved; "" when there is none
    (or none of its events has finished)."""
    # Which season: looked up once per result of the event (a season made, changed or deleted moves
    # every event's results_revision), not at every drawing of the board after a hand.
    season = BY_RESULTS.get_or_make(("season of", t.pk, t.results_revision), lambda: selectors.season_of(t) or "")
    if not season:
        return ""
    events = selectors.season_tournaments(season)

    def draw():
        view = selectors.season_view(season, events)
        if not view.events:
            return ""
        return render_to_string("seasons/_board_season.html",
                                {"season": season, "table": selectors.season_rows(view)})
    return SLIDES.get_or_make(("slide", selectors.season_version(season, events)), draw)
