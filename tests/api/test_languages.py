"""The API in the request's language (Accept-Language): labels, prompt, events and refusals rendered,
each with the engine's raw message record beside it (ARCHITECTURE §2.4)."""

from __future__ import annotations

import pytest

from tests.helpers import play_first_legal

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(rk_match, alice, bob):
    return play_first_legal(rk_match, {"red": alice, "white": bob}, steps=2)


@pytest.mark.parametrize(
    ("accept", "choice", "prompt", "event", "title"),
    [
        ("ru", "Выбор 1", "Ваш ход, Красные", "Событие 1: Сад", "Поединок роз"),
        ("en", "Choice 1", "Your move, Red", "Event 1: Garden", "Fake Rose Duel"),
    ],
)
def test_labels_prompt_and_events_by_accept_language_with_their_records(
    api_for, alice, played, texts_in_records, accept, choice, prompt, event, title
):
    api = api_for(alice)
    detail = api.get(f"/api/matches/{played.pk}/", HTTP_ACCEPT_LANGUAGE=accept).json()
    assert detail["title"] == title
    first = detail["legal_actions"]["red"][0]
    assert first["label"] == choice and first["label_record"] == {"msg": "Choice {n}", "args": {"n": 1}}
    assert detail["view"]["prompt"] == prompt
    assert detail["view"]["prompt_record"] == {"msg": "Your move, {side}", "args": {"side": {"name": "side:red"}}}
    assert detail["view"]["log"][0]["text"] == event and detail["view"]["log"][0]["text_record"]["msg"]

    listed = api.get(f"/api/matches/{played.pk}/legal-actions/", HTTP_ACCEPT_LANGUAGE=accept).json()
    assert listed["choices"][0]["label"] == choice and listed["choices"][0]["label_record"]["msg"] == "Choice {n}"
    events = api.get(f"/api/matches/{played.pk}/events/", HTTP_ACCEPT_LANGUAGE=accept).json()
    assert events[0]["text"] == event and events[0]["text_record"]["args"]["place"] == {"name": "area:garden"}
    board = api.get(f"/api/matches/{played.pk}/board.svg", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert ("Доска: Красные" if accept == "ru" else "Board of Red") in board


@pytest.mark.parametrize(("accept", "refusal"), [("ru", "Сейчас нельзя: Меч"), ("en", "Not now: Sword")])
def test_an_engine_refusal_by_accept_language(api_for, alice, rk_match, texts_in_records, monkeypatch, accept, refusal):
    texts_in_records.refuse(monkeypatch, rk_match.engine)
    action = rk_match.engine.legal_actions(rk_match.state, "red")[0]["action"]
    body = {"role": "red", "action": action, "expected_seq": rk_match.seq}
    response = api_for(alice).post(
        f"/api/matches/{rk_match.pk}/actions/", body, format="json", HTTP_ACCEPT_LANGUAGE=accept
    )
    assert response.status_code == 400 and response.json() == {"detail": refusal}


def test_the_schema_describes_the_records_beside_the_labels(api_for):
    schema = api_for().get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "label_record" in schema and "text_record" in schema and "prompt_record" in schema
