"""Template filters of the player pages."""

from django import template

from games import timecontrols

register = template.Library()


@register.filter
def time_control(value: dict | None) -> str:
    """A match's time control in words, e.g. "3 days per move"."""
    return timecontrols.describe(value)
