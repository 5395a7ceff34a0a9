"""Django's PostgreSQL backend, with the health check of a kept connection made at most every few seconds.

With ``CONN_HEALTH_CHECKS`` Django sends ``SELECT 1`` before the first query of every request that reuses a
connection. Under load that was a round trip per request for a connection that had answered milliseconds
before (about a tenth of a millisecond of the web process's CPU, and the server's, each time). A connection
that passed its check less than ``RECHECK_SECONDS`` ago is trusted instead; one idle for longer is checked
as before, so a database restarted overnight still costs no reader an error. A connection that fails during
a request is checked at its end as always (Django's ``errors_occurred``) and closed if it is broken.
"""

from __future__ import annotations

import time

from django.db.backends.postgresql import base

RECHECK_SECONDS = 5.0


class DatabaseWrapper(base.DatabaseWrapper):
    check_due = 0.0  # the monotonic time after which a kept connection is checked again

    def close_if_health_check_failed(self) -> None:
        if not self.health_check_done and self.connection is not None and time.monotonic() < self.check_due:
            self.health_check_done = True  # it answered a check moments ago
            return
        checking = not self.health_check_done
        super().close_if_health_check_failed()
        if checking and self.connection is not None:
            self.check_due = time.monotonic() + RECHECK_SECONDS
