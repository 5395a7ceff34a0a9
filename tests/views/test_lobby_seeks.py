"""Quick pairing in the lobby: the form, a seek waiting, another player's "Play", cancelling, the cap; the
lobby with seeks reads wholly in the reader's language."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import dateformat, timezone

from games import services
from games.models import Match, MatchStatus, Rating
from games.seeks import services as seeks
from games.seeks.models import Seek, SeekStatus
from tests.views.test_one_language_per_reader import english_words, russian_words, shown_text

pytestmark = pytest.mark.django_db

SEEK = {
    "seek-game": "richard3",
    "seek-option_scenario": '"1485"',
    "seek-option_two_events": '"pretender"',
    "seek-role": "york",
    "seek-time_control": "standard",
    "seek-rated": "on",
    "seek-min_rating": "",
    "seek-max_rating": "",
    "seek-lifetime_days": "3",
}


def test_a_seek_waits_in_the_lobby_and_another_player_plays_it(client, alice, bob):
    client.force_login(alice)
    response = client.post("/seeks/", SEEK)
    assert response.status_code == 302 and response["Location"] == "/lobby/#seeks"
    seek = Seek.objects.get()
    assert (seek.game, seek.options["scenario"], seek.role, seek.rated) == ("richard3", "1485", "york", True)
    assert seek.expires_at - seek.created_at < timedelta(days=3, seconds=5)
    mine = client.get("/lobby/").content.decode()
    assert "Your seeks" in mine and f"/seeks/{seek.pk}/cancel/" in mine and f"/seeks/{seek.pk}/play/" not in mine

    client.force_login(bob)
    lobby = client.get("/lobby/").content.decode()
    assert f'action="/seeks/{seek.pk}/play/"' in lobby
    assert "alice" in lobby and "rating 1500" in lobby and "asks for York" in lobby and "1485" in lobby
    played = client.post(f"/seeks/{seek.pk}/play/")
    match = Match.objects.get()
    assert played.status_code == 302 and played["Location"] == f"/matches/{match.pk}/"
    assert match.status == MatchStatus.ACTIVE and match.roles_of(bob) == ["lancaster"]

    client.force_login(alice)
    assert f'href="/matches/{match.pk}/"' in client.get("/lobby/").content.decode()  # "Paired: open the match"


def test_an_open_seek_shows_who_posted_it_their_rating_and_reliability(client, alice, bob, carol):
    """A timeout of alice's in the last 90 days is on the row, beside her rating and her profile link."""
    from accounts.models import Timeout

    earlier = services.create_match(alice, "rosenkoenig")
    services.join_match(earlier.pk, carol)
    Timeout.objects.create(user=alice, match=earlier, role="red", at=timezone.now() - timedelta(days=3))
    Rating.objects.create(user=alice, game="richard3", rating=1620)
    client.force_login(alice)
    client.post("/seeks/", SEEK)
    client.force_login(bob)
    lobby = client.get("/lobby/").content.decode()
    row = lobby.split('class="open-match seek-row"', 1)[1].split("</li>", 1)[0]
    assert '<a class="player" href="/players/alice/">alice</a>' in row and "rating 1620" in row
    assert "1 timeout in the last 90 days" in row


def test_a_matching_seek_goes_straight_to_the_match(client, alice, bob):
    seeks.post_seek(alice, "richard3", {"scenario": "1485"}, "standard", role="lancaster")
    client.force_login(bob)
    response = client.post("/seeks/", SEEK)
    match = Match.objects.get()
    assert response["Location"] == f"/matches/{match.pk}/" and match.status == MatchStatus.ACTIVE


def test_the_form_follows_the_game(client, alice):
    client.force_login(alice)
    fragment = client.get("/seeks/form/?seek-game=rosenkoenig", HTTP_HX_REQUEST="true").content.decode()
    assert fragment.startswith('<form id="seek-form"') and 'value="white"' in fragment
    assert "seek-option_scenario" not in fragment


