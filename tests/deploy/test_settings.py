"""The settings a club gets from its environment: DEBUG off, a kept secret key, HTTPS,
allowed hosts, SQLite in WAL mode, and ``check --deploy`` quiet in production."""
import os
import sqlite3
import stat

import pytest

from ginscore import environment
from tests.deploy.servers import environment as env_for
from tests.deploy.servers import manage, prepared_folder, setting

KNOWN_KEYS = {"dev-only-insecure-key-change-me-for-production-use"}


def production(tmp_path, **extra):
    """The production environment the README documents (behind an HTTPS proxy)."""
    return env_for(tmp_path, GINSCORE_HTTPS="1", GINSCORE_ALLOWED_HOSTS="ginscore.example.org",
                   GINSCORE_SITE_URL="https://ginscore.example.org", **extra)


def test_debug_is_off_unless_asked_for(tmp_path):
    assert setting(env_for(tmp_path), "settings.DEBUG") is False
    assert setting(env_for(tmp_path, GINSCORE_DEBUG="0"), "settings.DEBUG") is False
    assert setting(env_for(tmp_path, GINSCORE_DEBUG="1"), "settings.DEBUG") is True


def test_without_a_key_the_site_makes_one_and_keeps_it(tmp_path):
    env = env_for(tmp_path)
    key = setting(env, "settings.SECRET_KEY")
    path = tmp_path / "data" / "secret_key"
    assert path.read_text().strip() == key
    assert len(key) >= 50 and len(set(key)) >= 20 and key not in KNOWN_KEYS
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert setting(env, "settings.SECRET_KEY") == key  # the next start reads the same key
    other = setting(env_for(tmp_path / "elsewhere"), "settings.SECRET_KEY")
    assert other != key  # every installation its own


def test_a_configured_key_wins_and_no_file_is_written(tmp_path):
    env = env_for(tmp_path, GINSCORE_SECRET_KEY="k" * 10 + "shared-by-every-app-server-of-the-club-0123456789")
    assert setting(env, "settings.SECRET_KEY").startswith("kkkkkkkkkkshared")
    assert not (tmp_path / "data").exists()


def test_an_unwritable_data_directory_still_starts_with_an_unknown_key(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    env = env_for(tmp_path, GINSCORE_DATA_DIR=str(blocker / "data"))
    first, second = setting(env, "settings.SECRET_KEY"), setting(env, "settings.SECRET_KEY")
    assert len(first) >= 50 and first != second and first not in KNOWN_KEYS


def test_many_processes_starting_together_agree_on_one_key(tmp_path):
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        keys = set(pool.map(lambda _: environment.secret_key(tmp_path / "data"), range(24)))
    assert len(keys) == 1 and sorted(p.name for p in (tmp_path / "data").iterdir()) == ["secret_key"]


def test_check_deploy_is_quiet_in_the_documented_production_environment(tmp_path):
    done = manage(production(tmp_path), "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues (0 silenced)." in done.stdout


def test_check_deploy_complains_about_debug(tmp_path):
    done = manage(production(tmp_path, GINSCORE_DEBUG="1"), "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode != 0 and "security.W018" in done.stdout + done.stderr


def test_https_turns_on_secure_cookies_hsts_the_redirect_and_the_proxy_header(tmp_path):
    names = ("SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT", "SECURE_PROXY_SSL_HEADER",
             "SECURE_HSTS_SECONDS", "GINSCORE_PROXY_COUNT")
    values = "(" + ", ".join(f"settings.{n}" for n in names) + ")"
    assert setting(production(tmp_path), values) == (True, True, True, ("HTTP_X_FORWARDED_PROTO", "https"),
                                                     31536000, 1)
    assert setting(env_for(tmp_path), values) == (False, False, False, None, 0, 0)


def test_allowed_hosts_follow_the_machine_or_the_setting(tmp_path):
    hosts = setting(env_for(tmp_path), "settings.ALLOWED_HOSTS")
    assert "*" not in hosts
    assert {"localhost", "127.0.0.1"} <= set(hosts)
    assert set(environment.machine_hosts()) <= set(hosts)  # the phones use this machine's address
    assert setting(env_for(tmp_path, GINSCORE_ALLOWED_HOSTS="scores.club.org, 10.0.0.5"),
                   "settings.ALLOWED_HOSTS") == ["scores.club.org", "10.0.0.5"]


def test_machine_hosts_include_the_address_the_machine_sends_from():
    import socket

    hosts = environment.machine_hosts()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))
        except OSError:
            pytest.skip("no IPv4 route on this machine")
        assert s.getsockname()[0] in hosts


def test_admins_are_read_from_one_line():
    assert environment.admins("Ann Smith <ann@club.org>, bob@club.org,") == [
        ("Ann Smith", "ann@club.org"), ("bob@club.org", "bob@club.org")]
    assert environment.admins("") == [] and environment.admins(None) == []


def test_sessions_and_the_login_throttle_live_in_the_database(tmp_path):
    assert setting(env_for(tmp_path), "(settings.SESSION_ENGINE, settings.AXES_HANDLER)") == (
        "ginscore.club.sessions", "ginscore.club.throttle.LoginThrottleHandler")
    from ginscore.club.throttle import LoginThrottleHandler
    from axes.handlers.database import AxesDatabaseHandler

    assert issubclass(LoginThrottleHandler, AxesDatabaseHandler)


def test_sqlite_is_in_wal_mode_from_the_first_migration():
    # The database a new site's first migrate made (made once a test process: tests/deploy/servers.py).
    with sqlite3.connect(prepared_folder() / "db.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_postgresql_keeps_the_plans_of_repeated_statements_unless_told_not_to(tmp_path):
    url = "postgres://club:secret@db.example.org:5432/ginscore"
    options = "settings.DATABASES['default'].get('OPTIONS', {})"
    assert setting(env_for(tmp_path, DATABASE_URL=url), options) == {"server_side_binding": True,
                                                                     "prepare_threshold": 1}
    assert setting(env_for(tmp_path, DATABASE_URL=url, GINSCORE_PG_PREPARE="0"), options) == {}
    sqlite = setting(env_for(tmp_path), options)
    assert "server_side_binding" not in sqlite and "prepare_threshold" not in sqlite


def test_on_postgresql_a_read_sent_again_is_prepared_by_the_server(db):
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://...)")
    from ginscore.players.models import Player

    Player.objects.create(name="Zoë", name_key="zoë")
    for _ in range(3):
        assert [p.name for p in Player.objects.filter(name_key="zoë")] == ["Zoë"]
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any('"players_player"."name_key" = $1' in sql for sql in prepared), prepared
