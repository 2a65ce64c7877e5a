"""VOTE! set-up: the loyalty split, the deal, the starting points and the first President."""
import random

from companion.scorers.rules import RuleError
from companion.scorers.sentence import names as listed, sentence

LOYALTY_SPLIT = {5: (3, 2), 6: (4, 2), 7: (4, 3), 8: (5, 3), 9: (5, 4), 10: (6, 4)}
CARDS_IN_HAND = 3
EVENT_DECK = 50 + 10  # event cards and ability cards, shuffled together (VOTE-SETUP-2)


def loyalty_split(players: int) -> dict:
    """VOTE-SETUP-1: how many Democrat and Republican loyalty cards are dealt, for 5 to 10 players."""
    if isinstance(players, bool) or players not in LOYALTY_SPLIT:
        raise RuleError(sentence("VOTE! is played by 5 to 10 players, not %(n)r", n=players), "VOTE-SETUP-1")
    democrats, republicans = LOYALTY_SPLIT[players]
    return {"democrats": democrats, "republicans": republicans}


def deal(players: int) -> dict:
    """VOTE-SETUP-2: each player gets 3 cards of the shuffled event+ability deck and 1 loyalty card."""
    loyalty_split(players)
    return {"cards_each": CARDS_IN_HAND, "loyalty_each": 1,
            "deck_after_deal": EVENT_DECK - CARDS_IN_HAND * players}


def starting_points(dice=None, rng: random.Random | None = None) -> tuple[int, int]:
    """VOTE-SETUP-4: (budget, support) = 1 + the budget die, 1 + the support die.

    ``dice`` are the real rolls entered at the table, ``(budget die, support die)``;
    without them the two dice are rolled with ``rng``.
    """
    if dice is None:
        if rng is None:
            raise ValueError("enter the dice or pass a random.Random to roll them")
        dice = (rng.randint(1, 6), rng.randint(1, 6))
    if len(dice) != 2 or any(isinstance(d, bool) or d not in range(1, 7) for d in dice):
        raise RuleError(sentence("two dice show 1 to 6 each, not %(dice)r", dice=list(dice)), "VOTE-SETUP-4")
    return 1 + dice[0], 1 + dice[1]


def first_president(players: list[dict], lot: list[str] | None = None,
                    rng: random.Random | None = None) -> dict:
    """VOTE-SETUP-5: the lowest budget + support; equal: the higher support; still equal: by lot.

    ``players`` are ``{"name", "budget", "support"}`` in seat order. The lot is the first of the tied
    players named in ``lot`` (the table's own draw); without ``lot`` it is drawn with ``rng``.
    Answers ``{"president", "by", "tied", "sentence"}``.
    """
    lowest = min(p["budget"] + p["support"] for p in players)
    tied = [p for p in players if p["budget"] + p["support"] == lowest]
    if len(tied) == 1:
        return _chosen(tied[0]["name"], "lowest budget + support", [],
                       sentence("lowest budget + support (%(n)s)", n=lowest))
    most = max(p["support"] for p in tied)
    names = [p["name"] for p in tied if p["support"] == most]
    if len(names) == 1:
        return _chosen(names[0], "higher support", [p["name"] for p in tied],
                       sentence("budget + support %(n)s like %(others)s, higher support (%(support)s)", n=lowest,
                                others=_others(tied, names[0]), support=most))
    if lot:
        picked = [name for name in lot if name in names]
        if not picked:
            raise RuleError(sentence("the lot %(lot)r names none of the tied players %(names)r", lot=lot, names=names),
                            "VOTE-SETUP-5")
        return _chosen(picked[0], "lot", names, sentence("tied with %(names)s: the table's lot picked",
                                                         names=listed(names)))
    if rng is None:
        raise ValueError("a lot is needed: pass the table's lot or a random.Random")
    drawn = rng.choice(names)
    return _chosen(drawn, "lot", names, sentence("tied with %(names)s: the companion drew lots",
                                                 names=listed(names)))


def _others(tied, name):
    return listed([p["name"] for p in tied if p["name"] != name])


def _chosen(name, by, tied, why):
    return {"president": name, "by": by, "tied": tied,
            "sentence": sentence("%(player)s is the first President: %(why)s; %(player)s takes both plaques "
                                 "(VOTE-SETUP-5)", player=name, why=why)}
