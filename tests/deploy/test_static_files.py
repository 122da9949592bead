"""The static files as the site serves them (DEBUG off): collected with hashed, compressed
names; every ``{% static %}`` a template names is in the manifest."""
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

pytestmark = pytest.mark.django_db

MANIFEST = {"BACKEND": "ginscore.club.staticfiles.SiteStaticFilesStorage"}


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    root = tmp_path_factory.mktemp("static")
    with override_settings(STATIC_ROOT=root, STORAGES={**settings.STORAGES, "staticfiles": MANIFEST}):
        call_command("collectstatic", interactive=False, verbosity=0)
    return root


def test_every_static_file_a_template_names_is_collected(collected):
    names = set()
    for template in Path(settings.BASE_DIR, "ginscore").glob("*/templates/**/*.html"):
        names.update(re.findall(r"""{%\s*static\s+['"]([^'"]+)['"]""", template.read_text()))
    assert "ginscore/site.css" in names
    with override_settings(STATIC_ROOT=collected, STORAGES={**settings.STORAGES, "staticfiles": MANIFEST}):
        from django.contrib.staticfiles.storage import staticfiles_storage

        for name in sorted(names):
            hashed = staticfiles_storage.stored_name(name)  # its own name if the manifest lacks it
            # text is served compressed too; an image whitenoise could not shrink is served as it is
            compressed = (collected / f"{hashed}.gz").is_file() or not name.endswith((".css", ".js", ".svg"))
            assert hashed != name and (collected / hashed).is_file() and compressed


def test_pages_render_with_the_hashed_names(collected, client, make_match):
    match = make_match([{"end": "dead"}])
    with override_settings(STATIC_ROOT=collected, STORAGES={**settings.STORAGES, "staticfiles": MANIFEST}):
        for url in ("/", f"/matches/{match.pk}/", "/tournaments/", "/accounts/login/", "/no/such/page/"):
            html = client.get(url).content.decode()
            links = re.findall(r'/static/([^"\']+)', html)
            assert links, url
            for link in links:
                assert re.search(r"\.[0-9a-f]{12}\.", link), (url, link)
                assert (collected / link).is_file(), (url, link)


def test_the_tests_never_read_the_checkouts_collected_files():
    """Whitenoise in the tests' own process scans an empty folder of the test run's, not the
    checkout's ``staticfiles/``, which a test of ``scripts/run.sh`` in another process may be
    collecting again at that moment (a file gone between whitenoise's listing and its reading)."""
    from django.test import Client

    root = Path(settings.STATIC_ROOT)
    assert not root.resolve().is_relative_to(Path(settings.BASE_DIR).resolve()) and list(root.iterdir()) == []
    response = Client().get("/static/ginscore/site.css")   # served from the source folders
    assert response.status_code == 200 and b"{" in b"".join(response.streaming_content)
