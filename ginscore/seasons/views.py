"""Season pages (public: the list, a season's table, its CSV and PDF) and the club's money
(directors only, and only when the club plays for money: the prize set-up with its live preview,
the treasurer's sheet for a night and for a season, payouts handed over and taken back)."""
from __future__ import annotations

import csv
import io
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.formats import sanitize_separators
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from ginscore.club.exports import cell_safe
from ginscore.club import setup
from ginscore.club.roles import is_club_admin, is_director
from ginscore.engine.errors import MoneyError
from ginscore.seasons import selectors, services, tasks
from ginscore.seasons.forms import ClubMoneyForm, PrizeForm, SeasonForm
from ginscore.seasons.models import PAYOUT_PAID, PAYOUT_RETURNED, Club
from ginscore.seasons.refusals import refusal_text
from ginscore.club.formats import amount as amount_text
from ginscore.sheets.money import build_season_money_sheet, build_treasurer_sheet
from ginscore.sheets.season import build_season_sheet
from ginscore.sheets.views import printed
from ginscore.tournaments.models import STATUS_SETUP, Entry, Tournament
from ginscore.tournaments.selectors import tournament_get
from ginscore.tournaments.views import _context as tournament_context   # the tabs every tournament page has


def _denied(request, check=is_director):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not check(request.user):
        raise PermissionDenied(_("Only club admins may do this.") if check is is_club_admin
                               else _("Only directors and club admins may do this."))
    return None


def csv_response(rows, name: str) -> HttpResponse:
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([cell_safe(v) for v in row])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def pdf_response(pdf: bytes, name: str) -> FileResponse:
    return FileResponse(io.BytesIO(pdf), filename=name, content_type="application/pdf")


# The club's setting


def club_money(request):
    if denied := _denied(request, is_club_admin):
        return denied
    club = Club.get()
    form = ClubMoneyForm(request.POST or None, initial={"money": club.money, "unit": club.unit,
                                                        "currency": club.currency})
    if request.method == "POST" and form.is_valid():
        try:
            services.club_money_set(**form.cleaned_data)
            messages.success(request, _("Money is on.") if form.cleaned_data["money"] else _("Money is off."))
            return redirect("money:club")
        except services.MoneyRefused as e:
            form.add_error(None, refusal_text(e))
    return render(request, "seasons/club_money.html", {"form": form})


# A tournament's prize


def prize(request, pk):
    if denied := _denied(request):
        return denied
    club = selectors.money_or_404()
    t = tournament_get(pk)
    current = selectors.prize_of(t)
    frozen = t.status != STATUS_SETUP
    form = PrizeForm(None if frozen else (request.POST or None), initial=PrizeForm.initial_from(current))
    if request.method == "POST" and not frozen and form.is_valid():
        data = {k: v for k, v in form.cleaned_data.items() if k != "rules"}
        try:
            services.prize_set(tournament=t, **data)
            messages.success(request, _("Prize rules saved."))
            return redirect("money:prize", pk=t.pk)
        except services.MoneyRefused as e:
            form.add_error(None, refusal_text(e))
    money = selectors.night_money(t)
    return render(request, "seasons/prize.html", tournament_context(
        request, t, form=form, frozen=frozen, money=money, club=club, entrants=t.entries.count()))


@require_GET
def prize_preview(request, pk):
    """The payout table for the prize form as it is typed (an HTML fragment)."""
    if denied := _denied(request):
        return denied
    club = selectors.money_or_404()
    t = tournament_get(pk)
    form = PrizeForm(request.GET)
    entrants = request.GET.get("entrants", "")
    try:
        entrants = max(1, min(int(entrants), 10000)) if entrants.strip() else max(t.entries.count(), 1)
    except ValueError:
        entrants = max(t.entries.count(), 1)
    context = {"club": club, "entrants": entrants}
    if form.is_valid():
        try:
            context["pool"], context["places"] = selectors.preview(form.cleaned_data["rules"], entrants)
        except MoneyError as e:
            context["error"] = refusal_text(e)
    else:
        field, errors = next(iter(form.errors.items()))
        context["error"] = (_("%(field)s: %(error)s") % {"field": form.fields[field].label, "error": errors[0]}
                            if field in form.fields else errors[0])
    return render(request, "seasons/_preview.html", context)


# The treasurer's sheet for a night


def _night(request, pk):
    if denied := _denied(request):
        return denied, None, None
    club = selectors.money_or_404()
    t = tournament_get(pk)
    return None, club, selectors.night_money(t)


