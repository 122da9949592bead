"""The players list (each player's record) and a player's page (history, head-to-head).

Anyone may read them, visitors included; nothing here writes.
"""
from django.conf import settings
from django.shortcuts import render
from django_tables2 import RequestConfig

from ginscore.club.paging import BoundedPaginator
from ginscore.matches.list_views import FilteredTableView
from ginscore.matches.tables import MatchTable
from ginscore.players import selectors
from ginscore.players.forms import PlayerSearchForm
from ginscore.players.tables import HeadToHeadTable, PartnerTable, PlayerRecordTable
from ginscore.ratings import selectors as ratings_selectors
from ginscore.ratings.chart import rating_chart


class PlayerListView(FilteredTableView):
    """Every player's record: sortable, paginated, ``?_export=csv`` for the whole (searched) list."""

    form_class = PlayerSearchForm
    table_class = PlayerRecordTable
    template_name = "players/list.html"
    export_name = "players"

    def rows(self, form):
        records = selectors.player_records()
        if form.is_valid() and form.cleaned_data["q"]:
            q = form.cleaned_data["q"].casefold()
            records = [r for r in records if q in r.player.name.casefold()]
        return records


def player_detail(request, pk):
    player = selectors.player_get(pk)
    summary = selectors.player_summary(player)
    history = MatchTable(selectors.player_matches(player), prefix="m-")
    RequestConfig(request, paginate={"per_page": 20, "paginator_class": BoundedPaginator}).configure(history)
    head_to_head = HeadToHeadTable(summary.head_to_head, prefix="o-")
    RequestConfig(request, paginate=False).configure(head_to_head)
    partners = PartnerTable(list(summary.partners), prefix="t-")
    RequestConfig(request, paginate=False).configure(partners)
    return render(request, "players/detail.html", {
        "player": player, "record": summary.overall, "history": history, "head_to_head": head_to_head,
        "partners": partners, **player_rating(player, request.user),
    })


def player_rating(player, user) -> dict:
    """The rating part of a player's page: the rating now, its chart and last changes (none when the
    player hides it from ``user``), and whether ``user`` is the player (who may hide it)."""
    club = ratings_selectors.club_ratings()
    mine = ratings_selectors.player_ratings(club, player.pk, user)
    chart = rating_chart([(p.finished_at, p.rating) for p in mine.points], player.name) if mine.shown else ""
    return {"rating": mine, "rating_chart": chart, "ratings_behind": club.behind,
            "own_player": user.is_authenticated and player.user_id == user.pk,
            "records_members_only": settings.GINSCORE_RECORDS_MEMBERS_ONLY}
