"""The front (ginscore/front.py, as run.sh, bench/rehearsal.py and a federation run it) before app
servers that die or are slow.

When one of them dies in the middle of a request: a hand sent from a phone's outbox (the one
idempotent POST: it carries its entry_key) is sent again to the next app server, and the phone is
answered by it; any other POST, once sent, is answered 502 and never sent twice. When the site is
slow to draw a new board: a wall's poll is answered from the front's copy, and so is its next poll
(it is not held behind the front's question to the site on a kept-alive connection). When the
site is slow to answer for a table's pad: a poll is never answered from a copy past its second,
not even while the front asks the site for the new one. The versions of a block of pads, which all
the block's onlookers poll: answered from the copy there is while one poll asks the site, but only
in the second after the copy's, never with versions the site read 2 s before.

The app servers here are small loopback servers: "dead" reads each request whole and closes the
connection without a word (a gunicorn process killed while it worked), "alive" answers 200, "slow"
answers a shareable page after 3 s."""
import http.client
import json
import socket
import socketserver
import subprocess
import threading
import time
from collections import Counter
from contextlib import contextmanager

import pytest
from django.test import RequestFactory

from ginscore import front
from ginscore.club.live import versions_answer
from tests.deploy.servers import free_port

pytestmark = pytest.mark.skipif(front.nginx_binary() is None, reason="needs Debian's nginx (scripts/setup.sh)")


def request_head(rfile) -> bytes | None:
    """A request's head as an app server reads it (None: the connection closed first)."""
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        line = rfile.readline()
        if not line:
            return None
        head += line
    return head


