"""Log formats shared by Django, Celery and gunicorn: LOG_FORMAT=json gives one JSON object per line."""

FORMATTERS = {
    "json": {
        "()": "pythonjsonlogger.json.JsonFormatter",
        "fmt": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s",
        "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
    },
    "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
}


def console_handler(log_format: str) -> dict:
    return {"class": "logging.StreamHandler", "formatter": "json" if log_format == "json" else "text"}
