"""The API in the request's language (Accept-Language): labels, prompt, events and refusals rendered,
each with the engine's raw message record beside it (ARCHITECTURE §2.4)."""

from __future__ import annotations

import re

import pytest
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from games import services
from games.models import Action
from tests.helpers import play_first_legal

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(rk_match, alice, bob):
    return play_first_legal(rk_match, {"red": alice, "white": bob}, steps=2)


# What Rosenkönig says after a move each: its first choice, red's prompt, the first log event, the picture
# and its title.
TEXTS = {
    "ru": (
        "Сыграть карту влияния ",
        "Ваш ход, Красная Роза:",
        "Красная Роза (Ланкастер) и Белая Роза (Йорк) получают по 5 карт влияния и по 4 карты героя; "
        "начинает Красная Роза.",
        "Белая Роза (Йорк)",
        "Розенкёниг",
    ),
    "en": (
        "Play ",
        "Your move, Red:",
        "Red (Lancaster) and White (York) each receive 5 power cards and 4 heroes; Red moves first.",
        "White (York)",
        "Rosenkönig",
    ),
}
PLAY = "Play {card}: crown to {cell}, place a red stone"


@pytest.mark.parametrize("accept", TEXTS)
def test_labels_prompt_and_events_by_accept_language_with_their_records(api_for, alice, played, accept):
    choice, prompt, event, picture, title = TEXTS[accept]
    api = api_for(alice)
    detail = api.get(f"/api/matches/{played.pk}/", HTTP_ACCEPT_LANGUAGE=accept).json()
    assert detail["title"] == title
    first = detail["legal_actions"]["red"][0]
    assert first["label"].startswith(choice) and first["label_record"]["msg"] == PLAY
    assert detail["view"]["prompt"].startswith(prompt)
    assert detail["view"]["prompt_record"]["args"]["side"] == {"name": "side:red"}
    assert detail["view"]["log"][0]["text"] == event and detail["view"]["log"][1]["text_record"]["msg"]

    listed = api.get(f"/api/matches/{played.pk}/legal-actions/", HTTP_ACCEPT_LANGUAGE=accept).json()
    assert listed["choices"][0]["label"].startswith(choice) and listed["choices"][0]["label_record"]["msg"] == PLAY
    events = api.get(f"/api/matches/{played.pk}/events/", HTTP_ACCEPT_LANGUAGE=accept).json()
    assert events[0]["text"] == event and events[1]["text_record"]["args"]["side"] == {"name": "side:red"}
    board = api.get(f"/api/matches/{played.pk}/board.svg", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert picture in board


@pytest.mark.parametrize(
    ("accept", "refusal"),
    [
        ("ru", "Неизвестная карта влияния 'XX9'; обозначения карт: N1, NE3, SW2"),
        ("en", "Unknown power card 'XX9'; card ids look like N1, NE3, SW2"),
    ],
)
def test_an_engine_refusal_by_accept_language(api_for, alice, rk_match, accept, refusal):
    body = {"role": "red", "action": {"type": "play", "card": "XX9"}, "expected_seq": rk_match.seq}
    response = api_for(alice).post(
        f"/api/matches/{rk_match.pk}/actions/", body, format="json", HTTP_ACCEPT_LANGUAGE=accept
    )
    assert response.status_code == 400 and response.json() == {"detail": refusal}


def test_the_schema_describes_the_records_beside_the_labels(api_for):
    schema = api_for().get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "label_record" in schema and "text_record" in schema and "prompt_record" in schema


@pytest.mark.parametrize(
    ("accept", "reason"), [("ru", "У стороны Красная Роза вышло время"), ("en", "Red ran out of time")]
)
def test_a_forfeit_on_time_reads_in_the_readers_language_with_its_record(api_for, alice, rk_match, accept, reason):
    from datetime import UTC, datetime, timedelta

    from notifications.deadlines import time_out

    now = datetime.now(UTC)
    rk_match.seats.filter(role="red").update(deadline=now - timedelta(hours=1))
    type(rk_match).objects.filter(pk=rk_match.pk).update(timeout_policy="forfeit")
    assert time_out(rk_match.seats.get(role="red").pk, now)
    result = api_for(alice).get(f"/api/matches/{rk_match.pk}/", HTTP_ACCEPT_LANGUAGE=accept).json()["result"]
    assert result["winner"] == "white" and result["reason"] == reason
    assert result["reason_record"] == {
        "msg": "{side} ran out of time",
        "args": {"side": {"name": "side:red"}},
        "domain": "platform",
    }


# --- the platform's own refusals -------------------------------------------------------------------------
# In Russian a refusal has no English word. What stays Latin is the API's own vocabulary, which a client
# must send as it is: the field a message is about ("action: …"), JSON written in quotes or braces, and
# the word JSON itself. Nothing else.
API_WORDS = re.compile(r'^[a-z_.]+: |"[^"]*"|\{[^}]*\}|\bJSON\b')


def latin_words(detail: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", "; ".join(API_WORDS.sub("", part) for part in detail.split("; ")))


def _ru(response) -> str:
    detail = response.json()["detail"]
    assert latin_words(detail) == [], detail
    return detail


@pytest.mark.parametrize(
    ("accept", "no_type", "missing"),
    [
        ("ru", 'action: Действие — объект JSON со строкой в поле "type"', "expected_seq: Обязательное поле."),
        ("en", 'action: An action is a JSON object with a string "type"', "expected_seq: This field is required."),
    ],
)
def test_a_validation_error_by_accept_language(api_for, alice, rk_match, accept, no_type, missing):
    api, url = api_for(alice), f"/api/matches/{rk_match.pk}/actions/"
    body = {"role": "red", "action": {"card": "N3"}, "expected_seq": 0}
    refused = api.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE=accept)
    assert refused.status_code == 400 and refused.json()["detail"].startswith(no_type)
    incomplete = api.post(url, {"role": "red"}, format="json", HTTP_ACCEPT_LANGUAGE=accept)
    assert incomplete.status_code == 400 and missing in incomplete.json()["detail"]
    bad_json = api.post(url, "{", content_type="application/json", HTTP_ACCEPT_LANGUAGE=accept)
    assert bad_json.status_code == 400
    if accept == "ru":
        assert _ru(refused) and _ru(incomplete) and _ru(bad_json) == "Тело запроса не является корректным JSON."
    else:
        assert bad_json.json() == {"detail": "The request body is not valid JSON."}


@pytest.mark.parametrize(
    ("accept", "stale", "raw_log", "no_match", "no_path"),
    [
        ("ru", "Устарело: партия на записи №", "Полный журнал партии публикуется", "Нет партии 999999", "Не найдено."),
        ("en", "Stale: the match is at #", "The raw log is published", "No match 999999", "Not found."),
    ],
)
def test_refusals_conflicts_and_404s_by_accept_language(
    api_for, alice, bob, played, accept, stale, raw_log, no_match, no_path
):
    api = api_for(alice)
    action = api.get(f"/api/matches/{played.pk}/legal-actions/").json()["choices"][0]
    body = {"role": action["role"], "action": action["action"], "expected_seq": 0}
    conflict = api.post(f"/api/matches/{played.pk}/actions/", body, format="json", HTTP_ACCEPT_LANGUAGE=accept)
    assert conflict.status_code == 409 and conflict.json()["detail"].startswith(stale)
    forbidden = api.get(f"/api/matches/{played.pk}/log/", HTTP_ACCEPT_LANGUAGE=accept)
    assert forbidden.status_code == 403 and forbidden.json()["detail"].startswith(raw_log)
    missing = api.get("/api/matches/999999/", HTTP_ACCEPT_LANGUAGE=accept)
    assert missing.status_code == 404 and missing.json() == {"detail": no_match}
    no_url = api.get("/api/no-such-thing/", HTTP_ACCEPT_LANGUAGE=accept)
    assert no_url.status_code == 404 and no_url.json() == {"detail": no_path}
    if accept == "ru":
        assert all(_ru(response) for response in (conflict, forbidden, missing, no_url))


@pytest.fixture
def throttled(monkeypatch):
    """The API's real throttles (tests/api/conftest.py turns them off), one request a minute per visitor."""
    monkeypatch.setattr(APIView, "get_throttles", lambda view: [throttle() for throttle in view.throttle_classes])
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "anon", "1/min")


