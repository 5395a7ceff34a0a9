"""The mail's one-click link (SECURITY.md "Mail"): it signs in a signed-out browser, any number of times in its
3 days; a browser signed in as someone else is only asked, and switches by that page's CSRF-protected POST."""

import re

import pytest
from django.test import Client

from notifications.tokens import login_link, match_page

pytestmark = pytest.mark.django_db


@pytest.fixture
def erin(make_user):
    user = make_user("erin")
    user.profile.display_name = "Erin E."
    user.profile.save()
    return user


@pytest.fixture
def link(rk_match, alice) -> str:
    return login_link(alice, rk_match.pk)


def signed_in(client: Client) -> str | None:
    return client.session.get("_auth_user_id")


def test_a_signed_out_browser_is_signed_in_by_the_click(link, rk_match, alice, client):
    response = client.get(link)
    assert response.status_code == 302 and response["Location"].endswith(f"/matches/{rk_match.pk}/")
    assert signed_in(client) == str(alice.pk)


def test_the_link_signs_in_again_when_the_mail_is_opened_twice(link, alice, client):
    """A mail scanner's prefetch or a second reading uses nothing up: the link holds for its 3 days."""
    assert Client().get(link).status_code == 302  # the scanner
    client.get(link)
    client.logout()
    client.get(link)
    assert signed_in(client) == str(alice.pk)


def test_the_same_player_signed_in_is_simply_taken_to_the_match(link, rk_match, alice, client):
    client.force_login(alice)
    response = client.get(link)
    assert response.status_code == 302 and response["Location"].endswith(f"/matches/{rk_match.pk}/")


def test_another_players_link_names_both_and_switches_nothing(link, rk_match, alice, erin, client):
    client.force_login(erin)
    session = client.session.session_key
    response = client.get(link)
    text = response.text
    assert response.status_code == 200
    assert "You are signed in as <strong>Erin E. (erin)</strong>, but this link is for <strong>alice</strong>." in text
    assert 'method="post"' in text and "csrfmiddlewaretoken" in text
    assert f'href="{match_page(rk_match.pk)}"' in text  # staying as erin
    assert signed_in(client) == str(erin.pk) and client.session.session_key == session


def test_the_switch_page_reads_russian(link, erin, client):
    client.force_login(erin)
    text = client.get(link, HTTP_ACCEPT_LANGUAGE="ru").text
    assert "Вы вошли как <strong>Erin E. (erin)</strong>, а эта ссылка — для <strong>alice</strong>." in text
    assert "Войти как alice" in text and "Switch" not in text


def test_the_pages_post_switches_to_the_links_player(link, rk_match, alice, erin):
    client = Client(enforce_csrf_checks=True)
    client.force_login(erin)
    page = client.get(link).text
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = client.post(link, {"csrfmiddlewaretoken": token})
    assert response.status_code == 302 and response["Location"].endswith(f"/matches/{rk_match.pk}/")
    assert signed_in(client) == str(alice.pk)


def test_a_post_without_the_csrf_token_is_refused(link, alice, erin):
    client = Client(enforce_csrf_checks=True)
    client.force_login(erin)
    client.get(link)
    assert client.post(link).status_code == 403
    assert signed_in(client) == str(erin.pk)


def test_a_staff_account_never_signs_in_by_link(rk_match, make_user, erin, client):
    moderator = make_user("mod", is_staff=True)
    link = login_link(moderator, rk_match.pk)
    assert client.get(link).status_code == 302 and signed_in(client) is None
    client.force_login(erin)
    assert client.get(link).status_code == 302 and client.post(link).status_code == 302
    assert signed_in(client) == str(erin.pk)


def test_a_link_that_no_longer_holds_is_refused_on_the_post_too(link, alice, erin, client):
    client.force_login(erin)
    alice.set_password("a-New-pw-456")
    alice.save()
    response = client.post(link)
    assert response.status_code == 400 and signed_in(client) == str(erin.pk)
