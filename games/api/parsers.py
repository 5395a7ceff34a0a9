"""DRF's JSON parser with games.json_input's depth limit: too deep a body is a 400, not a 500.

Its refusals are in the request's language: DRF's own "JSON parse error - …" carries Python's English
decoder message."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games.json_input import MAX_DEPTH, TooDeep, check_depth


class LimitedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
            check_depth(data)
        except ParseError:
            raise ParseError(_("The request body is not valid JSON.")) from None
        except (RecursionError, TooDeep):
            raise ParseError(_("The JSON body is nested deeper than {n} levels.").format(n=MAX_DEPTH)) from None
        return data
