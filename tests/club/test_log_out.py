"""Whom a page was drawn for, and log-out: every answer names its viewer (the session, "" with
none), which changes on log-in and log-out; log-out tells the browser to drop what it kept."""
import pytest
from django.urls import reverse

from ginscore.club.viewer import VIEWER_HEADER

pytestmark = pytest.mark.django_db


def test_each_session_is_its_own_viewer_and_log_out_clears_the_site(client, director, make_match):
    match = make_match()
    pad = reverse("matches:detail", args=[match.pk])
    assert client.get(pad)[VIEWER_HEADER] == ""                     # no session: nothing private
    client.get(reverse("matches:table", args=[match.table_token]))
    link_holder = client.get(pad)[VIEWER_HEADER]
    assert len(link_holder) == 24
    client.force_login(director)
    director_viewer = client.get(pad)[VIEWER_HEADER]
    assert director_viewer not in ("", link_holder)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache", "storage"'
    assert response[VIEWER_HEADER] == ""
    assert client.get(pad)[VIEWER_HEADER] == ""


def test_the_log_out_script_is_on_every_page_of_a_logged_in_user(client, member):
    assert "ginscore/logout.js" not in client.get("/").content.decode()
    client.force_login(member)
    page = client.get("/").content.decode()
    assert "ginscore/logout.js" in page and "data-logout" in page
    assert "ginscore/logout.js" in client.get(reverse("club:service_worker")).content.decode()   # kept offline
