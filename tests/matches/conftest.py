import pytest
from django.urls import reverse


@pytest.fixture
def as_role(client, request, match):
    """``as_role(role)``: the test client acting in that role for ``match``."""

    def act(role):
        client.logout()
        if role == "table_link":
            client.get(reverse("matches:table", args=[match.table_token]))
        elif role != "visitor":
            client.force_login(request.getfixturevalue(role))
        return client

    return act
