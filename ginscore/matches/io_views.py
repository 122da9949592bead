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
from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET

from ginscore.club.roles import is_director, is_member
from ginscore.matches.list_views import MatchFilterForm
from ginscore.matches.models import Match
from ginscore.matches.records_io import (
    MAX_UPLOAD_BYTES, AlreadyThere, ImportRefused, records_export, records_import as import_records,
    records_parse_text, records_stream,
)


def can_import(user) -> bool:
    """Members, directors and club admins (``ginscore.club.roles``)."""
    return is_member(user)


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Record file (.json)"), required=False,
                           help_text=gettext_lazy("One match record, or a JSON array of records."))
    text = forms.CharField(label=gettext_lazy("…or paste the JSON"), required=False,
                           widget=forms.Textarea(attrs={"rows": 8}))
    # Shown (a checkbox) once an import found its records already stored: the confirmed second try.
    again = forms.BooleanField(label=gettext_lazy("Import it again anyway"), required=False, widget=forms.HiddenInput,
                               help_text=gettext_lazy("Makes a second copy of the matches that are already here."))

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
            data["records"] = records_parse_text(raw, source=source)
        except ImportRefused as e:
            self.add_error(field, str(e))
        data["field"] = field
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
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    already = None
    if request.method == "POST" and form.is_valid():
        try:
            matches = import_records(data=form.cleaned_data["records"], created_by=request.user,
                                     again=form.cleaned_data["again"])
        except AlreadyThere as e:
            already = e.found
            form.fields["again"].widget = forms.CheckboxInput()
        except ImportRefused as e:
            form.add_error(form.cleaned_data["field"], _("Nothing was imported. %(problem)s") % {"problem": e})
        else:
            ids = ", ".join(f"#{m.pk}" for m in matches)
            messages.success(request, ngettext("Imported %(count)s match: %(ids)s.", "Imported %(count)s matches: %(ids)s.",
                                               len(matches)) % {"count": len(matches), "ids": ids})
            if matches.already:
                messages.info(request, ngettext(
                    "%(count)s record of the file was already here and was not added again.",
                    "%(count)s records of the file were already here and were not added again.",
                    len(matches.already)) % {"count": len(matches.already)})
            if any(m.rating_asked for m in matches):
                messages.info(request, _("Your own matches count for the club rating once the other player agrees "
                                         "on the match's page; the others arrive as friendlies (a director may make "
                                         "them rated)."))
            elif not is_director(request.user) and any(not m.rated for m in matches):
                messages.info(request, _("The matches arrive as friendlies: only a director makes an imported match "
                                         "count for the club rating."))
            if len(matches) == 1:
                return redirect("matches:detail", pk=matches[0].pk)
            return redirect("matches:list")
    return render(request, "matches/import.html", {"form": form, "already": already},
                  status=400 if form.errors else 409 if already else 200)


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
