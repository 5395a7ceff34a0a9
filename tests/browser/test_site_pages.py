"""The site around the board in Chromium: the welcome page, the lobby's create form of every game, a rules
page, a takeback asked and accepted, history Back, and the phone header. Screenshots go to tests/artifacts/.

Every test fails on any console error of any page it opened (CSP violations included: the ``pages`` fixture).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games import engines, services
from games.option_words import WORDS

from .support import ARTIFACTS, BROWSER_MARKS, LAPTOP, PHONE, legal, seq_of, wait_for_seq

pytestmark = BROWSER_MARKS
DESKTOP = {"viewport": {"width": 1400, "height": 900}}


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_welcome_page_shows_every_board(pages, device):
    page = pages.open(None, "/", device)
    cards = page.locator(".game-card")
    assert cards.count() == len(engines.all())
    for engine in engines.all():
        card = cards.filter(has_text=engine.title)
        image = card.locator("img")
        image.scroll_into_view_if_needed()
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
        assert card.get_by_role("link", name="Read the rules").count() == 1
    assert page.get_by_role("heading", name="How a turn works here").is_visible()
    shot(page, f"welcome-{'phone' if device is PHONE else 'desktop'}")


def test_the_create_form_of_every_game_reads_in_words_and_creates(pages, make_user):
    alice = make_user("alice")
    page = pages.open(alice, "/lobby/", DESKTOP)
    for engine in engines.all():
        page.select_option("#id_game", engine.slug)
        page.wait_for_selector(f"#create-form:has(#id_game option[value='{engine.slug}'][selected])")
        for name, spec in engine.options.items():
            texts = page.locator(f"#id_option_{name} option").all_inner_texts()
            assert texts == [WORDS[engine.slug][name].values[v] for v in spec["choices"]]
            assert page.locator(f"#id_option_{name}-help").inner_text() == WORDS[engine.slug][name].help
        if engine.stand_in_notice:
            assert page.locator("#create-form .stand-in").inner_text() == engine.stand_in_notice
        shot(page, f"lobby-{engine.slug}")
    # Choosing the game again fetches the form again (htmx swaps the whole form): mark the form on the page,
    # choose, and choose the option only in the form that replaced the marked one.
    page.evaluate("document.getElementById('create-form').dataset.replaced = 'no'")
    page.select_option("#id_game", "sekigahara")
    page.wait_for_selector("#create-form:not([data-replaced]):has(#id_game option[value='sekigahara'][selected])")
    page.select_option("#id_option_initiative_tie", label="The defender (the rulebook read literally)")
    expect(page.locator("#id_option_initiative_tie")).to_have_value('"defender"')  # option values are JSON
    page.click("text=Create the match")
    page.wait_for_url("**/matches/*/")
    assert "Battle initiative when Impact is equal: The defender" in page.inner_text(".match-meta")
    page.click(".match-meta a:has-text('Rules of')")
    page.wait_for_url("**/games/sekigahara/rules/")


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_rules_page_lists_its_stand_ins_first(pages, device):
    page = pages.open(None, "/games/nine_years/rules/", device)
    notice = page.locator(".rules header .stand-in")
    assert engines.get("nine_years").stand_in_notice in notice.inner_text()
    assert notice.locator("li").count() > 3
    assert page.locator(".markdown h2").first.is_visible()
    # Wide tables scroll inside their card, the page keeps the viewport's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= device["viewport"]["width"]
    shot(page, f"rules-nine_years-{'phone' if device is PHONE else 'desktop'}")


@pytest.fixture
def two_moves(make_user):
    """Rosenkönig: alice (red) and bob (white) have each moved once; red to move."""
    alice, bob = make_user("alice"), make_user("bob")
    match = services.create_match(alice, "rosenkoenig", role="red")
    services.join_match(match.pk, bob, "white")
    for role, user in (("red", alice), ("white", bob)):
        match.refresh_from_db()
        action = match.engine.legal_actions(match.state, role)[0]["action"]
        services.submit_action(match.pk, user, role, action, match.seq)
    match.refresh_from_db()
    return match, alice, bob


def test_a_takeback_asked_and_accepted_both_sides_see_it(pages, two_moves):
    match, alice, bob = two_moves
    alices = pages.open(alice, f"/matches/{match.pk}/", DESKTOP)
    option = alices.locator("#takeback-to option").first.inner_text()
    assert option.startswith("before your Play ") and "(event 2)" in option
    alices.click("text=Ask your opponent")
    alices.wait_for_selector("text=Waiting for your opponent's answer")

    bobs = pages.open(bob, f"/matches/{match.pk}/", DESKTOP)
    assert "asks to take back 2 moves, before Red's move (event 2)" in bobs.inner_text(".takeback")
    bobs.click("text=Accept the takeback")
    wait_for_seq(bobs, 3)
    told = "takeback was accepted by bob: 2 moves taken back"
    assert f"Red's {told}" in bobs.inner_text(".takeback") and told in bobs.inner_text("#log-h + .takeback-outcome")
    wait_for_seq(alices, 3)  # alice's page polls and shows it too
    assert f"Your {told}" in alices.inner_text(".takeback")
    assert told in alices.inner_text("#log-h + .takeback-outcome")
    shot(alices, "takeback-accepted")


@pytest.mark.parametrize("device", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_going_back_after_the_history_control_logs_no_error(pages, two_moves, device):
    match, alice, _ = two_moves
    page = pages.open(alice, f"/matches/{match.pk}/", device)
    legal(page).first.wait_for()
    page.click("#match-live [data-zoom=in]")  # board.js sizes the picture: the history snapshot holds it
    page.click("#match-live .history a:has-text('Start')")
    page.wait_for_selector("text=As it was after record 0 of 2")
    page.click("#match-live .history a:has-text('Forward')")
    page.wait_for_selector("text=As it was after record 1 of 2")
    page.go_back()
    page.wait_for_selector("text=As it was after record 0 of 2")
    page.go_back()
    page.wait_for_selector("text=The board now")
    legal(page).first.wait_for()
    page.go_forward()
    page.wait_for_selector("text=As it was after record 0 of 2")
    assert seq_of(page) == 0
    page.wait_for_timeout(300)  # a violation is reported a moment after the swap


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("path", ["/", "/lobby/", "/games/richard3/rules/"])
def test_the_phone_header_is_one_compact_bar(pages, make_user, path, language):
    alice = make_user("alice")
    alice.profile.language = language  # Russian words are longer
    alice.profile.save()
    page = pages.open(alice, path, PHONE)
    height = page.locator("header.site").bounding_box()["height"]
    assert height <= 64, f"the header is {height}px high"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    my_matches = {"en": "My matches", "ru": "Мои партии"}[language]
    assert page.locator("header.site").get_by_role("link", name=my_matches).is_visible()
    switch = page.locator("header.site .language-switch button")
    assert switch.count() == 1 and switch.get_attribute("value") == {"en": "ru", "ru": "en"}[language]
    shot(page, f"header-phone-{language}{path.replace('/', '-').rstrip('-')}")


HEADER_ITEMS = {
    # (the bar, the menu), signed in and signed out, as a player reads them
    ("en", True): (("My matches",), ("Lobby", "Watch", "Leaderboard", "alice", "Log out", "Русский")),
    ("ru", True): (("Мои партии",), ("Лобби", "Смотреть", "Рейтинг", "alice", "Выйти", "English")),
    ("en", False): (("Sign up",), ("Log in", "Games", "Watch", "Leaderboard", "Русский")),
    ("ru", False): (("Регистрация",), ("Войти", "Игры", "Смотреть", "Рейтинг", "English")),
}


@pytest.mark.parametrize("signed_in", [True, False], ids=["signed-in", "signed-out"])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_header_item_is_reachable_on_a_phone(pages, make_user, language, signed_in):
    alice = make_user("alice")
    alice.profile.language = language
    alice.profile.save()
    # Signed out, the language is the browser's (Accept-Language).
    page = pages.open(alice if signed_in else None, "/lobby/" if signed_in else "/", PHONE, locale=language)
    header = page.locator("header.site")
    in_bar, in_menu = HEADER_ITEMS[(language, signed_in)]
    toggle = header.locator(".menu-toggle")
    width = PHONE["viewport"]["width"]

    def reachable(name: str) -> bool:
        item = header.get_by_role("link", name=name).or_(header.get_by_role("button", name=name)).first
        box = item.bounding_box()
        return item.is_visible() and box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width

    for name in in_bar:
        assert reachable(name), f"{name!r} is not in the bar"
    assert toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false"
    assert not any(header.get_by_text(name, exact=True).first.is_visible() for name in in_menu)
    assert header.bounding_box()["height"] <= 64
    shot(page, f"header-menu-closed-{language}-{'in' if signed_in else 'out'}")

    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    for name in in_menu:
        assert reachable(name), f"{name!r} is not reachable in the open menu"
    shot(page, f"header-menu-open-{language}-{'in' if signed_in else 'out'}")
    page.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false" and not header.locator(".site-menu").is_visible()

    toggle.click()
    header.get_by_role("link", name=in_menu[-4 if signed_in else 3]).click()  # Leaderboard
    page.wait_for_url("**/leaderboard/")


def test_the_desktop_header_shows_every_item_in_one_bar(pages, make_user):
    page = pages.open(make_user("alice"), "/lobby/", DESKTOP)
    header = page.locator("header.site")
    assert not header.locator(".menu-toggle").is_visible()
    in_order = ("My matches", "Lobby", "Watch", "Leaderboard", "alice", "Log out", "Русский")  # the desktop's
    for name in in_order:
        assert header.get_by_role("link", name=name).or_(header.get_by_role("button", name=name)).first.is_visible()
    assert header.bounding_box()["height"] <= 64
    shot(page, "header-desktop-en")


def test_the_language_switch_in_the_header_works_without_script(pages, make_user):
    alice = make_user("alice")
    page = pages.open(alice, "/lobby/", PHONE, java_script_enabled=False)
    assert page.locator("html").get_attribute("lang") == "en"
    page.locator("header.site .language-switch button").click()
    page.wait_for_selector("h1:text('Лобби')")
    assert page.url.endswith("/lobby/") and page.locator("html").get_attribute("lang") == "ru"
    alice.profile.refresh_from_db()
    assert alice.profile.language == "ru"
    shot(page, "lobby-phone-ru")
