"""Special cards: the legality checks the companion offers, and their effect on the position (LIB-SPEC).

``play_special_card(scenario, play)`` returns the position after the card and a sentence, or raises
RuleError naming the rule the play breaks. The Government and who is present in it come from the last
election (the scenario's ``government`` and ``present``).
"""
from dataclasses import dataclass, replace

from companion.scorers.liberte.board import province_number
from companion.scorers.liberte.cards import BLUE, FACTION, OF_FACTION, RED, WHITE
from companion.scorers.liberte.checks import expect
from companion.scorers.liberte.scenario import Stack
from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence, word

CARDS = ("lack_of_bread", "emigration", "religious_problems", "guillotine", "purge", "terror")
RULES = {"lack_of_bread": "LIB-SPEC-1", "emigration": "LIB-SPEC-2", "religious_problems": "LIB-SPEC-3",
         "guillotine": "LIB-SPEC-4", "purge": "LIB-SPEC-5", "terror": "LIB-SPEC-6"}
KINDS = {"club": word("card kind", "club"), "personality": word("card kind", "personality"),
         "club or personality": word("card kind", "club or personality"),
         None: word("card kind", "of an unknown kind")}


@dataclass(frozen=True)
class Play:
    """A special card played by ``player``: a block taken from ``target``'s stack in ``province``,
    and/or the card ``card`` taken from ``target``'s display (Terror's: from ``owner``'s, any
    player's, the stack's owner when not said)."""

    name: str
    player: str
    province: int | None = None
    target: str | None = None
    card: str | None = None
    owner: str | None = None


def read_plays(data) -> list[Play]:
    """The ``special`` list of a scenario (docs/formats.md): the special cards played in order,
    each ``{name, player, target, province?, card?, owner?}``."""
    expect(isinstance(data, list), sentence("special: must be a list of special cards played"), "docs/formats.md")
    plays = []
    for i, item in enumerate(data):
        where = sentence("special[%(i)s]", i=i)
        expect(isinstance(item, dict), sentence("%(where)s: must be an object {name, player, target, province, "
                                                "card}", where=where), "docs/formats.md")
        unknown = sorted(set(item) - {"name", "player", "target", "province", "card", "owner"})
        expect(not unknown, sentence("%(where)s: unknown field %(field)r", where=where,
                                     field=unknown[0] if unknown else ""), "docs/formats.md")
        province = item.get("province")
        if province is not None:
            province = province_number(province, where)
        for key in ("name", "player", "target", "card", "owner"):
            expect(item.get(key) is None or isinstance(item[key], str), sentence(
                "%(where)s: %(field)s must be text", where=where, field=key), "docs/formats.md")
        plays.append(Play(item.get("name"), item.get("player"), province, item.get("target"), item.get("card"),
                          item.get("owner")))
    return plays


def play_json(scenario, data) -> dict:
    """The scenario's special cards (``special``) played in order, each judged on the position the
    ones before it left (LIB-SPEC): the board and displays after them, and one sentence each. A
    card the rules refuse is a RuleError naming it (``special[i]``) and the rule."""
    log = []
    for i, play in enumerate(read_plays(data)):
        try:
            scenario, said = play_special_card(scenario, play)
        except RuleError as err:
            raise RuleError(sentence("special[%(i)s] (%(card)s): %(refusal)s", i=i, card=str(play.name),
                                     refusal=err.message), err.rule) from None
        log.append(said)
    return {"board": {str(n): [s.as_json() for s in stacks] for n, stacks in sorted(scenario.board.items())},
            "displays": {p: [c.as_json() for c in cards] for p, cards in scenario.displays.items()},
            "log": log}


def play_special_card(scenario, play: Play):
    """Check and apply one special card; returns (new scenario, sentence)."""
    may_play(scenario, play.name, play.player)
    return PLAYS[play.name](scenario, play)


