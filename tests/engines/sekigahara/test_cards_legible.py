"""Every card of the hand reads whole in both languages (issue 26: «Кобаякава» was cut at the card's edges in
the mail, whose renderer ignores ``textLength``): the heading at 11 units or more within the card's heading
band, the word under the picture within the card, widths estimated per letter as the drawing does."""

from __future__ import annotations

import pytest

from games.engines.base.messages import LANGUAGES
from games.engines.sekigahara.data.cards import CARD_KINDS
from games.engines.sekigahara.data.names import NAMES
from games.engines.sekigahara.svg_parts import CARD_TITLE_ROOM, CARD_W, card, card_title, card_use, text_width
from games.engines.sekigahara.texts import drawing

KINDS = [{"kind": kind_id, **k._asdict()} for kind_id, k in CARD_KINDS.items()]
CLANS = sorted({k["daimyo"] for k in KINDS if k["daimyo"]})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_heading_fits_its_card_at_a_legible_size(lang):
    with drawing({"lang": lang}):
        headings = {kind["kind"]: card_title(kind) for kind in KINDS}
    for kind_id, (heading, size) in headings.items():
        assert size >= 11, (kind_id, heading, size)
        assert text_width(heading, size, bold=True) <= CARD_TITLE_ROOM, (kind_id, heading, size)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_clan_is_named_whole_or_by_its_short_name(lang):
    """A clan's card shows its whole name where it fits, else the short one; either way the card's title
    (shown on hover) names the clan whole."""
    for clan in CLANS:
        kind = next(k for k in KINDS if k["daimyo"] == clan)
        with drawing({"lang": lang}):
            heading, _ = card_title(kind)
            drawn = card(0, 0, kind, kind["side"])
        whole = NAMES[f"daimyo:{clan}"][lang]
        assert heading in (whole, NAMES.get(f"short:daimyo:{clan}", {}).get(lang)), (clan, heading)
        assert whole in drawn.split("</title>")[0], (clan, drawn[:200])
        assert "textLength" not in drawn


def test_kobayakawa_is_shortened_only_where_it_does_not_fit():
    kind = next(k for k in KINDS if k["daimyo"] == "kobayakawa")
    headings = {}
    for lang in LANGUAGES:
        with drawing({"lang": lang}):
            headings[lang] = card_title(kind)
    assert headings == {"en": ("Kobayak.", 11), "ru": ("Кобаяк.", 11)}
    mori = next(k for k in KINDS if k["daimyo"] == "mori")
    with drawing({"lang": "ru"}):
        assert card_title(mori) == ("Мори", 12)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_word_under_every_cards_picture_fits_the_card(lang):
    with drawing({"lang": lang}):
        words = {kind["kind"]: card_use(kind) for kind in KINDS}
    assert {words["ishida_loyalty"], words["mori_sword"], words["mori_double"]} == (
        {"Challenge", "sword", "double"} if lang == "en" else {"лояльности", "меч", "двойная"}
    )
    for kind_id, word in words.items():
        if "loyalty" in kind_id:  # centred, 3 units from each edge
            assert text_width(word, 11) <= CARD_W - 6, (kind_id, word)
        else:
            assert 5 + text_width(word, 11) <= CARD_W - 5, (kind_id, word)


@pytest.mark.parametrize(("lang", "whole"), [("en", "Loyalty Challenge"), ("ru", "Смена лояльности")])
def test_a_loyalty_card_reads_its_whole_name_on_its_face(lang, whole):
    """SK-8.6: the card is «Смена лояльности» on its face too: the heading and the line under the flag."""
    kind = next(k for k in KINDS if k["loyalty"])
    with drawing({"lang": lang}):
        drawn = card(0, 0, kind, kind["side"])
        (heading, _), rest = card_title(kind), card_use(kind)
    assert f"{heading} {rest}" == whole
    assert f">{heading}</text>" in drawn and f">{rest}</text>" in drawn


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_map_tile_shortens_a_clan_name_that_would_overrun_it(lang):
    """The mail's renderer cannot squeeze a name as a browser does, so a long clan name on a crowded map tile
    (pips, gun or cavalry mark) is drawn by its short name; the tile's title keeps the design's whole name."""
    from games.engines.sekigahara.data.blocks import FACES
    from games.engines.sekigahara.svg_parts import OWN_NAMES, block_tile

    for face_id, face in FACES.items():
        if face_id in OWN_NAMES:  # drawn by the leader's own name
            continue
        block = {"face": face_id, **face._asdict()}
        with drawing({"lang": lang}):
            drawn = block_tile(0, 0, block, face.side, big=True)
        shown = drawn.rsplit(">", 3)[-3].split("<")[0]
        if face.daimyo == "kobayakawa" and face.special:
            assert shown == NAMES["short:daimyo:kobayakawa"][lang], (face_id, shown)
        assert shown in (NAMES[f"daimyo:{face.daimyo}"][lang], NAMES.get(f"short:daimyo:{face.daimyo}", {}).get(lang))
