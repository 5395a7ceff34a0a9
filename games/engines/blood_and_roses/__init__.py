"""Blood & Roses (GMT, Men of Iron vol. III): tactical battles of the Wars of the Roses."""

from .engine import BloodAndRosesEngine

ENGINE = BloodAndRosesEngine()

__all__ = ["ENGINE"]
