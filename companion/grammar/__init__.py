"""The grammar a sentence needs beyond its words: players' names in a case, words that agree.

A translation asks for what its language needs (docs/grammar.md): ``%(player@acc)s`` for a name in
the accusative, ``{player?f:…|m:…|…}`` for words that agree with a player's form of address.
:func:`speaker` gives the :class:`~companion.scorers.sentence.Grammar` of a language for the
players of a table (their forms of address, ``genders``): a Russian one declines names and terms
with pymorphy3, the others only choose by form of address. :func:`guess` proposes a new player's
form of address from the name, which the player may change at any time.
"""
from companion.scorers.sentence import Grammar

from companion.grammar import russian
from companion.grammar.guess import guess

GENDERS = ("f", "m")  # she, he; anything else is "not said": sentences that need no agreement

__all__ = ["GENDERS", "guess", "speaker", "genders_of"]


def speaker(language: str, genders: dict | None = None) -> Grammar:
    """The grammar of ``language`` for players whose forms of address are ``genders``."""
    if language == "ru":
        return russian.Russian(genders)
    return Grammar(genders)


def genders_of(players: list[str], given: dict | None, language: str) -> dict:
    """The forms of address of a new table's players, each ``f``, ``m`` or "" (not said): those
    ``given`` (a table file's, a scenario's), else the guess from the name."""
    given = given if isinstance(given, dict) else {}
    found = {}
    for name in players:
        value = given[name] if name in given else guess(name, language)
        found[name] = value if value in GENDERS else ""
    return found
