"""Look-alike names: one clean form (NFKC, invisible characters gone, whitespace collapsed)
and a Python-computed key kept unique by the database itself."""
import importlib

import pytest
from django.apps import apps
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from ginscore.matches.records_io import ImportRefused, records_import
from ginscore.players.models import Player
from ginscore.players.names import NameRefused, name_clean, name_key
from ginscore.players.services import player_get_or_create, players_get_or_create
from ginscore.tournaments import services as tournament_services
from ginscore.tournaments.models import Tournament


@pytest.mark.parametrize("typed, clean", [
    ("Ann\u200b", "Ann"),                 # zero-width space
    ("\u202eAnn", "Ann"),                 # right-to-left override
    ("A\u2066nn\u2069", "Ann"),           # bidi isolates
    ("\ufeffAnn\u00ad", "Ann"),           # byte-order mark, soft hyphen
    ("Ａｎｎ", "Ann"),                     # fullwidth
    ("  Ann\t\u00a0 Lee\u3000", "Ann Lee"),  # tabs, no-break and ideographic spaces
    ("Zoe\u0308", "Zoë"),                  # a mark that composes
    ("Jean-Luc O'Brien", "Jean-Luc O'Brien"),
    ("Ørjan Łęcki", "Ørjan Łęcki"),
    ("李小龍", "李小龍"),
    ("देवनागरी", "देवनागरी"),              # marks that belong to their script's letters
    ("Ann Петрова", "Ann Петрова"),       # whole words in another alphabet
    ("Ελένη Νίκου", "Ελένη Νίκου"),
    ("Ксения", "Ксения"),
    ("Ева", "Ева"),
])
def test_names_are_cleaned_to_one_form(typed, clean):
    assert name_clean(typed) == clean


@pytest.mark.parametrize("typed, reason", [
    ("\u0301Ann", "starts a word with an accent or mark that belongs to no letter"),
    ("Ann \u0308Lee", "starts a word with an accent or mark that belongs to no letter"),
    ("An\u0308n", 'has a separate accent or mark on "n" (U+0308); type the accented letter itself'),
    ("Ze\u0301\u0301", 'has a separate accent or mark on "é" (U+0301); type the accented letter itself'),
    ("\u0915\u0941\u0942\u0943", 'piles up accents or marks on "\u0915"'),
    ("Ann\x00", "holds a control character (U+0000), which no name may hold"),
    ("Ann\x1b[31m", "holds a control character (U+001B), which no name may hold"),
    ("\u200b\u200b", "a name needs at least one letter or digit"),
    ("Ann\ud800", "holds a broken character (a lone surrogate)"),
    ("x" * 101, '"xxxxxxxxxxxxxxxxxxxx..." is longer than 100 characters (101)'),
    ("\u0410nn", 'mixes Latin and Cyrillic letters in "\u0410nn", so it would look like another name: '
                 "type it in one alphabet"),                      # Cyrillic А + Latin nn: looks like Ann
    ("\u0391nn", 'mixes Latin and Greek letters in "\u0391nn", so it would look like another name: '
                 "type it in one alphabet"),                      # Greek Alpha + Latin nn
    ("Ann-\u0421at", 'mixes Latin and Cyrillic letters in "Ann-\u0421at", so it would look like another name: '
                     "type it in one alphabet"),
    ("\u0422\u041e\u041c", "is written in Cyrillic letters that all look exactly like Latin ones, so it would look "
                         "like another name: type it in Latin letters"),  # ТОМ reads TOM
])
def test_names_that_cannot_be_stored_are_refused_with_the_reason(typed, reason):
    with pytest.raises(NameRefused) as e:
        name_clean(typed)
    assert str(e.value) == reason


def test_the_key_folds_case_and_look_alikes():
    assert name_key(name_clean("Zoë Ødegård")) == name_key(name_clean("ZOË ØDEGÅRD")) == "zoë ødegård"
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key(name_clean("Ａnn\u200b")) == name_key("ann")
    assert name_key("Ann") != name_key("Anna")


@pytest.mark.django_db
def test_look_alikes_are_the_same_player_in_the_database():
    zoe = Player.objects.create(name="Zoë Ødegård")
    assert zoe.name_key == "zoë ødegård"
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name="zoë ødegård")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.bulk_create([Player(name="ZOË ØDEGÅRD")])
    assert player_get_or_create(name="ZOË  ØDEGÅRD\u200b") == zoe
    assert [p.name for p in players_get_or_create(names=["zoë ødegård", "Ａnn", "ann\u200b"])] == \
        ["Zoë Ødegård", "Ann", "Ann"]
    assert Player.objects.count() == 2


@pytest.mark.django_db
def test_an_imported_look_alike_is_the_existing_player(ann):
    [match] = records_import(data={"players": ["\u202eＡnn\u200b", "Ben"], "hands": []})
    assert match.player_a == ann
    with pytest.raises(ImportRefused, match='players: "Ann" and "ａnn\u200b" are the same player'):
        records_import(data={"players": ["Ann", "ａnn\u200b"], "hands": []})


