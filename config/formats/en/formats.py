"""English date formats: Django's, except the short date-time the pages put beside deadlines and chat."""

SHORT_DATETIME_FORMAT = "M j, H:i"