def app_server(name: str, heard: Counter, answers: bool, after: float = 0.0, shared: bool = False):
    class Handler(socketserver.StreamRequestHandler):
        def handle(self):
            head = request_head(self.rfile)
            if head is None:
                return
            lines = head.decode("latin-1").split("\r\n")
            length = next((int(v.split(":", 1)[1]) for v in lines if v.lower().startswith("content-length:")), 0)
            self.rfile.read(length)
            heard[name, lines[0].split()[1]] += 1
            if answers:
                time.sleep(after)
                body = f"{name} answered {heard[name, lines[0].split()[1]]}".encode()
                kept = b"Cache-Control: public, max-age=0, s-maxage=1\r\nX-Accel-Expires: 1\r\n" if shared else b""
                self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n%s"
                                 b"Content-Length: %d\r\n\r\n%s" % (kept, len(body), body))
            else:
                self.request.shutdown(socket.SHUT_RDWR)   # died before answering

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@contextmanager
def front_before(tmp_path, *servers):
    """The front's nginx before ``servers``; yields its port."""
    port = free_port()
    place = front.write(host="127.0.0.1", port=port, https=False, access_log=False,
                        servers=[f"127.0.0.1:{server.server_address[1]}" for server in servers])
    nginx = subprocess.Popen([front.nginx_binary(), "-p", str(place), "-c", str(place / "nginx.conf"), "-e", "stderr"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert nginx.poll() is None and time.monotonic() < deadline, nginx.stderr.read() if nginx.poll() else ""
            time.sleep(0.1)
    try:
        yield port
    finally:
        nginx.terminate()
        nginx.wait(20)
        for server in servers:
            server.shutdown()


@pytest.fixture
def front_before_a_dead_and_a_live_server(tmp_path, monkeypatch):
    monkeypatch.setenv("GINSCORE_DATA_DIR", str(tmp_path))
    heard = Counter()
    with front_before(tmp_path, app_server("dead", heard, answers=False), app_server("alive", heard, answers=True)) as port:
        yield port, heard


def post(port: int, path: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        connection.request("POST", path, body=b"entry_key=6f1c&end=knock",
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def test_a_hand_sent_from_the_outbox_goes_on_to_the_next_server_when_one_dies(front_before_a_dead_and_a_live_server):
    port, heard = front_before_a_dead_and_a_live_server
    send = "/matches/7/hands/send/"
    # The first two sends: nginx tries each server in turn, so one of them goes to the dead one first.
    answers = [post(port, send) for _ in range(2)]
    assert [status for status, _ in answers] == [200, 200] and all(a.startswith("alive") for _, a in answers)
    assert heard["dead", send] == 1 and heard["alive", send] == 2   # the dead one's was sent on, once


def test_any_other_post_is_not_sent_twice(front_before_a_dead_and_a_live_server):
    port, heard = front_before_a_dead_and_a_live_server
    new = "/matches/7/hands/new/"
    answers = [post(port, new) for _ in range(2)]
    # The one that reached the dead server is answered 502 (it may have been stored: never sent again).
    assert heard["dead", new] == 1 and heard["alive", new] == 1
    assert sorted(status for status, _ in answers) == [200, 502]


@pytest.mark.waits(5)   # (the front's second, the site's slow board)
def test_a_wall_s_next_poll_is_not_held_behind_the_front_s_question_for_a_new_board(tmp_path, monkeypatch):
    """nginx ends a request answered from its copy (STALE) only once its background question to the
    site is answered, and reads nothing more from that connection meanwhile: the board's connection is
    closed after each answer, so the wall's next poll comes on a new one and is answered from the copy
    (UPDATING) while the site still draws, instead of waiting for the drawing (then HIT)."""
    monkeypatch.setenv("GINSCORE_DATA_DIR", str(tmp_path))
    heard = Counter()
    with front_before(tmp_path, app_server("slow", heard, answers=True, after=3.0, shared=True)) as port:
        wall, closed = http.client.HTTPConnection("127.0.0.1", port, timeout=20), []

        def poll():
            wall.request("GET", "/tournaments/3/board/", headers={"Accept-Encoding": "identity"})
            response = wall.getresponse()
            closed.append(response.getheader("Connection") == "close")
            return response.getheader("X-Cache"), response.read().decode()

        assert poll() == ("MISS", "slow answered 1")   # the first board, drawn for it
        time.sleep(2.2)   # its second is past
        assert poll() == ("STALE", "slow answered 1")   # the copy; nginx asks for a new one beside it
        assert poll() == ("UPDATING", "slow answered 1")   # not held behind that question (else HIT, 3 s later)
        assert closed == [True, True, True]
        wall.close()


@pytest.mark.waits(6)   # (the front's second, the site's slow pages)
def test_a_pad_s_poll_is_never_answered_from_a_copy_past_its_second(tmp_path, monkeypatch):
    """A page many watch (the standings) is answered from the copy there is while one poll asks the
    site for the new one (UPDATING); a table's pad is not: each poll that finds its copy past its
    second waits for the site, however slow it is then (a server killed, the other one busy), so a
    viewer never sees a hand saved over 2 s before missing from it."""
    monkeypatch.setenv("GINSCORE_DATA_DIR", str(tmp_path))
    heard = Counter()
    with front_before(tmp_path, app_server("slow", heard, answers=True, after=2.0, shared=True)) as port:
        def poll(path, answers=None):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
            connection.request("GET", path)
            response = connection.getresponse()
            answer = (response.getheader("X-Cache"), response.read().decode())
            connection.close()
            if answers is not None:
                answers.append(answer)
            return answer

        pad, standings = "/matches/7/", "/tournaments/3/standings/"
        for path in (pad, standings):
            assert poll(path) == ("MISS", "slow answered 1")
        time.sleep(2.2)   # both copies past their second
        asking = [threading.Thread(target=poll, args=(path, [])) for path in (pad, standings)]
        for thread in asking:
            thread.start()   # the front asks the site for each (2 s)
        time.sleep(0.5)
        assert poll(standings) == ("UPDATING", "slow answered 1")   # the copy there is, at once
        assert poll(pad) == ("EXPIRED", "slow answered 3")   # the site's answer, not the old copy
        for thread in asking:
            thread.join()
        assert heard["slow", pad] == 3 and heard["slow", standings] == 2


def versions_server(heard: list, slow: list):
    """An app server answering the versions of a block of pads as the site does (``versions_answer``,
    its headers in their order), the version being the time it read them; each answer after
    ``slow[0]`` seconds."""
    class Handler(socketserver.StreamRequestHandler):
        def handle(self):
            if request_head(self.rfile) is None:
                return
            read_at = time.time()
            heard.append(read_at)
            time.sleep(slow[0])
            answer = versions_answer(RequestFactory().get("/matches/pads/0/"), {7: f"{read_at:.3f}"}, read_at)
            lines = "".join(f"{name}: {value}\r\n" for name, value in answer.items())
            self.wfile.write(b"HTTP/1.1 200 OK\r\nConnection: close\r\n%sContent-Length: %d\r\n\r\n%s"
                             % (lines.encode(), len(answer.content), answer.content))

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.mark.waits(5)   # (the front's second, the site's slow answer)
def test_the_versions_are_answered_from_the_copy_while_one_poll_asks_never_one_read_2_s_before(tmp_path, monkeypatch):
    """Every onlooker of a block's sixteen tables polls its versions: when the site is slow, a poll
    that finds the copy past its second asks the site and the others meanwhile get the copy there is
    (UPDATING) at once, instead of each asking the site too; but only while that copy was read under
    2 s before (to the end of the second after the one the site read it in). Past that each poll
    waits for the site, as a table's pad's: an onlooker polling 2 s after a hand was saved is told
    its pad moved."""
    monkeypatch.setenv("GINSCORE_DATA_DIR", str(tmp_path))
    heard, slow, versions = [], [0.0], "/matches/pads/0/"
    with front_before(tmp_path, versions_server(heard, slow)) as port:
        def poll(answers=None):
            sent = time.time()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
            connection.request("GET", versions)
            response = connection.getresponse()
            read_at = float(json.loads(response.read())["7"])
            connection.close()
            answer = (sent, time.time() - sent, response.getheader("X-Cache"), read_at)
            if answers is not None:
                answers.append(answer)
            return answer

        _, _, kept, read_at = poll()
        assert kept == "MISS" and len(heard) == 1
        second = int(read_at)
        time.sleep(max(0.0, second + 1.05 - time.time()))   # the copy is past its second: the site takes 1.5 s now
        slow[0] = 1.5
        asking = threading.Thread(target=poll, args=([],))
        asking.start()
        time.sleep(0.2)
        meanwhile = []   # (a margin of 0.2 s before nginx's second ends, for a busy machine)
        while time.time() < second + 1.8:
            poll(meanwhile)
            time.sleep(0.1)
        time.sleep(max(0.0, second + 2.1 - time.time()))
        late = poll()   # past the second after the copy's, the site still asking
        asking.join()
        assert all(sent - read < 2.0 for sent, _, _, read in meanwhile + [late])   # never a copy read 2 s before
        assert meanwhile and all(kept == "UPDATING" and took < 0.5 and read == read_at
                                 for _, took, kept, read in meanwhile), meanwhile
        sent, took, kept, read = late
        assert kept in ("EXPIRED", "MISS") and took > 1.0 and read >= sent, late
        # The site heard the first poll, the one that asked and the late one only.
        assert len(heard) == 3