@pytest.mark.django_db
def test_the_admin_cannot_rename_a_player_to_a_look_alike(admin_client, ann, ben):
    url = reverse("admin:players_player_change", args=[ben.pk])
    page = admin_client.post(url, {"name": "ann"})
    assert page.status_code == 200
    assert page.context["adminform"].form.errors["name"] == [
        '"Ann" is already a player: names differ by more than capitals, accents that look alike '
        "or invisible characters."]
    page = admin_client.post(url, {"name": "Ben\x00"})
    assert page.context["adminform"].form.errors["name"] == ["Null characters are not allowed."]
    page = admin_client.post(url, {"name": "Ben\x1b"})
    assert page.context["adminform"].form.errors["name"] == [
        "This name holds a control character (U+001B), which no name may hold."]
    assert admin_client.post(url, {"name": " Ｂen\u200b  Jr "}).status_code == 302
    ben.refresh_from_db()
    assert (ben.name, ben.name_key) == ("Ben Jr", "ben jr")


@pytest.mark.django_db
def test_cyrillic_and_greek_look_alikes_of_ann_make_no_player(client, member, ann):
    """Seen: Cyrillic "Аnn" and Greek "Αnn" created two more players drawn exactly like Ann."""
    for name in ("\u0410nn", "\u0391nn"):
        with pytest.raises(NameRefused, match="A player's name mixes Latin and"):
            player_get_or_create(name=name)
        with pytest.raises(tournament_services.TournamentRefused, match="entries: .*mixes Latin and"):
            tournament_services.entries_set(tournament=tournament_services.tournament_create(
                name="Friday", format="swiss"), names=["Ben", name])
    client.force_login(member)
    page = client.post(reverse("matches:new"), {"player_a": "Ben", "player_b": "\u0410nn", "preset": "standard",
                                                "length": "target", "first_dealer": "a"})
    assert page.status_code == 200 and "mixes Latin and Cyrillic letters" in str(page.context["form"].errors)
    assert list(Player.objects.values_list("name", flat=True)) == ["Ann"]


@pytest.mark.django_db
def test_the_new_match_form_refuses_look_alike_players(client, member):
    client.force_login(member)
    post = {"player_a": "Ann", "player_b": "ＡＮＮ\u200b", "preset": "standard", "length": "target",
            "first_dealer": "a"}
    page = client.post(reverse("matches:new"), post)
    assert page.context["form"].errors["player_b"] == ["The two players must be different."]
    page = client.post(reverse("matches:new"), {**post, "player_b": "x" * 101})
    assert page.status_code == 200 and "player_b" in page.context["form"].errors


@pytest.mark.django_db
def test_tournament_entries_with_bad_or_look_alike_names_are_refused(client, director):
    client.force_login(director)
    t = tournament_services.tournament_create(name="Friday", format="swiss")
    url = reverse("tournaments:entries", args=[t.pk])
    page = client.post(url, {"names": "Ann\nBen\n" + "Ö" * 101}, follow=True)
    assert page.status_code == 200
    assert "Line 3: this name" in page.content.decode() and "longer than 100 characters (101)" in page.content.decode()
    page = client.post(url, {"names": "Ann\nBen\nａnn\u200b"}, follow=True)
    assert "Listed twice" in page.content.decode()
    assert not t.entries.exists() and not Player.objects.exists()
    with pytest.raises(tournament_services.TournamentRefused, match="entries: holds a control character"):
        tournament_services.entries_set(tournament=t, names=["Ann", "Ben\x00"])
    client.post(url, {"names": "Ann\nBen\nZoë"})
    assert list(t.entries.values_list("player__name", flat=True)) == ["Ann", "Ben", "Zoë"]
    assert Tournament.objects.get().entries.count() == 3


@pytest.mark.django_db
def test_the_migration_cleans_stored_names_and_keeps_both_of_two_look_alikes():
    rows = [Player.objects.create(name=n) for n in ("Ann", "Bea", "Cid", "Dot")]
    with connection.cursor() as cursor:  # names as older versions stored them
        for player, name in zip(rows[1:], ["ann", "\u200bBea\u202e  Lee", "Ｄｏｔ"]):
            cursor.execute("UPDATE players_player SET name = %s, name_key = %s WHERE id = %s",
                           [name, f"old {player.pk}", player.pk])
        if connection.vendor == "sqlite":
            cursor.execute("UPDATE players_player SET name = %s WHERE id = %s", ["Ö" * 300, rows[0].pk])
    migration = importlib.import_module("ginscore.players.migrations.0003_backfill_name_key")
    migration.backfill(apps, None)
    got = list(Player.objects.order_by("id").values_list("name", "name_key"))
    first = ("Ö" * 60, "ö" * 60) if connection.vendor == "sqlite" else ("Ann", "ann")
    second = ("ann", "ann") if connection.vendor == "sqlite" else ("ann (2)", "ann (2)")
    assert got == [first, second, ("Bea Lee", "bea lee"), ("Dot", "dot")]
