"""Import and export from the site: who may, what it saves, what it says. An import is a job
(docs/background-jobs.md): the request reads the JSON and answers with the job's page; the job
(run here when the request's transaction commits) stores the records and says what it did."""
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from ginscore.jobs.models import Job
from ginscore.matches.models import Match

pytestmark = pytest.mark.django_db

ROLES = ["visitor", "member", "director", "club_admin"]

RECORD = {"format": "ginscore/1", "rules": "standard", "players": ["Ann", "Ben"], "first_dealer": "Ben",
          "hands": [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 8, "Ben": 32}},
                    {"end": "gin", "by": "Ben", "deadwood": {"Ann": 41}}]}
BAD = {"rules": "standard", "players": ["Ann", "Cleo"],
       "hands": [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 5, "Cleo": 20}}] * 6
       + [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 12, "Cleo": 30}}]}


def login(client, request, role):
    if role == "visitor":
        return None
    user = request.getfixturevalue(role)
    client.force_login(user)
    return user


def upload(data, name="records.json"):
    return SimpleUploadedFile(name, json.dumps(data).encode(), content_type="application/json")


@pytest.fixture
def importing(client, django_capture_on_commit_callbacks):
    """Posts to the import page; the job it starts runs once the request is answered."""
    def post(data, **extra):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(reverse("matches:import"), data, **extra)
    return post


def job_of(response) -> Job:
    assert response.status_code == 302 and response["Location"].startswith("/jobs/"), response
    return Job.objects.get(pk=response["Location"].split("/")[2])


@pytest.mark.parametrize("role", ROLES)
def test_import_permission_matrix(client, request, role, importing):
    user = login(client, request, role)
    url = reverse("matches:import")
    page = client.get(url)
    response = importing({"file": upload(RECORD)})
    if role == "visitor":
        assert page.status_code == 302 and page["Location"].startswith(reverse("login"))
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
        assert Match.objects.count() == 0
        return
    assert page.status_code == 200 and 'enctype="multipart/form-data"' in page.content.decode()
    match, job = Match.objects.get(), job_of(response)
    assert (job.status, job.started_by, job.result_url) == (Job.DONE, user, reverse("matches:detail", args=[match.pk]))
    assert match.created_by == user and match.hand_count == 2
    page = client.get(response["Location"]).content.decode()
    assert "Import of records.json" in page and f"Imported 1 match: #{match.pk}." in page
    assert f'href="{reverse("matches:detail", args=[match.pk])}"' in page


def test_import_an_array_by_pasting(client, member, importing):
    client.force_login(member)
    response = client.get(importing({"text": json.dumps([RECORD, RECORD])})["Location"])
    ids = list(Match.objects.order_by("pk").values_list("pk", flat=True))
    assert len(ids) == 2
    assert f"Imported 2 matches: #{ids[0]}, #{ids[1]}." in response.content.decode()


def field_error(response, field):
    html = response.content.decode()
    m = re.search(rf'id="field-{field}".*?<p class="error" role="alert">(.*?)</p>', html, re.S)
    return m and m.group(1)


def test_a_bad_record_saves_nothing_and_the_job_page_names_it(client, member, importing):
    client.force_login(member)
    job = job_of(importing({"file": upload([RECORD, BAD])}))
    message = "Nothing was imported. record 2: hand 7: Ann knocked with 12 deadwood; the knock limit is 10"
    assert (job.status, job.message) == (Job.FAILED, message)
    assert message in client.get(job.get_absolute_url()).content.decode()
    assert Match.objects.count() == 0


@pytest.mark.parametrize("post, field, message", [
    ({}, None, "Choose a record file or paste a record."),
    ({"text": "[{"}, "text", "the pasted text: not valid JSON"),
    ({"text": "[]"}, "text", "Nothing was imported. the array holds no records"),
])
def test_bad_uploads_are_explained(client, member, post, field, message):
    client.force_login(member)
    response = client.post(reverse("matches:import"), post)
    assert response.status_code == 400
    if field:
        assert message in field_error(response, field)
    else:
        assert message in response.content.decode()
    assert Match.objects.count() == 0 and Job.objects.count() == 0


def test_a_record_that_cannot_be_read_fails_its_job_in_plain_words(client, member, importing):
    client.force_login(member)
    job = job_of(importing({"text": '{"players": ["Ann", "Ann"]}'}))
    assert job.status == Job.FAILED and "players: the two players must be different" in job.message
    assert Match.objects.count() == 0


