"""django-tables2 tables of players' records (the players list, head-to-head).

The rows are ``ginscore.players.selectors.Tally`` values (not a queryset):
django-tables2 sorts and pages them in Python.
"""
import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ginscore.matches.tables import ROW_LINK, NumberColumn


def _player_url(record):
    return reverse("players:detail", args=[record.player.pk])


class CountColumn(NumberColumn):
    """A count that can pass 1,000 (hands, net points): grouped the reader's way on the page
    ("1,500", "1 500"); the export keeps the plain number."""

    def render(self, value):
        return number_format(value, force_grouping=True)

    def value(self, value):
        return value


class PlayerRecordTable(tables.Table):
    name = tables.Column(verbose_name=_("Player"), accessor="player__name", linkify=_player_url,
                         attrs=ROW_LINK)
    matches = CountColumn(verbose_name=pgettext_lazy("match", "Matches"))
    won = CountColumn(verbose_name=pgettext_lazy("matches", "Won"))
    lost = CountColumn(verbose_name=pgettext_lazy("matches", "Lost"))
    games_won = CountColumn(verbose_name=pgettext_lazy("game", "Games won"), wide=True)
    games_lost = CountColumn(verbose_name=pgettext_lazy("game", "Games lost"), wide=True)
    hands = CountColumn(verbose_name=pgettext_lazy("hand", "Hands"), wide=True)
    hands_won = CountColumn(verbose_name=pgettext_lazy("hand", "Hands won"), wide=True)
    gins = CountColumn(verbose_name=_("Gins"), wide=True)
    undercuts = CountColumn(verbose_name=_("Undercuts"), wide=True)
    net = CountColumn(verbose_name=_("Net points"))

    class Meta:
        attrs = {"class": "table players"}
        order_by = ("name",)


class HeadToHeadTable(PlayerRecordTable):
    """One row per opponent; the numbers are the page's player's, against that opponent."""

    name = tables.Column(verbose_name=_("Opponent"), accessor="player__name", linkify=_player_url,
                         attrs=ROW_LINK)

    class Meta(PlayerRecordTable.Meta):
        attrs = {"class": "table head-to-head"}
        order_by = ("-matches", "name")


class PartnerTable(PlayerRecordTable):
    """Partnerships: one row per partner, the team's record (hands, gins: both partners')."""

    name = tables.Column(verbose_name=_("Partner"), accessor="player__name", linkify=_player_url,
                         attrs=ROW_LINK)
    team = tables.Column(verbose_name=_("Team"), orderable=False)

    class Meta(PlayerRecordTable.Meta):
        attrs = {"class": "table partners"}
        order_by = ("-matches", "name")
        sequence = ("name", "team", "...")
