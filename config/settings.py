"""Settings, all from the environment (django-environ), with embedded defaults.

With nothing set the service runs in development mode on SQLite with Celery tasks executed in-process
(no broker server). Set DATABASE_URL (postgres://…), CELERY_BROKER_URL (redis://…) and EMAIL_URL / ANYMAIL
settings to run on real services; nothing else changes.

DEBUG=false is production: SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL and CELERY_BROKER_URL must then be set
(start-up stops with ImproperlyConfigured naming the missing one), cookies are secure, HSTS is sent and
plain HTTP is redirected, so `manage.py check --deploy` passes (see deploy/dispatch-rider.env.example).
"""

import json
import os
from datetime import timedelta
from pathlib import Path

import environ
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from kombu import Queue

from config import logs

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)
SHARED_DIR = BASE_DIR.parent / "shared"

env = environ.Env()
if (BASE_DIR / ".env").exists():
    environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=True)
PRODUCTION = not DEBUG


def setting(name: str, development_default, parse=env.str):
    """A variable that production must set (env raises ImproperlyConfigured naming it) and development may omit."""
    return parse(name) if PRODUCTION else parse(name, default=development_default)


SECRET_KEY = setting("SECRET_KEY", "dev-insecure-dispatch-rider-key-change-me-in-production")
ALLOWED_HOSTS = setting("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"], env.list)
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "anymail",
    "accounts",
    "games",
    "games.tournaments",
    "games.seeks",
    "games.computer",
    "notifications",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Serves the pages' CSS and htmx (no CDN, no separate web server needed).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compress to about a seventh of their size. BREACH: the CSRF token is masked anew in every response,
    # and each gzip body is padded by a random length (SECURITY.md, "Compression"; config/compression.py).
    "config.compression.FastGZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions (it reads the language cookie) and before common (404 redirects keep the language).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in reader's saved language and time zone win over the browser's.
    "accounts.middleware.UserLanguageMiddleware",
    "accounts.middleware.UserTimezoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.your_turn",
                "accounts.context_processors.reader_name",
            ],
            # {% url %} reversing each name and arguments once per process (config/reversing.py).
            "builtins": ["config.reversing"],
        },
    },
]

DATABASES = {"default": setting("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}", env.db_url)}
DATABASES["default"].setdefault("ATOMIC_REQUESTS", False)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Keep a connection per process between requests (checked before reuse, at most every few seconds:
    # config/postgres): saves a connect per request.
    DATABASES["default"]["ENGINE"] = "config.postgres"
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # Prepare a statement the first time a connection runs it. Only the write path's statements can be
    # prepared (games.services.statements binds them on the server); the ORM binds on the client and never
    # prepares. Behind PgBouncer in transaction mode this needs PgBouncer 1.21+ with max_prepared_statements.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("prepare_threshold", 0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for the write lock instead of failing at once when web and worker write together.
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options.setdefault("timeout", 20)
    # Take the write lock when a transaction starts: concurrent submits queue instead of failing.
    options.setdefault("transaction_mode", "IMMEDIATE")
# A read replica (config/replica.py): pages and the API read it where the reader cannot miss their own writes.
# Under test it is a mirror of the primary: a second connection to the same database.
REPLICA_LAG_SECONDS = env.int("REPLICA_LAG_SECONDS", default=10)
if env("DATABASE_REPLICA_URL", default=""):
    DATABASES["replica"] = {
        **env.db_url("DATABASE_REPLICA_URL"),
        "CONN_MAX_AGE": DATABASES["default"].get("CONN_MAX_AGE", 0),
        "TEST": {"MIRROR": "default"},
    }
    DATABASE_ROUTERS = ["config.replica.ReplicaRouter"]
    # After authentication: it asks whether the reader plays the match a page is about.
    MIDDLEWARE.insert(
        MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,
        "config.replica.ReplicaMiddleware",
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ru", "Русский")]
# The platform's catalogue; engines keep their own beside their package (ARCHITECTURE §2.4).
LOCALE_PATHS = [BASE_DIR / "locale"]
# Our short date-time for deadlines and chat, per language (the rest is Django's locale formats).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
# Serve static files straight from the apps (no collectstatic step for `make run`).
WHITENOISE_USE_FINDERS = True
STATIC_ROOT.mkdir(exist_ok=True)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.backends.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    # Deep nesting is refused with a 400 (games.json_input), not a RecursionError's 500.
    "DEFAULT_PARSER_CLASSES": [
        "games.api.parsers.LimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Dispatch Rider API",
    "DESCRIPTION": "Play-by-email turn service for historical wargames and board games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Docs pages served from our own static files (no CDN).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Strict bodies, the errors every call may meet, anonymous operations and links (games/api/schema.py);
    # enums stay inline (each game has its own roles and options).
    "POSTPROCESSING_HOOKS": ["games.api.schema.postprocess"],
    # <id:pk> (games.converters.DatabaseId): an integer that fits the 64-bit id columns.
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}},
}