def test_cancel(client, alice, bob):
    seek = seeks.post_seek(alice, "rosenkoenig")
    client.force_login(bob)
    assert client.post(f"/seeks/{seek.pk}/cancel/").status_code == 404
    client.force_login(alice)
    assert client.post(f"/seeks/{seek.pk}/cancel/")["Location"] == "/lobby/#seeks"
    assert Seek.objects.get().status == SeekStatus.CANCELLED
    assert f"/seeks/{seek.pk}/" not in client.get("/lobby/").content.decode()


def test_bad_input_shows_the_form_again_and_posts_nothing(client, alice):
    client.force_login(alice)
    for bad in (
        {"seek-role": "tudor"},
        {"seek-min_rating": "1800", "seek-max_rating": "1600"},
        {"seek-lifetime_days": "5"},
    ):
        response = client.post("/seeks/", {**SEEK, **bad})
        assert response.status_code == 400, bad
        assert 'id="seek-form"' in response.content.decode()
    assert not Seek.objects.exists()


def test_over_the_cap_the_page_says_so_in_russian(client, alice, bob, reads, settings):
    settings.MAX_ACTIVE_MATCHES = 1
    reads(alice, "ru")
    seek = seeks.post_seek(bob, "rosenkoenig")
    seeks.post_seek(alice, "richard3")
    services.create_match(alice, "rosenkoenig")  # alice's one open match: the cap
    client.force_login(alice)
    response = client.post("/seeks/", SEEK)
    assert response.status_code == 409 and "Вы уже играете 1 партию" in response.content.decode()
    refused = client.post(f"/seeks/{seek.pk}/play/")
    assert refused.status_code == 409 and "Вы уже играете 1 партию" in refused.content.decode()
    assert Seek.objects.filter(user=alice).count() == 1 and Seek.objects.get(pk=seek.pk).status == SeekStatus.OPEN


def test_a_seek_outside_the_readers_range_is_not_offered(client, alice, bob):
    Rating.objects.create(user=bob, game="rosenkoenig", rating=1300)
    seeks.post_seek(alice, "rosenkoenig", min_rating=1400)
    client.force_login(bob)
    assert "/play/" not in client.get("/lobby/").content.decode()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_lobby_with_seeks_reads_in_the_readers_language(client, alice, bob, carol, reads, lang):
    reads(alice, lang)
    seeks.post_seek(bob, "richard3", {"scenario": "1469"}, "fast", role="york", min_rating=1000, max_rating=2000)
    seeks.post_seek(carol, "sekigahara", rated=False)
    seeks.post_seek(alice, "rosenkoenig", max_rating=1900)
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    assert page.count("/play/") == 2 and page.count("/cancel/") == 1
    assert ("Быстрый подбор соперника" if lang == "ru" else "Quick pairing") in page
    foreign = english_words if lang == "ru" else russian_words
    assert foreign(shown_text(page), {"alice", "bob", "carol"}) == set()


def test_the_waiting_time_is_in_the_readers_time_zone(client, alice):
    alice.profile.timezone = "Asia/Tokyo"
    alice.profile.save()
    seek = seeks.post_seek(alice, "rosenkoenig")
    client.force_login(alice)
    tokyo = timezone.localtime(seek.expires_at, timezone=ZoneInfo("Asia/Tokyo"))
    assert f"Waiting until {dateformat.format(tokyo, 'N j, Y, P')}" in client.get("/lobby/").content.decode()


def test_without_javascript_another_game_asks_for_its_options_first(client, alice):
    """No htmx to swap the options in: the form comes back with the chosen game's options to fill."""
    client.force_login(alice)
    sent = {key: value for key, value in SEEK.items() if not key.startswith("seek-option_")}
    response = client.post("/seeks/", sent)
    page = response.content.decode()
    assert response.status_code == 400 and 'name="seek-option_scenario"' in page
    assert not Seek.objects.exists()
    assert client.post("/seeks/", SEEK).status_code == 302
