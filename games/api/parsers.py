"""DRF's JSON parser with games.json_input's depth limit: too deep a body is a 400, not a 500."""

from __future__ import annotations

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games.json_input import MAX_DEPTH, TooDeep, check_depth


class LimitedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
            check_depth(data)
        except (RecursionError, TooDeep):
            raise ParseError(f"JSON parse error - nested deeper than {MAX_DEPTH} levels") from None
        return data
