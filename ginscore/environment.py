"""What the settings read from the machine: the data directory, the secret key kept
there, this machine's own addresses, the admins to mail. Plain Python, no Django,
so ``settings.py`` can use it before Django is set up.
"""
from __future__ import annotations

import os
import secrets
import socket
import sys
from email.utils import getaddresses
from pathlib import Path

KEY_FILE = "secret_key"


def data_dir() -> Path:
    """Where the site keeps what must survive an update and stay out of the repository."""
    return Path(os.environ.get("GINSCORE_DATA_DIR") or Path.home() / ".local" / "share" / "ginscore")


def secret_key(folder: Path) -> str:
    """The key in ``folder/secret_key``, made (random, readable by this user only) the first time.

    Several processes starting at once agree on one key: the file appears whole or not at all
    (written aside, then linked into place, which fails if another process was first). If the
    folder cannot be written, a random key for this process only, with a warning: log-ins then
    last until the site restarts, but the key is never a known one and the site still starts.
    """
    path = folder / KEY_FILE
    try:
        return kept_key(folder, KEY_FILE, lambda: secrets.token_urlsafe(64), _long_enough)
    except OSError as e:
        print(f"ginscore: cannot keep a secret key in {path} ({e.strerror or e}); using a key for this "
              "process only (set GINSCORE_SECRET_KEY or GINSCORE_DATA_DIR)", file=sys.stderr)
        return secrets.token_urlsafe(64)


def _long_enough(key: str) -> bool:
    return len(key) >= 50


def kept_key(folder: Path, name: str, make, valid) -> str:
    """The one-line key kept in ``folder/name`` (``valid(text)`` must hold), made with ``make()``
    the first time, readable by this user only; several processes starting at once agree on one
    key (written aside, then linked into place, which fails if another process was first).
    Raises ``OSError`` when it cannot be read or made."""
    path = folder / name
    try:
        return _read_key(path, valid)
    except FileNotFoundError:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        aside = folder / f".{name}.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(make() + "\n")
        try:
            os.link(aside, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(aside)
        return _read_key(path, valid)


def _read_key(path: Path, valid) -> str:
    key = path.read_text().strip()
    if not valid(key):
        raise OSError(f"the key in {path} is not a valid key")
    return key


def machine_hosts() -> list[str]:
    """This machine's names and addresses, as the phones on the club's network reach it."""
    hosts = {"localhost", "127.0.0.1", "[::1]"}
    try:
        name = socket.gethostname()
    except OSError:
        return sorted(hosts)
    hosts.update({name, f"{name}.local"})
    try:
        for family, _, _, _, addr in socket.getaddrinfo(name, None):
            hosts.add(_host(addr[0], family))
    except OSError:
        pass
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        # The address this machine would send from (no packet leaves: UDP "connect" only picks a route).
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                hosts.add(_host(s.getsockname()[0], family))
        except OSError:
            pass
    return sorted(hosts)


def _host(address: str, family) -> str:
    return f"[{address.split('%')[0]}]" if family == socket.AF_INET6 else address


def split_list(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def admins(text: str | None) -> list[tuple[str, str]]:
    """``"Ann Smith <ann@club.org>, bob@club.org"`` as Django's ADMINS."""
    return [(name or mail, mail) for name, mail in getaddresses([text or ""]) if "@" in mail]


def flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def language(text: str | None, offered: list[str]) -> str:
    """The club's language (GINSCORE_LANGUAGE, default English): one of the offered codes."""
    code = (text or "").strip().lower().replace("_", "-") or "en"
    if code not in offered:
        raise ValueError(f"GINSCORE_LANGUAGE={text!r}: the club's language must be one of {', '.join(offered)}")
    return code


def catalogue_languages(folder: Path) -> list[tuple[str, str]]:
    """(code, the language's own name) of each language with a catalogue in FOLDER."""
    from django.conf.locale import LANG_INFO

    found = []
    for po in sorted(folder.glob("*/LC_MESSAGES/django.po")):
        code = po.parent.parent.name.lower().replace("_", "-")
        name = LANG_INFO.get(code, {}).get("name_local", code)
        if code != "en":
            found.append((code, name[:1].upper() + name[1:]))
    return found


CACHE_SCHEMES = ("redis://", "rediss://", "unix://")


def shared_caches(url: str) -> dict:
    """Django's ``CACHES`` for a shared Redis cache at ``url`` (GINSCORE_CACHE_URL): "default" and
    "pages" in it under their own prefixes, with short timeouts and no retries (a cache that does
    not answer is a miss within a second, never a stalled page)."""
    if not url.startswith(CACHE_SCHEMES):
        raise ValueError(f"GINSCORE_CACHE_URL must start with {', '.join(CACHE_SCHEMES)} (Redis), not {url!r}")
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    # Asked once, never again and again with pauses between (redis' own default): a miss is cheaper.
    shared = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
              "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1, "retry": Retry(NoBackoff(), 0)}}
    return {"default": {**shared, "KEY_PREFIX": "ginscore"},
            "pages": {**shared, "KEY_PREFIX": "ginscore.pages", "TIMEOUT": 3600}}


def machine_time_zone(tz: str | None = None, timezone_file: Path = Path("/etc/timezone"),
                      localtime: Path = Path("/etc/localtime")) -> str:
    """The IANA name of this computer's time zone ("Europe/Paris"), read from ``TZ``, then Debian's
    ``/etc/timezone``, then where ``/etc/localtime`` points; "UTC" when none names a zone. The club's
    laptop keeps the club's time: a sign-up's closing time typed at the desk, the round clock's end
    and every date on the pages are in it (``GINSCORE_TIME_ZONE`` names another)."""
    from zoneinfo import ZoneInfo

    def known(name: str) -> str:
        name = name.strip().lstrip(":")
        if not name or name.startswith("/"):
            return ""
        try:
            ZoneInfo(name)
        except (ValueError, OSError, KeyError):   # not a zone's name (or an unreadable file)
            return ""
        return name

    candidates = [tz if tz is not None else os.environ.get("TZ", "")]
    try:
        candidates.append(timezone_file.read_text(encoding="utf-8"))
    except OSError:
        pass
    try:
        target = str(localtime.resolve()) if localtime.is_symlink() else ""
    except OSError:
        target = ""
    if "zoneinfo/" in target:
        candidates.append(target.split("zoneinfo/", 1)[1])
    for name in candidates:
        if found := known(name):
            return found
    return "UTC"
