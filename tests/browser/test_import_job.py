"""A member imports a month of records from a phone (390x844): the request answers at once with the
import's page, the background worker (a real ``manage.py db_worker`` process) writes the records, the
page counts them and then links to the matches; another member's phone is told the page does not exist."""
import json

import pytest

from ginscore.matches.models import Hand, Match
from tests.browser.conftest import new_phone, snap
from tests.browser.steps import log_in
from tests.jobs.test_worker import run_worker, stop

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORDS, HANDS = 300, 10


def records() -> bytes:
    hand = [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 4, "Ben": 30}}, {"end": "dead"}]
    return json.dumps([{"players": ["Ann", "Ben"], "stake": f"0.{n:03d}", "hands": hand * (HANDS // 2)}
                       for n in range(RECORDS)]).encode()


def test_an_import_started_on_a_phone_finishes_on_its_page(phone, member, other_member, settings, tmp_path):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    log_in(phone, to=None)
    phone.goto(phone.base + "/matches/import/")
    phone.set_input_files("[name=file]", {"name": "month.json", "mimeType": "application/json", "buffer": records()})
    worker = None
    try:
        phone.get_by_role("button", name="Import").click()
        phone.wait_for_url("**/jobs/*/")
        assert phone.locator("h1").inner_text() == "Import of month.json"
        assert phone.locator("#job").get_attribute("data-status") == "queued"   # no worker yet: the page answered
        snap(phone, "import-job-waiting", full_page=False)
        job_url = phone.url
        phone.evaluate("window.sameDocument = true")   # swapped by its script, never reloaded
        worker = run_worker(tmp_path, settings.GINSCORE_JOBS_DIR)
        phone.wait_for_selector("#job[data-status=done]", timeout=120_000)   # the page updated itself
    finally:
        if worker:
            stop(worker)
    assert Match.objects.count() == RECORDS and Hand.objects.count() == RECORDS * HANDS
    assert phone.evaluate("window.sameDocument") is True
    text = phone.locator("#job").inner_text()
    assert f"Done. Imported {RECORDS} matches." in text
    snap(phone, "import-job-done", full_page=False)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the job page is {width} px wide on a 390 px phone"
    phone.locator("#job-result").click()
    phone.wait_for_url("**/matches/")
    other = new_phone(phone.context.browser, phone.base)
    log_in(other, other_member.username, to=None)
    assert other.goto(job_url).status == 404
    other.context.close()
