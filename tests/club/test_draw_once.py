"""A cold live page asked for by many at the same moment (every worker after a restart, every
board after a result) is drawn once: the others wait for that drawing and serve what it kept,
in this process and from the pages cache in another one; a lock that cannot be had never stops
the page."""
import threading
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.test import RequestFactory

from ginscore.club import live


def _page_view(drawn: list, seconds: float = 0.3):
    @live.live_page(lambda **_: "v1", shared=True)
    def view(request):
        drawn.append(threading.get_ident())
        time.sleep(seconds)   # a big page takes a while to draw
        return HttpResponse(f"<p>page {len(drawn)}</p>", content_type="text/html; charset=utf-8")
    return view


def _get(view, path="/board/"):
    request = RequestFactory().get(path)
    request.user = AnonymousUser()
    return view(request)


def test_a_cold_page_asked_for_at_once_by_eight_is_drawn_once():
    drawn, answers = [], []
    view = _page_view(drawn)
    threads = [threading.Thread(target=lambda: answers.append(_get(view).content)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(drawn) == 1
    assert answers == [b"<p>page 1</p>"] * 8


def test_another_process_waits_for_the_drawing_and_serves_it_from_the_pages_cache():
    drawn = []
    view = _page_view(drawn)
    first = threading.Thread(target=lambda: _get(view))
    first.start()
    time.sleep(0.1)   # the first is drawing; this one stands for another process: nothing kept in it yet
    with live._drawn_lock:
        live._drawn.clear()
    assert _get(view).content == b"<p>page 1</p>"
    first.join()
    assert len(drawn) == 1


def test_different_pages_are_drawn_each_and_again_for_a_new_version():
    drawn = []
    view = _page_view(drawn, seconds=0)
    assert _get(view, "/a/").content == b"<p>page 1</p>"
    assert _get(view, "/b/").content == b"<p>page 2</p>"
    assert _get(view, "/a/").content == b"<p>page 1</p>"   # kept
    live.forget_drawn()
    assert _get(view, "/a/").content == b"<p>page 3</p>"


def test_a_lock_that_cannot_be_opened_never_stops_the_page(settings, tmp_path, caplog):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    settings.CACHES = {**settings.CACHES, "pages": {**settings.CACHES["pages"], "LOCATION": str(blocked / "pages")}}
    drawn = []
    assert _get(_page_view(drawn, seconds=0)).status_code == 200 and len(drawn) == 1
    assert "drawing lock could not be opened" in caplog.text


@pytest.fixture(autouse=True)
def _short_wait(monkeypatch):
    monkeypatch.setattr(live, "DRAW_WAIT", 3.0)
