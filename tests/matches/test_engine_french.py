"""The engine's refusals on a French page: the same record refused in the reader's language."""
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from ginscore.matches.models import Match

pytestmark = pytest.mark.django_db

NB = "\u00a0"
KNOCK_OVER = {"rules": "standard", "players": ["Ann", "Cléo"],
              "hands": [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Cléo": 20}}] * 6
              + [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 12, "Cléo": 30}}]}
SKARNEY_KNOCK = {"rules": "skarney", "players": ["Ann", "Ben"],
                 "hands": [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 3, "Ben": 20}}]}


def post(client, record, language, capture):
    """The import's job page, the job run (in the language of the page that started it)."""
    upload = SimpleUploadedFile("records.json", json.dumps(record).encode(), content_type="application/json")
    with capture(execute=True):
        started = client.post(reverse("matches:import"), {"file": upload}, HTTP_ACCEPT_LANGUAGE=language)
    return client.get(started["Location"], HTTP_ACCEPT_LANGUAGE=language)


@pytest.mark.parametrize("record,english,french", [
    (KNOCK_OVER, "hand 7: Ann knocked with 12 deadwood; the knock limit is 10",
     f"manche 7{NB}: Ann a frappé avec 12 points isolés{NB}; la limite de frappe est 10"),
    (SKARNEY_KNOCK, 'hand 1: Skarney Gin has no knocking: the hand ends in a gin or the stock running out',
     f"manche 1{NB}: pas de frappe au Skarney Gin{NB}: la manche finit par un gin ou par la pioche épuisée"),
])
def test_an_imported_record_is_refused_in_the_pages_language(client, member, record, english, french,
                                                             django_capture_on_commit_callbacks):
    client.force_login(member)
    in_french = post(client, record, "fr", django_capture_on_commit_callbacks).content.decode()
    in_english = post(client, record, "en", django_capture_on_commit_callbacks).content.decode()
    assert french in in_french and english not in in_french
    assert english in in_english and french not in in_english
    assert Match.objects.count() == 0
