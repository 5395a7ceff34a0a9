"""gunicorn settings for the web processes (`gunicorn -c config/gunicorn.conf.py`), from the environment.

Scale-out without downtime: `kill -TTIN <master pid>` adds a worker, `kill -TTOU` removes one, and
`kill -HUP` (systemctl reload dispatch-web) replaces every worker with one running the new code after it
has finished its requests. Nothing lives in a worker's memory between requests, so any worker can answer.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the project, wherever gunicorn starts
from config import heap, logs

wsgi_app = "config.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Two per core is a good start: a request waits mostly on PostgreSQL.
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * (os.cpu_count() or 1)))
# The worker model, chosen by measurement (`python -m bench.load --worker-class sync,gthread`, README): with
# 4 threads a process works on other requests while one waits on PostgreSQL, Redis or the client. gthread
# served 15.0 requests/s against sync's 6.9 in the same run (p95 3.7 s against 7.2, nothing lost either
# way) for 8 % more CPU per request.
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
threads = int(os.environ.get("GUNICORN_THREADS", 4))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
graceful_timeout = 30
keepalive = 5  # behind a reverse proxy that keeps connections open
# Recycle workers now and then (a slow leak anywhere cannot grow without bound); jitter avoids all at once.
# A new worker costs about 2.5 s of CPU (1.3 s to load the app, 1.2 s for its first page of each game),
# 0.1 ms a request at 20,000; at 2,000 it was 1.3 ms, and a busy worker recycled every minute or two.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", 20_000))
max_requests_jitter = max_requests // 10
# No preload: on HUP the new workers import the new code.
preload_app = False
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# One line per request only when asked (GUNICORN_ACCESS_LOG=true): the proxy usually logs them already.
access_log = os.environ.get("GUNICORN_ACCESS_LOG", "").lower() in ("1", "true", "yes")
accesslog = "-" if access_log else None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "warning").lower()


def post_worker_init(worker) -> None:
    """The application is loaded in this worker (no preload): its long-lived objects leave the collector."""
    heap.settle()


# gunicorn's own lines in the application's format (LOG_FORMAT=json: one JSON object per line).
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": logs.FORMATTERS,
    "handlers": {"console": logs.console_handler(os.environ.get("LOG_FORMAT", "text"))},
    "loggers": {
        "gunicorn.error": {"handlers": ["console"], "level": loglevel.upper(), "propagate": False},
        "gunicorn.access": {"handlers": ["console"], "level": "INFO" if access_log else "WARNING", "propagate": False},
    },
}