# --- the match log ---------------------------------------------------------------------------------
# A snapshot of the state every SNAPSHOT_INTERVAL actions bounds any reconstruction to that many steps.
SNAPSHOT_INTERVAL = env.int("SNAPSHOT_INTERVAL", default=50)
# The most live matches (open, active or paused) a player may hold at once; tournament rounds may exceed it.
MAX_ACTIVE_MATCHES = env.int("MAX_ACTIVE_MATCHES", default=30)

# --- Celery ----------------------------------------------------------------------------------------
# No broker configured: tasks run in-process (eager; the test suite). CELERY_BROKER_URL=redis://… sends
# them to workers; filesystem:// is a broker without a server (`make run` uses it, in var/broker).
CELERY_BROKER_URL = setting("CELERY_BROKER_URL", "")
# memory:// reaches no worker either (and is what the lines below leave in the environment, which the test
# suite's worker processes inherit): tasks run in-process with it too.
CELERY_TASK_ALWAYS_EAGER = env.bool(
    "CELERY_TASK_ALWAYS_EAGER", default=not CELERY_BROKER_URL or CELERY_BROKER_URL.startswith("memory://")
)
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_BROKER_URL = CELERY_BROKER_URL or "memory://"
if CELERY_BROKER_URL in ("filesystem://", "memory://"):
    # These transports need no host, but kombu warns "No hostname was supplied" on every publish
    # (every manage.py command that sends mail) when the URL names none.
    CELERY_BROKER_URL += "localhost/"
    os.environ["CELERY_BROKER_URL"] = CELERY_BROKER_URL  # Celery reads the variable before its settings
if CELERY_BROKER_URL.startswith("filesystem://"):
    BROKER_DIR = VAR_DIR / "broker"
    BROKER_DIR.mkdir(exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR),
        "data_folder_out": str(BROKER_DIR),
        "control_folder": str(BROKER_DIR / "control"),
    }
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=None)
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A request must not hang on a dead broker: give up quickly, the outbox redelivery sends it later.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
# Queues by kind of work. A worker started without -Q consumes them all (`make run`, one machine); past one
# machine, workers are split by queue (ARCHITECTURE §6): deliveries by channel (notifications.queue), the
# beat's sweeps on "deadlines", the computer's searches (seconds of CPU each) on "bots".
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = [Queue(name) for name in ("celery", "mail", "webhooks", "push", "deadlines", "bots")]
CELERY_TASK_ROUTES = {
    "notifications.tasks.redeliver_pending_task": {"queue": "mail"},
    "notifications.tasks.send_daily_digests_task": {"queue": "mail"},
    "notifications.tasks.sweep_deadlines_task": {"queue": "deadlines"},
    "games.tournaments.tasks.sweep_tournaments_task": {"queue": "deadlines"},
    "games.seeks.tasks.expire_seeks_task": {"queue": "deadlines"},
    "games.computer.tasks.computer_move_task": {"queue": "bots"},
}
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    "redeliver-pending-notifications": {
        "task": "notifications.tasks.redeliver_pending_task",
        "schedule": env.float("NOTIFY_REDELIVER_SECONDS", default=60.0),
    },
    "sweep-deadlines": {
        "task": "notifications.tasks.sweep_deadlines_task",
        "schedule": env.float("NOTIFY_SWEEP_SECONDS", default=60.0),
    },
    "expire-seeks": {
        "task": "games.seeks.tasks.expire_seeks_task",
        "schedule": env.float("SEEK_SWEEP_SECONDS", default=300.0),
    },
    "sweep-tournaments": {
        "task": "games.tournaments.tasks.sweep_tournaments_task",
        "schedule": env.float("TOURNAMENT_SWEEP_SECONDS", default=300.0),
    },
    "daily-digest": {
        "task": "notifications.tasks.send_daily_digests_task",
        "schedule": crontab(hour=env.int("NOTIFY_DIGEST_HOUR", default=7), minute=0),
    },
}

