"""URL path converters."""

from __future__ import annotations

# The id columns are 64-bit (BigAutoField); a larger number could only reach the database as an error.
MAX_ID = 2**63 - 1


class DatabaseId:
    """``<id:pk>``: a whole number that fits an id column. Anything else matches no URL (404), never a 500."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError(f"{value} is beyond the id range")
        return number

    def to_url(self, value: int) -> str:
        return str(value)
