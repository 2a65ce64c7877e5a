"""The nations of rule 15.1 with their conquest modifiers (CONQ-ROLL-4) and capitals (CONQ-ROLL-5).

"other" is any nation 15.1 does not list (a minor country, say): it rolls without a modifier.
"""
from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence, word

MODIFIERS = {"denmark": 3, "sweden": 2, "prussia": -1, "austria": -1, "britain": -1, "russia": -1,
             "france": -2, "spain": -2, "turkey": -2, "other": 0}
NATIONS = tuple(MODIFIERS)
TRACKED = NATIONS[:-1]  # the resources track holds the nine nations by name
CAPITALS = {"russia": 2}  # CONQ-ROLL-5: Russia has two capitals; every other nation one


def nation_name(nation: str):
    """The nation's name as the seed writes it (Дания, Швеция, Пруссия …)."""
    return {"denmark": word("nation", "Denmark"), "sweden": word("nation", "Sweden"),
            "prussia": word("nation", "Prussia"), "austria": word("nation", "Austria"),
            "britain": word("nation", "Britain"), "russia": word("nation", "Russia"),
            "france": word("nation", "France"), "spain": word("nation", "Spain"),
            "turkey": word("nation", "Turkey"), "other": word("nation", "another nation")}[nation]


def known(nation, rule: str, among=NATIONS) -> str:
    """``nation`` if it is one of ``among``; else a RuleError under ``rule``."""
    if nation is None:
        raise RuleError(sentence("a nation is missing: name one of %(names)s",
                                 names=", ".join(among)), rule)
    if nation not in among:
        raise RuleError(sentence("unknown nation %(n)r", n=nation), rule)
    return nation


def number(value, what, low: int, high: int, rule: str) -> int:
    """A whole number within [low, high]; else a RuleError naming ``what`` under ``rule``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError(sentence("%(what)s: %(v)r is not a whole number from %(lo)s to %(hi)s",
                                 what=what, v=value, lo=low, hi=high), rule)
    return value


def signed(value: int) -> str:
    """A modifier as the rules print it: +3, −2, +0."""
    return f"+{value}" if value >= 0 else f"−{-value}"
