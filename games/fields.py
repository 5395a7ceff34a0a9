"""Model fields of the game tables."""

from __future__ import annotations

from typing import Any

import orjson
from django.db import models

from games.engines.base import canonical_json


class CanonicalState(str):
    """An engine state's canonical JSON, made once by the write path: hashed, then stored as it is."""


class StateField(models.TextField):
    """An engine state, stored as its canonical JSON text; read back as the state (a dict).

    Text rather than jsonb: nothing queries inside a state, and a state is tens of kilobytes written at
    every move, so the server should neither parse it into jsonb nor print it back out. PostgreSQL
    compresses it with lz4 (migration 0007). A ``CanonicalState`` is written without serialising again.
    """

    def from_db_value(self, value: str | None, expression, connection) -> Any:
        return None if value is None else orjson.loads(value)

    def to_python(self, value: Any) -> Any:
        return orjson.loads(value) if isinstance(value, str) else value

    def get_prep_value(self, value: Any) -> str | None:
        if value is None or isinstance(value, CanonicalState):
            return value
        return canonical_json(value)

    def value_to_string(self, obj: models.Model) -> str:
        return self.get_prep_value(self.value_from_object(obj)) or ""