def treasurer(request, pk):
    denied, club, money = _night(request, pk)
    if denied:
        return denied
    return render(request, "seasons/treasurer.html", tournament_context(request, money.t, money=money, club=club))


def treasurer_rows(money) -> list[list]:
    """The night's money as rows: entries, the pool, each prize against what was handed over
    (``paid``, the ledger's sum) and what is left (``left``: above 0 still owed, below 0 to get
    back), every ledger line as recorded (who, when), and the totals (paid out + left = the pool)."""
    rows = [["section", "name", "place", "amount", "state", "paid", "left", "when", "by"]]
    rows += [["entry", e.name, "", f"{money.fee:.2f}", "paid"] for e in money.paid_entries]
    rows += [["entry", e.name, "", f"{money.fee:.2f}", "owed"] for e in money.owed_entries]
    if money.pool is not None:
        rows += [["collected", "", "", f"{money.collected:.2f}", ""], ["added", "", "", f"{money.pool.added:.2f}", ""],
                 ["house", "", "", f"{money.pool.house:.2f}", ""], ["pool", "", "", f"{money.pool.amount:.2f}", ""]]
    places = {}
    for line in money.lines:
        if money.final:
            state = ("paid" if not line.balance else "overpaid" if line.balance < 0
                     else "part paid" if line.paid else "to pay")
            rows.append(["payout", ", ".join(line.names), line.place, f"{line.amount:.2f}", state, f"{line.paid:.2f}",
                         f"{line.balance:.2f}"])
            places[line.entry_id] = (", ".join(line.names), line.place)
        else:
            rows.append(["payout", ", ".join(line.names), line.place, f"{line.amount:.2f}", "if the field stays"])
    for p in money.ledger:
        name, place = places.get(p.entry_id) or (p.entry.name, "")
        rows.append(["handed over" if p.kind == PAYOUT_PAID else "handed back" if p.kind == PAYOUT_RETURNED
                     else "cancelled", name, place, f"{p.amount:.2f}", p.kind, "", "",
                     p.paid_at.isoformat(timespec="seconds"), p.paid_by.get_username() if p.paid_by else ""])
    rows += [["left to collect", "", "", f"{money.to_collect:.2f}", ""],
             ["paid out", "", "", f"{money.paid_out:.2f}", ""],
             ["left to pay out", "", "", f"{money.left:.2f}", ""],
             ["still owed to players", "", "", f"{money.to_pay:.2f}", ""],
             ["to get back from players", "", "", f"{money.overpaid:.2f}", ""]]
    return rows


def treasurer_csv(request, pk):
    denied, club, money = _night(request, pk)
    if denied:
        return denied
    return csv_response(treasurer_rows(money), f"treasurer-{money.t.pk}.csv")


@printed
def treasurer_pdf(request, pk, language):
    denied, club, money = _night(request, pk)
    if denied:
        return denied
    paper = setup.paper(request.GET.get("paper"))
    return pdf_response(build_treasurer_sheet(money, club, paper, language=language), f"treasurer-{money.t.pk}.pdf")


def _payout_action(request, pk, entry_pk, act):
    """A payout handed over or back, or a mistaken line cancelled, by a director; a refusal is
    shown as a message."""
    if denied := _denied(request):
        return denied
    selectors.money_or_404()
    t = tournament_get(pk)
    entry = get_object_or_404(Entry.objects.select_related("player", "partner"), pk=entry_pk, tournament=t)
    try:
        messages.success(request, act(t, entry))
    except services.MoneyRefused as e:
        messages.error(request, refusal_text(e))
    return redirect("money:treasurer", pk=t.pk)


def _posted_amount(request, field: str = "amount") -> Decimal:
    try:
        amount = Decimal(sanitize_separators(request.POST.get(field, "").strip()[:20]))
    except ArithmeticError:
        amount = None
    if amount is None or not amount.is_finite():
        raise services.MoneyRefused(field, _("not a number"))
    return amount


def _money_moved(request, pk, entry_pk, record, said):
    """A sum handed over (``record``: a service taking the amount the sheet showed) and its message."""
    def act(t, entry):
        amount = _posted_amount(request)
        record(tournament=t, entry=entry, amount=amount, by=request.user)
        return said % {"name": entry.name, "amount": amount_text(amount, Club.get().currency)}
    return _payout_action(request, pk, entry_pk, act)


