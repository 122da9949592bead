"""QR codes never carry a loopback address (issue 37, item 2), and every print button uses the
club's paper with the other size one tap away (item 5)."""
import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from ginscore.club import setup
from ginscore.engine import MatchLength
from ginscore.seasons.models import Club
from ginscore.tournaments import services
from tests.sheets.pdf import text

pytestmark = pytest.mark.django_db
LOOPBACK = {"HTTP_HOST": "127.0.0.1:8000"}


@pytest.fixture(autouse=True)
def _the_clubs_network(settings):
    """This machine answers to the addresses the tests give (as it does to its own)."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20", "10.1.2.3", "10.0.0.9", "scores.myclub.org"]


def _started():
    t = services.tournament_create(name="Vendredi", format="swiss", rounds=3, length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=["Zoé", "Ann", "Ben", "Léa"])
    services.tournament_start(tournament=t)
    return t


def _pdf(response) -> bytes:
    assert response.status_code == 200, response.status_code
    return b"".join(response.streaming_content)


@pytest.fixture
def machine(monkeypatch):
    monkeypatch.setattr(setup, "machine_hosts", lambda: ["127.0.0.1", "192.168.1.20", "[::1]", "box", "localhost"])


def test_from_a_loopback_address_no_code_is_drawn_and_the_pages_say_so(client, club_admin, make_match, machine):
    client.force_login(club_admin)
    match = make_match()
    pad = client.get(f"/matches/{match.pk}/", **LOOPBACK).content.decode()
    assert 'id="address-unknown"' in pad and "http://192.168.1.20:8000" in pad
    assert reverse("matches:table_link_qr", args=[match.pk]) not in pad
    assert client.get(reverse("matches:table_link_qr", args=[match.pk]), **LOOPBACK).status_code == 409
    t = _started()
    tables = reverse("sheets:tables", args=[t.pk, 1, 1])
    refused = client.get(tables, **LOOPBACK)
    assert refused.status_code == 409 and "http://192.168.1.20:8000" + tables in refused.content.decode()
    assert 'id="address-unknown"' in client.get(reverse("tournaments:round", args=[t.pk, 1, 1]), **LOOPBACK
                                                ).content.decode()
    # "Use this address": the codes carry it from now on, whatever address the browser used.
    client.post("/club/address/", {"site_url": "http://192.168.1.20:8000", "next": tables}, **LOOPBACK)
    printed = text(_pdf(client.get(tables, **LOOPBACK)))
    assert "http://192.168.1.20:8000/matches/table/" in printed and "127.0.0.1" not in printed
    pad = client.get(f"/matches/{match.pk}/", **LOOPBACK).content.decode()
    assert 'id="address-unknown"' not in pad and reverse("matches:table_link_qr", args=[match.pk]) in pad


def test_a_director_is_offered_the_addresses_to_open_not_the_button(client, director, machine):
    client.force_login(director)
    t = _started()
    page = client.get(reverse("sheets:tables", args=[t.pk, 1, 1]), **LOOPBACK).content.decode()
    assert "http://192.168.1.20:8000/sheets/" in page and "Use this address" not in page


def test_from_the_clubs_network_the_browsers_address_is_used(client, director):
    client.force_login(director)
    t = _started()
    printed = text(_pdf(client.get(reverse("sheets:tables", args=[t.pk, 1, 1]), HTTP_HOST="192.168.1.20:8000")))
    assert "http://192.168.1.20:8000/matches/table/" in printed


def _size(pdf: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return tuple(sorted((round(float(box.width)), round(float(box.height)))))   # portrait or landscape


A4, LETTER = (595, 842), (612, 792)


def test_every_print_button_uses_the_clubs_paper_and_offers_the_other(client, director, make_match):
    client.force_login(director)
    match = make_match()
    t = _started()
    assert _size(_pdf(client.get(reverse("sheets:match", args=[match.pk])))) == LETTER
    club = Club.get()
    club.paper = "a4"
    club.save()
    setup.forget(keep=club, forever=True)
    assert _size(_pdf(client.get(reverse("sheets:match", args=[match.pk])))) == A4
    assert _size(_pdf(client.get(reverse("sheets:match", args=[match.pk]), {"paper": "letter"}))) == LETTER
    assert _size(_pdf(client.get(reverse("sheets:tables", args=[t.pk, 1, 1])))) == A4
    assert _size(_pdf(client.get(reverse("sheets:standings", args=[t.pk])))) == A4
    for page, pdf in ((f"/matches/{match.pk}/", reverse("sheets:match", args=[match.pk])),
                      (reverse("tournaments:round", args=[t.pk, 1, 1]), reverse("sheets:tables", args=[t.pk, 1, 1])),
                      (reverse("tournaments:standings", args=[t.pk]), reverse("sheets:standings", args=[t.pk]))):
        html = client.get(page).content.decode()
        assert f'href="{pdf}" data-paper="a4"' in html and f'href="{pdf}?paper=letter" data-paper="letter"' in html
    assert 'value="a4" checked' in client.get("/sheets/").content.decode().replace('selected', 'checked') or \
        '<option value="a4" selected>' in client.get("/sheets/").content.decode()


def test_the_sheet_command_prints_on_the_clubs_paper(tmp_path):
    club = Club.get()
    club.paper = "a4"
    club.save()
    setup.forget(keep=club, forever=True)
    call_command("sheet", "pad", "-o", str(tmp_path / "pad.pdf"))
    assert _size((tmp_path / "pad.pdf").read_bytes()) == A4
    call_command("sheet", "pad", "--paper", "letter", "-o", str(tmp_path / "letter.pdf"))
    assert _size((tmp_path / "letter.pdf").read_bytes()) == LETTER


def test_the_boards_check_in_code_gives_way_to_the_notice_while_the_address_is_unknown(client, machine):
    """The board on a TV plugged into this computer (127.0.0.1, no club address): no broken image
    of a code the site refuses to draw, but the notice naming this machine's addresses; from the
    club's network the code is there, and neither board is served to the other."""
    t = services.tournament_create(name="Vendredi", format="single", length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=["Zoé", "Ann", "Ben", "Léa"])
    services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=None)
    board = reverse("tournaments:board", args=[t.pk])
    qr = reverse("tournaments:check_in_qr", args=[t.pk])
    for _ in range(2):   # the second time from the pages kept for visitors, if any
        page = client.get(board, **LOOPBACK).content.decode()
        aside = page.split('class="board-check-in"', 1)[1].split("</aside>", 1)[0]
        assert qr not in aside and 'id="address-unknown"' in aside
        assert "No QR code yet: the address the phones use is not known." in aside
        assert "http://192.168.1.20:8000" + board in aside and "Check in for Semi-final" in aside
        assert client.get(qr, **LOOPBACK).status_code == 409
        page = client.get(board, HTTP_HOST="192.168.1.20:8000").content.decode()
        assert f'<img src="{qr}"' in page and "address-unknown" not in page
        assert client.get(qr, HTTP_HOST="192.168.1.20:8000")["Content-Type"] == "image/svg+xml"


