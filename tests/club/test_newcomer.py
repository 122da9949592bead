"""What a newcomer meets first: the demo accounts named on the log-in and home pages while the demo
club is loaded (and only then), the site's icon, and pages that never fail for a static file that
was not collected."""
import json
import re

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse

from ginscore.club.management.commands.seed_demo import seed_accounts

pytestmark = pytest.mark.django_db

DEMO = ("admin", "director", "ann", "ben")


def named(page: str) -> list[str]:
    """The accounts the page's demo notice names ([] when there is no notice)."""
    notice = re.search(r'<aside class="card demo-accounts".*?</aside>', page, re.S)
    return re.findall(r"<code>([a-z]+)</code> \(", notice.group(0)) if notice else []


def test_the_demo_accounts_are_named_while_the_demo_club_is_loaded_and_only_then(client, django_user_model):
    login, home = reverse("login"), reverse("club:home")
    assert named(client.get(login).content.decode()) == [] and named(client.get(home).content.decode()) == []

    seed_accounts()
    for url in (login, home):
        page = client.get(url).content.decode()
        assert named(page) == list(DEMO) and "<code>ginscore-demo</code>" in page
    assert "(club admin)" in client.get(login).content.decode()

    admin = django_user_model.objects.get(username="admin")
    admin.set_password("our own club's secret")
    admin.save()
    assert named(client.get(login).content.decode()) == ["director", "ann", "ben"]   # not the one changed

    client.force_login(admin)   # someone logged in needs no notice on the home page
    assert named(client.get(home).content.decode()) == []
    client.logout()
    django_user_model.objects.filter(username__in=DEMO).update(is_active=False)
    assert named(client.get(login).content.decode()) == []


def test_a_club_of_its_own_with_an_account_named_admin_is_never_told_the_demo_password(client, django_user_model):
    django_user_model.objects.create_user("admin", password="correct horse battery staple")
    page = client.get(reverse("login")).content.decode()
    assert named(page) == [] and "ginscore-demo" not in page


def test_every_page_links_the_icon_and_the_root_addresses_lead_to_it(client):
    page = client.get(reverse("club:home")).content.decode()
    links = re.findall(r'<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"', page)
    assert [link.rsplit("/", 1)[1] for link in links] == ["favicon.ico", "favicon.svg", "apple-touch-icon.png"]
    for link in links:
        response = client.get(link)
        assert response.status_code == 200, link
        body = b"".join(response.streaming_content) if response.streaming else response.content
        assert body[:4] == b"\x00\x00\x01\x00" or b"<svg" in body[:200] or body[:8] == b"\x89PNG\r\n\x1a\n"
    for root in ("/favicon.ico", "/apple-touch-icon.png", "/apple-touch-icon-precomposed.png"):
        response = client.get(root)
        assert response.status_code == 302 and response["Location"] in links, root


def test_a_page_naming_a_file_missing_from_the_collected_manifest_is_served(client, tmp_path):
    """A file added after the last ``collectstatic`` (a pull without collecting again) keeps its own
    name instead of failing the page."""
    site = {**settings.STORAGES, "staticfiles": {"BACKEND": "ginscore.club.staticfiles.SiteStaticFilesStorage"}}
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=site):
        call_command("collectstatic", interactive=False, verbosity=0)
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())
    assert manifest["paths"]["ginscore/site.css"] != "ginscore/site.css"
    del manifest["paths"]["ginscore/favicon.svg"]   # as if added since: neither listed nor collected
    (tmp_path / "staticfiles.json").write_text(json.dumps(manifest))
    for collected in (tmp_path / "ginscore").glob("favicon*.svg*"):
        collected.unlink()
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=site):   # a server started since
        page = client.get(reverse("club:home"))
        html = page.content.decode()
    assert page.status_code == 200
    assert 'href="/static/ginscore/favicon.svg"' in html, re.findall(r"<link[^>]+>", html)
    assert re.search(r'href="/static/ginscore/site\.[0-9a-f]{12}\.css"', html)