def test_a_file_that_is_not_json(client, member):
    client.force_login(member)
    response = client.post(reverse("matches:import"), {"file": SimpleUploadedFile("x.json", b"\xff\xfe")})
    assert field_error(response, "file") == "x.json: is not UTF-8 text"


@pytest.mark.parametrize("role", ROLES)
def test_everyone_may_download_records(client, request, role, make_match):
    match = make_match(hands=RECORD["hands"], first_dealer="Ben")
    login(client, request, role)
    one = client.get(reverse("matches:record", args=[match.pk]))
    assert one.status_code == 200 and one["Content-Type"].startswith("application/json")
    assert f'filename="ginscore-match-{match.pk}.json"' in one["Content-Disposition"]
    assert json.loads(one.content) == RECORD
    every = client.get(reverse("matches:export"))
    assert every.status_code == 200 and json.loads(body(every)) == [RECORD]
    assert client.post(reverse("matches:export")).status_code == 405


def test_download_follows_the_list_filters(client, make_match, ann, ben):
    make_match(hands=[{"end": "gin", "by": "Ann", "deadwood": {"Ben": 0}}] * 8)  # finished
    in_play = make_match(rules="classic")
    records = json.loads(body(client.get(reverse("matches:export"), {"status": "in_play"})))
    assert [r["rules"] for r in records] == ["classic"]
    assert len(json.loads(body(client.get(reverse("matches:export"))))) == 2
    assert client.get(reverse("matches:record", args=[in_play.pk + 100])).status_code == 404


def test_download_upload_download_through_the_site(client, director, make_match, importing):
    """A director's import keeps the records as they were, rated ones rated."""
    make_match(hands=RECORD["hands"], stake="0.25")
    make_match(rules="hollywood", hands=[{"end": "gin", "by": "Ben", "deadwood": {"Ann": 7}}])
    first = body(client.get(reverse("matches:export")))
    Match.objects.all().delete()
    client.force_login(director)
    importing({"file": SimpleUploadedFile("m.json", first)})
    assert Match.objects.count() == 2 and Match.objects.filter(rated=True).count() == 2
    assert body(client.get(reverse("matches:export"))) == first


def body(response) -> bytes:
    """A download's bytes: the records of every match come as a stream, a batch at a time."""
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_every_record_is_sent_a_batch_at_a_time_as_the_whole_file_would_be(client, make_match, monkeypatch):
    from ginscore.matches.records_io import records_dumps, records_export

    monkeypatch.setattr("ginscore.matches.records_io.EXPORT_BATCH", 2)
    assert body(client.get(reverse("matches:export"))) == b"[]\n" == records_dumps([]).encode()
    for n in range(5):
        make_match(hands=[{"end": "gin", "by": "Ann", "deadwood": {"Ben": n}}] * (n + 1), stake=f"0.{n}5")
    response = client.get(reverse("matches:export"))
    assert response.streaming
    pieces = list(response.streaming_content)
    assert len(pieces) == 6   # each record, then the closing bracket
    assert b"".join(pieces).decode() == records_dumps(records_export())
    assert len(json.loads(b"".join(pieces))) == 5


# Crafted and oversized input: the import page again with a clear message, nothing written.

NESTED = "[" * 100_000 + "]" * 100_000
HUGE_INT = '{"format": "ginscore/1", "players": ["Ann", "Ben"], "stake": 1' + "0" * 5000 + "}"


@pytest.mark.parametrize("content, message", [
    (NESTED, "the JSON is nested too deeply to be a match record"),
    (HUGE_INT, "holds a number with thousands of digits; no value of a match record is that long"),
])
@pytest.mark.parametrize("how", ["file", "text"])
def test_crafted_json_is_explained_and_writes_nothing(client, member, settings, content, message, how):
    assert settings.DEBUG is False
    client.force_login(member)
    post = {"file": SimpleUploadedFile("crafted.json", content.encode())} if how == "file" else {"text": content}
    response = client.post(reverse("matches:import"), post)
    assert response.status_code == 400
    source = "crafted.json" if how == "file" else "the pasted text"
    assert field_error(response, how) == f"{source}: {message}"
    assert Match.objects.count() == 0


def test_more_records_than_one_import_takes_are_refused_whole(client, member):
    client.force_login(member)
    response = client.post(reverse("matches:import"), {"file": upload([RECORD] * 501)})
    assert response.status_code == 400
    assert field_error(response, "file") == (
        "Nothing was imported. the array holds 501 records; one import through the site takes at most 500: "
        "split the file, or import it with manage.py import_matches")
    assert Match.objects.count() == 0


