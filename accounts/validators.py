"""What a name may hold: no control characters (they break mail headers), usernames in one script."""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import confusables
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# Control, format (invisible), line and paragraph separators: CR/LF in a name made every mail naming
# its user fail with BadHeaderError.
_INVISIBLE = {"Cc", "Cf", "Zl", "Zp"}


def without_control_characters(text: str) -> str:
    """``text`` with every control or invisible character replaced by a space."""
    return "".join(" " if unicodedata.category(c) in _INVISIBLE else c for c in text)


def no_control_characters(value: str) -> None:
    if without_control_characters(value) != value:
        raise ValidationError(_("Names may not contain line breaks, tabs or other invisible characters."))


def single_script(value: str) -> None:
    """Refuse lookalike names mixing alphabets (a Cyrillic "а" in "alice"); digits and _ . @ + - are common."""
    if confusables.is_mixed_script(value):
        raise ValidationError(_("Use letters of a single alphabet (no mixing, e.g., Latin with Cyrillic)."))