@require_POST
def payout_pay(request, pk, entry_pk):
    return _money_moved(request, pk, entry_pk, services.payout_record, _("%(name)s: paid %(amount)s."))


@require_POST
def payout_returned(request, pk, entry_pk):
    return _money_moved(request, pk, entry_pk, services.payout_returned, _("%(name)s: %(amount)s handed back."))


@require_POST
def payout_undo(request, pk, entry_pk):
    def undo(t, entry):
        try:
            payout_id = int(request.POST.get("payout", ""))
        except ValueError:
            raise services.MoneyRefused("payout", _("no such payment")) from None
        line = services.payout_undo(tournament=t, entry=entry, payout_id=payout_id, by=request.user)
        return _("%(name)s: %(amount)s cancelled (recorded by mistake).") % {
            "name": entry.name, "amount": amount_text(abs(line.amount), Club.get().currency)}
    return _payout_action(request, pk, entry_pk, undo)


def entry_fee(request, pk, entry_pk):
    """An entry fee received late (during the tournament, or after its end): the page says what it
    does to the pool and to the prizes (those already handed over too) before the treasurer
    confirms; the confirmation sends the pool it was shown."""
    if denied := _denied(request):
        return denied
    club = selectors.money_or_404()
    t = tournament_get(pk)
    entry = get_object_or_404(Entry.objects.select_related("player", "partner"), pk=entry_pk, tournament=t)
    if request.method == "POST":
        try:
            pool = _posted_amount(request, "pool")
            services.entry_fee_record(tournament=t, entry=entry, pool=pool, by=request.user)
        except services.MoneyRefused as e:
            messages.error(request, refusal_text(e))
        else:
            messages.success(request, _("%(name)s's entry fee is recorded: the pool is now %(pool)s.")
                             % {"name": entry.name, "pool": amount_text(pool, club.currency)})
            return redirect("money:treasurer", pk=t.pk)
        entry.refresh_from_db()
    if entry.fee_paid or not t.entry_fee:
        return redirect("money:treasurer", pk=t.pk)
    return render(request, "seasons/entry_fee.html", {"t": t, "club": club, "effect": selectors.fee_effect(t, entry),
                                                      "can_direct": True})


# Seasons


def season_list(request):
    return render(request, "seasons/list.html", {"seasons": selectors.season_list(),
                                                 "can_direct": is_director(request.user)})


def season_new(request):
    if denied := _denied(request):
        return denied
    form = SeasonForm(request.POST or None, initial={"minimum": 0, "preset": "linear"})
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_save(by=request.user, **form.cleaned_data)
            messages.success(request, _("%(season)s created. Now choose its events and their factors.")
                             % {"season": season})
            return redirect("seasons:edit", pk=season.pk)
        except services.MoneyRefused as e:
            form.add_error(None, refusal_text(e))
    return render(request, "seasons/form.html", {"form": form})


def _candidates(season, events):
    """The tournaments the events form lists: the season's own, then (a season of chosen events)
    the latest others."""
    listed = [t for t, _ in events]
    if season.chosen:
        seen = {t.pk for t in listed}
        listed += [t for t in Tournament.objects.order_by("-created_at", "-id")[:100] if t.pk not in seen]
    return listed


def season_edit(request, pk):
    if denied := _denied(request):
        return denied
    season = selectors.season_get(pk)
    events = selectors.season_tournaments(season)
    factors = {t.pk: f for t, f in events}
    form = SeasonForm(request.POST or None if request.POST.get("part") != "events" else None,
                      initial=SeasonForm.initial_from(season))
    error = ""
    if request.method == "POST" and request.POST.get("part") == "events":
        chosen = {}
        for t in _candidates(season, events):
            if season.chosen and not request.POST.get(f"event_{t.pk}"):
                continue
            # (A factor is typed, and shown, the reader's way: "1,5" in French.)
            chosen[t.pk] = sanitize_separators((request.POST.get(f"factor_{t.pk}") or "1").strip()[:20])
        try:
            services.season_events_set(season=season, events=chosen)
            messages.success(request, _("Events saved."))
            return redirect("seasons:edit", pk=season.pk)
        except services.MoneyRefused as e:
            error = refusal_text(e)
    elif request.method == "POST" and form.is_valid():
        try:
            services.season_save(season=season, **form.cleaned_data)
            messages.success(request, _("Season saved."))
            return redirect("seasons:edit", pk=season.pk)
        except services.MoneyRefused as e:
            form.add_error(None, refusal_text(e))
    rows = [{"t": t, "counted": t.pk in factors, "factor": factors.get(t.pk, Decimal("1.00"))}
            for t in _candidates(season, events)]
    return render(request, "seasons/edit.html", {"season": season, "form": form, "rows": rows, "error": error,
                                                 "frozen": selectors.season_frozen(season, events)})


