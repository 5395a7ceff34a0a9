"""``{% player_link user %}``: a player's name linking to their profile, the one way pages show a name."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from config.reversing import reverse_once

register = template.Library()


@register.simple_tag
def player_link(player, name: str = "") -> SafeString:
    """``player`` is a user (shown by their display name) or a username (shown as ``name``, else itself)."""
    if isinstance(player, str):
        username, shown, computer = player, name or player, False
    else:
        username, shown, computer = player.get_username(), name or player.profile.name, player.profile.is_computer
    href = reverse_once("player_profile", [username])
    if computer:  # marked for the eye (the CSS badge) and for screen readers (its title)
        return format_html('<a class="player computer" href="{}" title="{}">{}</a>', href, _("computer player"), shown)
    return format_html('<a class="player" href="{}">{}</a>', href, shown)


@register.simple_tag
def player_names(seats) -> SafeString:
    """The players in ``seats``, each linked, joined: ``{% player_names row.to_move as names %}``."""
    return format_html_join(", ", "{}", ((player_link(seat.user),) for seat in seats))
