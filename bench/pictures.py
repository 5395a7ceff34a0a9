"""The turn mail's board picture per engine: the PNG the mail sends beside the whole picture rastered at once.

    python -m bench.pictures [--actions 300] [--repeat 5] [SLUG ...]

For each engine, a position ``--actions`` steps into a game played by its own policy, drawn for its
first role in Russian (the longer words): the least processor time of ``--repeat`` calls of
``notifications.mail.picture_png``, whose static layers are rastered once per worker and reused, beside
``cairosvg`` on the self-contained ``render_picture``, as the mail drew it before; both include drawing
the SVG. No database.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.engines.base import Engine


def side_by_side(before: Callable[[], bytes], after: Callable[[], bytes], repeat: int) -> tuple[float, float]:
    """The least processor seconds of each over ``repeat`` calls, alternating, after one warm-up call of each
    (which fills any cache). The least, as ``timeit`` advises: this machine's other work only ever adds,
    and here it adds up to 100 ms to a 150 ms call now and then."""
    before(), after()
    samples: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for fn, times in zip((before, after), samples, strict=True):
            started = time.process_time()
            fn()
            times.append(time.process_time() - started)
    return min(samples[0]), min(samples[1])


def whole_png(engine: Engine, view: dict[str, Any]) -> bytes:
    """The self-contained picture (its terrain drawn in) rastered at once, as the mail did before."""
    from cairosvg import svg2png

    from notifications.mail import PICTURE_WIDTH

    return svg2png(bytestring=engine.render_picture(view).encode(), output_width=PICTURE_WIDTH)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slugs", nargs="*", help="Engines to measure (default: all)")
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from games import engines
    from games.engines.base.duel import by_policy, play
    from games.languages import for_drawing
    from notifications.mail import picture_png

    chosen = [engines.get(slug) for slug in args.slugs] or sorted(engines.all(), key=lambda e: e.slug)
    print(f"{'engine':16} {'whole picture':>14} {'mail (layers)':>14} {'ratio':>6} {'PNG KB':>7}")
    for engine in chosen:
        policy = "purposeful" if "purposeful" in engine.policies else "uniform"
        state = play(engine, 7, {role: by_policy(policy) for role in engine.roles}, max_actions=args.actions)
        view = for_drawing(engine.view(state, engine.roles[0]), "ru")
        before, after = side_by_side(partial(whole_png, engine, view), partial(picture_png, engine, view), args.repeat)
        size = len(picture_png(engine, view)) / 1024
        print(f"{engine.slug:16} {before * 1000:11.0f} ms {after * 1000:11.0f} ms {before / after:5.1f}× {size:7.0f}")


if __name__ == "__main__":
    main()
