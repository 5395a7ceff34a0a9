"""The turn mail's board picture: a battle's terrain rastered once and the pieces drawn over it, the same
picture as the self-contained one; and nothing but a known layer is ever fetched."""

import io

import pytest
from cairosvg import svg2png
from PIL import Image, ImageChops

from games import services
from notifications import mail

from .helpers import deliver_pending

pytestmark = pytest.mark.django_db


@pytest.fixture
def york_mail(alice, bob, reads):
    """A Bosworth match whose mail to bob (York) reads in Russian."""
    reads(bob, "ru")
    match = services.create_match(alice, "blood_and_roses", role="lancaster")
    services.join_match(match.pk, bob, "york")
    deliver_pending()
    return match


def test_the_mails_board_is_the_self_contained_picture_drawn_over_a_rastered_terrain(york_mail, bob) -> None:
    from notifications.compose import compose
    from notifications.models import Notification

    notification = Notification.objects.filter(user=bob, match=york_mail).latest("pk")
    message = compose(notification)
    assert message.lang == "ru"
    assert '<image href="layer:' in mail.picture_svg(message.match.engine, message.view)
    fast = Image.open(io.BytesIO(mail.board_png(message))).convert("RGB")
    whole = message.match.engine.render_picture({**message.view, "lang": message.lang})
    slow = Image.open(io.BytesIO(svg2png(bytestring=whole.encode(), output_width=mail.PICTURE_WIDTH))).convert("RGB")
    assert fast.size == slow.size == (1200, slow.size[1])
    difference = ImageChops.difference(fast, slow)
    assert max(high for _, high in difference.getextrema()) <= 32  # the edges' antialiasing, no more
    assert sum(difference.convert("L").histogram()[16:]) < 0.001 * fast.size[0] * fast.size[1]


def test_only_a_known_layer_is_fetched() -> None:
    from games.engines.blood_and_roses.svg_terrain import shipped_layers

    terrain = next(name for name in shipped_layers() if "-terrain-" in name)
    assert mail._layer_or_nothing("blood_and_roses", f"layer:{terrain}.svg", "image/*").startswith(b"\x89PNG")
    nothing = b'<svg width="1" height="1"></svg>'
    for url in ("layer:bosworth-terrain-000000000000.svg", "file:///etc/passwd", "https://example.com/a.png"):
        assert mail._layer_or_nothing("blood_and_roses", url, "image/*") == nothing
    assert mail._layer_or_nothing("rosenkoenig", f"layer:{terrain}.svg", "image/*") == nothing