def may_play(scenario, name: str, player: str) -> None:
    """Who may play the card, and when, whatever its target: RuleError naming the rule if not.
    Lack of Bread needs the Government's colour after turn 1 (LIB-SPEC-1); Purge a player present
    in the Government (LIB-SPEC-5); Terror one present in a red Government (LIB-SPEC-6)."""
    expect(name in CARDS, sentence("unknown special card %(card)r", card=name), "LIB-SPEC-1")
    expect(player in scenario.players, sentence("%(card)s: unknown player %(player)r", card=name,
                                                player=player), "LIB-SPEC-1")
    if name == "lack_of_bread" and scenario.turn > 1:
        expect(scenario.government is not None, sentence("Lack of Bread: the Government is not known"), "LIB-SPEC-1")
    if name == "purge":
        expect(player in scenario.present, sentence("Purge: %(player)s is not present in the Government "
                                                    "(LIB-VP-5)", player=player), "LIB-SPEC-5")
    if name == "terror":
        expect(scenario.government == RED and player in scenario.present, sentence(
            "Terror: %(player)s is not present in a red Government", player=player), "LIB-SPEC-6")


BLOCK_CARDS = ("lack_of_bread", "religious_problems", "terror")
"""The cards that take blocks from a stack (Terror: the whole stack); the others take a display card."""


def targets(scenario, name: str, player: str) -> list[Play]:
    """Every play of ``name`` by ``player`` the rules allow on this position, in board or seat
    order: a stack (province and owner) for the cards that take blocks, a display card (owner
    and id) for the others. Terror's optional card is not part of it (:func:`removable`).
    RuleError if the player may not play the card now at all (:func:`may_play`)."""
    may_play(scenario, name, player)
    if name in BLOCK_CARDS:
        found = [Play(name, player, n, s.player) for n in sorted(scenario.board) for s in scenario.board[n]]
    else:
        found = [Play(name, player, target=owner, card=c.id) for owner in scenario.players
                 for c in scenario.displays.get(owner, [])]
    return [play for play in found if _allowed(scenario, play)]


def removable(scenario) -> list[tuple[str, str]]:
    """The display cards Terror may also send back to the box: (owner, id) of each Club or
    Personality (LIB-SPEC-6)."""
    return [(owner, c.id) for owner in scenario.players for c in scenario.displays.get(owner, [])
            if c.kind in ("club", "personality")]


def _allowed(scenario, play) -> bool:
    try:
        PLAYS[play.name](scenario, play)
    except RuleError:
        return False
    return True


def lack_of_bread(scenario, play):
    """LIB-SPEC-1: one block of the Government's colour (turn 1: any colour) from any province."""
    stack = _stack(scenario, play, "LIB-SPEC-1")
    if scenario.turn > 1:
        expect(stack.faction == scenario.government, sentence(
            "Lack of Bread: the block must be of the Government's colour (%(government)s), not %(faction)s",
            government=FACTION[scenario.government], faction=FACTION[stack.faction]), "LIB-SPEC-1")
    return _remove_block(scenario, play, stack), sentence(
        "%(player)s plays Lack of Bread: one %(faction)s block of %(target)s leaves province %(province)s (LIB-SPEC-1)",
        player=play.player, faction=OF_FACTION[stack.faction], target=play.target, province=play.province)


def religious_problems(scenario, play):
    """LIB-SPEC-3: one blue or red block from any province."""
    stack = _stack(scenario, play, "LIB-SPEC-3")
    expect(stack.faction in (BLUE, RED), sentence("Religious Problems removes a blue or red block, not %(faction)s",
                                                  faction=FACTION[stack.faction]), "LIB-SPEC-3")
    return _remove_block(scenario, play, stack), sentence(
        "%(player)s plays Religious Problems: one %(faction)s block of %(target)s leaves province %(province)s "
        "(LIB-SPEC-3)", player=play.player, faction=OF_FACTION[stack.faction], target=play.target,
        province=play.province)


