import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Playwright's sync API runs an event loop in the test thread; Django must allow ORM use there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
