"""Settings, all from the environment (django-environ), with embedded defaults.

With nothing set the service runs on SQLite with Celery tasks executed in-process (no broker server).
Set DATABASE_URL (postgres://…), CELERY_BROKER_URL (redis://…) and EMAIL_URL / ANYMAIL settings to run
on real services; nothing else changes.
"""

from pathlib import Path

import environ
from celery.schedules import crontab

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)
SHARED_DIR = BASE_DIR.parent / "shared"

env = environ.Env()
if (BASE_DIR / ".env").exists():
    environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY = env("SECRET_KEY", default="dev-insecure-dispatch-rider-key-change-me-in-production")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
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
    "notifications",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Serves the pages' CSS and htmx (no CDN, no separate web server needed).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
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
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}")}
DATABASES["default"].setdefault("ATOMIC_REQUESTS", False)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for the write lock instead of failing at once when web and worker write together.
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options.setdefault("timeout", 20)
    # Take the write lock when a transaction starts: concurrent submits queue instead of failing.
    options.setdefault("transaction_mode", "IMMEDIATE")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
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
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
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
}

# --- the match log ---------------------------------------------------------------------------------
# A snapshot of the state every SNAPSHOT_INTERVAL actions bounds any reconstruction to that many steps.
SNAPSHOT_INTERVAL = env.int("SNAPSHOT_INTERVAL", default=50)

# --- Celery ----------------------------------------------------------------------------------------
# No broker configured: tasks run in-process (eager; the test suite). CELERY_BROKER_URL=redis://… sends
# them to workers; filesystem:// is a broker without a server (`make run` uses it, in var/broker).
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not CELERY_BROKER_URL)
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_BROKER_URL = CELERY_BROKER_URL or "memory://"
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
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    "redeliver-pending-notifications": {
        "task": "notifications.tasks.redeliver_pending",
        "schedule": env.float("NOTIFY_REDELIVER_SECONDS", default=60.0),
    },
    "sweep-deadlines": {
        "task": "notifications.tasks.sweep_deadlines",
        "schedule": env.float("NOTIFY_SWEEP_SECONDS", default=60.0),
    },
    "daily-digest": {
        "task": "notifications.tasks.send_daily_digests",
        "schedule": crontab(hour=env.int("NOTIFY_DIGEST_HOUR", default=7), minute=0),
    },
}

# --- email ---------------------------------------------------------------------------------------
# EMAIL_URL=smtp://user:pass@host:587/?tls=True; default prints mail to the console.
vars().update(env.email_url("EMAIL_URL", default="consolemail://"))
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Dispatch Rider <turns@dispatch-rider.localhost>")
MAIL_DOMAIN = env("MAIL_DOMAIN", default="dispatch-rider.localhost")
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=30)
# A provider instead of SMTP: EMAIL_BACKEND=anymail.backends.mailgun.EmailBackend and its keys in the
# ANYMAIL JSON, e.g. ANYMAIL='{"MAILGUN_API_KEY": "…"}'.
if env("EMAIL_BACKEND", default=""):
    EMAIL_BACKEND = env("EMAIL_BACKEND")
# Provider inbound webhooks (moves by email) at /notifications/anymail/<esp>/inbound/ need basic auth.
ANYMAIL = {"WEBHOOK_SECRET": env("ANYMAIL_WEBHOOK_SECRET", default=""), **env.json("ANYMAIL", default={})}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}
