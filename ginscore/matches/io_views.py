"""Records in and out of the site: upload (members and up), download (anyone).

- ``records_import``: a record, or an array of records, as a file or pasted;
  all or nothing, the error next to the field names the record and the hand.
- ``records_download``: the matches of the match list's filters, as a JSON array.
- ``record_download``: one match's record.
"""
from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

from ginscore.club.roles import is_member
from ginscore.matches.list_views import MatchFilterForm
from ginscore.matches.models import Match
from ginscore.matches.records_io import (
    MAX_UPLOAD_BYTES, ImportRefused, records_dumps, records_export, records_import as import_records,
    records_parse_text,
)


def can_import(user) -> bool:
    """Members, directors and club admins (``ginscore.club.roles``)."""
    return is_member(user)


class ImportForm(forms.Form):
    file = forms.FileField(label="Record file (.json)", required=False,
                           help_text="One match record, or a JSON array of records.")
    text = forms.CharField(label="…or paste the JSON", required=False, widget=forms.Textarea(attrs={"rows": 8}))

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), (data.get("text") or "").strip()
        if self.errors:
            return data
        if upload and text:
            raise forms.ValidationError("Give a file or pasted text, not both.")
        if not upload and not text:
            raise forms.ValidationError("Choose a record file or paste a record.")
        field = "file" if upload else "text"
        if upload:
            if upload.size > MAX_UPLOAD_BYTES:
                self.add_error("file", f"The file is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB.")
                return data
            source, raw = upload.name, upload.read()
        else:
            source, raw = "the pasted text", text
        try:
            data["records"] = records_parse_text(raw, source=source)
        except ImportRefused as e:
            self.add_error(field, str(e))
        data["field"] = field
        return data


def records_import(request):
    if not can_import(request.user):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied("You may not import matches.")
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    if request.method == "POST" and form.is_valid():
        try:
            matches = import_records(data=form.cleaned_data["records"], created_by=request.user)
        except ImportRefused as e:
            form.add_error(form.cleaned_data["field"], f"Nothing was imported. {e}")
        else:
            ids = ", ".join(f"#{m.pk}" for m in matches)
            count = "1 match" if len(matches) == 1 else f"{len(matches)} matches"
            messages.success(request, f"Imported {count}: {ids}.")
            if len(matches) == 1:
                return redirect("matches:detail", pk=matches[0].pk)
            return redirect("matches:list")
    return render(request, "matches/import.html", {"form": form}, status=400 if form.errors else 200)


def _json_download(payload: str, filename: str) -> HttpResponse:
    response = HttpResponse(payload, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def records_download(request):
    """All matches, or those the match list's filters choose, oldest first."""
    form = MatchFilterForm(request.GET or None)
    records = records_export(matches=form.matches().order_by("created_at", "id"))
    return _json_download(records_dumps(records), "ginscore-matches.json")


@require_GET
def record_download(request, pk):
    match = get_object_or_404(Match, pk=pk)
    [record] = records_export(matches=Match.objects.filter(pk=match.pk))
    return _json_download(json.dumps(record, indent=2, ensure_ascii=False) + "\n", f"ginscore-match-{pk}.json")
