"""The moderators' side of engine upgrades: the overview counts, the flagged match, rewind-and-upgrade."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from games import services
from games.models import ActionKind, Match, ModerationRecord
from games.replay import check
from notifications.models import Kind, Notification
from tests.services.upgrade_helpers import NEW, OLD, MarkedRosenkoenig, NoDrawRosenkoenig, play_with_a_draw

from .conftest import act_url, change_url

pytestmark = pytest.mark.django_db


def overview_row(client, label: str) -> str:
    page = client.get(reverse("admin:index")).content.decode()
    start = page.rindex("<tr>", 0, page.index(label))
    return page[start : page.index("</tr>", start)]


def test_the_overview_counts_matches_waiting_for_an_upgrade_and_refused_ones(
    mod_client, rk_match, alice, bob, engine_bump
):
    play_with_a_draw(rk_match, {"red": alice, "white": bob})
    clean = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(clean.pk, bob, "white")
    engine_bump(NoDrawRosenkoenig)
    changelist = reverse("admin:games_match_changelist")

    assert ">2<" in overview_row(mod_client, "Waiting for an engine upgrade")
    assert f"{changelist}?upgrade=waiting" in overview_row(mod_client, "Waiting for an engine upgrade")
    call_command("upgrade_matches")

    assert ">0<" in overview_row(mod_client, "Waiting for an engine upgrade")
    refused_row = overview_row(mod_client, "Engine upgrade refused")
    assert ">1<" in refused_row and f"{changelist}?upgrade=refused" in refused_row
    listed = mod_client.get(changelist, {"upgrade": "refused"}).context["cl"].result_list
    assert [m.pk for m in listed] == [rk_match.pk]


def test_rewind_and_upgrade_drops_the_refused_record_and_what_followed(
    mod_client, moderator, rk_match, alice, bob, engine_bump, told
):
    match = play_with_a_draw(rk_match, {"red": alice, "white": bob})
    engine_bump(NoDrawRosenkoenig)
    call_command("upgrade_matches")
    page = mod_client.get(change_url(match)).content.decode()
    assert "Rewind to just before the refused record and upgrade" in page
    assert "refused at #3: Drawing is no longer allowed" in page

    response = mod_client.post(act_url(match, "rewind_and_upgrade"), {"reason": "the draw rule changed"})

    assert response.status_code == 302 and response.url == change_url(match)
    match.refresh_from_db()
    record = match.actions.order_by("-seq").first()
    assert (record.seq, record.kind, record.user, record.reason) == (
        6,
        ActionKind.UPGRADE,
        moderator,
        "the draw rule changed",
    )
    assert record.payload["retracts"] == [3, 4, 5] and record.payload["to_version"] == NEW
    assert match.engine_version == NEW and match.active_roles == ["red"]  # back to red's third move
    assert not match.flagged and match.upgrade_refused is None and match.flag_reason == ""
    audit = ModerationRecord.objects.get(action="rewind_and_upgrade")
    assert audit.after["refused"] == {"seq": 3, "reason": "Drawing is no longer allowed"}
    assert (match.pk, audit) in told
    assert Notification.objects.filter(match=match, kind=Kind.UPGRADED).count() == 2
    assert check(match).problems == []


def test_rewind_and_upgrade_is_refused_for_a_match_that_upgrades_cleanly(mod_client, rk_match, alice, bob, engine_bump):
    play_with_a_draw(rk_match, {"red": alice, "white": bob})
    engine_bump(MarkedRosenkoenig)
    response = mod_client.post(act_url(rk_match, "rewind_and_upgrade"), {"reason": "try"})
    assert response.status_code == 400 and b"upgrade it with upgrade_matches" in response.content
    assert Match.objects.get(pk=rk_match.pk).engine_version == OLD


def test_an_upgraded_match_exports_and_imports_with_its_older_records_as_recorded(
    mod_client, rk_match, alice, bob, engine_bump
):
    from .test_matches import export, import_

    match = play_with_a_draw(rk_match, {"red": alice, "white": bob})
    engine_bump(MarkedRosenkoenig)
    call_command("upgrade_matches")
    role = Match.objects.get(pk=match.pk).active_roles[0]
    services.submit_action(match.pk, {"red": alice, "white": bob}[role], role, {"type": "draw"}, 6)
    match.refresh_from_db()

    data = export(mod_client, match)
    assert [a["kind"] for a in data["actions"]][-2:] == ["upgrade", "move"] and data["engine_version"] == NEW
    assert import_(mod_client, data).status_code == 302

    copy = Match.objects.exclude(pk=match.pk).get()
    assert (copy.engine_version, copy.seq, copy.state_hash) == (NEW, 7, match.state_hash)
    assert [a.state_hash for a in copy.actions.order_by("seq")] == [a["state_hash"] for a in data["actions"]]
    assert check(copy).problems == []
    board = mod_client.get(reverse("admin:games_match_board", args=[copy.pk]), {"seq": 2}, follow=True)
    assert b"recorded under an older version" in board.content


def test_a_plain_rewind_of_a_match_on_an_older_engine_is_refused(mod_client, rk_match, alice, bob, engine_bump):
    play_with_a_draw(rk_match, {"red": alice, "white": bob})
    engine_bump(NoDrawRosenkoenig)
    response = mod_client.post(act_url(rk_match, "rewind"), {"to_seq": 1, "reason": "try"})
    assert response.status_code == 400 and b"upgrade it first" in response.content
    assert rk_match.actions.count() == 5
