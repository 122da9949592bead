"""Django settings for ginscore.

One settings module, configured from the environment (docs/deploying.md):

- ``DATABASE_URL``: e.g. ``postgres://user:pass@localhost:5432/ginscore``;
  unset means the SQLite file ``db.sqlite3`` beside ``manage.py`` (in WAL mode).
- ``GINSCORE_DEBUG=1`` for development only (off unless set).
- ``GINSCORE_SECRET_KEY``: the key; unset, the site makes one once and keeps it in
  ``GINSCORE_DATA_DIR`` (default ``~/.local/share/ginscore``), file ``secret_key``.
  Several app servers must share one key: set it on each.
- ``GINSCORE_TIME_ZONE`` (an IANA name, ``Europe/Paris``): unset, this computer's time zone.
- ``GINSCORE_ALLOWED_HOSTS`` (comma separated): unset, this machine's own names and addresses.
- ``GINSCORE_HTTPS=1`` behind an HTTPS proxy: secure cookies, HSTS, the SSL redirect,
  the proxy's ``X-Forwarded-Proto`` and ``X-Forwarded-For`` headers.
- ``GINSCORE_ADMINS="Ann <ann@club.org>,..."`` and ``GINSCORE_EMAIL_*``: errors are mailed.
"""
import os
from pathlib import Path

import dj_database_url

from ginscore import environment as env

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = env.data_dir()

DEBUG = env.flag("GINSCORE_DEBUG")
SECRET_KEY = os.environ.get("GINSCORE_SECRET_KEY", "").strip() or env.secret_key(DATA_DIR)
ALLOWED_HOSTS = env.split_list(os.environ.get("GINSCORE_ALLOWED_HOSTS")) or [*env.machine_hosts(), "testserver"]
if DEBUG:
    ALLOWED_HOSTS.append("*")

INSTALLED_APPS = [
    # First: the club's templates (base, log-in, error pages) and its catalogue win over Django's own.
    "ginscore.club",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # ``manage.py runserver`` leaves the static files to whitenoise, as gunicorn does: Django's own
    # handler (DEBUG on, or ``--insecure``) knows only the source folders, not the collected hashed
    # names the pages link with DEBUG off (every stylesheet 404, an unstyled site).
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "axes",
    "statici18n",
    "django_tasks",
    "django_tasks_db",
    "ginscore.players",
    "ginscore.matches",
    "ginscore.tournaments",
    "ginscore.sheets",
    "ginscore.seasons",
    "ginscore.ratings",
    "ginscore.jobs",
    "ginscore.push",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A live page's poll told "not modified" from its version alone, before the session is read.
    "ginscore.club.live.LivePollMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The page's language: a member's choice, else the footer's, the browser's, the club's.
    "ginscore.club.language.LanguageMiddleware",
    # Whom each page was drawn for (the service worker shows a kept page to that viewer only).
    "ginscore.club.viewer.ViewerMiddleware",
    # Which device each write comes from (a long-lived cookie): the history says it.
    "ginscore.club.device.DeviceMiddleware",
    # An empty database (no account yet): every page is the first-run page.
    "ginscore.club.setup.FirstRunMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A form sent again with its page's key (a reload once its answer was lost) is not done twice.
    "ginscore.club.posted.PostedOnceMiddleware",
    # A page drawn in the background (a live poll, the service worker's kept copy) leaves what was
    # said ("Hand 4 saved") for the page the person opens next.
    "ginscore.club.said.BackgroundDrawsKeepWhatWasSaidMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: turns a locked-out log-in into the "too many tries" page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "ginscore.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Each app carries its templates (ginscore/<app>/templates/<app>/) beside its catalogue.
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "ginscore.club.context_processors.roles",
            ],
        },
    },
]

# Django's renderer, keeping each widget it drew for what it shows (the hand form is drawn on every pad).
FORM_RENDERER = "ginscore.club.forms_renderer.KeptWidgetsRenderer"

WSGI_APPLICATION = "ginscore.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("GINSCORE_CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        # Wait for a writer instead of failing at once when two phones save together.
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        # Readers never wait for a writer (write-ahead log); NORMAL is safe with WAL.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env.flag("GINSCORE_PG_PREPARE", True):
    # PostgreSQL keeps the plan of a statement sent again and again on one connection (a pad's
    # reads, a hand's writes): the values travel apart from the SQL (server-side binding) and
    # psycopg prepares a statement the second time it is sent. GINSCORE_PG_PREPARE=0 turns this
    # off: needed behind a pooler that shares connections between transactions (PgBouncer).
    DATABASES["default"].setdefault("OPTIONS", {}).update({"server_side_binding": True, "prepare_threshold": 1})
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's, with a kept connection's health checked on its socket, not by a query each request
    # (ginscore/postgresql/base.py); GINSCORE_PG_HEALTH_QUERY=1 sends Django's SELECT 1 each time.
    DATABASES["default"]["ENGINE"] = "ginscore.postgresql"
