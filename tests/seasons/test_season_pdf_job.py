"""A big season's table on paper is made by the background worker, on a job page of whoever asked;
a small one's opens at once, as before."""
from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from ginscore.jobs.models import Job
from ginscore.seasons import selectors, tasks
from tests.seasons.conftest import new_event, play, start
from tests.seasons.test_seasons import season
from tests.sheets.pdf import pages

NAMES = ["Zoë Ångström", "Bob", "Cai", "Ann-Marie"]


@pytest.fixture
def two_nights(db):
    for k in range(2):
        play(start(new_event(f"Night {k + 1}", "single", NAMES)), NAMES[k:] + NAMES[:k])
    return season(name="Winter league")


def test_the_size_is_players_times_finished_events(two_nights):
    start(new_event("Night 3", "single", NAMES))   # not finished: not in the table yet
    assert selectors.season_cells(two_nights) == 4 * 2


def test_a_small_season_opens_at_once(client, two_nights):
    response = client.get(reverse("seasons:pdf", args=[two_nights.pk]))
    assert response["Content-Type"] == "application/pdf" and not Job.objects.exists()
    assert "Zoë Ångström" in pages(response.getvalue())[0]


def test_a_big_season_is_made_by_a_job_only_its_starter_sees(client, two_nights, member, other_member, monkeypatch,
                                                            django_capture_on_commit_callbacks):
    monkeypatch.setattr(tasks, "SEASON_CELLS_IN_REQUEST", 7)   # this season's 8 cells: big
    url = reverse("seasons:pdf", args=[two_nights.pk])
    visitor = client.get(url, {"paper": "a4"})
    assert visitor.status_code == 302 and visitor["Location"].startswith("/accounts/login/")
    assert not Job.objects.exists()
    client.force_login(member)
    with django_capture_on_commit_callbacks(execute=True):
        started = client.get(url, {"paper": "a4"})
    job = Job.objects.get()
    assert started.status_code == 302 and started["Location"] == job.get_absolute_url()
    assert (job.status, job.started_by, job.message) == (
        Job.DONE, member, "The season table: 4 players, 2 events.")
    page = client.get(job.get_absolute_url()).content.decode()
    assert "Season table of Winter league" in page and f'href="/jobs/{job.pk}/file/"' in page
    pdf = b"".join(client.get(f"/jobs/{job.pk}/file/").streaming_content)
    text = "".join(pages(pdf))
    assert all(name in text for name in NAMES) and "Night 2" in text
    box = PdfReader(BytesIO(pdf)).pages[0].mediabox
    assert (round(box.width), round(box.height)) == (595, 842)   # A4, as asked
    client.force_login(other_member)
    assert client.get(job.get_absolute_url()).status_code == 404
    assert client.get(f"/jobs/{job.pk}/file/").status_code == 404


def test_the_job_in_french(client, two_nights, member, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(tasks, "SEASON_CELLS_IN_REQUEST", 0)
    client.force_login(member)
    with django_capture_on_commit_callbacks(execute=True):
        client.get(reverse("seasons:pdf", args=[two_nights.pk]), HTTP_ACCEPT_LANGUAGE="fr")
    job = Job.objects.get()
    assert job.title == "Tableau de la saison Winter league"
    assert job.message == "Le tableau de la saison : 4 joueurs, 2 tournois."
