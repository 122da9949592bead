"""The players list (each player's record) and a player's page (history, head-to-head).

Anyone may read them, visitors included; nothing here writes.
"""
from django.shortcuts import render
from django_tables2 import RequestConfig

from ginscore.matches.list_views import FilteredTableView
from ginscore.matches.tables import MatchTable
from ginscore.players import selectors
from ginscore.players.forms import PlayerSearchForm
from ginscore.players.tables import HeadToHeadTable, PartnerTable, PlayerRecordTable


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
    RequestConfig(request, paginate={"per_page": 20}).configure(history)
    head_to_head = HeadToHeadTable(summary.head_to_head, prefix="o-")
    RequestConfig(request, paginate=False).configure(head_to_head)
    partners = PartnerTable(list(summary.partners), prefix="t-")
    RequestConfig(request, paginate=False).configure(partners)
    return render(request, "players/detail.html", {
        "player": player, "record": summary.overall, "history": history, "head_to_head": head_to_head,
        "partners": partners,
    })
