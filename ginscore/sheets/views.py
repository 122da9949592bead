"""Each sheet one click away: thin views that wrap a builder's bytes in a FileResponse."""
from __future__ import annotations

import io
from dataclasses import replace

from functools import wraps

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ginscore.club import setup
from ginscore.club.roles import is_director
from ginscore.club.site import absolute_url, address_unknown, phone_address, site_url
from ginscore.sheets import selectors
from ginscore.sheets.bracket import build_bracket
from ginscore.sheets.common import languages, sheet_language
from ginscore.sheets.forms import pad_choices, pad_form_from_query, three_handed_choices
from ginscore.sheets.match_sheet import build_match_sheet
from ginscore.sheets.pads import build_pad
from ginscore.sheets.tasks import TABLES_IN_REQUEST, table_sheets_start
from ginscore.sheets.tournament import build_round_sheet, build_standings, build_table_sheets


def pdf_response(pdf: bytes, name: str) -> FileResponse:
    """The PDF shown in the browser (print from there), saved as ``name``.pdf."""
    return FileResponse(io.BytesIO(pdf), filename=f"{slugify(name) or 'sheet'}.pdf", content_type="application/pdf")


def _paper(request) -> str:
    """``?paper=a4`` or ``letter``, else the club's paper (its settings page)."""
    return setup.paper(request.GET.get("paper"))


LANGUAGE_COOKIE = "ginscore_sheets_language"  # the sheets page's choice: the language sheets print in


def chosen_language(request) -> str:
    """The language of the sheets this browser prints: the sheets page's choice (a cookie), else the
    club's (``GINSCORE_LANGUAGE``): a sheet goes on the club's wall, whatever language the page is in."""
    kept = request.COOKIES.get(LANGUAGE_COOKIE, "")
    return kept if kept in languages() else setup.language()


def printed(view):
    """A sheet's view, run in the sheet's language: ``?language=fr``, else ``chosen_language``; the
    view gets it as ``language`` (a language the site does not offer is refused by name)."""
    @wraps(view)
    def in_language(request, *args, **kwargs):
        try:
            language = sheet_language(request.GET.get("language") or chosen_language(request))
        except ValueError as e:
            return HttpResponseBadRequest(str(e), content_type="text/plain; charset=utf-8")
        with translation.override(language):
            return view(request, *args, language=language, **kwargs)
    return in_language


def sheets_index(request):
    """The blank pads' options (a pad for every preset), the language sheets print in, what else
    prints from where, and the address the table sheets' QR codes carry."""
    language = chosen_language(request)
    form = pad_form_from_query(None)
    form.fields["language"].initial = language
    return render(request, "sheets/index.html", {
        "form": form, "presets": pad_choices(), "three_handed": three_handed_choices(),
        "sheet_language": language, "languages": settings.LANGUAGES, "club_language": setup.language(),
        "site_url": site_url() or request.build_absolute_uri("/").rstrip("/"), "site_url_set": bool(site_url()),
    })


@require_POST
def sheets_language(request):
    """Keeps the language this browser's sheets print in (a year), then back to the sheets page."""
    language = request.POST.get("language", "")
    if language not in languages():
        return HttpResponseBadRequest(_('language: must be one of %(choices)s, not "%(given)s"')
                                      % {"choices": ", ".join(languages()), "given": language},
                                      content_type="text/plain; charset=utf-8")
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        back = ""
    response = redirect(back or "sheets:index")
    response.set_cookie(LANGUAGE_COOKIE, language, max_age=365 * 24 * 3600, samesite="Lax",
                        secure=request.is_secure())
    return response


def _refused(problems: str) -> HttpResponseBadRequest:
    return HttpResponseBadRequest(_("Cannot print this pad: %(problems)s") % {"problems": problems},
                                  content_type="text/plain; charset=utf-8")


@printed
def pad_pdf(request, language: str):
    form = pad_form_from_query(request.GET)
    if not form.is_valid():
        return _refused("; ".join(f"{field}: {' '.join(errors)}" for field, errors in form.errors.items()))
    pad = form.pad()
    source = {k: request.GET[k] for k in ("match", "tournament") if request.GET.get(k, "").isdigit()}
    if source:  # a pad printed from a match or a tournament carries its rules (and a match its players)
        try:
            pad = replace(pad, **selectors.pad_for(**{k: int(v) for k, v in source.items()}))
        except ValueError as e:
            return _refused(str(e))
    return pdf_response(build_pad(pad, language=language), f"score-pad-{pad.style}")


@printed
def match_pdf(request, pk: int, language: str):
    sheet = selectors.match_sheet_data(pk=pk, paper=_paper(request))
    return pdf_response(build_match_sheet(sheet, language=language), f"match-{pk}")


@printed
def bracket_pdf(request, pk: int, language: str):
    try:
        bracket = selectors.bracket_data(pk=pk, paper=_paper(request))
    except ValueError as e:
        raise Http404(str(e)) from None
    return pdf_response(build_bracket(bracket, language=language), f"{bracket.tournament}-bracket")


@printed
def round_pdf(request, pk: int, stage: int, number: int, language: str):
    sheet = selectors.round_sheet_data(pk=pk, number=number, stage=stage, paper=_paper(request))
    return pdf_response(build_round_sheet(sheet, language=language), f"{sheet.tournament}-round-{number}")


@printed
def tables_pdf(request, pk: int, stage: int, number: int, language: str):
    """The table sheets carry the table links (scoring with no account): directors only. A round of
    more than ``TABLES_IN_REQUEST`` tables is printed by the background worker: the answer is the
    job's page, which opens the PDF once it is made."""
    if not is_director(request.user):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied(_("Only a director prints the table sheets: they carry the table links."))
    if unknown := address_unknown(request):   # codes no phone could open: say so, offer this machine's addresses
        return render(request, "club/address_unknown.html", {"address_unknown": unknown}, status=409)
    tournament, count = selectors.table_sheets_count(pk=pk, number=number, stage=stage)
    if count > TABLES_IN_REQUEST:   # a big round: printed by the background worker, on a job page
        with translation.override(request.LANGUAGE_CODE):   # (the page's language, not the sheets')
            job = table_sheets_start(pk=pk, stage=stage, number=number, paper=_paper(request), language=language,
                                     base=phone_address(request), tournament=tournament, started_by=request.user)
        return redirect(job)
    sheets = selectors.table_sheets_data(pk=pk, number=number, stage=stage,
                                         link=lambda path: absolute_url(path, request))
    return pdf_response(build_table_sheets(sheets, _paper(request), language=language), f"tables-{pk}-round-{number}")


@printed
def standings_pdf(request, pk: int, language: str):
    standings = selectors.standings_data(pk=pk, paper=_paper(request))
    return pdf_response(build_standings(standings, language=language), f"{standings.tournament}-standings")
