"""The players list (each player's record) and a player's page (history, head-to-head).

Anyone may read them, visitors included; nothing here writes.
"""
from django.shortcuts import render
from django_tables2 import RequestConfig, SingleTableView
from django_tables2.export.views import ExportMixin

from ginscore.matches.tables import MatchTable
from ginscore.players import selectors
from ginscore.players.forms import PlayerSearchForm
from ginscore.players.tables import HeadToHeadTable, PlayerRecordTable


class PlayerListView(ExportMixin, SingleTableView):
    """Sortable, paginated, ``?_export=csv`` for the whole (searched) list."""

    table_class = PlayerRecordTable
    template_name = "players/list.html"
    paginate_by = 25
    export_name = "players"

    def get_queryset(self):
        self.form = PlayerSearchForm(self.request.GET or None)
        records = selectors.player_records()
        if self.form.is_valid() and self.form.cleaned_data["q"]:
            q = self.form.cleaned_data["q"].casefold()
            records = [r for r in records if q in r.player.name.casefold()]
        return records

    def get_context_data(self, **kwargs):
        return super().get_context_data(form=self.form, **kwargs)


def player_detail(request, pk):
    player = selectors.player_get(pk)
    summary = selectors.player_summary(player)
    history = MatchTable(selectors.player_matches(player), prefix="m-")
    RequestConfig(request, paginate={"per_page": 20}).configure(history)
    head_to_head = HeadToHeadTable(summary.head_to_head, prefix="o-")
    RequestConfig(request, paginate=False).configure(head_to_head)
    return render(request, "players/detail.html", {
        "player": player, "record": summary.overall, "history": history, "head_to_head": head_to_head,
    })
