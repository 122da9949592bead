"""Each app server process ready before it serves its first page.

gunicorn loads the site once in its master process and forks the workers from it
(``preload_app``). Django does much of its setting up on first use: it compiles a template
the first time a page draws it, builds the address table at the first ``{% url %}``, reads
the translation catalogues at the first text marked for translation. Done in each worker,
that costs the first pages 20-60 ms each, at the moment a restarted server is busiest (every
phone in the room asking again at once). ``warm()`` does it in the master, before the fork,
so every worker starts with it done (and shares the memory it takes).

It reads nothing from the database and writes nothing: a database that is not there yet
does not stop the server starting.
"""
from __future__ import annotations

import logging
import time
from pathlib import Path

log = logging.getLogger(__name__)

# Where the templates a page draws live: the project's and each app's own, django-tables2's
# (the standings and lists) and the form widgets'.
WARM_APPS = ("ginscore", "django_tables2")


def _template_names(directory: Path) -> list[str]:
    return sorted(str(p.relative_to(directory)) for p in directory.rglob("*.html"))


def _template_dirs() -> list[Path]:
    from django.apps import apps
    from django.conf import settings

    dirs = [Path(d) for engine in settings.TEMPLATES for d in engine.get("DIRS", [])]
    for config in apps.get_app_configs():
        if config.name.startswith(WARM_APPS):
            dirs.append(Path(config.path) / "templates")
    return [d for d in dirs if d.is_dir()]


def compile_templates() -> int:
    """Every template of the project, its apps and django-tables2 compiled into the template
    engine's cache, and the form widgets' into the form renderer's. The number compiled."""
    import django.forms
    from django.forms.renderers import get_default_renderer
    from django.template import TemplateDoesNotExist, TemplateSyntaxError, engines

    compiled = 0
    for directory in _template_dirs():
        for name in _template_names(directory):
            for engine in engines.all():
                try:
                    engine.get_template(name)
                    compiled += 1
                except (TemplateDoesNotExist, TemplateSyntaxError):
                    pass   # a template for another engine, or an override found first elsewhere
    renderer = get_default_renderer()
    widgets = Path(django.forms.__file__).parent / "templates"
    for name in _template_names(widgets / "django" / "forms"):
        renderer.get_template(f"django/forms/{name}")
        compiled += 1
    return compiled


def warm() -> None:
    """The address table built, the templates compiled and the translations read; logged with
    the time it took. Never raises: a process that could not warm up serves as it would have."""
    started = time.perf_counter()
    try:
        from django.urls import get_resolver
        from django.utils import translation

        resolver = get_resolver()
        resolver.reverse_dict  # noqa: B018 - building the address table is the point
        compiled = compile_templates()
        from django.conf import settings

        for language, _name in settings.LANGUAGES:   # every language's catalogues read once
            with translation.override(language):
                translation.gettext("Log in")
        if settings.GINSCORE_CACHE_URL:   # the version pages are kept under in a shared cache
            from ginscore.club.live import site_version

            site_version()
    except Exception:  # noqa: BLE001 - a server that cannot warm up still serves
        log.exception("Warming up before serving failed; each process will set up on first use.")
        return
    log.info("Warmed up before serving: %d templates compiled in %.0f ms.", compiled,
             (time.perf_counter() - started) * 1e3)
