"""Error mail cannot take the site down (the issue: a mail server that accepts and never answers
held the site about 60 s for 6 requests, and every foreign Host sent a mail): the mail goes off
the request, at most 3 a minute for the whole site (counted in the database), and a bad Host is
no error to mail."""
import socket
import threading
import time

import pytest
from django.core import mail
from django.test import Client, override_settings

from ginscore.club.error_mail import error_mail_wait, mail_allowed
from ginscore.club.models import Tried

pytestmark = pytest.mark.django_db

ORGANISER = [("Organiser", "org@club.example")]


class SilentMailServer:
    """A mail server on 127.0.0.1 that accepts every connection and never says a word."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.held: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.held.append(conn)
            if self.closed:
                conn.close()

    closed = False

    def close(self):
        self.closed = True
        try:
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()
        for conn in self.held:
            conn.close()


@pytest.fixture
def silent_mail_server():
    server = SilentMailServer()
    yield server
    server.close()


def test_a_silent_mail_server_holds_no_request_and_at_most_3_mails_a_minute_are_tried(silent_mail_server, capsys):
    with override_settings(ROOT_URLCONF="tests.deploy.failing_urls", ADMINS=ORGANISER,
                           EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST="127.0.0.1",
                           EMAIL_PORT=silent_mail_server.port, EMAIL_TIMEOUT=30):
        client = Client(raise_request_exception=False)
        codes = [client.get("/boom/").status_code for _ in range(10)]
        # Ten pages answered while the first mail still waits for the silent server's greeting
        # (sent in the request, they would have waited 30 s each): one connection so far.
        assert codes == [500] * 10
        for _ in range(100):   # the mail's thread connects on its own time (later on a busy machine)
            if silent_mail_server.held:
                break
            time.sleep(0.1)
        assert len(silent_mail_server.held) == 1
        assert client.get("/").status_code == 200
        silent_mail_server.close()      # the mail server goes away: the waiting mails fail at once
        error_mail_wait(60)
    assert Tried.objects.filter(where="mail").count() == 3
    assert len(silent_mail_server.held) <= 3   # the three counted mails were tried, no more
    err = capsys.readouterr().err
    assert err.count("error mail not sent (more than 3 a minute)") == 7
    assert err.count("error mail not sent (SMTPServerDisconnected") + err.count("error mail not sent (Connection") >= 1


@override_settings(ADMINS=ORGANISER, ALLOWED_HOSTS=["club.example"])
def test_a_foreign_host_is_answered_400_and_never_mailed():
    client = Client()
    for host in ("evil.example", "127.0.0.1:1", "x" * 300, "bad host"):
        assert client.get("/", HTTP_HOST=host).status_code == 400
    error_mail_wait()
    assert mail.outbox == [] and not Tried.objects.filter(where="mail").exists()
    assert client.get("/boom/", HTTP_HOST="club.example").status_code == 404   # the site still answers


def test_the_minutes_limit_is_the_sites_not_a_processs(settings):
    """The count is in the database: what other workers sent (rows written there) counts too."""
    from django.utils import timezone

    settings.GINSCORE_ERROR_MAILS_PER_MINUTE = 3
    now = timezone.now()
    Tried.objects.bulk_create([Tried(where="mail", scope="errors", at=now) for _ in range(2)])
    assert mail_allowed() is True
    assert mail_allowed() is False
