"""A moderator reads the services' refusals in their language (ARCHITECTURE §2.4), on the action's page."""

from __future__ import annotations

import pytest

from games.models import ModerationRecord

from .conftest import act_url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("lang", "no_clock", "seated"),
    [
        (
            "ru",
            "Красная Роза: нет идущего срока, который можно продлить",
            "У игрока alice уже есть место в этой партии",
        ),
        ("en", "The Red seat has no running deadline to extend", "alice already holds a seat in this match"),
    ],
)
def test_a_refused_moderator_action_is_explained_in_the_moderators_language(
    mod_client, moderator, rk_match, reads, lang, no_clock, seated
):
    reads(moderator, lang)
    # a match without a time control: no seat has a deadline to extend
    refused = mod_client.post(act_url(rk_match, "extend_deadline"), {"role": "red", "hours": 5, "reason": "x"})
    assert refused.status_code == 400 and no_clock in refused.text
    form = {"role": "white", "username": "alice", "reason": "x"}
    taken = mod_client.post(act_url(rk_match, "replace_player"), form)
    assert taken.status_code == 400 and seated in taken.text
    assert not ModerationRecord.objects.exists()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", ["Сторона", "Причина", ">Красная Роза</option>", ">Белая Роза</option>", "Победитель"]),
        ("en", ["Side", "Reason", ">Red</option>", ">White</option>", "Winner"]),
    ],
)
def test_the_moderator_forms_name_the_sides_and_fields_in_the_moderators_language(
    mod_client, moderator, rk_match, reads, lang, words
):
    reads(moderator, lang)
    page = (
        mod_client.get(act_url(rk_match, "extend_deadline")).text + mod_client.get(act_url(rk_match, "adjudicate")).text
    )
    for word in words:
        assert word in page, word
