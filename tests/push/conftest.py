import pytest

from .service import PushService


@pytest.fixture
def site_keys(tmp_path, settings):
    """The site's VAPID key made in a data directory of the test's own."""
    from ginscore.push import keys

    settings.DATA_DIR = tmp_path / "data"
    keys.vapid.cache_clear()
    yield keys
    keys.vapid.cache_clear()


@pytest.fixture
def push_service(site_keys, settings):
    """A push service on loopback, which the site is allowed to post to."""
    settings.GINSCORE_PUSH_SERVICES = [*settings.GINSCORE_PUSH_SERVICES, "127.0.0.1"]
    service = PushService(site_keys.public_key())
    yield service
    service.close()
