"""django-tables2 tables: the tournament list and the standings (a list of
dicts from the engine's standings; CSV export through ``TableExport``)."""
import django_tables2 as tables
from django.urls import reverse

from ginscore.matches.tables import NumberColumn


class TournamentTable(tables.Table):
    name = tables.Column(linkify=lambda record: reverse("tournaments:detail", args=[record.pk]))
    format = tables.Column()
    status = tables.Column()
    champion = tables.Column(default="")
    created_at = tables.DateColumn(verbose_name="Date", format="Y-m-d")

    class Meta:
        attrs = {"class": "table tournaments"}
        orderable = False

    def render_format(self, record):
        return record.get_format_display()

    def render_status(self, record):
        return record.get_status_display()


TIEBREAK_COLUMNS = ("buchholz", "median_buchholz", "sonneborn_berger")


class StandingsTable(tables.Table):
    rank = NumberColumn(verbose_name="#")
    player = tables.Column(linkify=lambda record: reverse("players:detail", args=[record["player_id"]]))
    group = NumberColumn(verbose_name="Group", default="")
    played = NumberColumn(verbose_name="Played")
    wins = NumberColumn(verbose_name="Won")
    losses = NumberColumn(verbose_name="Lost")
    byes = NumberColumn(verbose_name="Byes")
    points_for = NumberColumn(verbose_name="Points for")
    points_against = NumberColumn(verbose_name="Points against")
    net = NumberColumn(verbose_name="Net")
    buchholz = NumberColumn(verbose_name="Buchholz")
    median_buchholz = NumberColumn(verbose_name="Median Buchholz")
    sonneborn_berger = NumberColumn(verbose_name="Sonneborn-Berger")

    class Meta:
        attrs = {"class": "table standings"}
        orderable = False
        row_attrs = {"class": lambda record: "withdrawn" if record["withdrawn"] else ""}

    def render_player(self, value, record):
        return f"{value} (withdrawn)" if record["withdrawn"] else value

    def value_player(self, value):
        return value


def standings_table(rows, tournament) -> StandingsTable:
    exclude = [] if tournament.groups > 1 else ["group"]
    exclude += [c for c in TIEBREAK_COLUMNS if c not in tournament.tiebreaks]
    return StandingsTable(rows, exclude=exclude)
