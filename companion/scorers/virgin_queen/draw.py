"""A mixed set of cards and treasures: which pile a random "card" take comes from, and the take.

Events, ransom, piracy hits on the map of Europe and spying make a power lose a "card" taken at
random from its set. When the set holds cards and treasures, the take may be either, though the
text always says "card" (VQ-DRAW-1); the counts decide the pile (VQ-DRAW-2, VQ-DRAW-3).
"""
import random

from companion.scorers.rules import RuleError
from companion.scorers.sentence import plural, sentence, word

POWERS = ("ottoman", "spain", "england", "france", "hapsburg", "protestant")
MOST = 99  # no power holds more of either; a larger count is a typing slip


def power_name(power: str):
    """The power's name (the seed's names: Оттоман, Испания, Англия, Франция, Империя, Протестант)."""
    return {"ottoman": word("power", "Ottoman"), "spain": word("power", "Spain"),
            "england": word("power", "England"), "france": word("power", "France"),
            "hapsburg": word("power", "Hapsburg"), "protestant": word("power", "Protestant")}[power]


def pile(cards: int, treasures: int) -> str | None:
    """VQ-DRAW-2: more cards than treasures: the take comes from the cards (treasures ignored).
    VQ-DRAW-3: more treasures than cards, or as many: from the treasures (cards ignored).
    None when the set is empty: there is nothing to take (VQ-DRAW-1)."""
    if cards == treasures == 0:
        return None
    return "cards" if cards > treasures else "treasures"


def count(value, what) -> int:
    """A count of cards or treasures, 0 to 99 (VQ-DRAW-1)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST:
        raise RuleError(sentence("%(what)s: %(v)r is not a count from 0 to 99", what=what, v=value),
                        "VQ-DRAW-1")
    return value


def names(given, counted: int, what) -> list[str]:
    """The optional names of the items of one pile: none, or one per item counted (VQ-DRAW-1)."""
    found = [str(n).strip() for n in (given or []) if str(n).strip()]
    if found and len(found) != counted:
        raise RuleError(sentence("%(what)s: %(n)s counted but %(named)s named; name all of them or "
                                 "none", what=what, n=counted, named=len(found)), "VQ-DRAW-1")
    return found


def draw(power: str, cards: int, treasures: int, rng: random.Random, card_names=(),
         treasure_names=()) -> dict:
    """The take from ``power``'s set (VQ-DRAW-1..3): ``{"pile", "number", "of", "item", "reason",
    "drawn"}``; ``number`` counts from 1 within the pile, ``item`` is its name when the pile's items
    are named. ``pile`` is None (and so are the others) when the set is empty."""
    if power not in POWERS:
        raise RuleError(sentence("unknown power %(p)r", p=power), "VQ-DRAW-1")
    cards = count(cards, word("pile", "cards"))
    treasures = count(treasures, word("pile", "treasures"))
    named = {"cards": names(card_names, cards, word("pile", "cards")),
             "treasures": names(treasure_names, treasures, word("pile", "treasures"))}
    chosen = pile(cards, treasures)
    held = {"power": power_name(power), "cards": plural("%(n)s card", "%(n)s cards", cards),
            "treasures": plural("%(n)s treasure", "%(n)s treasures", treasures)}
    if chosen is None:
        return {"pile": None, "number": None, "of": 0, "item": None, "drawn": None,
                "reason": sentence("%(power)s holds neither cards nor treasures: there is nothing to "
                                   "take (VQ-DRAW-1)", **held)}
    if chosen == "cards":
        reason = sentence("%(power)s: %(cards)s and %(treasures)s; more cards than treasures, so the "
                          "take comes from the cards, ignoring the treasures (VQ-DRAW-2)", **held)
    elif cards == treasures:
        reason = sentence("%(power)s: %(cards)s and %(treasures)s; as many treasures as cards, so the "
                          "take comes from the treasures, ignoring the cards (VQ-DRAW-3)", **held)
    else:
        reason = sentence("%(power)s: %(cards)s and %(treasures)s; more treasures than cards, so the "
                          "take comes from the treasures, ignoring the cards (VQ-DRAW-3)", **held)
    size = cards if chosen == "cards" else treasures
    number = rng.randint(1, size)
    item = named[chosen][number - 1] if named[chosen] else None
    return {"pile": chosen, "number": number, "of": size, "item": item, "reason": reason,
            "drawn": drawn_sentence(chosen, number, size, item)}


def drawn_sentence(chosen: str, number: int, size: int, item: str | None):
    """What the take drew, by its place in the pile and its name when it has one."""
    if chosen == "cards" and item:
        return sentence("Drawn at random: %(item)s (card %(k)s of %(n)s)", item=item, k=number, n=size)
    if chosen == "cards":
        return sentence("Drawn at random: card %(k)s of %(n)s", k=number, n=size)
    if item:
        return sentence("Drawn at random: %(item)s (treasure %(k)s of %(n)s)", item=item, k=number,
                        n=size)
    return sentence("Drawn at random: treasure %(k)s of %(n)s", k=number, n=size)