# --- email ---------------------------------------------------------------------------------------
# EMAIL_URL=smtp://user:pass@host:587/?tls=True; default prints mail to the console.
vars().update(env.email_url("EMAIL_URL", default="consolemail://"))
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Dispatch Rider <turns@dispatch-rider.localhost>")
MAIL_DOMAIN = env("MAIL_DOMAIN", default="dispatch-rider.localhost")
# A turn mail with at most this many choices carries a one-click link per choice (notifications.choice_links).
MAIL_CHOICE_LINKS = env.int("MAIL_CHOICE_LINKS", default=30)
# Web Push (notifications.push): the VAPID key pair (base64url, as `vapid --applicationServerKey` prints the
# public one) and the contact address the push services see. Without a key pair push is not offered.
# `make run` generates a pair once into var/vapid.json (manage.py vapid_keys), read here in development.
_VAPID_FILE = VAR_DIR / "vapid.json"
_vapid_dev = json.loads(_VAPID_FILE.read_text()) if DEBUG and _VAPID_FILE.exists() else {}
VAPID_PRIVATE_KEY = env("VAPID_PRIVATE_KEY", default=_vapid_dev.get("private", ""))
VAPID_PUBLIC_KEY = env("VAPID_PUBLIC_KEY", default=_vapid_dev.get("public", ""))
VAPID_SUBJECT = env("VAPID_SUBJECT", default="mailto:admin@dispatch-rider.localhost")
# Where file backends write (make run: notifications.dev_mail.ReadableFileBackend, a readable file per mail).
EMAIL_FILE_PATH = env("EMAIL_FILE_PATH", default=str(VAR_DIR / "mail"))
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=30)
# A provider instead of SMTP: EMAIL_BACKEND=anymail.backends.mailgun.EmailBackend and its keys in the
# ANYMAIL JSON, e.g. ANYMAIL='{"MAILGUN_API_KEY": "…"}'.
if env("EMAIL_BACKEND", default=""):
    EMAIL_BACKEND = env("EMAIL_BACKEND")
# Moves by email through a provider: its inbound webhook /notifications/anymail/<esp>/inbound/ is served
# for INBOUND_MAIL_PROVIDER alone (default: the provider of EMAIL_BACKEND) and only with basic auth
# (ANYMAIL_WEBHOOK_SECRET=user:password): without it, an anonymous post could make the server mail anyone.
ANYMAIL = {"WEBHOOK_SECRET": env("ANYMAIL_WEBHOOK_SECRET", default=""), **env.json("ANYMAIL", default={})}
_backend_esp = env("EMAIL_BACKEND", default="").removeprefix("anymail.backends.").removesuffix(".EmailBackend")
INBOUND_MAIL_PROVIDER = env("INBOUND_MAIL_PROVIDER", default="" if "." in _backend_esp else _backend_esp)
if PRODUCTION and INBOUND_MAIL_PROVIDER and not ANYMAIL["WEBHOOK_SECRET"]:
    raise ImproperlyConfigured(
        f"Set the ANYMAIL_WEBHOOK_SECRET environment variable (user:password): the {INBOUND_MAIL_PROVIDER} "
        "inbound webhook must not take anyone's posts"
    )

# --- production: HTTPS behind a reverse proxy ----------------------------------------------------
# The proxy terminates TLS and says so in X-Forwarded-Proto (deploy/nginx.conf sets it).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The *_SECURE / SSL switches may be turned off only to test the production processes over plain HTTP.
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=PRODUCTION)
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]  # load balancers probe the process directly
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=PRODUCTION)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=PRODUCTION)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000 if PRODUCTION else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=PRODUCTION)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=PRODUCTION)

# --- logs and error reports ------------------------------------------------------------------------
# LOG_FORMAT=json: one JSON object per line (for journald / log shippers); otherwise plain text.
LOG_FORMAT = env("LOG_FORMAT", default="text")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": logs.FORMATTERS,
    "handlers": {"console": logs.console_handler(LOG_FORMAT)},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}
# Celery workers replace this configuration with their own text format unless told not to.
CELERY_WORKER_HIJACK_ROOT_LOGGER = LOG_FORMAT != "json"

# Errors of web requests and Celery tasks go to Sentry when SENTRY_DSN is set (no personal data sent).
if env("SENTRY_DSN", default=""):
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=env("SENTRY_DSN"),
        environment=env("SENTRY_ENVIRONMENT", default="production" if PRODUCTION else "development"),
        integrations=[DjangoIntegration(), CeleryIntegration()],
        traces_sample_rate=env.float("SENTRY_TRACES_SAMPLE_RATE", default=0.0),
        send_default_pii=False,
    )