def test_the_desk_offers_no_check_in_code_it_could_not_draw(client, director, machine):
    """At the desk from this computer (no club address): each player's check-in link is listed
    under the notice, with no "QR code" link that would only answer 409; from the club's network
    each one has its code."""
    client.force_login(director)
    t = services.tournament_create(name="Vendredi", format="swiss", rounds=3, length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=["Zoé", "Ann", "Ben", "Léa"])
    services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=None)
    desk = reverse("tournaments:desk", args=[t.pk])
    page = client.get(desk, **LOOPBACK).content.decode()
    links = page.split('class="check-in-links"', 1)[1].split("</details>", 1)[0]
    assert 'id="address-unknown"' in page and links.count('id="check-in-link-') == 4
    assert "qr.svg" not in links and "QR code" not in links   # (a link's random token may start with "qr")
    page = client.get(desk, HTTP_HOST="192.168.1.20:8000").content.decode()
    links = page.split('class="check-in-links"', 1)[1].split("</details>", 1)[0]
    assert links.count(">QR code</a>") == 4 and "http://192.168.1.20:8000/tournaments/" in links


def test_the_board_on_a_tv_plugged_into_this_computer_is_kept_and_shared_like_any_board(client, machine):
    """A board asked at 127.0.0.1 with no club address (the notice names this machine) is still the
    same for every visitor asking there: drawn once per version, kept, and marked for the front to
    share; the board asked from the club's network is kept apart, with its code."""
    from django.test.signals import template_rendered

    t = services.tournament_create(name="Vendredi", format="single", length=MatchLength("best_of", 1))
    services.entries_set(tournament=t, names=["Zoé", "Ann", "Ben", "Léa"])
    services.tournament_check_in_set(tournament=t, check_in=True, entry_fee=None)
    board = reverse("tournaments:board", args=[t.pk])
    drawn = []

    def seen(sender, template, **kwargs):
        drawn.append(template.name)

    template_rendered.connect(seen)
    try:
        pages = [client.get(board, **LOOPBACK) for _ in range(3)]
        lan = client.get(board, HTTP_HOST="192.168.1.20:8000")
    finally:
        template_rendered.disconnect(seen)
    assert drawn.count("tournaments/board.html") == 2   # once at 127.0.0.1, once from the network
    assert all(p["Cache-Control"] == "public, max-age=0, s-maxage=1, must-revalidate" for p in [*pages, lan])
    assert len({p.content for p in pages}) == 1 and b'id="address-unknown"' in pages[0].content
    assert b"address-unknown" not in lan.content
