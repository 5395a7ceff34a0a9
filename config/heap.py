"""The garbage collector of a long-running web process, tuned once its application is loaded.

A worker holds about 130,000 long-lived objects (modules, templates, engine data) that Python's cyclic
collector would otherwise walk on every full collection, and a request allocates enough containers to
trigger the young collection many times. Measured under ``python -m bench.load`` (200 players, 40 s): the
collector took about 1.2 s of each worker's 25 s of CPU, five full collections of 80–110 ms each
(every thread of the process waits through one); with this, about 0.55 s and no full collection.
"""

from __future__ import annotations

import gc

# Young objects allocated (net) before the youngest generation is collected: CPython's default is 700.
YOUNG_THRESHOLD = 7_000
# Young collections before a middle one, middle collections before a full one (default 10 and 10).
OLDER_THRESHOLDS = (20, 20)


def settle() -> None:
    """Move everything alive now out of the collector's sight (it is never freed while the process runs)
    and collect less often: call once, after the application is loaded and before the first request."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
