"""The front before several app servers (ginscore/front.py, as bench/rehearsal.py and a federation
run it) when one of them dies in the middle of a request: a hand sent from a phone's outbox (the
one idempotent POST: it carries its entry_key) is sent again to the next app server, and the phone
is answered by it; any other POST, once sent, is answered 502 and never sent twice.

The app servers here are two small loopback servers: "dead" reads each request whole and closes
the connection without a word (a gunicorn process killed while it worked), "alive" answers 200."""
import http.client
import socket
import socketserver
import subprocess
import threading
import time
from collections import Counter

import pytest

from ginscore import front
from tests.deploy.servers import free_port

pytestmark = pytest.mark.skipif(front.nginx_binary() is None, reason="needs Debian's nginx (scripts/setup.sh)")


def app_server(name: str, heard: Counter, answers: bool):
    class Handler(socketserver.StreamRequestHandler):
        def handle(self):
            head = b""
            while not head.endswith(b"\r\n\r\n"):
                line = self.rfile.readline()
                if not line:
                    return
                head += line
            lines = head.decode("latin-1").split("\r\n")
            length = next((int(v.split(":", 1)[1]) for v in lines if v.lower().startswith("content-length:")), 0)
            self.rfile.read(length)
            heard[name, lines[0].split()[1]] += 1
            if answers:
                body = f"{name} answered".encode()
                self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n"
                                 b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
            else:
                self.request.shutdown(socket.SHUT_RDWR)   # died before answering

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def front_before_a_dead_and_a_live_server(tmp_path, monkeypatch):
    monkeypatch.setenv("GINSCORE_DATA_DIR", str(tmp_path))
    heard = Counter()
    dead, alive = app_server("dead", heard, answers=False), app_server("alive", heard, answers=True)
    port = free_port()
    place = front.write(host="127.0.0.1", port=port, https=False, access_log=False,
                        servers=[f"127.0.0.1:{dead.server_address[1]}", f"127.0.0.1:{alive.server_address[1]}"])
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
        yield port, heard
    finally:
        nginx.terminate()
        nginx.wait(20)
        dead.shutdown()
        alive.shutdown()


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
    assert answers == [(200, "alive answered")] * 2
    assert heard["dead", send] == 1 and heard["alive", send] == 2   # the dead one's was sent on, once


def test_any_other_post_is_not_sent_twice(front_before_a_dead_and_a_live_server):
    port, heard = front_before_a_dead_and_a_live_server
    new = "/matches/7/hands/new/"
    answers = [post(port, new) for _ in range(2)]
    # The one that reached the dead server is answered 502 (it may have been stored: never sent again).
    assert heard["dead", new] == 1 and heard["alive", new] == 1
    assert sorted(status for status, _ in answers) == [200, 502]
