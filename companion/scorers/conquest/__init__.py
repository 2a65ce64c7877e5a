"""The conquest helper's engine for the 18th-century great-power game, rules 15–16 (seed 004):
the conquest roll, ceded provinces, surrender and the resources track.

Pure Python (standard library only); dice arrive with a ``random.Random``. The rules are written
out with their ids in ``docs/rules/conquest.md``.
"""
from companion.scorers.conquest.conquest import cede, conquest  # noqa: F401
from companion.scorers.conquest.nations import MODIFIERS, NATIONS, TRACKED, nation_name  # noqa: F401
from companion.scorers.conquest.resources import resources  # noqa: F401
from companion.scorers.conquest.surrender import surrender  # noqa: F401
