"""Details on demand (issue 23): every piece and place a player can point at says in words what they may know.

For every engine, over the random positions of ``test_board_targets``, for every role and a spectator:
each element with ``data-target`` in the map carries a non-empty SVG ``<title>`` (its own, or that of a
group it belongs to, never only the picture's), and each one in the HTML panels a ``title`` attribute (on
it or an element around it); and no title names a hidden piece: a block name or label that appears nowhere
in what that role is given (``tests.hidden_information.what_role_is_given``: its view and legal actions).
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from games import engines
from games.engines.base import Engine, State
from games.engines.richard3.data.areas import AREAS, SEAS
from games.engines.richard3.data.blocks import BLOCKS
from games.engines.sekigahara.data.blocks import DAIMYO_NAMES, FACES
from games.engines.sekigahara.data.locations import DISC_NAMES, LOCATIONS
from tests.engines.test_board_targets import positions
from tests.hidden_information import what_role_is_given

ALL = pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
HOUSES = {"York", "Lancaster", "Ishida", "Tokugawa"}
# Public names a title may give for their own sake (areas, cities, seas, locations, clans, discs, houses): taken out
# of a title before it is searched for the name of a piece an enemy may hold face down ("Irish Sea" is a sea,
# not the Irish block).
PUBLIC = {
    "richard3": {*AREAS, *SEAS, *HOUSES, *(facts["city"] for facts in AREAS.values() if facts["city"])},
    "sekigahara": {*(name for name, *_ in LOCATIONS.values()), *DAIMYO_NAMES.values(), *DISC_NAMES.values(), *HOUSES},
}
HIDEABLE = {
    "richard3": {b["name"] for b in BLOCKS.values()} - PUBLIC["richard3"],
    "sekigahara": {f.label for f in FACES.values()} - PUBLIC["sekigahara"],
}


def named(engine: Engine, given: str) -> str:
    """``given`` with each name reference of a message record (``{"name": "block:L_HenryVI"}``) shown by its
    English name, as the titles show it (issue 26: engines give names as references)."""
    return re.sub(r'\{"name": ?"([^"]*)"\}', lambda m: json.dumps(engine.text({"name": m.group(1)}, "en")), given)


def words(names: set[str] | list[str]) -> re.Pattern[str]:
    """Any of ``names`` as whole words, the longest first."""
    return re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")\b")


class _Node:
    def __init__(self, tag: str, attrs: dict[str, str | None], parent: _Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.title: str | None = attrs.get("title")  # an HTML attribute, or the text of an SVG <title> child


class _Titles(HTMLParser):
    """The titles shown on hover over each ``data-target`` of a picture or of HTML panels (which embed SVG
    chips): the element's own, then those of the elements around it, never the picture's own title."""

    VOID = {"br", "img", "input", "hr", "meta", "link", "col", "area", "source", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[_Node] = []
        self.targets: list[tuple[str, _Node]] = []
        self.texts: list[str] = []
        self.text: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, dict(attrs), self.open[-1] if self.open else None)
        if node.attrs.get("data-target") is not None:
            self.targets.append((node.attrs["data-target"], node))
        if node.title is not None:
            self.texts.append(node.title.strip())
        if tag == "title":
            self.text = []
        if tag not in self.VOID:
            self.open.append(node)

    def handle_data(self, data: str) -> None:
        if self.text is not None:
            self.text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title" and self.text is not None and len(self.open) > 1:
            text = "".join(self.text).strip()
            holder = self.open[-2]
            if not (holder.tag == "svg" and holder.parent is None):  # the picture's own title names no piece
                holder.title = text
                self.texts.append(text)
            self.text = None
        while self.open:
            if self.open.pop().tag == tag:
                break

    def found(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for target, node in self.targets:
            titles = out.setdefault(target, [])
            walk: _Node | None = node
            while walk is not None:
                if walk.title and walk.title.strip():
                    titles.append(walk.title.strip())
                walk = walk.parent
        return out


def drawn(engine: Engine, state: State, role: str | None) -> tuple[dict[str, list[str]], list[str]]:
    """Every target with the titles it shows (map and panels), and all title texts of ``role``'s picture."""
    view = engine.view(state, role)
    targets: dict[str, list[str]] = {}
    texts: list[str] = []
    for part in (engine.render_svg(view), engine.render_panels(view)):
        parser = _Titles()
        parser.feed(part)
        parser.close()
        for target, titles in parser.found().items():
            targets.setdefault(target, []).extend(titles)
        texts += parser.texts
    return targets, texts


@ALL
def test_every_target_says_what_it_is(engine):
    for n, state in enumerate(positions(engine.slug)):
        for role in (*engine.roles, None):
            targets, texts = drawn(engine, state, role)
            for target, titles in targets.items():
                assert any(titles), f"{engine.slug} position {n}, {role or 'a spectator'}: {target} has no title"
            assert all(texts), f"{engine.slug} position {n}, {role or 'a spectator'}: an empty title"


@ALL
def test_titles_name_no_hidden_piece(engine):
    names = HIDEABLE.get(engine.slug)
    if not names:
        pytest.skip(f"{engine.slug} has no piece hidden from a player on the board")
    for n, state in enumerate(positions(engine.slug)):
        for role in (*engine.roles, None):
            given = named(engine, what_role_is_given(engine, state, role))
            hidden = [name for name in names if name not in given]
            if not hidden:
                continue
            pattern, public = words(hidden), words(PUBLIC[engine.slug])
            for text in drawn(engine, state, role)[1]:
                leak = pattern.search(public.sub("", text))
                assert leak is None, (
                    f"{engine.slug} position {n}: a title shows {role or 'a spectator'} the hidden "
                    f"{leak.group()!r}: {text!r}"
                )
