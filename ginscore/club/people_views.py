"""The club's people and settings, for club admins, on the site's own pages (a phone is enough):
who is who, a new member (account, role, player), someone's role and player, a forgotten password;
the club's settings; and the first-run page, which asks an empty database for the club's first
decisions and its first club admin."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils import translation
from django.views.decorators.http import require_http_methods, require_POST

from ginscore.club import services, setup
from ginscore.club.forms import ClubSettingsForm, MemberAddForm, MemberForm, PasswordResetForm, StartForm
from ginscore.club.roles import is_club_admin
from ginscore.club.selectors import people
from ginscore.club.site import request_port
from ginscore.club.views import _back
from ginscore.seasons.refusals import MoneyRefused, refusal_text


def _admins_only(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not is_club_admin(request.user):
        raise PermissionDenied(_("Only club admins may do this."))
    return None


def _refused(form, e) -> None:
    if isinstance(e, MoneyRefused):
        form.add_error(None, refusal_text(e))
    else:
        form.add_error(e.field if e.field in form.fields else None, e.reason)


@require_http_methods(["GET"])
def people_list(request):
    if denied := _admins_only(request):
        return denied
    return render(request, "club/people/list.html", {"people": people()})


@require_http_methods(["GET", "POST"])
def member_add(request):
    if denied := _admins_only(request):
        return denied
    form = MemberAddForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            user = services.member_add(username=d["username"], name=d["name"], password=d["password1"],
                                       role=d["role"], player=d["player"])
        except services.PeopleRefused as e:
            _refused(form, e)
        else:
            messages.success(request, _("%(name)s can log in as %(account)s.")
                             % {"name": user.first_name, "account": user.get_username()})
            return redirect("club:people")
    return render(request, "club/people/add.html", {"form": form})


@require_http_methods(["GET", "POST"])
def member_edit(request, pk):
    if denied := _admins_only(request):
        return denied
    person = get_object_or_404(get_user_model(), pk=pk)
    player = getattr(person, "player", None)
    form = MemberForm(request.POST or None, user=person,
                      initial={"role": services.member_role(person), "player": str(player.pk) if player else ""})
    if request.method == "POST" and form.is_valid():
        try:
            services.member_update(by=request.user, user=person, role=form.cleaned_data["role"],
                                   player=form.cleaned_data["player"])
        except services.PeopleRefused as e:
            _refused(form, e)
        else:
            messages.success(request, _("Saved: %(account)s.") % {"account": person.get_username()})
            return redirect("club:people")
    return render(request, "club/people/edit.html", {"person": person, "form": form,
                                                     "password_form": PasswordResetForm()})


@require_POST
def member_password(request, pk):
    if denied := _admins_only(request):
        return denied
    person = get_object_or_404(get_user_model(), pk=pk)
    form = PasswordResetForm(request.POST)
    if form.is_valid():
        try:
            services.member_password_set(user=person, password=form.cleaned_data["password1"])
        except services.PeopleRefused as e:
            form.add_error("password1", e.reason)
        else:
            messages.success(request, _("New password for %(account)s: give it to them; they can change it on their "
                                        "settings page.") % {"account": person.get_username()})
            return redirect("club:people")
    player = getattr(person, "player", None)
    return render(request, "club/people/edit.html", {
        "person": person, "password_form": form,
        "form": MemberForm(user=person, initial={"role": services.member_role(person),
                                                 "player": str(player.pk) if player else ""})}, status=400)


def _club_initial(club) -> dict:
    return {"name": club.name, "site_url": setup.site_url_from_environment() or club.site_url, "paper": club.paper,
            "language": setup.language_from_environment() or club.language or setup.language(),
            "currency": club.currency, "money": club.money, "unit": club.unit}


@require_http_methods(["GET", "POST"])
def club_settings(request):
    if denied := _admins_only(request):
        return denied
    club = setup.Club.get()
    form = ClubSettingsForm(request.POST or None, initial=_club_initial(club))
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            services.club_settings_set(name=d["name"], site_url=club.site_url if "site_url" in form.fixed
                                       else d["site_url"], paper=d["paper"],
                                       language=club.language if "language" in form.fixed else d["language"],
                                       money=d["money"], unit=d["unit"], currency=d["currency"])
        except (services.PeopleRefused, MoneyRefused) as e:
            _refused(form, e)
        else:
            messages.success(request, _("The club's settings are saved."))
            return redirect("club:club")
    return render(request, "club/club_settings.html", {"form": form, "addresses": setup.network_addresses(
        request_port(request))})


@require_POST
def club_address(request):
    """"Use this address": one of this machine's network addresses becomes the phones' address."""
    if denied := _admins_only(request):
        return denied
    try:
        services.club_address_set(site_url=request.POST.get("site_url", ""))
    except services.PeopleRefused as e:
        messages.error(request, _("The address: %(reason)s.") % {"reason": e.reason})
    else:
        messages.success(request, _("The QR codes now carry %(address)s.") % {"address": setup.site_url()})
    return redirect(_back(request, request.POST.get("next", "")))


@require_http_methods(["GET", "POST"])
def start(request):
    """The first-run page: only while the club has no account."""
    if setup.started():
        raise Http404(_("This club has started: log in."))
    addresses = setup.network_addresses(request_port(request))
    form = StartForm(request.POST or None, initial={
        "site_url": setup.site_url_from_environment() or (addresses[0] if addresses else ""),
        **setup.first_run_choices(request.META.get("HTTP_ACCEPT_LANGUAGE", ""), translation.get_language())})
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            _club, user = services.club_start(
                name=d["name"], username=d["username"], password=d["password1"],
                site_url="" if "site_url" in form.fixed else d["site_url"], paper=d["paper"],
                language="" if "language" in form.fixed else d["language"], currency=d["currency"])
        except (services.PeopleRefused, MoneyRefused) as e:
            _refused(form, e)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome to %(club)s. Add the club's people next.") % {"club": d["name"]})
            return redirect("club:people")
    return render(request, "club/start.html", {"form": form, "addresses": addresses})
