"""The site plus two pages that misbehave, to see that gunicorn bounds every request:
``/slow/?seconds=N`` sleeps, ``/grow/?mb=N`` holds N MB for a second."""
import time

from ginscore.wsgi import application as site


def application(environ, start_response):
    path, query = environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", "")
    if path in ("/slow/", "/grow/"):
        amount = float(query.partition("=")[2] or 1)
        held = bytearray(int(amount * 2**20)) if path == "/grow/" else None
        if held is not None:
            held[::4096] = b"x" * len(held[::4096])   # touch every page: resident, not only reserved
        time.sleep(amount if path == "/slow/" else 1)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"done"]
    return site(environ, start_response)
