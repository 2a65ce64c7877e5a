"""The Virgin Queen helper's engine: the card-or-treasure take and the turn sequence (seed 003).

Pure Python (standard library only); the random take arrives with a ``random.Random``. The rules
are written out with their ids in ``docs/rules/virgin-queen.md``.
"""
from companion.scorers.virgin_queen.draw import POWERS, draw, pile, power_name  # noqa: F401
from companion.scorers.virgin_queen.sequence import (ARRIVALS, IMPULSE_ORDER, LAST_TURN,  # noqa: F401
                                                     PHASES, START, checklist, impulse, next_turn, step, tick)
