"""Richard III components as plain Python data (facts only; no rules).

Facts from the Columbia Games components as recovered in `shared/data/richard3.json`; see RULES.md.
"""

# Until every import names its module (next commit).
from .areas import AREAS, SEAS
from .blocks import BLOCKS
from .borders import BORDERS
from .cards import CARDS
from .scenarios import SETUP_1460, SETUP_1469, SETUP_1485

__all__ = ["AREAS", "BLOCKS", "BORDERS", "CARDS", "SEAS", "SETUP_1460", "SETUP_1469", "SETUP_1485"]
