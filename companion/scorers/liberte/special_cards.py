"""Special cards: the legality checks the companion offers, and their effect on the position (LIB-SPEC).

``play_special_card(scenario, play)`` returns the position after the card and a sentence, or raises
RuleError naming the rule the play breaks. The Government and who is present in it come from the last
election (the scenario's ``government`` and ``present``).
"""
from dataclasses import dataclass, replace

from companion.scorers.liberte.cards import BLUE, RED, WHITE
from companion.scorers.liberte.checks import expect
from companion.scorers.liberte.scenario import Stack
from companion.scorers.rules import RuleError

CARDS = ("lack_of_bread", "emigration", "religious_problems", "guillotine", "purge", "terror")


@dataclass(frozen=True)
class Play:
    """A special card played by ``player``: a block taken from ``target``'s stack in ``province``,
    and/or the card ``card`` taken from ``target``'s display."""

    name: str
    player: str
    province: int | None = None
    target: str | None = None
    card: str | None = None


def play_special_card(scenario, play: Play):
    """Check and apply one special card; returns (new scenario, sentence)."""
    expect(play.name in CARDS, f"unknown special card {play.name!r}", "LIB-SPEC-1")
    expect(play.player in scenario.players, f"{play.name}: unknown player {play.player!r}", "LIB-SPEC-1")
    return PLAYS[play.name](scenario, play)


def lack_of_bread(scenario, play):
    """LIB-SPEC-1: one block of the Government's colour (turn 1: any colour) from any province."""
    stack = _stack(scenario, play, "LIB-SPEC-1")
    if scenario.turn > 1:
        expect(scenario.government is not None, "Lack of Bread: the Government is not known", "LIB-SPEC-1")
        expect(stack.faction == scenario.government, f"Lack of Bread: the block must be of the Government's "
               f"colour ({scenario.government}), not {stack.faction}", "LIB-SPEC-1")
    return _remove_block(scenario, play, stack), f"{play.player} plays Lack of Bread: one {stack.faction} " \
        f"block of {play.target} leaves province {play.province} (LIB-SPEC-1)"


def religious_problems(scenario, play):
    """LIB-SPEC-3: one blue or red block from any province."""
    stack = _stack(scenario, play, "LIB-SPEC-3")
    expect(stack.faction in (BLUE, RED), f"Religious Problems removes a blue or red block, not {stack.faction}",
           "LIB-SPEC-3")
    return _remove_block(scenario, play, stack), f"{play.player} plays Religious Problems: one " \
        f"{stack.faction} block of {play.target} leaves province {play.province} (LIB-SPEC-3)"


def emigration(scenario, play):
    """LIB-SPEC-2: a white (Royalist) Personality on any display goes to the discard pile."""
    card = _card(scenario, play, "LIB-SPEC-2", ("personality",))
    expect(card.faction == WHITE, f"Emigration takes a white Personality, not {card.faction}", "LIB-SPEC-2")
    return _remove_card(scenario, play), f"{play.player} plays Emigration: {play.target}'s {card.label} " \
        "is discarded (LIB-SPEC-2)"


def guillotine(scenario, play):
    """LIB-SPEC-4: any Personality on any display is returned to the box."""
    card = _card(scenario, play, "LIB-SPEC-4", ("personality",))
    return _remove_card(scenario, play), f"{play.player} plays the Guillotine: {play.target}'s {card.label} " \
        "goes back to the box (LIB-SPEC-4)"


def purge(scenario, play):
    """LIB-SPEC-5: only a player present in the Government; a Club or Personality on any display is discarded."""
    expect(play.player in scenario.present, f"Purge: {play.player} is not present in the Government "
           "(LIB-VP-5)", "LIB-SPEC-5")
    card = _card(scenario, play, "LIB-SPEC-5", ("club", "personality"))
    return _remove_card(scenario, play), f"{play.player} plays Purge: {play.target}'s {card.label} is " \
        "discarded (LIB-SPEC-5)"


def terror(scenario, play):
    """LIB-SPEC-6: only a player present in a red Government; one whole stack leaves a province holding a
    red stack (the red stack itself may go); a Club or Personality may also go back to the box."""
    expect(scenario.government == RED and play.player in scenario.present, f"Terror: {play.player} is not "
           "present in a red Government", "LIB-SPEC-6")
    stacks = scenario.board.get(play.province, [])
    expect(any(s.faction == RED for s in stacks), f"Terror: province {play.province} holds no red stack",
           "LIB-SPEC-6")
    stack = _stack(scenario, play, "LIB-SPEC-6")
    board = dict(scenario.board)
    board[play.province] = [s for s in stacks if s is not stack]
    after = replace(scenario, board={n: s for n, s in board.items() if s})
    sentence = f"{play.player} plays Terror: {play.target}'s {stack.faction} stack of {stack.blocks} leaves " \
        f"province {play.province}"
    if play.card:
        card = _card(scenario, Play(play.name, play.player, target=play.target, card=play.card), "LIB-SPEC-6",
                     ("club", "personality"))
        after = _remove_card(after, play)
        sentence += f", and {card.label} goes back to the box"
    return after, sentence + " (LIB-SPEC-6)"


def _stack(scenario, play, rule) -> Stack:
    stacks = scenario.board.get(play.province, [])
    stack = next((s for s in stacks if s.player == play.target), None)
    if stack is None:
        raise RuleError(f"province {play.province}: {play.target} has no stack there", rule)
    return stack


def _card(scenario, play, rule, kinds):
    card = next((c for c in scenario.displays.get(play.target, []) if c.id == play.card), None)
    if card is None:
        raise RuleError(f"{play.target} has no card {play.card!r} on the display", rule)
    expect(card.kind in kinds, f"{card.label} is {card.kind or 'of an unknown kind'}; this card needs a "
           f"{' or '.join(kinds)}", rule)
    return card


def _remove_block(scenario, play, stack):
    board = dict(scenario.board)
    lower = Stack(stack.player, stack.faction, stack.blocks - 1)
    board[play.province] = [lower if s is stack else s for s in board[play.province] if s is not stack or lower.blocks]
    return replace(scenario, board={n: s for n, s in board.items() if s})


def _remove_card(scenario, play):
    displays = dict(scenario.displays)
    displays[play.target] = [c for c in displays[play.target] if c.id != play.card]
    return replace(scenario, displays=displays)


PLAYS = {"lack_of_bread": lack_of_bread, "emigration": emigration, "religious_problems": religious_problems,
         "guillotine": guillotine, "purge": purge, "terror": terror}