# --- abuse limits: API throttles, login lockouts, rate limits (all from the environment) ------------
# Counters live in the cache: set CACHE_URL=redis://… when several web processes serve the site, so they
# count together (the default local-memory cache counts per process).
CACHES = {
    "default": env.cache("CACHE_URL", default="locmemcache://"),
    # The page chrome's {% cache %} fragments (templates/base.html): the same in every process, so each keeps
    # its own copy in memory rather than asking Redis.
    # Also the lobby's fresh forms and its open-match rows (games/views/open_match_rows.py): room for every
    # row it shows in each language, and the rows of matches since joined, until they age out.
    "template_fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "fragments",
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}
if CACHES["default"]["BACKEND"].endswith("LocMemCache"):
    # One process counting alone is what a single-process setup (`make run`, the tests) needs.
    SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]
elif CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
    # Django's own Redis cache, keeping one client per pool (config/redis_cache.py). It counts atomically
    # (INCR), all django-ratelimit needs; its check knows only django-redis by name.
    CACHES["default"]["BACKEND"] = "config.redis_cache.RedisCache"
    SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]
    # A session read from the shared cache costs a fraction of a query. Never from a per-process cache: a
    # session logged out in one process would stay valid in the others.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# A client's address is REMOTE_ADDR, or behind TRUSTED_PROXY_COUNT reverse proxies the address the
# outermost one saw (X-Forwarded-For, counted from the right): a client cannot choose its own address.
# One rule (DRF's, accounts.ratelimits.client_address) for the throttles, the lockouts and the limits.
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
# The API: per address for visitors, per user once authenticated, stricter on /api/token/ (answers 429
# with Retry-After). Generous defaults: a bot playing through the API is welcome, a flood is not.
REST_FRAMEWORK.update(
    {
        "NUM_PROXIES": TRUSTED_PROXY_COUNT,
        "DEFAULT_THROTTLE_CLASSES": [
            "rest_framework.throttling.AnonRateThrottle",
            "rest_framework.throttling.UserRateThrottle",
        ],
        "DEFAULT_THROTTLE_RATES": {
            "anon": env("API_RATE_ANON", default="300/min"),
            "user": env("API_RATE_USER", default="3000/min"),
            "token": env("API_RATE_TOKEN", default="20/min"),
        },
    }
)
# Password guessing (django-axes), on the login page, the admin's and /api/token/: after
# LOGIN_FAILURE_LIMIT failures from one address, or for one account, further attempts are refused for
# LOGIN_LOCKOUT_MINUTES (a correct password too); other addresses and other accounts are not disturbed.
# A successful login forgets only that client's failures against that same account (accounts/lockout.py):
# axes' AXES_RESET_ON_SUCCESS would also wipe the failures from that address against other accounts.
INSTALLED_APPS += ["axes", "django_ratelimit"]
# Django's model backend, reading each request's user and profile by written-out statements; the stock one
# stays listed only for the sessions signed in before (accounts.backends).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "accounts.backends.AccountBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.float("LOGIN_LOCKOUT_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_RESET_ON_SUCCESS = False
AXES_LOCKOUT_CALLABLE = "accounts.limit_answers.lockout_response"
AXES_CLIENT_IP_CALLABLE = "accounts.ratelimits.client_address"
# Anything else anyone can repeat (django-ratelimit): per address, per user or per email address.
RATE_LIMITS = {
    "signup": env("RATE_SIGNUP", default="20/h"),
    "password-reset": env("RATE_PASSWORD_RESET", default="10/h"),
    "password-reset-email": env("RATE_PASSWORD_RESET_EMAIL", default="3/h"),
    "chat": env("RATE_CHAT", default="30/m"),
    "inbound-mail": env("RATE_INBOUND_MAIL", default="60/h"),
    "inbound-mail-address": env("RATE_INBOUND_MAIL_ADDRESS", default="1200/h"),
}
RATELIMIT_VIEW = "accounts.limit_answers.too_many_requests"
RATELIMIT_IP_META_KEY = "accounts.ratelimits.client_address"
MIDDLEWARE += ["axes.middleware.AxesMiddleware", "django_ratelimit.middleware.RatelimitMiddleware"]

# --- security headers: Content-Security-Policy (django-csp), no sniffing, referrer, no framing ---------
# Scripts and styles only from our own static files: no inline <script>, event handler attribute, style
# attribute or eval anywhere (htmx is told so in base.html). The API docs pages relax style-src for
# themselves (games/api/urls.py).
INSTALLED_APPS += ["csp"]
MIDDLEWARE.insert(MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1, "csp.middleware.CSPMiddleware")
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
