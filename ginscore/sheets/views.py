"""Each sheet one click away: thin views that wrap a builder's bytes in a FileResponse."""
from __future__ import annotations

import io

from django.http import FileResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.utils.text import slugify

from ginscore.sheets import selectors
from ginscore.sheets.forms import pad_form_from_query
from ginscore.sheets.match_sheet import build_match_sheet
from ginscore.sheets.pads import build_pad


def pdf_response(pdf: bytes, name: str) -> FileResponse:
    """The PDF shown in the browser (print from there), saved as ``name``.pdf."""
    return FileResponse(io.BytesIO(pdf), filename=f"{slugify(name) or 'sheet'}.pdf", content_type="application/pdf")


def _paper(request) -> str:
    return "a4" if request.GET.get("paper") == "a4" else "letter"


def sheets_index(request):
    """The blank pads' options, and what else prints from where."""
    return render(request, "sheets/index.html", {"form": pad_form_from_query(None)})


def pad_pdf(request):
    form = pad_form_from_query(request.GET)
    if not form.is_valid():
        problems = "; ".join(f"{field}: {' '.join(errors)}" for field, errors in form.errors.items())
        return HttpResponseBadRequest(f"Cannot print this pad: {problems}", content_type="text/plain")
    pad = form.pad()
    return pdf_response(build_pad(pad), f"score-pad-{pad.style}")


def match_pdf(request, pk: int):
    sheet = selectors.match_sheet_data(pk=pk, paper=_paper(request))
    return pdf_response(build_match_sheet(sheet), f"match-{pk}")
