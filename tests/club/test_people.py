"""The club's people from the site's own pages (issue 37, item 1): the roles exist from the first
migration; a club admin adds a member with their account and player, makes someone a director or
club admin, resets a password, sees who is who; members and directors are refused."""
import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import Group, User

from ginscore.club.roles import ADMIN_GROUP, DIRECTOR_GROUP, is_club_admin, is_director
from ginscore.players.models import Player
from tests.conftest import PASSWORD

NEW_PASSWORD = "river-queen-77"


def _add(client, **extra):
    data = {"name": "Zoé Lefèvre-Marchand", "username": "zoe", "password1": NEW_PASSWORD,
            "password2": NEW_PASSWORD, "role": "member", "player": "new", **extra}
    return client.post("/club/people/new/", data)


@pytest.mark.django_db
def test_the_roles_exist_from_the_first_migration_with_their_permissions():
    if not Group.objects.filter(name__in=[ADMIN_GROUP, DIRECTOR_GROUP]).exists():
        # a transactional test before this one in the same process emptied the tables the
        # migrations filled: run the roles' migration again, as it ran on the empty database
        from importlib import import_module

        from django.apps import apps as installed
        from django.db import connection
        import_module("ginscore.club.migrations.0004_roles").make_roles(installed, connection.schema_editor())
    admin, director = Group.objects.get(name=ADMIN_GROUP), Group.objects.get(name=DIRECTOR_GROUP)
    admin_perms = set(admin.permissions.values_list("codename", flat=True))
    director_perms = set(director.permissions.values_list("codename", flat=True))
    assert {"add_user", "change_user", "change_player", "change_club", "delete_tournament"} <= admin_perms
    assert {"add_match", "change_tournament", "add_player", "change_player"} <= director_perms
    assert "add_user" not in director_perms and "delete_player" not in director_perms


@pytest.mark.django_db
def test_a_club_admin_adds_a_member_with_their_player_and_the_member_logs_in(client, club_admin):
    client.force_login(club_admin)
    page = _add(client)
    assert page.status_code == 302 and page["Location"] == "/club/people/"
    zoe = User.objects.get(username="zoe")
    assert zoe.first_name == "Zoé Lefèvre-Marchand" and not is_director(zoe)
    assert Player.objects.get(user=zoe).name == "Zoé Lefèvre-Marchand"
    assert authenticate(username="zoe", password=NEW_PASSWORD) == zoe
    listing = client.get("/club/people/").content.decode()
    assert "Zoé Lefèvre-Marchand" in listing and "plays as Zoé Lefèvre-Marchand" in listing


@pytest.mark.django_db
def test_a_member_can_take_a_player_already_in_the_club(client, club_admin, ben):
    client.force_login(club_admin)
    assert _add(client, name="Benjamin", username="ben", player=str(ben.pk), role="director").status_code == 302
    ben.refresh_from_db()
    assert ben.user.username == "ben" and is_director(ben.user) and not is_club_admin(ben.user)


@pytest.mark.django_db
def test_refusals_name_the_field_and_save_nothing(client, club_admin, ann):
    client.force_login(club_admin)
    before = (User.objects.count(), Player.objects.count())
    taken = _add(client, username="ANN")
    assert taken.status_code == 200 and "ANN is taken" in taken.content.decode()
    weak = _add(client, password1="12345678", password2="12345678")
    assert "entirely numeric" in weak.content.decode()
    differ = _add(client, password2="something-else-9")
    assert "The two passwords differ." in differ.content.decode()
    held = _add(client, player=str(ann.pk))
    assert "is not one of the available choices" in held.content.decode()   # a player with an account is not offered
    assert (User.objects.count(), Player.objects.count()) == before


@pytest.mark.django_db
def test_a_club_admin_makes_someone_a_director_then_a_club_admin_and_back(client, club_admin, member, ann):
    client.force_login(club_admin)
    assert client.post(f"/club/people/{member.pk}/", {"role": "director", "player": str(ann.pk)}).status_code == 302
    member = User.objects.get(pk=member.pk)
    assert is_director(member) and not is_club_admin(member)
    client.post(f"/club/people/{member.pk}/", {"role": "admin", "player": str(ann.pk)})
    member = User.objects.get(pk=member.pk)
    assert is_club_admin(member) and member.is_staff
    client.post(f"/club/people/{member.pk}/", {"role": "member", "player": ""})
    member = User.objects.get(pk=member.pk)
    assert not is_director(member) and not member.is_staff and not Player.objects.filter(user=member).exists()


@pytest.mark.django_db
def test_the_last_club_admin_cannot_step_down(client, club_admin):
    client.force_login(club_admin)
    page = client.post(f"/club/people/{club_admin.pk}/", {"role": "member", "player": ""})
    assert page.status_code == 200 and "at least one club admin" in page.content.decode()
    assert is_club_admin(User.objects.get(pk=club_admin.pk))


@pytest.mark.django_db
def test_a_club_admin_resets_a_forgotten_password(client, club_admin, member):
    client.force_login(club_admin)
    page = client.post(f"/club/people/{member.pk}/password/", {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert page.status_code == 302
    assert authenticate(username="ann", password=NEW_PASSWORD) is not None
    assert authenticate(username="ann", password=PASSWORD) is None
    short = client.post(f"/club/people/{member.pk}/password/", {"password1": "ann", "password2": "ann"})
    assert short.status_code == 400 and "too short" in short.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["member", "director"])
@pytest.mark.parametrize("how", [("get", "/club/people/"), ("get", "/club/people/new/"), ("post", "/club/people/new/"),
                                 ("get", "/club/"), ("post", "/club/address/"), ("post", "/club/people/{pk}/"),
                                 ("post", "/club/people/{pk}/password/")])
def test_members_and_directors_are_refused(client, request, who, how, other_member):
    client.force_login(request.getfixturevalue(who))
    method, url = how
    page = getattr(client, method)(url.format(pk=other_member.pk),
                                   {"role": "admin", "player": "", "password1": NEW_PASSWORD,
                                    "password2": NEW_PASSWORD, "name": "X", "username": "x",
                                    "site_url": "http://192.168.1.5:8000"})
    assert page.status_code == 403
    assert not is_club_admin(User.objects.get(pk=other_member.pk))
    assert authenticate(username="omar", password=NEW_PASSWORD) is None and not User.objects.filter(username="x")


@pytest.mark.django_db
def test_a_visitor_is_sent_to_log_in(client):
    page = client.get("/club/people/")
    assert page.status_code == 302 and page["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
def test_the_people_page_in_french(client, club_admin, director):
    client.force_login(club_admin)
    page = client.get("/club/people/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Les membres du club" in page and "Ajouter un membre" in page and "dora" in page
