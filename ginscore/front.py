"""The front: Debian's nginx in front of gunicorn, as ``scripts/run.sh`` starts it (docs/deploying.md).

gunicorn's processes each serve one request at a time, reading it from the phone as it comes: a
few connections that send their headers and then a byte every few seconds would hold every
process and leave the room unanswered. nginx reads every request whole (and takes every answer
whole) before gunicorn sees it, whatever the phone's speed, on any number of connections at
once; gunicorn then listens only on a socket file in the data folder that nginx alone uses, and
believes the client's address nginx adds to ``X-Forwarded-For`` (``GINSCORE_FRONT=1``).

Plain Python, no Django: ``python -m ginscore.front --listen HOST:PORT`` writes the
configuration into ``GINSCORE_DATA_DIR/front/<port>/`` and prints its folder.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
from pathlib import Path

from ginscore import environment as env

# How long a phone may take to send a request's headers (all of them), and between two pieces of
# its body, before it is dropped (408): a phone on a poor wifi sends a request in well under a second.
HEADER_SECONDS = 10
BODY_SECONDS = 10
# The visitors' live pages (ginscore/club/live.py marks them "public, s-maxage=1") are kept this
# long by nginx and shared by every visitor asking for the same page in the same language: however
# many watch the standings, the site draws (or answers 304 for) them once a second. A request with a
# session or a message waiting (these cookies) is never answered from it.
SESSION_COOKIE = "sessionid"
MESSAGES_COOKIE = "messages"
LANGUAGE_COOKIE = "ginscore_language"
CACHE_MB = 256
# Each phone holds a connection, and each request passed on to gunicorn one more while it waits:
# a championship's 5,000 phones with a slow app server behind ran past 8,192 (bench/rehearsal.py).
WORKER_CONNECTIONS = 32768

# The largest request taken (an import of records, docs/records-and-backups.md); Django's own
# limits apply behind it.
BODY_MB = 20


def _open_files() -> int:
    """The files nginx's workers may open: two a connection and some, but no more than this
    machine's hard limit (asking more only prints an alert in the club's terminal)."""
    want = 2 * WORKER_CONNECTIONS + 1000
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return want if hard == resource.RLIM_INFINITY else min(want, hard)


def _connections() -> int:
    """WORKER_CONNECTIONS, or as many as the open files allow (two files a connection)."""
    return min(WORKER_CONNECTIONS, (_open_files() - 1000) // 2)


def nginx_binary() -> str | None:
    """Debian's nginx (in /usr/sbin, which is not on a user's PATH), or None."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")


def folder(port: int | str) -> Path:
    """The front's folder for the site on ``port``: its configuration, socket, temporary files."""
    return env.data_dir() / "front" / str(port)


def listen_line(host: str, port: int | str) -> str:
    """nginx's ``listen`` for the address run.sh was given (HOST, PORT)."""
    if host in ("::", "[::]"):
        return f"listen [::]:{port} ipv6only=off backlog=4096;"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"listen {host}:{port} backlog=4096;"


def upstream_lines(servers: list[str] | None, place: Path) -> str:
    """The app servers nginx shares the requests between: run.sh's gunicorn on ``place/gunicorn.sock``,
    or several (socket files or HOST:PORT), each left out for 5 s after it fails to answer."""
    if not servers:
        return f"server unix:{place}/gunicorn.sock fail_timeout=0;"
    return "\n        ".join(f"server {'unix:' + s if s.startswith('/') else s} max_fails=1 fail_timeout=5s;"
                               for s in servers)


# The board's address: answered from the front's copy while a new one is asked for (config).
BOARD_PATH = r"^/tournaments/[0-9]+/board/$"
# A table's pad, as its phones and onlookers poll it, and the versions of a block of pads, which they
# poll first (config).
PAD_PATH = r"^/matches/([0-9]+|pads/[0-9]+)/$"
# A hand sent from a phone's outbox (static/ginscore/outbox.js): the one POST nginx may send again to
# the next app server when the one it went to died before answering (config). It is idempotent: it
# carries the phone's entry_key, and the hand a dead server stored before dying is answered "saved
# before" by the next, never stored twice (ginscore/matches/outbox_views.py).
SEND_PATH = r"^/matches/[0-9]+/hands/send/$"
_LINE = "\n            "