@require_POST
def season_delete(request, pk):
    if denied := _denied(request):
        return denied
    season = selectors.season_get(pk)
    services.season_delete(season=season)
    messages.success(request, _("%(season)s deleted.") % {"season": season})
    return redirect("seasons:list")


def season_detail(request, pk):
    season = selectors.season_get(pk)
    view = selectors.season_view(season)
    return render(request, "seasons/detail.html", {
        "season": season, "view": view, "table": selectors.season_rows(view),
        "can_direct": is_director(request.user),
        "money": selectors.money_on()})


def season_csv(request, pk):
    season = selectors.season_get(pk)
    table = selectors.season_rows(selectors.season_view(season))
    head = ["rank", "player", "total", "events"] + [e["t"].name for e in table["events"]]
    out = [head]
    for r in table["ranked"] + table["unranked"]:
        out.append([r["rank"] or "", r["name"], f"{r['total']:.2f}", r["played"]] + [
            "" if c is None else f"{c['points']:.2f}" + ("" if c["counted"] else " (not counted)") for c in r["cells"]])
    return csv_response(out, f"season-{season.pk}.csv")


@printed
def season_pdf(request, pk, language):
    """The season's table on paper. A big season's (``SEASON_CELLS_IN_REQUEST``) is made by the
    background worker for whoever asks, logged in: the answer is the job's page, which opens it."""
    season = selectors.season_get(pk)
    paper = setup.paper(request.GET.get("paper"))
    if selectors.season_cells(season) > tasks.SEASON_CELLS_IN_REQUEST:
        if not request.user.is_authenticated:
            messages.info(request, _("A season this big is printed in the background, on a page of your own: "
                                     "log in to print it."))
            return redirect_to_login(request.get_full_path())
        with translation.override(request.LANGUAGE_CODE):   # (the page's language, not the sheet's)
            job = tasks.season_sheet_start(season=season, paper=paper, language=language, started_by=request.user)
        return redirect(job)
    return pdf_response(build_season_sheet(season, selectors.season_rows(selectors.season_view(season)), paper,
                                           language=language), f"season-{season.pk}.pdf")


@printed
def _season_money_pdf(request, *, season, nights, totals, club, language):
    paper = setup.paper(request.GET.get("paper"))
    return pdf_response(build_season_money_sheet(season, nights, totals, club, paper, language=language),
                        f"season-{season.pk}-money.pdf")


def season_money(request, pk):
    if denied := _denied(request):
        return denied
    club = selectors.money_or_404()
    season = selectors.season_get(pk)
    nights = selectors.season_money(season)
    totals = {k: sum((getattr(n, k) for n in nights), Decimal("0.00"))
              for k in ("collected", "to_collect", "paid_out", "left", "overpaid")}
    totals["house"] = sum((n.pool.house for n in nights if n.pool), Decimal("0.00"))
    totals["pool"] = sum((n.pool.amount for n in nights if n.pool), Decimal("0.00"))
    totals["added"] = sum((n.pool.added for n in nights if n.pool), Decimal("0.00"))
    if request.GET.get("format") == "csv":
        # paid out + left to pay out = the pool (a night's and the total); "to get back": what
        # players hold beyond their prize after a correction (part of what is left).
        head = ["tournament", "collected", "to collect", "added", "house", "pool", "paid out", "left to pay out",
                "to get back"]
        rows = [head] + [[n.t.name, n.collected, n.to_collect, *(
            (n.pool.added, n.pool.house, n.pool.amount) if n.pool else ("", "", "")), n.paid_out, n.left, n.overpaid]
            for n in nights]
        rows.append(["total", totals["collected"], totals["to_collect"], totals["added"], totals["house"],
                     totals["pool"], totals["paid_out"], totals["left"], totals["overpaid"]])
        return csv_response(rows, f"season-{season.pk}-money.csv")
    if request.GET.get("format") == "pdf":
        return _season_money_pdf(request, season=season, nights=nights, totals=totals, club=club)
    return render(request, "seasons/season_money.html", {"season": season, "nights": nights, "totals": totals,
                                                         "club": club})
