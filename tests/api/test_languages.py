"""The API in the request's language (Accept-Language): labels, prompt, events and refusals rendered,
each with the engine's raw message record beside it (ARCHITECTURE §2.4)."""

from __future__ import annotations

import pytest

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
