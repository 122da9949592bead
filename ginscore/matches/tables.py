"""django-tables2 tables of matches (the match list, a player's history).

Every column reads the caches on ``Match`` (rebuilt from the hands by the
services), so a page of matches costs the same queries however long they ran.
``value_*`` methods keep the CSV export plain.
"""
import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, pgettext

from ginscore.club.dates import when
from ginscore.matches.models import KIND_PARTNERSHIP, KIND_THREE

# Cell classes the site's table template and site.css understand: "wide" columns are left out
# on a phone, "lead" is a card's heading line, and a "row-link" stretches over its whole row.
WIDE = {"th": {"class": "wide"}, "td": {"class": "wide"}}
LEAD = {"th": {"class": "lead"}, "td": {"class": "lead"}}
ROW_LINK = {"a": {"class": "row-link"}}


class NumberColumn(tables.Column):
    """A right-aligned number; ``wide=True`` leaves it out on a phone."""

    def __init__(self, *args, wide: bool = False, **kwargs):
        cls = "num wide" if wide else "num"
        kwargs.setdefault("attrs", {"th": {"class": cls}, "td": {"class": cls}})
        super().__init__(*args, **kwargs)


class WhenColumn(tables.Column):
    """A date as the whole site writes it ("Sat 21 Nov 2026"); the CSV keeps the ISO day."""

    def render(self, value):
        return when(timezone.localdate(value) if timezone.is_aware(value) else value)

    def value(self, value):
        return timezone.localdate(value).isoformat() if value else ""


class MatchTable(tables.Table):
    """Phone first: who, the score and the status lead; the date comes last.
    The CSV has the two players in columns of their own."""

    id = tables.Column(verbose_name="#", linkify=lambda record: reverse("matches:detail", args=[record.pk]),
                       attrs={**ROW_LINK, "th": {"class": "ref"}, "td": {"class": "ref"}})
    player_a = tables.Column(verbose_name=gettext_lazy("Player A"), visible=False)
    player_b = tables.Column(verbose_name=gettext_lazy("Player B"), visible=False)
    player_c = tables.Column(verbose_name=gettext_lazy("Player C"), visible=False, default="")
    player_d = tables.Column(verbose_name=gettext_lazy("Player D"), visible=False, default="")
    players = tables.Column(verbose_name=gettext_lazy("Players"), empty_values=(), order_by=("player_a__name", "player_b__name"),
                            exclude_from_export=True, attrs=LEAD)
    score = tables.Column(verbose_name=gettext_lazy("Score"), empty_values=(), orderable=False)
    complete = tables.Column(verbose_name=gettext_lazy("Status"))
    preset = tables.Column(verbose_name=gettext_lazy("Rules"))
    games = tables.Column(verbose_name=gettext_lazy("Games"), empty_values=(), orderable=False, attrs=WIDE)
    hand_count = NumberColumn(verbose_name=gettext_lazy("Hands"), wide=True)
    winner = tables.Column(verbose_name=gettext_lazy("Winner"), order_by="winner__name", default="")
    settlement = NumberColumn(verbose_name=gettext_lazy("Settlement"), empty_values=(), orderable=False, wide=True)
    created_at = WhenColumn(verbose_name=gettext_lazy("Date"))

    class Meta:
        sequence = ("id", "player_a", "player_b", "player_c", "player_d", "players", "score", "complete", "preset", "games", "hand_count",
                    "winner", "settlement", "created_at")
        order_by = ("-created_at",)
        attrs = {"class": "table matches cards"}

    def render_players(self, record):
        if record.kind == KIND_PARTNERSHIP:
            return format_html('{}<br><small class="muted">{} &amp; {} v {} &amp; {}</small>', record.title,
                               record.player_a, record.player_c, record.player_b, record.player_d)
        return record.title

    def render_preset(self, record):
        return str(record.get_preset_display())

    def value_preset(self, record):
        return record.preset

    def render_score(self, record):
        """The match score; for a match in play, the game in play's running score under it."""
        game = record.game_score_text
        if not game:
            return record.score_text
        return format_html('{}<br><small class="game-score">{}</small>', record.score_text, game)

    def value_score(self, record):
        return record.score_text.replace("–", "-")

    def render_games(self, record):
        return record.games_text

    def value_games(self, record):
        return record.games_text.replace("–", "-")

    def render_winner(self, record):
        return record.winner_text

    def value_winner(self, record):
        return record.winner_text

    def render_complete(self, value):
        return pgettext("match", "Finished") if value else pgettext("match", "In play")

    def value_complete(self, value):
        return "finished" if value else "in play"

    def render_settlement(self, record):
        if record.kind == KIND_THREE and record.complete:
            return gettext("by pairs")
        return record.settlement_points if record.complete else "—"

    def value_settlement(self, record):
        if record.kind == KIND_THREE:
            return ""  # three players settle by pairs (the match's page and record)
        return record.settlement_points if record.complete else ""
