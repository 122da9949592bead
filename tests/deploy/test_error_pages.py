"""What a visitor sees when something is wrong (DEBUG off): the site's own pages, never a
traceback or a setting; and what the organiser gets: the traceback on standard error, by mail."""
import subprocess
import sys

import pytest
from django.core import mail
from django.test import Client, override_settings

from ginscore.club.error_mail import error_mail_wait
from tests.deploy.servers import ROOT
from tests.deploy.servers import environment as env_for
from tests.deploy.servers import prepared

pytestmark = pytest.mark.django_db

LEAKS = ("Traceback", "SECRET_KEY", "settings.py", "ZeroDivisionError", "DATABASES", "Using the URLconf")


def no_leak(html: str):
    for text in LEAKS:
        assert text not in html, text


def test_a_missing_page_is_the_sites_own_404(client):
    response = client.get("/matches/999999/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "There is no such page" in html and 'class="topbar"' in html and 'href="/matches/"' in html
    no_leak(html)


@override_settings(ROOT_URLCONF="tests.deploy.failing_urls", ADMINS=[("Organiser", "org@club.example")])
def test_a_failing_page_is_the_sites_own_500_and_the_organiser_is_mailed(caplog):
    response = Client(raise_request_exception=False).get("/boom/")
    html = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong on our side" in html
    no_leak(html)
    failure = [r for r in caplog.records if r.name == "django.request" and r.levelname == "ERROR"]
    assert failure and failure[0].exc_info[0] is ZeroDivisionError
    error_mail_wait()   # the mail goes off the request (ginscore.club.error_mail)
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["org@club.example"]
    assert "ZeroDivisionError" in mail.outbox[0].body and mail.outbox[0].subject.startswith("[ginscore] ERROR")


def test_a_refused_page_is_the_sites_own_403(client, make_match, other_member):
    match = make_match()
    client.force_login(other_member)
    response = client.post(f"/matches/{match.pk}/hands/new/", {})
    html = response.content.decode()
    assert response.status_code == 403
    assert "You may not do that here" in html and "You may not change this match." in html
    no_leak(html)


def test_a_form_without_its_csrf_token_gets_a_page_that_says_what_to_do():
    response = Client(enforce_csrf_checks=True).post("/accounts/login/", {"username": "ann", "password": "x"})
    html = response.content.decode()
    assert response.status_code == 403
    assert "The form was too old to send" in html and "Nothing was saved" in html
    no_leak(html)


def test_a_bad_request_is_the_sites_own_400(client):
    response = client.get("/", HTTP_HOST="bad host name")
    assert response.status_code == 400
    html = response.content.decode()
    assert "That request could not be understood" in html
    no_leak(html)


def test_the_traceback_of_a_failing_page_goes_to_standard_error(tmp_path):
    """In a fresh process with the site's own logging: the traceback is on stderr, not on the page."""
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'ginscore.settings'; django.setup()\n"
        "from django.test import Client; from django.test.utils import override_settings, setup_test_environment\n"
        "setup_test_environment()\n"
        # a club that has started (no first-run page in the way), in this process's own database
        "from django.contrib.auth.models import User; User.objects.create_superuser('carla', None, 'x-long-pass-1')\n"
        "with override_settings(ROOT_URLCONF='tests.deploy.failing_urls'):\n"
        "    r = Client(raise_request_exception=False).get('/boom/')\n"
        "print(r.status_code, 'Something went wrong' in r.content.decode())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=prepared(env_for(tmp_path), static=False),
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["500", "True"], done.stderr
    assert "ERROR django.request: Internal Server Error: /boom/" in done.stderr
    assert "Traceback (most recent call last)" in done.stderr and "ZeroDivisionError: a page failed" in done.stderr