GINSCORE_PG_HEALTH_QUERY = env.flag("GINSCORE_PG_HEALTH_QUERY", False)

# Work done off the request (docs/background-jobs.md): imports, bulk PDFs. By default the queue is a
# table of the database (django-tasks' database backend), worked by ``manage.py db_worker``, which
# scripts/run.sh starts beside gunicorn: no other server to run. GINSCORE_TASKS=immediate runs each
# job inside the request that starts it instead (no worker; the request waits for the job).
# The phones' notifications have a queue of their own ("push"), worked by a worker of its own, so
# they never wait behind a long job.
TASKS = {"default": {"BACKEND": {"database": "django_tasks_db.DatabaseBackend",
                                 "immediate": "django_tasks.backends.immediate.ImmediateBackend"}[
    os.environ.get("GINSCORE_TASKS", "database").strip() or "database"], "QUEUES": ["default", "push"]}}
# The files the jobs make (PDFs), kept this many days (then forgotten with their jobs). Several app
# servers with workers on more than one of them: a folder they all share.
GINSCORE_JOBS_DIR = Path(os.environ.get("GINSCORE_JOBS_DIR") or DATA_DIR / "jobs")
GINSCORE_JOBS_KEEP_DAYS = float(os.environ.get("GINSCORE_JOBS_KEEP_DAYS", "7"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    # Django's default similarity (0.7) lets a repeated name through ("carlcarl" for carl is 0.67).
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
     "OPTIONS": {"max_similarity": 0.5}},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

AUTHENTICATION_BACKENDS = [
    "ginscore.club.throttle.LoginThrottleBackend",  # django-axes: refuses locked-out log-ins
    "django.contrib.auth.backends.ModelBackend",
]

# Log-in throttling (django-axes), kept in the database so every app server sees it.
# 10 failures for one account from one address lock that pair out for 15 minutes;
# 30 failures from one address (any accounts) lock the address out. A success resets the pair.
AXES_HANDLER = "ginscore.club.throttle.LoginThrottleHandler"
AXES_FAILURE_LIMIT = int(os.environ.get("GINSCORE_LOGIN_FAILURES", "10"))
GINSCORE_LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("GINSCORE_LOGIN_FAILURES_PER_ADDRESS", "30"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_COOLOFF_TIME = float(os.environ.get("GINSCORE_LOGIN_LOCKOUT_HOURS", "0.25"))
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "ginscore.club.throttle.lockout_page"
AXES_CLIENT_IP_CALLABLE = "ginscore.club.throttle.client_address"
AXES_USERNAME_CALLABLE = "ginscore.club.throttle.login_name"
AXES_VERBOSE = False

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "club:home"
LOGOUT_REDIRECT_URL = "club:home"

# The languages a page can be drawn in: English, and each language the club app has a catalogue
# for (ginscore/club/locale/<code>/), so a new language is only a new catalogue. A visitor gets
# their browser's if it is here, else the club's (GINSCORE_LANGUAGE); anyone may choose another
# (docs/translating.md).
LANGUAGES = [("en", "English"), *env.catalogue_languages(BASE_DIR / "ginscore" / "club" / "locale")]
LANGUAGE_CODE = env.language(os.environ.get("GINSCORE_LANGUAGE"), [code for code, _name in LANGUAGES])
# The project's catalogue (the JavaScript's) and the engine's (plain Python, not an app); each
# app's own is in ginscore/<app>/locale/.
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "ginscore" / "engine" / "locale"]
LANGUAGE_COOKIE_NAME = "ginscore_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
# The JavaScript catalogue of each language, written at set-up (manage.py compilejsi18n) as a
# static file: kept by the service worker with the scripts, so an offline pad speaks French too.
STATICI18N_ROOT = BASE_DIR / "generated" / "static"
STATICI18N_OUTPUT_DIR = "ginscore/jsi18n"
# The club's time zone (the sign-up's closing time, the round clock, every date): this computer's, or
# GINSCORE_TIME_ZONE (an IANA name like Europe/Paris) for a server kept elsewhere.
TIME_ZONE = os.environ.get("GINSCORE_TIME_ZONE", "").strip() or env.machine_time_zone()
# The address the players' phones use (printed table links and QR codes); blank: the address the browser used.
GINSCORE_SITE_URL = os.environ.get("GINSCORE_SITE_URL", "").strip().rstrip("/")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static", STATICI18N_ROOT]
STATIC_ROOT = Path(os.environ.get("GINSCORE_STATIC_ROOT") or BASE_DIR / "staticfiles")
# Collected once at set-up (scripts/setup.sh) with hashed, compressed names; whitenoise serves them.
# A file not collected (``manage.py runserver`` on a fresh checkout) is served from its source folder
# under its own name (ginscore/club/staticfiles.py), never a failed page.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "ginscore.club.staticfiles.SiteStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

DJANGO_TABLES2_TEMPLATE = "django_tables2/ginscore.html"
DJANGO_TABLES2_TABLE_ATTRS = {"class": "table"}

# "Hand 12 saved..." travels in a signed cookie (the session only when it is too long for one), not
# in the database: a hand saved at a table is one write, not three (the session saved with the
# message, then again when the pad shows it), and SQLite's one writer is kept for the hands.
MESSAGE_STORAGE = "django.contrib.messages.storage.fallback.FallbackStorage"

# Behind an HTTPS proxy (GINSCORE_HTTPS=1): cookies only over HTTPS, HSTS, plain HTTP redirected,
# and the proxy's headers believed (it must set X-Forwarded-Proto and X-Forwarded-For).
HTTPS = env.flag("GINSCORE_HTTPS")
if HTTPS:
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("GINSCORE_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.flag("GINSCORE_HSTS_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env.flag("GINSCORE_HSTS_PRELOAD", True)
# How many proxies add themselves to X-Forwarded-For in front of the site (the log-in throttle's address):
# GINSCORE_PROXY_COUNT counts those in front of scripts/run.sh (one HTTPS proxy with GINSCORE_HTTPS=1),
# and run.sh's own front, nginx (GINSCORE_FRONT=1, ginscore/front.py), is one more: gunicorn then
# listens on a socket file only nginx uses, so the address nginx adds is the client's own.
GINSCORE_FRONT = env.flag("GINSCORE_FRONT")
GINSCORE_PROXY_COUNT = int(os.environ.get("GINSCORE_PROXY_COUNT", "1" if HTTPS else "0")) + GINSCORE_FRONT
CSRF_TRUSTED_ORIGINS = env.split_list(os.environ.get("GINSCORE_CSRF_TRUSTED_ORIGINS"))
# The records download (/matches/records.json, a match's record.json) for the club's members only
# (logged in): a hidden rating can be computed again from the records (docs/ratings.md).
GINSCORE_RECORDS_MEMBERS_ONLY = env.flag("GINSCORE_RECORDS_MEMBERS_ONLY")

# The caches are for speed only, each keyed by versions the database moves on every write, so a
# cache is missed, never stale (docs/performance.md); each can be turned off for a benchmark:
# the fixed reads compiled to SQL once (ginscore/club/prepared.py), the pages kept for visitors
# without an account (ginscore/club/live.py), a round page's lines (tournaments/views.py), and the
# parts of pages drawn once for what they show (ginscore/club/kept.py).
GINSCORE_PREPARED = env.flag("GINSCORE_PREPARED", True)
GINSCORE_KEPT_PAGES = env.flag("GINSCORE_KEPT_PAGES", True)
GINSCORE_ROUND_LINES = env.flag("GINSCORE_ROUND_LINES", True)
GINSCORE_KEPT_PARTS = env.flag("GINSCORE_KEPT_PARTS", True)   # a pad's rows, the standings' rows
GINSCORE_KEPT_RESULTS = env.flag("GINSCORE_KEPT_RESULTS", True)   # the club's ratings replayed once a version
# A live page's poll answered 304 from its version alone, before the session and the middleware
# (ginscore/club/live.py, LivePollMiddleware); 0: every poll goes the whole way.
GINSCORE_LIVE_POLL_EARLY = env.flag("GINSCORE_LIVE_POLL_EARLY", True)
# A phone with a session polls a page visitors share (a table's pad, the round, the standings) as a
# visitor would, without its cookies, so that the front answers it from its copy; only a change
# fetches its own page (static/ginscore/live.js); 0: it polls with its session, as before.
GINSCORE_LIVE_POLL_SHARED = env.flag("GINSCORE_LIVE_POLL_SHARED", True)
# A table's pad's live.js polls the versions of its block of sixteen pads (/matches/pads/<n>/, shared by
# the front) and asks for the pad only when its version there moved; 0: it polls the pad itself.
GINSCORE_LIVE_VERSIONS = env.flag("GINSCORE_LIVE_VERSIONS", True)
# "pages": the live pages drawn for visitors without an account (ginscore/club/live.py), kept in
# files so that every process of this server serves a page another drew (each version of the
# standings is drawn once, not once a process); a miss there is drawn, never an error.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "OPTIONS": {"MAX_ENTRIES": 1000}},
          "pages": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                    "LOCATION": str(DATA_DIR / "cache" / "pages"), "TIMEOUT": 3600,
                    "OPTIONS": {"MAX_ENTRIES": 300}}}
