"""Russian date formats: Django's, except the short date-time beside deadlines and chat ("1 января, 21:00")."""

SHORT_DATETIME_FORMAT = "j E, H:i"
