"""A newcomer's first run: ``manage.py runserver`` without ``scripts/dev.sh`` (DEBUG off, no static
file collected) serves every page and every file the pages name, the demo accounts are named
while the demo club is loaded, and the icon browsers ask for by themselves is there."""
import re
import urllib.error
import urllib.request

from .servers import environment, manage, prepared, runserver


def fetch(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=30) as response:   # follows redirects; raises on 4xx/5xx
        return response.status, response.headers.get("Content-Type", ""), response.read()


def test_runserver_on_a_fresh_checkout_serves_pages_and_files_uncollected(tmp_path):
    env = prepared(environment(tmp_path, GINSCORE_STATIC_ROOT=str(tmp_path / "never-collected")), static=False)
    done = manage(env, "seed_demo", "--if-empty", timeout=300)   # (on a migrated database)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "never-collected").exists()
    with runserver(env) as url:
        files = set()
        for path in ("/", "/accounts/login/", "/matches/", "/tournaments/", "/no/such/page/"):
            try:
                status, kind, body = fetch(url + path)
            except urllib.error.HTTPError as e:   # the 404 page is a page too
                status, kind, body = e.code, e.headers.get("Content-Type", ""), e.read()
            assert status == (404 if path.startswith("/no/") else 200), path
            page = body.decode()
            files.update(re.findall(r'(?:href|src)="(/static/[^"]+)"', page))
            if path in ("/", "/accounts/login/"):
                assert "This is the demo club." in page and "ginscore-demo" in page
                assert all(f"<code>{name}</code>" in page for name in ("admin", "director", "ann", "ben"))
        assert {"/static/ginscore/site.css", "/static/ginscore/favicon.ico", "/static/ginscore/favicon.svg"} <= files
        for link in sorted(files):
            status, kind, body = fetch(url + link)
            assert status == 200 and body, link
        status, kind, icon = fetch(url + "/favicon.ico")
        assert status == 200 and icon[:4] == b"\x00\x00\x01\x00"   # an ICO file


def test_runserver_after_run_sh_collected_serves_the_hashed_stylesheets(tmp_path):
    """scripts/run.sh collected the files (hashed names, a manifest); then ``manage.py runserver``
    with DEBUG off, plain and with ``--insecure`` (what the web advises for "no styles with DEBUG
    off"), links the hashed names and serves each one: a styled site, never a 404."""
    env = prepared(environment(tmp_path, GINSCORE_STATIC_ROOT=str(tmp_path / "collected"), GINSCORE_DEBUG="0"))
    assert (tmp_path / "collected" / "staticfiles.json").is_file()
    for options in ((), ("--insecure",)):
        with runserver(env, *options) as url:
            status, kind, body = fetch(url + "/")   # the first-run page (an empty database)
            links = set(re.findall(r'(?:href|src)="(/static/[^"]+)"', body.decode()))
            sheets = [link for link in links if link.endswith(".css")]
            assert sheets and all(re.search(r"\.[0-9a-f]{12}\.css$", link) for link in sheets), (options, links)
            for link in sorted(links):
                status, kind, file = fetch(url + link)
                assert status == 200 and file, (options, link)
                if link.endswith(".css"):
                    assert kind.startswith("text/css") and b"{" in file
