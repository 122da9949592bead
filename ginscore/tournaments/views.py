"""Tournament pages. Reading is public (the round pages, bracket and standings
update themselves live, see ``ginscore.club.live``); only directors and club
admins set up and run an event."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_tables2 import RequestConfig

from ginscore.club.paging import BoundedPaginator
from ginscore.club.site import address_unknown
from ginscore.club.views import local_next
from ginscore.club.exports import SafeTableExport
from ginscore.club.kept import Kept
from ginscore.club.live import live_page
from ginscore.club.roles import is_director
from ginscore.tournaments import selectors, services
from ginscore.seasons.selectors import money_text
from ginscore.tournaments.forms import CopyForm, EntriesForm, LateEntryForm, TournamentForm
from ginscore.tournaments.models import STATUS_RUNNING, STATUS_SETUP, Entry, TournamentMatch
from ginscore.tournaments.room_forms import SignUpForm
from ginscore.tournaments.tables import TournamentTable, standings_table


def _director_only(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not is_director(request.user):
        raise PermissionDenied(_("Only directors and club admins run tournaments."))
    return None


def refusal_text(error: Exception) -> str:
    """A service's refusal as a sentence for the page ("field: reason" without the field)."""
    text = str(error).split(": ", 1)[-1]
    return text[:1].upper() + text[1:]


def _context(request, t, *, names=None, **extra):
    names = names or selectors.Names.of(t)
    rounds = selectors.round_keys(t) if t.status != STATUS_SETUP else []
    tabs = [{"stage": stage, "number": number, "name": names.play_round(stage, number)} for stage, number in rounds]
    return {"t": t, "can_direct": is_director(request.user), "round_tabs": tabs,
            "live": t.status == STATUS_RUNNING, **extra}


def tournament_list(request):
    table = TournamentTable(selectors.tournament_list())
    RequestConfig(request, paginate={"per_page": 25, "paginator_class": BoundedPaginator}).configure(table)
    return render(request, "tournaments/list.html", {"table": table, "can_direct": is_director(request.user)})


def tournament_new(request):
    if denied := _director_only(request):
        return denied
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        t = services.tournament_create(created_by=request.user, **form.options())
        messages.success(request, _("%(tournament)s created. Now add the players.") % {"tournament": t})
        return redirect(t)
    return render(request, "tournaments/form.html", {"form": form})


def tournament_edit(request, pk):
    if denied := _director_only(request):
        return denied
    t = selectors.tournament_get(pk)
    form = TournamentForm(request.POST or None, initial=TournamentForm.initial_from(t))
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_update(tournament=t, **form.options())
            messages.success(request, _("Settings saved."))
        except services.TournamentRefused as e:
            messages.error(request, refusal_text(e))
        return redirect(t)
    return render(request, "tournaments/form.html", {"form": form, "t": t})


def tournament_detail(request, pk):
    t = selectors.tournament_get(pk)
    entries = selectors.tournament_entries(t)
    ctx = _context(request, t, entries=entries, tiebreaks=selectors.tiebreak_names(t),
                   rule_changes=selectors.rule_changes(t), **_sign_up_context(request, t, entries))
    player = getattr(request.user, "player", None) if request.user.is_authenticated else None
    ctx["mine"] = player is not None and t.status != STATUS_SETUP and any(
        player.pk in (e.player_id, e.partner_id) for e in entries)
    if ctx["can_direct"]:
        ctx["entries_form"] = EntriesForm(initial={"names": "\n".join(selectors.entry_line(e) for e in entries)},
                                          doubles=t.doubles)
        ctx["late_form"] = LateEntryForm()
        ctx["copy_form"] = CopyForm(initial={"name": t.name})
    return render(request, "tournaments/detail.html", ctx)


def _sign_up_context(request, t, entries) -> dict:
    """The sign-up card of an event in set-up: the list (a place or waiting), whether it is open,
    the fee (money on), and the viewer's own state: entered, signed up, or the button."""
    if t.status != STATUS_SETUP:
        return {}
    lines = services.sign_up_lines(t)
    if not t.sign_up and not lines:
        return {}
    player = getattr(request.user, "player", None) if request.user.is_authenticated else None
    own_entry = next((e for e in entries if player is not None and player.pk in (e.player_id, e.partner_id)), None)
    own_line = next((line for line in lines if player is not None
                     and player.pk in (line.sign_up.player_id, line.sign_up.partner_id)), None)
    return {"sign_up": {"lines": lines, "open": services.sign_up_open(t), "player": player, "entry": own_entry,
                        "line": own_line, "held": sum(1 for line in lines if line.place),
                        "free": None if t.sign_up_cap is None else max(0, t.sign_up_cap - len(
                            [e for e in entries if not e.withdrawn]) - len(lines)),
                        "fee": money_text(t.entry_fee),
                        "form": SignUpForm(doubles=t.doubles)}}


