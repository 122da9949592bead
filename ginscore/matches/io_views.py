"""Records in and out of the site: upload (members and up), download (anyone).

- ``records_import``: a record, or an array of records, as a file or pasted, read as JSON
  here, then imported by the background worker (a job page: all or nothing, the error names
  the record and the hand).
- ``records_download``: the matches of the match list's filters, as a JSON array.
- ``record_download``: one match's record.
"""
from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET

from ginscore.club.roles import is_member
from ginscore.matches.list_views import MatchFilterForm
from ginscore.matches.models import Match
from ginscore.matches.records_io import (
    MAX_UPLOAD_BYTES, ImportRefused, records_count_check, records_export, records_parse_text, records_stream,
)
from ginscore.matches.tasks import records_import_start


def can_import(user) -> bool:
    """Members, directors and club admins (``ginscore.club.roles``)."""
    return is_member(user)


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Record file (.json)"), required=False,
                           help_text=gettext_lazy("One match record, or a JSON array of records."))
    text = forms.CharField(label=gettext_lazy("…or paste the JSON"), required=False,
                           widget=forms.Textarea(attrs={"rows": 8}))

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), (data.get("text") or "").strip()
        if self.errors:
            return data
        if upload and text:
            raise forms.ValidationError(_("Give a file or pasted text, not both."))
        if not upload and not text:
            raise forms.ValidationError(_("Choose a record file or paste a record."))
        field = "file" if upload else "text"
        if upload:
            if upload.size > MAX_UPLOAD_BYTES:
                self.add_error("file", _("The file is larger than %(mb)s MB.") % {"mb": _mb(MAX_UPLOAD_BYTES)})
                return data
            source, raw = upload.name, upload.read()
        else:
            source, raw = _("the pasted text"), text
        try:
            data_read = records_parse_text(raw, source=source)
        except ImportRefused as e:
            self.add_error(field, str(e))
            return data
        try:
            records_count_check(data_read)
        except ImportRefused as e:
            self.add_error(field, _("Nothing was imported. %(problem)s") % {"problem": e})
            return data
        # What the job reads again (the bytes were UTF-8: the JSON reader said so).
        data["text_read"] = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
        data["source"] = upload.name if upload else ""
        return data


def _mb(size: int) -> str:
    return number_format(round(size / (1024 * 1024), 1)).removesuffix(".0").removesuffix(",0")


def _too_big(request, message: str) -> HttpResponse:
    """The import page again, the reason on top; nothing was read past the limit."""
    return render(request, "matches/import.html", {"form": ImportForm(), "refusal": message}, status=413)


@csrf_exempt  # only to read the size first: the form is checked by ``_records_import`` (csrf_protect)
def records_import(request):
    """Refuses an oversized request before its body is read, then imports."""
    if not can_import(request.user):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied(_("You may not import matches."))
    if request.method == "POST":
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > MAX_UPLOAD_BYTES + 64 * 1024:  # the file, the pasted box and the form's own fields
            return _too_big(request, _("Nothing was imported: the upload is %(mb)s MB; a record file may be at most "
                                       "%(most)s MB.") % {"mb": _mb(length), "most": _mb(MAX_UPLOAD_BYTES)})
        try:
            request.POST  # noqa: B018 - the first read of the body, where Django applies its limit
        except RequestDataTooBig:
            return _too_big(request, _("Nothing was imported: the pasted text is larger than %(mb)s MB; save it as a "
                                       ".json file and upload the file instead.")
                            % {"mb": _mb(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)})
    return _records_import(request)


@csrf_protect
def _records_import(request):
    """The file is read as JSON here (a mistake in it is shown next to the field at once); its
    records are read, scored and stored by the background worker, on the job page this redirects
    to (docs/background-jobs.md)."""
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    if request.method == "POST" and form.is_valid():
        job = records_import_start(text=form.cleaned_data["text_read"], source=form.cleaned_data["source"],
                                   started_by=request.user)
        return redirect(job)
    return render(request, "matches/import.html", {"form": form}, status=400 if form.errors else 200)


def _json_download(payload, filename: str) -> HttpResponse:
    """``payload``: the text, or its pieces (sent as they come, never held whole)."""
    kind = HttpResponse if isinstance(payload, str) else StreamingHttpResponse
    response = kind(payload, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _records_refused(request):
    """With ``GINSCORE_RECORDS_MEMBERS_ONLY`` (the club's switch), a visitor without a member's
    account is sent to log in (a logged-in account that is no member: 403)."""
    if not settings.GINSCORE_RECORDS_MEMBERS_ONLY or is_member(request.user):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(_("The club keeps its match records for its members."))


@require_GET
def records_download(request):
    """All matches, or those the match list's filters choose, oldest first: sent a batch of
    matches at a time (``records_stream``), so a club's whole history costs little memory."""
    if refused := _records_refused(request):
        return refused
    form = MatchFilterForm(request.GET or None)
    return _json_download(records_stream(matches=form.matches().order_by("created_at", "id")),
                          "ginscore-matches.json")


@require_GET
def record_download(request, pk):
    if refused := _records_refused(request):
        return refused
    match = get_object_or_404(Match, pk=pk)
    [record] = records_export(matches=Match.objects.filter(pk=match.pk))
    return _json_download(json.dumps(record, indent=2, ensure_ascii=False) + "\n", f"ginscore-match-{pk}.json")
