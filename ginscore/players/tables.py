"""django-tables2 tables of players' records (the players list, head-to-head).

The rows are ``ginscore.players.selectors.Tally`` values (not a queryset):
django-tables2 sorts and pages them in Python.
"""
import django_tables2 as tables
from django.urls import reverse

from ginscore.matches.tables import ROW_LINK, NumberColumn


def _player_url(record):
    return reverse("players:detail", args=[record.player.pk])


class PlayerRecordTable(tables.Table):
    name = tables.Column(verbose_name="Player", accessor="player__name", linkify=_player_url,
                         attrs=ROW_LINK)
    matches = NumberColumn(verbose_name="Matches")
    won = NumberColumn(verbose_name="Won")
    lost = NumberColumn(verbose_name="Lost")
    games_won = NumberColumn(verbose_name="Games won", wide=True)
    games_lost = NumberColumn(verbose_name="Games lost", wide=True)
    hands = NumberColumn(verbose_name="Hands", wide=True)
    hands_won = NumberColumn(verbose_name="Hands won", wide=True)
    gins = NumberColumn(verbose_name="Gins", wide=True)
    undercuts = NumberColumn(verbose_name="Undercuts", wide=True)
    net = NumberColumn(verbose_name="Net points")

    class Meta:
        attrs = {"class": "table players"}
        order_by = ("name",)


class HeadToHeadTable(PlayerRecordTable):
    """One row per opponent; the numbers are the page's player's, against that opponent."""

    name = tables.Column(verbose_name="Opponent", accessor="player__name", linkify=_player_url,
                         attrs=ROW_LINK)

    class Meta(PlayerRecordTable.Meta):
        attrs = {"class": "table head-to-head"}
        order_by = ("-matches", "name")


class PartnerTable(PlayerRecordTable):
    """Partnerships: one row per partner, the team's record (hands, gins: both partners')."""

    name = tables.Column(verbose_name="Partner", accessor="player__name", linkify=_player_url,
                         attrs=ROW_LINK)
    team = tables.Column(verbose_name="Team", orderable=False)

    class Meta(PlayerRecordTable.Meta):
        attrs = {"class": "table partners"}
        order_by = ("-matches", "name")
        sequence = ("name", "team", "...")
