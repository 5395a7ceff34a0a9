"""Two new players find each other and play a whole Rosenkönig match in Chromium, by clicking only;
a moderator browses the admin and the API docs. No page logs an error (a Content-Security-Policy
violation included).

Screenshots of the match page go to tests/artifacts/ (kept by CI).
"""

from __future__ import annotations

import re

import pytest

from .support import ARTIFACTS, BROWSER_MARKS, legal, seq_of

MAX_MOVES = 400
pytestmark = BROWSER_MARKS


def sign_up(pages, name: str, mailoutbox):
    """A new browser context; sign up, open the emailed link (which logs in)."""
    page = pages.watch(pages.browser.new_context(viewport={"width": 1280, "height": 1000}).new_page())
    base = pages.base_url
    page.goto(f"{base}/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_email", f"{name}@example.com")
    page.fill("#id_password1", "Rose-and-Crown-77")
    page.fill("#id_password2", "Rose-and-Crown-77")
    page.click("button:has-text('Sign up')")
    page.wait_for_selector("text=Check your email")
    mail = next(m for m in reversed(mailoutbox) if m.to == [f"{name}@example.com"])
    page.goto(re.search(r"https?://\S+", mail.body).group(0))
    page.wait_for_selector("text=Your email address is verified")
    return page


def my_turn(page) -> bool:
    return page.locator("#match-live .choices button, #match-live select[name=action]").count() > 0


def play_one(page) -> None:
    """Click the first highlighted card or pile on the board; wait for the page to show the next position."""
    before = seq_of(page)
    legal(page).first.click()
    page.wait_for_selector(f"#match-live[data-seq='{before + 1}']")


def test_two_new_players_play_a_rosenkoenig_match_to_the_end_on_the_board(pages, mailoutbox):
    base = pages.base_url
    alice = sign_up(pages, "alice", mailoutbox)
    bob = sign_up(pages, "bob", mailoutbox)

    # Alice creates a public match as Red.
    alice.goto(f"{base}/lobby/")
    alice.select_option("#id_game", "rosenkoenig")
    # Choosing a game reloads the form (that game's sides and options): wait for it before picking a side.
    alice.wait_for_selector("#id_game.htmx-request", state="detached")
    alice.select_option("#id_role", "red")
    alice.click("button:has-text('Create the match')")
    alice.wait_for_selector("text=The board appears when every seat is taken")
    match_url = alice.url
    alice.click("input.copy")  # the invite link selects itself (site.js), ready to copy
    selection = "(({value, selectionStart, selectionEnd}) => value.slice(selectionStart, selectionEnd))"
    assert alice.evaluate(f"{selection}(document.activeElement)") == alice.input_value("input.copy")

    # Bob finds it in the lobby and joins; Alice's page notices by itself (htmx polling).
    bob.goto(f"{base}/lobby/")
    bob.locator(".open-match", has_text="Rosenkönig").locator("button:has-text('Join')").click()
    bob.wait_for_selector("#match-live svg")
    assert bob.url == match_url
    alice.wait_for_selector("#match-live svg", timeout=20_000)
    alice.wait_for_selector("#turn-badge .badge:has-text('1')")  # "your turn" in the header
    ARTIFACTS.mkdir(exist_ok=True)

    # Chat through htmx: the message appears and the field empties itself (site.js).
    alice.fill("#chat-text", "Good luck!")
    alice.click("#chat-text ~ button")
    alice.wait_for_selector("#chat-messages >> text=Good luck!")
    assert alice.input_value("#chat-text") == ""

    players = [alice, bob]
    current = alice
    for moves in range(MAX_MOVES):
        if not my_turn(current):
            other = players[1 - players.index(current)]
            other.reload()
            if not my_turn(other):
                break
            current = other
        play_one(current)
        if moves == 10:
            current.screenshot(path=str(ARTIFACTS / "match-page.png"), full_page=True)
    else:
        pytest.fail(f"the match did not end within {MAX_MOVES} moves")

    for page in players:
        page.reload()
        result = page.inner_text("#match-live .result")
        assert re.search(r"(Red wins|White wins|Draw)", result)
        assert re.search(r"alice: 1500 → 1[45]\d\d", result) and re.search(r"bob: 1500 → 1[45]\d\d", result)
    alice.screenshot(path=str(ARTIFACTS / "match-finished.png"), full_page=True)

    # History: back to the start, as Alice could see it then; the record is downloadable.
    alice.click("#match-live .history a:has-text('Start')")
    alice.wait_for_selector("text=As it was after record 0")
    assert seq_of(alice) == 0 and "?seq=0" in alice.url
    with alice.expect_download() as download:
        alice.click("text=Export as JSON")
    assert download.value.suggested_filename.endswith(".json")

    alice.goto(f"{base}/leaderboard/?game=rosenkoenig")
    board = alice.inner_text("table.leaderboard")
    assert "alice" in board and "bob" in board


def test_a_moderator_browses_the_admin_and_the_api_docs_without_errors(pages, make_user):
    from games import services

    moderator = make_user("moderator", password="Rose-and-Crown-77", is_staff=True, is_superuser=True)
    alice, bob = make_user("alice"), make_user("bob")
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    base = pages.base_url
    page = pages.watch(pages.browser.new_context(viewport={"width": 1280, "height": 1000}).new_page())
    # Redoc shows its maker's logo from their CDN (its page's policy allows it); there is no internet here.
    logo = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'
    page.route("https://cdn.redoc.ly/**", lambda route: route.fulfill(content_type="image/svg+xml", body=logo))
    page.goto(f"{base}/admin/login/")
    page.fill("#id_username", moderator.username)
    page.fill("#id_password", "Rose-and-Crown-77")
    page.click("input[type=submit]")
    page.wait_for_selector("text=Dispatch Rider moderation")
    for path, shows in [
        ("/admin/games/match/", "#changelist"),
        (f"/admin/games/match/{match.pk}/change/", "#moderation"),
        (f"/admin/games/match/{match.pk}/board/", "#state-json"),
        ("/admin/auth/user/", "#changelist"),
        ("/api/docs/", ".swagger-ui .info >> text=Dispatch Rider API"),
        ("/api/redoc/", "h1 >> text=Dispatch Rider API"),
    ]:
        assert page.goto(f"{base}{path}").ok, path
        page.wait_for_selector(shows)
        page.wait_for_load_state("networkidle")
