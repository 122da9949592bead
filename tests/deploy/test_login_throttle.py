"""Log-in throttling (django-axes, state in the database) and the password rules."""
import pytest
from axes.models import AccessAttempt
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import Client, override_settings
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"


def attempt(client, username, password, **headers):
    return client.post(LOGIN, {"username": username, "password": password}, **headers)


def logged_in(response) -> bool:
    return response.status_code == 302 and "_auth_user_id" in response.client.session


def test_ten_wrong_passwords_pause_that_account_from_that_address(member):
    phone = Client(REMOTE_ADDR="10.0.0.7")
    for _ in range(9):
        response = attempt(phone, "ann", "wrong guess")
        assert response.status_code == 200 and "Please enter a correct username and password" in response.content.decode()
    tenth = attempt(phone, "ann", "wrong guess")
    assert tenth.status_code == 429
    html = tenth.content.decode()
    assert "Too many wrong passwords" in html and "as <strong>ann</strong>" in html
    assert "after 10 wrong passwords." in html and "Try again in 15 minutes." in html
    # Even the right password is refused now, from that address...
    assert attempt(phone, "ann", PASSWORD).status_code == 429
    assert "_auth_user_id" not in phone.session
    # ...but Ann's own phone elsewhere, and other members at that address, still log in.
    assert logged_in(attempt(Client(REMOTE_ADDR="10.0.0.8"), "ann", PASSWORD))
    # Trying during the pause counts too (and starts the pause again).
    assert AccessAttempt.objects.filter(username="ann", ip_address="10.0.0.7").get().failures_since_start == 11


def test_the_pause_ends_after_fifteen_minutes(member):
    phone = Client(REMOTE_ADDR="10.0.0.7")
    for _ in range(10):
        attempt(phone, "ann", "wrong guess")
    assert attempt(phone, "ann", PASSWORD).status_code == 429
    from datetime import timedelta

    from django.utils import timezone

    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert logged_in(attempt(phone, "ann", PASSWORD))


def test_a_success_starts_the_count_again(member):
    phone = Client(REMOTE_ADDR="10.0.0.7")
    for _ in range(9):
        attempt(phone, "ann", "wrong guess")
    assert logged_in(attempt(phone, "ann", PASSWORD))
    phone.logout()
    for _ in range(9):
        assert attempt(phone, "ann", "wrong guess").status_code == 200
    assert logged_in(attempt(phone, "ann", PASSWORD))


def test_thirty_failures_from_one_address_over_many_accounts_pause_the_address(member):
    guesser = Client(REMOTE_ADDR="10.0.0.66")
    for i in range(29):
        assert attempt(guesser, f"name{i}", "wrong guess").status_code == 200
    assert attempt(guesser, "name29", "wrong guess").status_code == 429
    assert attempt(guesser, "ann", PASSWORD).status_code == 429
    assert logged_in(attempt(Client(REMOTE_ADDR="10.0.0.8"), "ann", PASSWORD))


@override_settings(GINSCORE_PROXY_COUNT=1, SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"))
def test_behind_the_https_proxy_the_address_is_the_one_the_proxy_saw(member):
    """Every request comes from the proxy (127.0.0.1); the client's address is the last entry of
    X-Forwarded-For (added by the proxy); what a client wrote there itself does not count."""
    def via_proxy(client_address, spoofed=""):
        forwarded = f"{spoofed}, {client_address}" if spoofed else client_address
        return Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded, HTTP_X_FORWARDED_PROTO="https")

    for i in range(10):  # the guesser changes its own X-Forwarded-For every time
        expected = 200 if i < 9 else 429
        assert attempt(via_proxy("203.0.113.9", spoofed=f"198.51.100.{i}"), "ann", "wrong").status_code == expected
    assert attempt(via_proxy("203.0.113.9", spoofed="198.51.100.99"), "ann", PASSWORD).status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.9"}
    assert logged_in(attempt(via_proxy("203.0.113.10"), "ann", PASSWORD))  # another player behind the proxy


def test_force_login_and_the_test_clients_login_still_work(member):
    client = Client()
    assert client.login(username="ann", password=PASSWORD)
    assert client.get(reverse("password_change")).status_code == 200
    other = Client()
    other.force_login(member)
    assert other.get(reverse("password_change")).status_code == 200


@pytest.mark.parametrize("password, reason", [
    ("carlcarl", "too similar to the username"),
    ("short1", "too short"),
    ("password123", "too common"),
    ("8675309042", "entirely numeric"),
])
def test_every_password_validator_is_on(django_user_model, password, reason):
    carl = django_user_model(username="carl", first_name="Carl")
    with pytest.raises(ValidationError) as refused:
        validate_password(password, user=carl)
    assert reason in " ".join(refused.value.messages)


def test_the_password_change_form_refuses_carlcarl_for_carl(django_user_model):
    carl = django_user_model.objects.create_user("carl", password=PASSWORD)
    client = Client()
    client.force_login(carl)
    response = client.post(reverse("password_change"), {
        "old_password": PASSWORD, "new_password1": "carlcarl", "new_password2": "carlcarl"})
    assert response.status_code == 200
    assert "The password is too similar to the username." in response.content.decode()
    carl.refresh_from_db()
    assert carl.check_password(PASSWORD)
    validate_password("green baize and a long night", user=carl)  # a good one passes every rule
