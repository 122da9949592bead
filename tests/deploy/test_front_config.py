"""The front's nginx configuration (ginscore/front.py) as run.sh writes it: nginx accepts it for
every address run.sh is given, and the settings count nginx as one proxy more."""
import re
import subprocess

import pytest

from ginscore import front
from tests.deploy.servers import environment, setting


@pytest.mark.skipif(front.nginx_binary() is None, reason="needs Debian's nginx (scripts/setup.sh)")
@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0", "::", "192.168.1.20"])
def test_nginx_accepts_the_configuration_for_each_address(tmp_path, monkeypatch, host):
    monkeypatch.setenv("GINSCORE_DATA_DIR", str(tmp_path))
    place = front.write(host=host, port=8123)
    text = (place / "nginx.conf").read_text()
    assert f"server unix:{place}/gunicorn.sock" in text
    assert "client_header_timeout 10s;" in text and "client_body_timeout 10s;" in text
    assert "proxy_request_buffering on;" in text and "proxy_set_header X-Forwarded-Proto $scheme;" in text
    done = subprocess.run([front.nginx_binary(), "-t", "-p", str(place), "-c", str(place / "nginx.conf"), "-e",
                           "stderr"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 or "Cannot assign requested address" in done.stderr, done.stderr
    assert "syntax is ok" in done.stderr   # (an address of another machine cannot be bound here)


def test_behind_an_https_proxy_its_scheme_is_passed_on(tmp_path, monkeypatch):
    monkeypatch.setenv("GINSCORE_DATA_DIR", str(tmp_path))
    text = (front.write(host="127.0.0.1", port=8124, https=True) / "nginx.conf").read_text()
    assert "proxy_set_header X-Forwarded-Proto $http_x_forwarded_proto;" in text


@pytest.mark.parametrize("extra, count", [({}, 0), ({"GINSCORE_FRONT": "1"}, 1),
                                          ({"GINSCORE_FRONT": "1", "GINSCORE_HTTPS": "1"}, 2),
                                          ({"GINSCORE_FRONT": "1", "GINSCORE_PROXY_COUNT": "2"}, 3)])
def test_run_sh_s_front_is_one_proxy_more(tmp_path, extra, count):
    assert setting(environment(tmp_path, **extra), "settings.GINSCORE_PROXY_COUNT") == count


def test_several_app_servers_share_the_requests_and_one_that_fails_is_left_out(tmp_path, monkeypatch):
    monkeypatch.setenv("GINSCORE_DATA_DIR", str(tmp_path))
    text = (front.write(host="127.0.0.1", port=8125, servers=["/run/app1.sock", "10.0.0.2:8000"]) /
            "nginx.conf").read_text()
    assert "server unix:/run/app1.sock max_fails=1 fail_timeout=5s;" in text
    assert "server 10.0.0.2:8000 max_fails=1 fail_timeout=5s;" in text and "gunicorn.sock" not in text


def test_only_the_board_is_answered_from_the_copy_while_nginx_asks_for_the_new_one(tmp_path, monkeypatch):
    """(tests/deploy/test_front.py and test_front_upstreams.py play it.) The round and the
    standings are not: once their copy is past its second, one viewer's poll waits for the site's
    answer, the others get the copy meanwhile. A table's pad never answers from a copy past its
    second: every poll that finds it so waits for the site. Only the board is compressed by the front."""
    monkeypatch.setenv("GINSCORE_DATA_DIR", str(tmp_path))
    text = (front.write(host="127.0.0.1", port=8126) / "nginx.conf").read_text()
    blocks = dict(re.findall(r"\n        location ([^{]+?) \{\n(.*?)\n        \}", text, re.S))
    board, pad = f"~ {front.BOARD_PATH}", f"~ {front.PAD_PATH}"
    assert set(blocks) == {"/", board, pad, f"~ {front.SEND_PATH}"}
    assert "proxy_cache_background_update on;" in blocks[board] and "gzip on;" in blocks[board]
    # (its connection closed after each answer: tests/deploy/test_front_upstreams.py says why)
    assert "keepalive_timeout 0;" in blocks[board] and text.count("keepalive_timeout 0;") == 1
    assert "background_update" not in blocks["/"] and not re.search(r"^\s*gzip", text.replace(blocks[board], ""), re.M)
    # (the site compresses the pages visitors share itself, once a copy: the front keeps them apart)
    assert all(block.count("$ginscore_gzip") == 1 for block in blocks.values())
    assert text.count("proxy_cache_background_update") == 1
    for kind, block in blocks.items():   # all share the visitors' pages alike otherwise
        assert "proxy_cache ginscore_pages;" in block and "proxy_cache_bypass $cookie_sessionid $cookie_messages;" in block
        assert ("proxy_cache_use_stale off;" if kind == pad else "proxy_cache_use_stale updating;") in block, kind
    # (nginx takes the first regular expression that matches, else the longest prefix: "/")
    regexes = [(kind, re.compile(kind[2:])) for kind in re.findall(r"\n        location (~ [^{]+?) \{", text)]
    for path, kind in (("/tournaments/12/board/", board), ("/matches/7/", pad), ("/matches/pads/0/", pad),
                       ("/matches/pads/x/", "/"), ("/matches/pads/", "/"), ("/tournaments/12/standings/", "/"),
                       ("/tournaments/12/board/x/", "/"), ("/tournaments/12/rounds/1/2/", "/"),
                       ("/matches/7/hands/send/", f"~ {front.SEND_PATH}"), ("/matches/7/hands/new/", "/"),
                       ("/matches/", "/"), ("/matches/7/pad.pdf", "/")):
        assert next((k for k, r in regexes if r.search(path)), "/") == kind, path


def test_only_a_hand_sent_from_the_outbox_is_sent_again_to_the_next_server(tmp_path, monkeypatch):
    """(tests/deploy/test_front_retry.py plays it.) The outbox's send carries its entry_key: sent
    twice, it is stored once. Every other request keeps nginx's default: a POST is never sent again
    once it reached a server."""
    monkeypatch.setenv("GINSCORE_DATA_DIR", str(tmp_path))
    text = (front.write(host="127.0.0.1", port=8127, servers=["/run/app1.sock", "/run/app2.sock"]) /
            "nginx.conf").read_text()
    blocks = dict(re.findall(r"\n        location ([^{]+?) \{\n(.*?)\n        \}", text, re.S))
    send = f"~ {front.SEND_PATH}"
    assert "proxy_next_upstream error timeout non_idempotent;" in blocks[send]
    assert text.count("non_idempotent") == 1 and text.count("proxy_next_upstream ") == 1
    assert "proxy_cache ginscore_pages;" in blocks[send]   # (a POST is never kept: nginx keeps GET and HEAD)
    for path, sent_again in (("/matches/7/hands/send/", True), ("/matches/7/hands/new/", False),
                             ("/matches/7/hands/send/x/", False), ("/matches/7/hands/3/edit/", False),
                             ("/matches/x/hands/send/", False)):
        assert bool(re.search(front.SEND_PATH, path)) == sent_again, path
