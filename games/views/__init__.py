"""The player pages (Django templates + htmx). Writes go through games.services, reads through
games.presentation, so a page shows exactly what the API would show that user."""
