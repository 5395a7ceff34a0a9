"""``ZoneSelect``: the time-zone select of the profile form, drawn once per list of zones.

Django draws each option of a select through a template. The zone list has about 430 options, which cost 17–23 ms
per page, most of the profile page's time. Here the options are drawn once per list of choices, so once per
language (each names countries and cities in its own words), and the saved zone is marked at each render. The
markup is Django's own, its attributes written by Django's ``flatatt``.
"""

from __future__ import annotations

from functools import lru_cache

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe


class ZoneSelect(forms.Select):
    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        # Django keeps a group's choices as a list: a tuple of tuples can key the cache.
        choices = tuple((key, tuple(shown) if isinstance(shown, list) else shown) for key, shown in self.choices)
        options, places = drawn_options(choices)
        marked = list(options)
        for chosen in self.format_value(value):
            if (at := places.get(chosen)) is not None:
                marked[at] = marked[at].replace(">", " selected>", 1)  # the value is escaped: no ">" before
        shown = flatatt({"name": name, **self.build_attrs(self.attrs, attrs)})
        return format_html("<select{}>{}</select>", shown, mark_safe("".join(marked)))


@lru_cache(maxsize=16)
def drawn_options(choices: tuple) -> tuple[tuple[str, ...], dict[str, int]]:
    """The options (and optgroups) as HTML pieces, and where each value's option is among them."""
    pieces: list[str] = []
    places: dict[str, int] = {}

    def option(value: str, label: str) -> None:
        places[str(value)] = len(pieces)
        pieces.append(format_html('<option value="{}">{}</option>', value, label))

    for key, shown in choices:
        if isinstance(shown, tuple):  # a group: a country and its cities
            pieces.append(format_html('<optgroup label="{}">', key))
            for value, label in shown:
                option(value, label)
            pieces.append("</optgroup>")
        else:
            option(key, shown)
    return tuple(pieces), places