@pytest.mark.parametrize(
    ("accept", "detail"),
    [
        ("ru", r"Слишком много запросов: повторите через \d+ секунд"),
        ("en", r"Request was throttled: try again in \d+ s"),
    ],
)
def test_a_throttle_by_accept_language(api_for, throttled, accept, detail):
    api = api_for()
    assert api.get("/api/games/", HTTP_ACCEPT_LANGUAGE=accept).status_code == 200
    refused = api.get("/api/games/", HTTP_ACCEPT_LANGUAGE=accept)
    assert refused.status_code == 429 and re.match(detail, refused.json()["detail"])
    if accept == "ru":
        _ru(refused)


@pytest.mark.parametrize(
    ("accept", "not_yours"),
    [
        ("ru", "Вы не занимаете место стороны Белая Роза в этой партии"),
        ("en", "You do not hold the White seat in this match"),
    ],
)
def test_a_seat_refusal_names_the_side_in_the_readers_language(api_for, alice, played, accept, not_yours):
    body = {"role": "white", "action": {"type": "pass"}, "expected_seq": played.seq}
    url = f"/api/matches/{played.pk}/actions/"
    refused = api_for(alice).post(url, body, format="json", HTTP_ACCEPT_LANGUAGE=accept)
    assert refused.status_code == 403 and refused.json() == {"detail": not_yours}
    if accept == "ru":
        _ru(refused)


@pytest.mark.parametrize(
    ("accept", "refusal"),
    [
        ("ru", "Это действие «zzz» сейчас недопустимо для стороны Токугава"),
        ("en", "This “zzz” action is not legal for Tokugawa now"),
    ],
)
def test_an_illegal_action_is_refused_in_words_not_echoed(api_for, alice, bob, accept, refusal):
    """The side by its name and the action by its type: never the request as a Python repr, never a role id."""
    match = services.create_match(alice, "sekigahara", role="tokugawa")
    services.join_match(match.pk, bob, "ishida")
    body = {"role": "tokugawa", "action": {"type": "zzz"}, "expected_seq": 0}
    before = Action.objects.filter(match=match).count()
    response = api_for(alice).post(
        f"/api/matches/{match.pk}/actions/", body, format="json", HTTP_ACCEPT_LANGUAGE=accept
    )
    detail = response.json()["detail"]
    assert response.status_code == 400 and detail == refusal
    assert "{'" not in detail and "tokugawa" not in detail
    assert Action.objects.filter(match=match).count() == before
