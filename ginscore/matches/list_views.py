"""The match list: filters (player, status, rules, dates), sorting, pages, CSV.

Anyone may read it. The same filters choose the matches of a JSON download
of their records (``ginscore.matches.io_views.records_download``).
"""
from __future__ import annotations

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django_tables2 import SingleTableView
from django_tables2.export.views import ExportMixin

from ginscore.club.exports import EXPORT_FORMATS, SafeTableExport
from ginscore.club.paging import BoundedPaginator
from ginscore.matches.models import PRESET_CHOICES, Match
from ginscore.matches.tables import MatchTable
from ginscore.players.models import Player

STATUS_CHOICES = [("", pgettext_lazy("status", "Any")), ("in_play", pgettext_lazy("match", "In play")),
                  ("finished", pgettext_lazy("match", "Finished"))]


class MatchFilterForm(forms.Form):
    player = forms.ModelChoiceField(Player.objects.all(), required=False, label=gettext_lazy("Player"),
                                    empty_label=gettext_lazy("Anyone"))
    status = forms.ChoiceField(choices=STATUS_CHOICES, required=False, label=gettext_lazy("Status"))
    preset = forms.ChoiceField(label=gettext_lazy("Rules"), choices=[("", pgettext_lazy("rules", "Any"))] + PRESET_CHOICES,
                               required=False)
    date_from = forms.DateField(label=gettext_lazy("From"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(label=gettext_lazy("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self):
        data = super().clean()
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", _("The last day must not be before the first."))
            data.pop("date_from", None)  # the range is what is wrong: leave out both ends
        return data

    @property
    def active(self) -> bool:
        """Whether any filter is given (the page opens the filters then)."""
        return self.is_bound and any(self.data.get(name) for name in self.fields)

    def matches(self) -> QuerySet[Match]:
        """The matches the valid filters allow (a filter with an error is left out)."""
        self.is_valid()
        data = getattr(self, "cleaned_data", {})
        qs = Match.objects.all()
        if data.get("player"):
            qs = qs.for_player(data["player"])
        if data.get("status") == "in_play":
            qs = qs.in_play()
        elif data.get("status") == "finished":
            qs = qs.finished()
        if data.get("preset"):
            qs = qs.filter(preset=data["preset"])
        if data.get("date_from"):
            qs = qs.filter(created_at__date__gte=data["date_from"])
        if data.get("date_to"):
            qs = qs.filter(created_at__date__lte=data["date_to"])
        return qs


class FilteredTableView(ExportMixin, SingleTableView):
    """A table with a filter form from the query string: sorted, paged, ``?_export=csv``
    (or json; cells made safe for spreadsheets by ``ginscore.club.exports``).

    Subclasses set ``form_class`` and give ``rows(form)``, the rows the form lets through.
    """

    form_class: type[forms.Form]
    paginate_by = 25
    paginator_class = BoundedPaginator
    export_class = SafeTableExport
    export_formats = EXPORT_FORMATS

    def rows(self, form):
        raise NotImplementedError

    def get_queryset(self):
        self.form = self.form_class(self.request.GET or None)
        return self.rows(self.form)

    def get_context_data(self, **kwargs):
        return super().get_context_data(form=self.form, **kwargs)


class MatchListView(FilteredTableView):
    form_class = MatchFilterForm
    table_class = MatchTable
    template_name = "matches/list.html"
    export_name = "matches"

    def rows(self, form):
        return form.matches().with_players()