def form_refusal(form) -> str:
    """A refused form's errors in one line, each after the name of its field ("Places: ..."); an
    error about the form as a whole (two fields together) is said alone."""
    return " ".join(f"{form.fields[k].label}: {' '.join(v)}" if k in form.fields else " ".join(v)
                    for k, v in form.errors.items())


def safe_next(request) -> str | None:
    """The ``next`` address posted with an action, if it stays on this site; else None."""
    return local_next(request, request.POST.get("next", ""))


def _post_action(request, pk, action, done: str):
    """Runs a director's action; a refusal is shown as a message."""
    if denied := _director_only(request):
        return denied
    t = selectors.tournament_get(pk)
    try:
        text = action(t)
        messages.success(request, text if isinstance(text, str) else done)
    except services.NotCheckedIn as e:
        desk = reverse("tournaments:desk", args=[t.pk])
        messages.error(request, format_html(_("{refusal} Check in: {players}"), refusal=refusal_text(e), players=format_html_join(
            ", ", '<a href="{}#check-in-{}">{}</a>', ((desk, entry.pk, entry.name) for entry in e.entries))))
    except services.TournamentRefused as e:
        messages.error(request, refusal_text(e))
    return redirect(safe_next(request) or t.get_absolute_url())


@require_POST
def tournament_copy(request, pk):
    """Next week's event: a new event in set-up with this one's settings (and, if asked, its
    entries as sign-ups to confirm); the director lands on it."""
    if denied := _director_only(request):
        return denied
    t = selectors.tournament_get(pk)
    form = CopyForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_refusal(form))
        return redirect(t)
    try:
        new = services.tournament_copy(tournament=t, name=form.cleaned_data["name"],
                                       entries=form.cleaned_data["entries"], created_by=request.user)
    except services.TournamentRefused as e:
        messages.error(request, refusal_text(e))
        return redirect(t)
    messages.success(request, _("%(tournament)s is set up like %(old)s: check the settings, then open sign-up or "
                                "add the players.") % {"tournament": new, "old": t})
    return redirect(new)


@require_POST
def entries_save(request, pk):
    if denied := _director_only(request):
        return denied
    t = selectors.tournament_get(pk)
    form = EntriesForm(request.POST, doubles=t.doubles)
    if not form.is_valid():
        return render(request, "tournaments/detail.html", _context(
            request, t, entries=selectors.tournament_entries(t), entries_form=form,
            tiebreaks=selectors.tiebreak_names(t), rule_changes=selectors.rule_changes(t)))
    return _post_action(request, pk, lambda t: services.entries_set(tournament=t, names=form.cleaned_data["names"]),
                        _("Entries saved."))


@require_POST
def entry_late(request, pk):
    form = LateEntryForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the late entry's name."))
        return redirect("tournaments:detail", pk=pk)
    return _post_action(request, pk, lambda t: services.entry_add(tournament=t, name=form.cleaned_data["name"]),
                        _("%(name)s is entered.") % {"name": form.cleaned_data["name"]})


@require_POST
def tournament_start(request, pk):
    return _post_action(request, pk, lambda t: services.tournament_start(tournament=t),
                        _("The tournament has started: the first matches are at their tables."))


@require_http_methods(["GET", "POST"])
def entry_withdraw(request, pk, entry_pk):
    """GET: what withdrawing the player would do, and a button to confirm; POST: withdraw."""
    entry = get_object_or_404(Entry.objects.select_related("player", "partner"), pk=entry_pk, tournament_id=pk)
    if request.method != "POST":
        if denied := _director_only(request):
            return denied
        t = selectors.tournament_get(pk)
        return render(request, "tournaments/withdraw.html", _context(
            request, t, entry=entry, effects=services.withdrawal_effects(entry=entry)))
    return _post_action(request, pk, lambda t: services.entry_withdraw(entry=entry),
                        _("%(entry)s has withdrawn.") % {"entry": entry})


@require_http_methods(["GET", "POST"])
def entry_reinstate(request, pk, entry_pk):
    """GET: what reinstating the withdrawn player would take back (or what stops it), and a button
    to confirm; POST: reinstate."""
    entry = get_object_or_404(Entry.objects.select_related("player", "partner"), pk=entry_pk, tournament_id=pk)
    if request.method != "POST":
        if denied := _director_only(request):
            return denied
        t = selectors.tournament_get(pk)
        refusal, effects = services.reinstatement_check(entry=entry)
        return render(request, "tournaments/reinstate.html", _context(
            request, t, entry=entry, refusal=refusal, effects=effects))
    return _post_action(request, pk, lambda t: services.entry_reinstate(entry=entry),
                        _("%(entry)s is back in the tournament.") % {"entry": entry})