# Several app servers (docs/deploying.md): GINSCORE_CACHE_URL=redis://HOST:6379/0 gives them one shared
# cache, Django's own Redis backend, for both: the pages drawn for visitors (drawn once for every
# server, under the site's version instead of the server's start), the locks that keep a cold page
# drawn once, and whatever is counted in the cache. Unset (one box): the files and memory above.
GINSCORE_CACHE_URL = os.environ.get("GINSCORE_CACHE_URL", "").strip()
if GINSCORE_CACHE_URL:
    CACHES = env.shared_caches(GINSCORE_CACHE_URL)

# Sessions live in the database (shared by every app server; Django's store, its read prepared once:
# ginscore/club/sessions.py); nothing is cached for correctness.
SESSION_ENGINE = "ginscore.club.sessions"

# Errors: logged with their traceback to standard error, and mailed to ADMINS when set.
ADMINS = env.admins(os.environ.get("GINSCORE_ADMINS"))
SERVER_EMAIL = DEFAULT_FROM_EMAIL = os.environ.get("GINSCORE_EMAIL_FROM", "ginscore@localhost")
EMAIL_HOST = os.environ.get("GINSCORE_EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("GINSCORE_EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("GINSCORE_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("GINSCORE_EMAIL_PASSWORD", "")
EMAIL_USE_TLS = env.flag("GINSCORE_EMAIL_TLS")
EMAIL_SUBJECT_PREFIX = "[ginscore] "
# Error mail never holds a request up (ginscore/club/error_mail.py): sent off the request, with
# this timeout for the mail server, and at most this many a minute for the whole site.
EMAIL_TIMEOUT = float(os.environ.get("GINSCORE_EMAIL_TIMEOUT", "5"))
GINSCORE_ERROR_MAILS_PER_MINUTE = int(os.environ.get("GINSCORE_ERROR_MAILS_PER_MINUTE", "3"))
# The phones' notifications (Web Push, docs/running-a-night.md): who the push services may write
# to about the site (VAPID's "sub": a mailto: or https: address; unset, the first admin's mail),
# and the push services a subscription may name (hosts, or ".domain" for its subdomains): the
# browsers' own. The site's VAPID key is kept in GINSCORE_DATA_DIR (file vapid_key) unless
# GINSCORE_VAPID_KEY gives it (ginscore/push/keys.py).
GINSCORE_PUSH_CONTACT = os.environ.get("GINSCORE_PUSH_CONTACT", "").strip()
GINSCORE_PUSH_SERVICES = env.split_list(os.environ.get("GINSCORE_PUSH_SERVICES")) or [
    "fcm.googleapis.com", "updates.push.services.mozilla.com", ".push.apple.com", ".notify.windows.com"]
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "filters": {"no_debug": {"()": "django.utils.log.RequireDebugFalse"},
                "refusals": {"()": "ginscore.club.log_filters.RefusalsWithoutTraceback"}},
    "handlers": {
        # A member refused a page (403) is one line, without the refusal's traceback.
        "stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "plain",
                   "filters": ["refusals"]},
        "mail_admins": {"class": "ginscore.club.error_mail.QueuedAdminEmailHandler", "level": "ERROR",
                        "filters": ["no_debug"]},
    },
    "root": {"handlers": ["stderr"], "level": os.environ.get("GINSCORE_LOG_LEVEL", "WARNING")},
    "loggers": {
        "django": {"handlers": ["mail_admins"], "level": os.environ.get("GINSCORE_LOG_LEVEL", "WARNING")},
        # A request with a foreign Host (a scanner, a wrong DNS name) is answered 400 and logged,
        # never mailed: anyone could send thousands.
        "django.security.DisallowedHost": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "ginscore": {"handlers": ["mail_admins"], "level": "INFO"},
        "axes": {"level": "WARNING"},
    },
}
