"""Each sheet one click away: thin views that wrap a builder's bytes in a FileResponse."""
from __future__ import annotations

import io
from dataclasses import replace

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpResponseBadRequest
from django.shortcuts import render
from django.utils.text import slugify

from ginscore.club.roles import is_director
from ginscore.club.site import absolute_url, site_url
from ginscore.sheets import selectors
from ginscore.sheets.bracket import build_bracket
from ginscore.sheets.forms import pad_choices, pad_form_from_query, three_handed_choices
from ginscore.sheets.match_sheet import build_match_sheet
from ginscore.sheets.pads import build_pad
from ginscore.sheets.tournament import build_round_sheet, build_standings, build_table_sheets


def pdf_response(pdf: bytes, name: str) -> FileResponse:
    """The PDF shown in the browser (print from there), saved as ``name``.pdf."""
    return FileResponse(io.BytesIO(pdf), filename=f"{slugify(name) or 'sheet'}.pdf", content_type="application/pdf")


def _paper(request) -> str:
    return "a4" if request.GET.get("paper") == "a4" else "letter"


def sheets_index(request):
    """The blank pads' options (a pad for every preset), what else prints from where, and the
    address the table sheets' QR codes carry."""
    return render(request, "sheets/index.html", {
        "form": pad_form_from_query(None), "presets": pad_choices(), "three_handed": three_handed_choices(),
        "site_url": site_url() or request.build_absolute_uri("/").rstrip("/"), "site_url_set": bool(site_url()),
    })


def pad_pdf(request):
    form = pad_form_from_query(request.GET)
    if not form.is_valid():
        problems = "; ".join(f"{field}: {' '.join(errors)}" for field, errors in form.errors.items())
        return HttpResponseBadRequest(f"Cannot print this pad: {problems}", content_type="text/plain")
    pad = form.pad()
    source = {k: request.GET[k] for k in ("match", "tournament") if request.GET.get(k, "").isdigit()}
    if source:  # a pad printed from a match or a tournament carries its rules (and a match its players)
        try:
            pad = replace(pad, **selectors.pad_for(**{k: int(v) for k, v in source.items()}))
        except ValueError as e:
            return HttpResponseBadRequest(f"Cannot print this pad: {e}", content_type="text/plain")
    return pdf_response(build_pad(pad), f"score-pad-{pad.style}")


def match_pdf(request, pk: int):
    sheet = selectors.match_sheet_data(pk=pk, paper=_paper(request))
    return pdf_response(build_match_sheet(sheet), f"match-{pk}")


def bracket_pdf(request, pk: int):
    try:
        bracket = selectors.bracket_data(pk=pk, paper=_paper(request))
    except ValueError as e:
        raise Http404(str(e)) from None
    return pdf_response(build_bracket(bracket), f"{bracket.tournament}-bracket")


def round_pdf(request, pk: int, stage: int, number: int):
    sheet = selectors.round_sheet_data(pk=pk, number=number, stage=stage, paper=_paper(request))
    return pdf_response(build_round_sheet(sheet), f"{sheet.tournament}-round-{number}")


def tables_pdf(request, pk: int, stage: int, number: int):
    """The table sheets carry the table links (scoring with no account): directors only."""
    if not is_director(request.user):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied("Only a director prints the table sheets: they carry the table links.")
    sheets = selectors.table_sheets_data(pk=pk, number=number, stage=stage,
                                         link=lambda path: absolute_url(path, request))
    return pdf_response(build_table_sheets(sheets, _paper(request)), f"tables-{pk}-round-{number}")


def standings_pdf(request, pk: int):
    standings = selectors.standings_data(pk=pk, paper=_paper(request))
    return pdf_response(build_standings(standings), f"{standings.tournament}-standings")