def emigration(scenario, play):
    """LIB-SPEC-2: a white (Royalist) Personality on any display goes to the discard pile."""
    card = _card(scenario, play, "LIB-SPEC-2", ("personality",))
    expect(card.faction == WHITE, sentence("Emigration takes a white Personality, not %(faction)s",
                                           faction=FACTION[card.faction]), "LIB-SPEC-2")
    return _remove_card(scenario, play), sentence("%(player)s plays Emigration: %(target)s's %(card)s is discarded "
                                                  "(LIB-SPEC-2)", player=play.player, target=play.target,
                                                  card=card.label)


def guillotine(scenario, play):
    """LIB-SPEC-4: any Personality on any display is returned to the box."""
    card = _card(scenario, play, "LIB-SPEC-4", ("personality",))
    return _remove_card(scenario, play), sentence("%(player)s plays the Guillotine: %(target)s's %(card)s goes back "
                                                  "to the box (LIB-SPEC-4)", player=play.player, target=play.target,
                                                  card=card.label)


def purge(scenario, play):
    """LIB-SPEC-5: only a player present in the Government (:func:`may_play`); a Club or Personality on any
    display is discarded."""
    card = _card(scenario, play, "LIB-SPEC-5", ("club", "personality"))
    return _remove_card(scenario, play), sentence("%(player)s plays Purge: %(target)s's %(card)s is discarded "
                                                  "(LIB-SPEC-5)", player=play.player, target=play.target,
                                                  card=card.label)


def terror(scenario, play):
    """LIB-SPEC-6: only a player present in a red Government; one whole stack leaves a province holding a
    red stack (the red stack itself may go); a Club or Personality may also go back to the box."""
    expect(scenario.government == RED and play.player in scenario.present, sentence(
        "Terror: %(player)s is not present in a red Government", player=play.player), "LIB-SPEC-6")
    stacks = scenario.board.get(play.province, [])
    expect(any(s.faction == RED for s in stacks), sentence("Terror: province %(province)s holds no red stack",
                                                           province=play.province), "LIB-SPEC-6")
    stack = _stack(scenario, play, "LIB-SPEC-6")
    board = dict(scenario.board)
    board[play.province] = [s for s in stacks if s is not stack]
    after = replace(scenario, board={n: s for n, s in board.items() if s})
    params = dict(player=play.player, target=play.target, faction=OF_FACTION[stack.faction], blocks=stack.blocks,
                  province=play.province)
    if not play.card:
        return after, sentence("%(player)s plays Terror: %(target)s's %(faction)s stack of %(blocks)s leaves "
                               "province %(province)s (LIB-SPEC-6)", **params)
    taken = Play(play.name, play.player, target=play.owner or play.target, card=play.card)
    card = _card(scenario, taken, "LIB-SPEC-6", ("club", "personality"))
    after = _remove_card(after, taken)
    return after, sentence("%(player)s plays Terror: %(target)s's %(faction)s stack of %(blocks)s leaves province "
                           "%(province)s, and %(card)s goes back to the box (LIB-SPEC-6)", card=card.label, **params)


def _stack(scenario, play, rule) -> Stack:
    stacks = scenario.board.get(play.province, [])
    stack = next((s for s in stacks if s.player == play.target), None)
    if stack is None:
        raise RuleError(sentence("province %(province)s: %(target)s has no stack there", province=play.province,
                                 target=play.target), rule)
    return stack


def _card(scenario, play, rule, kinds):
    card = next((c for c in scenario.displays.get(play.target, []) if c.id == play.card), None)
    if card is None:
        raise RuleError(sentence("%(target)s has no card %(card)r on the display", target=play.target,
                                 card=play.card), rule)
    expect(card.kind in kinds, sentence("%(card)s is %(kind)s; this card needs a %(kinds)s", card=card.label,
                                        kind=KINDS.get(card.kind, KINDS[None]),
                                        kinds=KINDS[" or ".join(kinds)]), rule)
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
