"""The VOTE! position: seats and points, the government, the phase of the round, the log.

A game is a set-up plus an ordered list of events; this is what they add up to. Plain data: the
engine copies it, changes the copy and hands it back.
"""
from dataclasses import dataclass, field

from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence, word

NOMINATE, VOTE, GIVE, END_ROUND, UNREST, TIEBREAK, OVER = (
    "nominate", "vote", "give", "end_round", "unrest", "tiebreak", "over")
PHASES = {NOMINATE: word("phase", "the nomination"), VOTE: word("phase", "the vote"),
          GIVE: word("phase", "the giving of the cards"), END_ROUND: word("phase", "the end of the round"),
          UNREST: word("phase", "the unrest"), TIEBREAK: word("phase", "the tie-break"),
          OVER: word("phase", "the end of the game")}
"""How a refusal names the phase of the round, in a player's words ("the round is at the vote")."""
HAND = 3
ABILITY = "ability"
"""A random card (unrest, tie-break) that is an ability card (VOTE-GOV-5, VOTE-FEW-2; l. 101)."""
WHO = {"player": word("unknown", "player"), "target": word("unknown", "target"),
       "candidate": word("unknown", "candidate"), "voter": word("unknown", "voter"),
       "recipient": word("unknown", "recipient")}
"""What an unknown name was given as (``seat``'s ``what``)."""


@dataclass
class Player:
    """A seat at the table. ``hand`` counts the cards the companion knows he holds."""
    name: str
    budget: int
    support: int
    in_game: bool = True
    hand: int = HAND


@dataclass
class Game:
    players: list[Player]              # seat order, clockwise
    president: str
    round: int = 1
    phase: str = NOMINATE
    prime_minister: str | None = None
    candidate: str | None = None
    failed_elections: int = 0
    last_president: str | None = None  # the last elected government (VOTE-GOV-2)
    last_prime_minister: str | None = None
    previous_president: str | None = None  # may still transfer his powers (VOTE-ABL-3)
    failed_presidents: list[str] = field(default_factory=list)  # since the last elected government
    received: int = 0                  # cards that reached the PM this round (VOTE-EVT-2)
    doubles: list[str] = field(default_factory=list)  # Double vote used in this vote
    last_vote: dict | None = None      # the latest tally: yes, no, double, elected (VOTE-GOV-3)
    cards: int = 0                     # cards the President gives this round
    dealt: bool = False                # the round's cards are in (VOTE-EVT-1): the Transfer's window is shut
    gives: list[str] = field(default_factory=list)    # recipients this round, in order
    random_cards: dict = field(default_factory=dict)  # unrest, tie-break: the cards in so far (VOTE-GOV-6)
    winner: dict | None = None
    deck: int = 0                      # cards left in the event deck (VOTE-CON-2)
    discard: int = 0
    used_abilities: int = 0
    first_president: dict = field(default_factory=dict)
    log: list[str] = field(default_factory=list)  # Sentences
    undo_give: "Game | None" = None    # the position before the last card given (VOTE-ABL-5)

    def say(self, said) -> None:
        """Log one sentence of this round."""
        self.log.append(sentence("Round %(round)s: %(said)s", round=self.round, said=said))


def seat(game: Game, name, rule: str, what: str = "player") -> Player:
    """The player called ``name``; an unknown name is refused with ``rule``."""
    for player in game.players:
        if player.name == name:
            return player
    raise RuleError(sentence("unknown %(what)s %(name)r", what=WHO[what], name=name), rule)


def playing(game: Game, name, rule: str, what: str = "player") -> Player:
    """The player called ``name`` if he is still in the game (VOTE-END-4 otherwise)."""
    player = seat(game, name, rule, what)
    if not player.in_game:
        raise RuleError(sentence("%(player)s has left the game", player=name), "VOTE-END-4")
    return player


def read_card(name: str, card, rule: str):
    """``[budget, support]`` or ``"ability"`` (l. 101: ability cards are in the hands too)."""
    if card == ABILITY:
        return ABILITY
    if isinstance(card, list) and len(card) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in card):
        return list(card)
    raise RuleError(sentence("%(player)s's card must be [budget, support], not %(card)r", player=name,
                             card=card), rule)


def in_game(game: Game) -> list[str]:
    """The players still in the game, in seat order."""
    return [p.name for p in game.players if p.in_game]


def next_clockwise(game: Game, name: str) -> str:
    """VOTE-GOV-1: the next player still in the game clockwise from ``name``'s seat."""
    names = [p.name for p in game.players]
    start = names.index(name)
    for step in range(1, len(names) + 1):
        player = game.players[(start + step) % len(names)]
        if player.in_game:
            return player.name
    return name
