"""Django settings for ginscore.

One settings module, configured from the environment:

- ``DATABASE_URL``: e.g. ``postgres://user:pass@localhost:5432/ginscore``;
  unset means the embedded SQLite file ``db.sqlite3``.
- ``GINSCORE_SECRET_KEY``, ``GINSCORE_DEBUG`` (``1``/``0``), ``GINSCORE_ALLOWED_HOSTS``
  (comma separated).
"""
import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = os.environ.get("GINSCORE_DEBUG", "1") == "1"
SECRET_KEY = os.environ.get(
    "GINSCORE_SECRET_KEY", "dev-only-insecure-key-change-me-for-production-use"
)
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("GINSCORE_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")
    if h.strip()
]
if DEBUG:
    ALLOWED_HOSTS.append("*")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "ginscore.club",
    "ginscore.players",
    "ginscore.matches",
    "ginscore.tournaments",
    "ginscore.sheets",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "ginscore.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
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

WSGI_APPLICATION = "ginscore.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("GINSCORE_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a writer instead of failing at once when two phones save together.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "club:home"
LOGOUT_REDIRECT_URL = "club:home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = os.environ.get("GINSCORE_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

DJANGO_TABLES2_TEMPLATE = "django_tables2/ginscore.html"
DJANGO_TABLES2_TABLE_ATTRS = {"class": "table"}

MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"