def _proxy_lines(proto: str, past_its_second: str = "copy") -> str:
    """How nginx passes a request on to the app servers and keeps what they mark as shareable, and
    what answers a request for a copy past its second (``past_its_second``) while nginx asks the site
    for the new one: "copy", the copy there is (UPDATING: a page many watch, asked for once however
    many poll it); "site", the site too (a table's pad: a viewer is never shown one older than its
    second and the site's answer); "background", the copy at once, also for the request that finds
    it past (STALE: the board, which nginx asks for beside it)."""
    stale = {"copy": "proxy_cache_use_stale updating;", "site": "proxy_cache_use_stale off;",
             "background": "proxy_cache_use_stale updating;" + _LINE + "proxy_cache_background_update on;"}
    return f"""\
            proxy_pass http://ginscore;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto {proto};
            proxy_request_buffering on;
            proxy_buffering on;
            proxy_buffer_size 32k;
            proxy_buffers 32 32k;
            proxy_busy_buffers_size 64k;
            proxy_read_timeout 120s;
            proxy_send_timeout 30s;

            # The visitors' live pages, shared for the second the site allows (Cache-Control
            # s-maxage), then asked for again with their ETag. The key holds what chooses a
            # visitor's language (their cookie, their browser's) and whether it takes a page
            # compressed; nginx's own handling of Vary is left out because of it (Vary: Cookie
            # would make every visitor's copy their own).
            proxy_cache ginscore_pages;
            proxy_cache_key "$scheme|$http_host|$request_uri|$cookie_{LANGUAGE_COOKIE}|$http_accept_language|$ginscore_gzip";
            proxy_cache_bypass $cookie_{SESSION_COOKIE} $cookie_{MESSAGES_COOKIE};
            proxy_no_cache $cookie_{SESSION_COOKIE} $cookie_{MESSAGES_COOKIE};
            proxy_ignore_headers Vary;
            proxy_set_header If-None-Match $ginscore_if_none_match;
            proxy_cache_lock on;
            proxy_cache_lock_timeout 5s;
            {stale[past_its_second]}
            proxy_cache_revalidate on;
            add_header X-Cache $upstream_cache_status always;"""


