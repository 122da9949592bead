"""django-tables2 tables: the tournament list and the standings (a list of
dicts from the engine's standings; CSV export through ``TableExport``)."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ginscore.matches.tables import LEAD, ROW_LINK, NumberColumn, WhenColumn


class TournamentTable(tables.Table):
    name = tables.Column(linkify=lambda record: reverse("tournaments:detail", args=[record.pk]),
                         attrs={**ROW_LINK, **LEAD}, verbose_name=_("Name"))
    format = tables.Column(verbose_name=_("Format"))
    status = tables.Column(verbose_name=_("Status"))
    champion = tables.Column(accessor="champion_name", default="", verbose_name=_("Champion"))
    created_at = WhenColumn(verbose_name=_("Date"))

    class Meta:
        attrs = {"class": "table tournaments cards"}
        orderable = False

    def render_format(self, record):
        return record.get_format_display()

    def render_status(self, record):
        return record.get_status_display()


TIEBREAK_COLUMNS = ("buchholz", "median_buchholz", "sonneborn_berger")


class StandingsTable(tables.Table):
    rank = NumberColumn(verbose_name="#")
    player = tables.Column(linkify=lambda record: reverse("players:detail", args=[record["player_id"]]),
                           attrs=ROW_LINK, verbose_name=_("Player"))
    group = NumberColumn(verbose_name=_("Group"), default="", wide=True)
    played = NumberColumn(verbose_name=_("Played"), wide=True)
    wins = NumberColumn(verbose_name=_("Won"))
    losses = NumberColumn(verbose_name=_("Lost"))
    byes = NumberColumn(verbose_name=_("Byes"), wide=True)
    points_for = NumberColumn(verbose_name=_("Points for"), wide=True)
    points_against = NumberColumn(verbose_name=_("Points against"), wide=True)
    net = NumberColumn(verbose_name=_("Net"))
    buchholz = NumberColumn(verbose_name=_("Buchholz"), wide=True)
    median_buchholz = NumberColumn(verbose_name=_("Median Buchholz"), wide=True)
    sonneborn_berger = NumberColumn(verbose_name=_("Sonneborn-Berger"), wide=True)
    decided = tables.Column(verbose_name=_("Decided by"), attrs={"td": {"class": "decided"}})

    class Meta:
        attrs = {"class": "table standings"}
        orderable = False
        row_attrs = {"class": lambda record: "withdrawn" if record["withdrawn"] else ""}

    def cells_drawn_from(self, record):
        """A result moves a few players' figures but shifts the rank of many (a whole tied group):
        the rank and the rest of the row are kept apart (``row_cells``)."""
        return [(1, {"rank": record["rank"]}),
                (None, {name: value for name, value in record.items() if name != "rank"})]

    # Points can reach the thousands over a long event: grouped as the reader writes them (1,234 / 1 234);
    # the CSV keeps the plain figures.
    def render_points_for(self, value):
        return number_format(value, force_grouping=True)

    def render_points_against(self, value):
        return number_format(value, force_grouping=True)

    def render_net(self, value):
        return number_format(value, force_grouping=True)

    def value_points_for(self, value):
        return value

    def value_points_against(self, value):
        return value

    def value_net(self, value):
        return value

    def render_player(self, value, record):
        return gettext("%(name)s (withdrawn)") % {"name": value} if record["withdrawn"] else value

    def value_player(self, value):
        return value


class TeamStandingsTable(StandingsTable):
    """A doubles event's standings: one row a team (its page is the tournament's own)."""

    player = tables.Column(verbose_name=_("Team"), attrs=LEAD)


def standings_table(rows, tournament) -> StandingsTable:
    exclude = [] if tournament.groups > 1 else ["group"]
    exclude += [c for c in TIEBREAK_COLUMNS if c not in tournament.tiebreaks]
    return (TeamStandingsTable if tournament.doubles else StandingsTable)(rows, exclude=exclude)