def refusal(response):
    m = re.search(r'<p class="error" role="alert" id="import-refusal">(.*?)</p>', response.content.decode(), re.S)
    return m and m.group(1)


def test_an_oversized_upload_is_refused_before_it_is_read(client, member, monkeypatch):
    monkeypatch.setattr("ginscore.matches.io_views.MAX_UPLOAD_BYTES", 100 * 1024)
    read = []
    monkeypatch.setattr("ginscore.matches.io_views.ImportForm.clean", lambda self: read.append(1))
    client.force_login(member)
    big = SimpleUploadedFile("big.json", json.dumps([RECORD] * 2000).encode())
    assert big.size > 164 * 1024
    response = client.post(reverse("matches:import"), {"file": big})
    assert response.status_code == 413 and read == []
    assert refusal(response) == (f"Nothing was imported: the upload is {round(big.size / 1048576, 1):g} MB; "
                                 "a record file may be at most 0.1 MB.")
    assert 'enctype="multipart/form-data"' in response.content.decode()
    assert Match.objects.count() == 0


def test_an_oversized_file_gives_its_size_in_megabytes(client, member):
    client.force_login(member)
    big = SimpleUploadedFile("big.json", b" " * (5 * 1024 * 1024))
    response = client.post(reverse("matches:import"), {"file": big})
    assert response.status_code == 413
    assert refusal(response) == "Nothing was imported: the upload is 5 MB; a record file may be at most 4 MB."
    assert Match.objects.count() == 0


def test_a_pasted_record_over_django_s_limit_gets_the_page_not_a_bare_400(client, member):
    client.force_login(member)
    text = json.dumps([RECORD] * 12000)
    assert len(text) > 2.5 * 1024 * 1024
    response = client.post(reverse("matches:import"), {"text": text})
    assert response.status_code == 413
    assert refusal(response) == ("Nothing was imported: the pasted text is larger than 2.5 MB; "
                                 "save it as a .json file and upload the file instead.")
    assert "<h1>Import matches</h1>" in response.content.decode()
    assert Match.objects.count() == 0


def test_the_import_form_still_needs_its_csrf_token(member, django_capture_on_commit_callbacks):
    from django.test import Client
    client = Client(enforce_csrf_checks=True)
    client.force_login(member)
    url = reverse("matches:import")
    assert client.post(url, {"text": json.dumps(RECORD)}).status_code == 403
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', client.get(url).content.decode()).group(1)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"text": json.dumps(RECORD), "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and Match.objects.count() == 1
    # The job page's "try again" needs its token too.
    job = job_of(response)
    assert client.post(reverse("jobs:again", args=[job.pk])).status_code == 403


def test_importing_the_same_record_again_asks_first(client, member, importing, django_capture_on_commit_callbacks):
    client.force_login(member)
    importing({"file": upload(RECORD)})
    first = Match.objects.get()
    # The same file again: nothing imported; the job page names the stored match and offers a second copy.
    job = job_of(importing({"file": upload(RECORD)}))
    assert job.status == Job.FAILED and Match.objects.count() == 1
    assert job.message == (f"Nothing was imported. already here as match {first}. To make a second copy anyway, "
                           "tap “Import it again anyway”.")
    page = client.get(job.get_absolute_url()).content.decode()
    assert 'name="option" value="again"' in page and "Import it again anyway" in page
    # Confirmed: the second try imports a second copy, from the file kept with the job.
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("jobs:again", args=[job.pk]), {"option": "again"})
    job.refresh_from_db()
    second = Match.objects.exclude(pk=first.pk).get()
    assert job.status == Job.DONE and job.result_url == reverse("matches:detail", args=[second.pk])
    assert job.source == ""   # the file is not kept once imported


def test_an_array_partly_there_adds_the_rest_and_says_so(client, member, importing):
    client.force_login(member)
    importing({"text": json.dumps([RECORD])})
    job = job_of(importing({"text": json.dumps([RECORD, RECORD | {"stake": "2"}])}))
    assert job.status == Job.DONE and Match.objects.count() == 2
    assert "1 record of the file was already here and was not added again." in job.message


def test_another_member_cannot_see_or_retry_an_import(client, member, other_member, importing):
    client.force_login(member)
    job = job_of(importing({"file": upload([RECORD, BAD])}))
    client.force_login(other_member)
    assert client.get(job.get_absolute_url()).status_code == 404
    assert client.post(reverse("jobs:again", args=[job.pk])).status_code == 404
    job.refresh_from_db()
    assert job.attempts == 1
