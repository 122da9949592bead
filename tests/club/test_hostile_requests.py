"""Requests no browser of the club would send, answered with a page and never a 500, on SQLite
and PostgreSQL (which refuses a NUL in any query, and a value longer than its column): a NUL
in a table link, a session cookie holding a NUL, a log-in user name longer than any column."""
import pytest
from axes.models import AccessAttempt
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/matches/table/%00abc/", "/matches/table/%00abc/1/", "/matches/table/a%00/",
                                  "/matches/table/" + "a" * 300 + "/", "/matches/1/seat/a/%00/",
                                  "/tournaments/1/check-in/1/%00/"])
def test_a_nul_or_an_overlong_link_is_not_found(client, make_match, path):
    make_match()
    response = client.get(path)
    assert response.status_code == 404


def test_a_table_link_still_opens(client, make_match):
    match = make_match()
    assert client.get(f"/matches/table/{match.table_token}/").status_code == 302


@pytest.mark.parametrize("cookie", ["abcdefgh\x00ijkl", "\x00" * 32, "x" * 5000, "abc def ghi jkl", "é" * 32])
def test_a_session_cookie_that_cannot_be_a_session_is_no_session(make_match, cookie):
    match = make_match()
    client = Client(HTTP_COOKIE=f"sessionid={cookie}")
    for path in ("/", f"/matches/{match.pk}/", "/matches/", "/accounts/login/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response["X-Ginscore-Viewer"] == ""


def test_a_log_in_name_longer_than_any_account_is_refused_clearly(client, member):
    for name in ("a" * 151, "a" * 256, "ann" + "x" * 5000):
        response = client.post("/accounts/login/", {"username": name, "password": "anything at all"})
        assert response.status_code == 200
        page = response.content.decode()
        assert "At most 150 characters: no account has a longer user name" in page
        assert "_auth_user_id" not in client.session
    assert all(len(a.username or "") <= 255 for a in AccessAttempt.objects.all())


def test_a_log_in_name_holding_a_nul_is_refused(client, member):
    response = client.post("/accounts/login/", {"username": "ann\x00", "password": "anything at all"})
    assert response.status_code == 200 and "_auth_user_id" not in client.session


@pytest.mark.parametrize("per_page, rows", [("-1", 1), ("0", 3), ("2", 2), ("99999999999999999999", 3), ("x", 3)])
def test_a_page_size_in_the_address_stays_between_one_row_and_a_hundred(client, make_match, ann, per_page, rows):
    """django-tables2 reads ``?per_page=`` on every list: -1 was a 500 (found by posting nonsense to
    every address of the site, 2026-11-30), 10^20 the whole history in one page; 0 or a word is the
    list's own size."""
    from ginscore.club.paging import MOST, BoundedPaginator
    from ginscore.tournaments import services
    from ginscore.engine import MatchLength

    for _ in range(3):
        make_match()
        services.tournament_create(name="Jeudi", format="swiss", rounds=2, length=MatchLength("best_of", 1))
    for path, field, table in (("/matches/", "per_page", "table"), ("/tournaments/", "per_page", "table"),
                               (f"/players/{ann.pk}/", "m-per_page", "history")):
        response = client.get(path, {field: per_page})
        assert response.status_code == 200, path
        assert len(response.context[table].page.object_list) == rows, path
    assert BoundedPaginator(range(500), 10 ** 20).per_page == MOST == 100
