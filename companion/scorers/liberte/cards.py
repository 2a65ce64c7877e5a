"""Factions, blocks and cards: the pieces every Liberté rule talks about."""
from dataclasses import dataclass

from companion.scorers.sentence import sentence, word

RED, WHITE, BLUE = "red", "white", "blue"
FACTIONS = (RED, WHITE, BLUE)
FACTION_NAMES = {RED: "Radicals", WHITE: "Royalists", BLUE: "Moderates"}
FACTION = {RED: word("faction", "red"), WHITE: word("faction", "white"), BLUE: word("faction", "blue")}
"""The colour as the log names a faction (a translation says "the Radicals")."""
OF_FACTION = {RED: word("of faction", "red"), WHITE: word("of faction", "white"),
              BLUE: word("of faction", "blue")}
"""The colour before a noun, "red votes" (a translation says "votes of the Radicals")."""
BOX = {BLUE: 28, WHITE: 24, RED: 30}
"""Faction blocks in the box (LIB-PLACE-4)."""
SET_ASIDE_IN_TURN_1 = 2
"""Blocks of each colour set aside on the turn track during turn 1 (LIB-PLACE-4, LIB-TURN-2)."""
DISPLAY_LIMIT, DISPLAY_LIMIT_WITH_SANS_CULOTTES = 4, 5


@dataclass(frozen=True)
class Card:
    """A Club or Personality card: ``value`` blocks of ``faction`` colour printed on it."""

    faction: str
    value: int
    id: str | None = None
    general: bool = False
    sans_culottes: bool = False
    cannon: bool = False
    kind: str | None = None  # "club" or "personality", where the table says

    @property
    def label(self) -> str:
        """How the log names the card: ``marat (red 3)``, ``danton (red 2 General)``; a card the
        table numbered itself (``#2``: it was entered without a name) by its colour and value."""
        faction, value, name = FACTION[self.faction], self.value, self.id
        if name and name.startswith("#"):
            name = None
        if name and self.general:
            return sentence("%(card)s (%(faction)s %(value)s General)", card=name, faction=faction, value=value)
        if name:
            return sentence("%(card)s (%(faction)s %(value)s)", card=name, faction=faction, value=value)
        if self.general:
            return sentence("(%(faction)s %(value)s General)", faction=faction, value=value)
        return sentence("(%(faction)s %(value)s)", faction=faction, value=value)

    def as_json(self) -> dict:
        data = {"id": self.id, "faction": self.faction, "value": self.value}
        for flag in ("general", "sans_culottes", "cannon"):
            if getattr(self, flag):
                data[flag] = True
        if self.kind:
            data["kind"] = self.kind
        return data


def display_limit(display) -> int:
    """Up to 4 cards on a display, 5 if any of them shows the sans-culottes symbol (Terms)."""
    if any(card.sans_culottes for card in display):
        return DISPLAY_LIMIT_WITH_SANS_CULOTTES
    return DISPLAY_LIMIT


def blocks_on_cards(cards, faction) -> int:
    """Blocks of ``faction`` shown on these cards (LIB-LAND-2, LIB-CR-3)."""
    return sum(card.value for card in cards if card.faction == faction)