def config(*, host: str, port: int | str, place: Path, https: bool = False, access_log: bool = False,
           as_root: bool = False, servers: list[str] | None = None) -> str:
    """The nginx configuration: ``host:port`` for the phones, gunicorn on ``place/gunicorn.sock``
    (or the app servers ``servers``, bench/rehearsal.py)."""
    proto = "$http_x_forwarded_proto" if https else "$scheme"
    return f"""\
# Written by scripts/run.sh (python -m ginscore.front) at every start: changes here are lost.
daemon off;
{"user root;" if as_root else ""}
worker_processes 1;
worker_rlimit_nofile {_open_files()};
pid {place}/nginx.pid;
error_log stderr warn;

events {{
    worker_connections {_connections()};
}}

http {{
    # (nginx's "combined" lines, then how long the answer took, the app server's part of it, and how the
    # front's copy answered: X-Cache)
    log_format timed '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent '
                     '"$http_referer" "$http_user_agent" $request_time $upstream_response_time $upstream_cache_status';
    access_log {f"{place}/access.log timed" if access_log else "off"};
    server_tokens off;
    default_type application/octet-stream;
    client_body_temp_path {place}/temp/body;
    proxy_temp_path {place}/temp/proxy;
    fastcgi_temp_path {place}/temp/fastcgi;
    uwsgi_temp_path {place}/temp/uwsgi;
    scgi_temp_path {place}/temp/scgi;

    # A slow phone (or a guesser holding connections open) is read by nginx, never by gunicorn.
    client_header_timeout {HEADER_SECONDS}s;
    client_body_timeout {BODY_SECONDS}s;
    send_timeout 30s;
    keepalive_timeout 15s;
    reset_timedout_connection on;
    client_max_body_size {BODY_MB}m;
    client_body_buffer_size 1m;
    large_client_header_buffers 4 16k;

    # A request the front's copies are not for (a session's, or with a message waiting) goes to the
    # site with the ETag its page sent (live.js's poll): the site answers 304 when nothing changed.
    # nginx drops that header from every request of a location that keeps copies, to ask with its
    # own copy's ETag instead (kept so for the others): without this, every poll of a phone with a
    # session (a table's players, a director) was drawn in full and swapped in, and a message
    # ("Hand 4 saved") went from the page at the first poll, 1.5 s after it opened.
    map "$cookie_{SESSION_COOKIE}$cookie_{MESSAGES_COOKIE}" $ginscore_if_none_match {{
        ""      $upstream_cache_etag;
        default $http_if_none_match;
    }}

    # Whether the visitor's browser takes a page compressed (every one does): the site sends a shared
    # page so, and the front keeps it apart from the page whole (ginscore/club/live.py, live_page).
    map $http_accept_encoding $ginscore_gzip {{
        "~*gzip" gzip;
        default  "";
    }}

    proxy_cache_path {place}/cache levels=1:2 keys_zone=ginscore_pages:10m max_size={CACHE_MB}m inactive=10m
                     use_temp_path=off;

    upstream ginscore {{
        {upstream_lines(servers, place)}
        keepalive 8;
    }}

    server {{
        {listen_line(host, port)}
        location / {{
{_proxy_lines(proto)}
        }}
        # A hand sent from a phone's outbox: when the app server it went to dies before answering (a
        # crash; a restart ends its requests first), nginx sends it to the next one instead of telling
        # the phone 502: the hand carries its entry_key, so a server that stored it before dying is
        # answered "saved before", never twice. Any other POST is not sent again once sent.
        location ~ {SEND_PATH} {{
{_proxy_lines(proto)}
            proxy_next_upstream error timeout non_idempotent;
        }}
        # A table's pad (the players' phones and its onlookers poll it, a few to a table), and the
        # versions of a block of pads that live.js asks first: a poll that finds the front's copy past
        # its second is answered by the site, even while another poll of it asks (for any page many
        # watch, those meanwhile get the copy there is): a viewer is shown a hand saved 2 s before,
        # however slow the site is that moment (a server killed, a big result).
        location ~ {PAD_PATH} {{
{_proxy_lines(proto, past_its_second="site")}
        }}
        # The board on the wall (and only it): a board's poll is answered from the copy the front
        # has, however old its second is, while nginx asks the site for the new one beside it: a wall
        # shows the page a second later, and never waits for a 1,024-table board being drawn. nginx
        # ends a request only once its background question is answered, and reads nothing more from
        # that connection until then: the wall's next poll on a kept-alive connection would wait for
        # the site's drawing (all of it when the site is slow: a server killed, a result). So the
        # board's connection is closed after each answer; the next poll opens another (one more round
        # trip) and is answered from the copy at once. Sent compressed to a browser that takes it so
        # (all do): a 1,024-table board is 0.8 MB, 25 kB so.
        location ~ {BOARD_PATH} {{
{_proxy_lines(proto, past_its_second="background")}
            keepalive_timeout 0;
            gzip on;
            gzip_comp_level 1;
            gzip_vary on;
        }}
    }}
}}
"""


def write(*, host: str, port: int | str, https: bool | None = None, access_log: bool | None = None,
          servers: list[str] | None = None) -> Path:
    """Writes the configuration for ``host:port`` into its folder; returns the folder."""
    place = folder(port)
    for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (place / "temp" / sub).mkdir(parents=True, exist_ok=True, mode=0o700)
    place.chmod(0o700)
    https = env.flag("GINSCORE_HTTPS") if https is None else https
    access_log = os.environ.get("GINSCORE_ACCESS_LOG") == "1" if access_log is None else access_log
    text = config(host=host, port=port, place=place, https=https, access_log=access_log,
                  as_root=os.geteuid() == 0, servers=servers)
    (place / "nginx.conf").write_text(text)
    return place


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description="Writes the front's nginx configuration; prints its folder.")
    p.add_argument("--listen", required=True, help="HOST:PORT the phones use")
    args = p.parse_args(argv)
    host, _, port = args.listen.rpartition(":")
    print(write(host=host, port=port))


if __name__ == "__main__":
    main()