@require_POST
def tmatch_forfeit(request, pk, tmatch_pk, entry_pk):
    row = get_object_or_404(TournamentMatch, pk=tmatch_pk, tournament_id=pk)
    winner = get_object_or_404(Entry.objects.select_related("player", "partner"), pk=entry_pk, tournament_id=pk)
    return _post_action(request, pk, lambda t: services.tmatch_forfeit(tmatch=row, winner=winner),
                        _("Forfeit recorded: %(winner)s goes through.") % {"winner": winner})


@require_POST
def round_repair(request, pk):
    return _post_action(request, pk, lambda t: _("Round %(number)s paired again.") % {
        "number": services.round_repair(tournament=t)}, "")


@require_POST
def round_undo(request, pk):
    return _post_action(request, pk, lambda t: _("Round %(number)s taken back.") % {
        "number": services.round_undo(tournament=t)}, "")


ROUND_ROW = "tournaments/_round_row.html"
# The round pages' and the boards' lines this process drew, by what they were drawn from
# (selectors.round_line_versions): a hand at one table draws that line again, not the round
# (``bench/bench_kinds.py``, "round page, a hand saved since"; ``GINSCORE_ROUND_LINES=0`` draws every line).
ROUND_LINES = Kept(8192, switch="GINSCORE_ROUND_LINES")


def kept_lines(t, stage: int, number: int, template: str, context_of) -> list[str]:
    """The round's lines drawn with ``template`` (``context_of(t, rows, names)``: row id -> context).
    Each line is drawn once for what it shows and kept under that (``selectors.round_line_versions``):
    a hand saved at one table draws that table's line again, a result the lines it changed, not
    the whole round, and the lines kept are found without reading the rows."""
    names = selectors.names_version(t)
    keys = {row_id: (template, t.pk, names, version)
            for row_id, version in selectors.round_line_versions(t, stage, number)}

    def draw(missing):
        values = selectors.round_line_values(t, stage, number, ids=missing)
        return {row_id: render_to_string(template, context)
                for row_id, context in context_of(t, values, selectors.Names.of(t)).items()}

    return [mark_safe(html) for html in ROUND_LINES.many(keys, draw).values()]


def clock_shown(t, key, open_tables: int) -> bool:
    """The round clock is shown while the round it times (``key``: the round being played) is
    being played: not once every result of it is in, nor after the event."""
    return bool(t.clock_deadline and t.status == STATUS_RUNNING and key and open_tables
                and (t.clock_stage, t.clock_round) == tuple(key))


def _round_line_contexts(t, values, names) -> dict:
    return {row.pk: {"row": row, "t": t} for row in names.titled(selectors.round_line_rows(values))}


def _round_lines(request, t, stage, number, names, ctx) -> list[str]:
    """The round page's lines (``kept_lines``). The director's lines carry forms with their own
    tokens: always drawn."""
    if ctx["can_direct"] and ctx["live"]:
        rows = names.titled(selectors.round_rows(t, stage, number))
        return [render_to_string(ROUND_ROW, {**ctx, "row": row}, request) for row in rows]
    return kept_lines(t, stage, number, ROUND_ROW, _round_line_contexts)


@live_page(selectors.tournament_live_version, shared=True)
def round_detail(request, pk, stage, number):
    t = selectors.tournament_get(pk)
    names = selectors.Names.of(t)
    timed = t.clock_deadline and (t.clock_stage, t.clock_round) == (stage, number)
    now = selectors.board_round(t) if timed else {"key": None, "open": 0}   # (asked only of a timed round)
    ctx = _context(request, t, names=names, stage=stage, number=number, round_name=names.play_round(stage, number),
                   refresh=True, clock_on=clock_shown(t, now["key"] if now["key"] == (stage, number) else None,
                                                      now["open"]),
                   clock_name=names.play_round(stage, number))
    ctx["row_html"] = _round_lines(request, t, stage, number, names, ctx)
    # The table sheets' codes need the phones' address (only a director prints them).
    ctx["address_unknown"] = address_unknown(request) if ctx["can_direct"] else None
    if ctx["can_direct"]:
        ctx["wishes_unmet"] = services.wishes_unmet(t, stage, number)
    return render(request, "tournaments/round.html", ctx)


@live_page(selectors.tournament_live_version, shared=True)
def bracket(request, pk):
    t = selectors.tournament_get(pk)
    names = selectors.Names.of(t)
    return render(request, "tournaments/bracket.html", _context(
        request, t, names=names, sections=selectors.tournament_bracket(t, names=names), refresh=True))


@live_page(selectors.standings_live_version, shared=True)
def standings(request, pk):
    t = selectors.tournament_get(pk)
    table = standings_table(selectors.standings_kept(t), t)
    export = request.GET.get("_export")
    if SafeTableExport.is_valid_format(export):
        return SafeTableExport(export, table).response(f"standings-{t.pk}.{export}")
    return render(request, "tournaments/standings.html", _context(
        request, t, table=table.as_html(request), legend=selectors.standings_legend(t), refresh=True))
