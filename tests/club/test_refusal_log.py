"""A member's 403 is one line in the server's terminal, without a traceback (issue 37, item 6)."""
import logging

import pytest

from ginscore.club.log_filters import RefusalsWithoutTraceback


@pytest.mark.django_db
def test_a_members_403_is_one_line_without_a_traceback(client, member):
    client.force_login(member)
    stderr = next(h for h in logging.getLogger().handlers if any(isinstance(f, RefusalsWithoutTraceback)
                                                                 for f in h.filters))
    lines = []
    original = stderr.emit
    stderr.emit = lambda record: lines.append(stderr.format(record))
    try:
        assert client.get("/club/people/").status_code == 403
        assert client.get("/tournaments/new/").status_code == 403
    finally:
        stderr.emit = original
    refused = [line for line in lines if "Forbidden" in line]
    assert len(refused) == 2 and all("\n" not in line and "Traceback" not in line for line in refused), lines
