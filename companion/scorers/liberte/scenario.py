"""The position a table enters, read from the JSON scenario of docs/formats.md.

``read_scenario`` refuses anything the placement rules (LIB-PLACE) or the formats forbid, naming the
place and the rule, so that every later step may trust its input.
"""
import re
from collections import Counter
from dataclasses import dataclass, field

from companion.scorers.liberte.board import DEFAULT_PROFILE, BoardProfile, province_number, read_profile
from companion.scorers.liberte.cards import FACTIONS, Card, display_limit
from companion.scorers.liberte.checks import expect, said, whole_number
from companion.scorers.liberte.supply import check_box_counts
from companion.scorers.rules import RuleError
from companion.scorers.sentence import plural, sentence, word

CONTEST = re.compile(r"^(province:([0-9]+)|battle|government|opposition|"
                     r"vp:government:first|vp:government:second|vp:opposition:first)$")
GOVERNMENT_TIE = ("highest", "total")
MAX_PLAYERS = 6  # control tokens come in 6 colours


@dataclass
class Stack:
    """1-3 blocks of one faction colour under one player's control token (LIB-PLACE-1)."""

    player: str
    faction: str
    blocks: int

    def as_json(self) -> dict:
        return {"player": self.player, "faction": self.faction, "blocks": self.blocks}


@dataclass
class Scenario:
    turn: int
    players: list  # this turn's play order
    vp: dict
    board: dict  # province number -> [Stack]
    displays: dict  # player -> [Card]
    hands: dict
    battle: dict  # player -> control tokens in the Battle box
    lost_battles: int = 0
    battle_blocks_waiting: int = 0  # lost battles whose white block no supply could give yet (LIB-BAT-3)
    profile: BoardProfile = DEFAULT_PROFILE
    government_tie: str = "highest"
    advances: dict = field(default_factory=dict)  # contest -> [round: {player: card id or None}]
    government: str | None = None  # from the last election, for the special cards (LIB-SPEC)
    present: list = field(default_factory=list)  # present in that Government (LIB-VP-5)


def read_scenario(data: dict, profile: BoardProfile = DEFAULT_PROFILE) -> Scenario:
    """Validate a Liberté scenario (docs/formats.md); raises RuleError naming the place and rule.

    ``profile`` is the table's stored board profile; a ``map`` in the scenario overrides it.
    """
    expect(isinstance(data, dict), sentence("the scenario must be a JSON object"), "docs/formats.md")
    turn = whole_number(data.get("turn"), "turn", "LIB-TURN-1", 1, 4)
    players = _read_players(data.get("players"))
    known = _known(players)
    if data.get("map") is not None:
        profile = read_profile(data["map"])
    displays = _read_cards(data.get("displays"), word("field", "displays"), known)
    for player, display in displays.items():
        expect(len(display) <= display_limit(display),
               plural("displays.%(player)s: %(n)s card; a display holds %(limit)s (5 only with a sans-culottes "
                      "card)", "displays.%(player)s: %(n)s cards; a display holds %(limit)s (5 only with a "
                      "sans-culottes card)", len(display), player=player, limit=display_limit(display)), "LIB-PLACE-5")
        twice = _listed_twice(card.id for card in display if card.id is not None)
        expect(twice is None, sentence("displays.%(player)s: card id %(card)r is used twice", player=player,
                                       card=twice), "LIB-PLACE-5")
    lost = _read_lost_battles(data.get("lost_battles", 0), turn)
    scenario = Scenario(
        turn=turn,
        players=players,
        vp={p: whole_number(v, f"vp.{p}", "LIB-VP-1", 0) for p, v in _by_player(data, "vp", known).items()},
        board=_read_board(data.get("board"), known),
        displays=displays,
        hands=_read_cards(data.get("hands"), word("field", "hands"), known),
        battle=_read_battle(data, turn, known),
        lost_battles=lost,
        battle_blocks_waiting=whole_number(data.get("battle_blocks_waiting", 0), "battle_blocks_waiting",
                                           "LIB-BAT-3", 0, lost),
        profile=profile,
        government_tie=_read_options(data.get("options")),
        advances=_read_advances(data.get("advances"), known, displays),
        government=_read_government(data.get("government")),
        present=[known(p, "present", "LIB-VP-5") for p in data.get("present") or []],
    )
    check_box_counts(scenario.board, turn, scenario.lost_battles, scenario.battle_blocks_waiting)
    return scenario


def read_accepted(data: dict, profile: BoardProfile = DEFAULT_PROFILE) -> Scenario:
    """The reading of a scenario the rules have accepted: a table's position, whose every change
    was judged by :func:`read_scenario` (or, for a stack, by :func:`read_province` and the box
    counts) when it was made. The same Scenario, made without the checks, which are most of the
    work of a reading (tests/scorers/test_liberte_properties.py says they agree)."""
    if data.get("map") is not None:
        profile = read_profile(data["map"])
    displays = {player: [_accepted_card(card) for card in cards]
                for player, cards in (data.get("displays") or {}).items()}
    board = {int(key): stacks for key, stacks in (data.get("board") or {}).items() if stacks}
    advances = {contest: [dict(decisions) for decisions in
                          ([rounds] if isinstance(rounds, dict) else rounds)]
                for contest, rounds in (data.get("advances") or {}).items()}
    return Scenario(
        turn=data["turn"],
        players=list(data["players"]),
        vp=dict(data.get("vp") or {}),
        board={number: [Stack(s["player"], s["faction"], s["blocks"]) for s in board[number]]
               for number in sorted(board)},
        displays=displays,
        hands={player: [_accepted_card(card) for card in cards]
               for player, cards in (data.get("hands") or {}).items()},
        battle=dict(data.get("battle") or {}),
        lost_battles=data.get("lost_battles", 0),
        battle_blocks_waiting=data.get("battle_blocks_waiting", 0),
        profile=profile,
        government_tie=(data.get("options") or {}).get("government_tie", "highest"),
        advances=advances,
        government=data.get("government"),
        present=list(data.get("present") or []),
    )


def _accepted_card(card: dict) -> Card:
    return Card(card["faction"], card["value"], card.get("id"), kind=card.get("kind"),
                general=card.get("general", False), sans_culottes=card.get("sans_culottes", False),
                cannon=card.get("cannon", False))


def _read_players(players) -> list:
    expect(isinstance(players, list) and players, sentence("players: a list of names in play order is needed"),
           "LIB-TURN-1")
    for name in players:
        expect(isinstance(name, str) and name.strip() != "", sentence("players: %(name)r is not a name", name=name),
               "LIB-TURN-1")
    twice = _listed_twice(players)
    expect(twice is None, sentence("players: %(name)r is listed twice", name=twice), "LIB-TURN-1")
    expect(len(players) <= MAX_PLAYERS, plural("players: %(n)s player; Liberté has tokens for 6",
                                               "players: %(n)s players; Liberté has tokens for 6", len(players)),
           "LIB-TURN-1")
    return list(players)


def _listed_twice(items):
    """The first item that occurs more than once, or None."""
    return next((item for item, n in Counter(items).items() if n > 1), None)


def _known(players):
    def known(name, where, rule: str) -> str:
        if name not in players:
            raise RuleError(sentence("%(where)s: unknown player %(name)r (players are %(players)s)", where=said(where),
                                     name=name, players=", ".join(players)), rule)
        return name
    return known


def _by_player(data: dict, key: str, known) -> dict:
    value = data.get(key) or {}
    expect(isinstance(value, dict), sentence("%(key)s: must map player names to numbers", key=key), "docs/formats.md")
    return {known(player, key, "LIB-TURN-1"): n for player, n in value.items()}


def _read_battle(data: dict, turn: int, known) -> dict:
    """Control tokens in the Battle box (LIB-BAT-1). Turn 1 has none: a Club or Personality with a
    cannon places a token there only from turn 2 on, and turn 1 has no battle (LIB-TURN-1)."""
    tokens = {p: whole_number(n, f"battle.{p}", "LIB-BAT-1", 0, 20)
              for p, n in _by_player(data, "battle", known).items()}
    placed = {p: n for p, n in tokens.items() if n}
    expect(turn != 1 or not placed, sentence(
        "battle: tokens in the Battle box in turn 1 (%(tokens)s), but a token goes there only from turn 2 on: "
        "turn 1 has no battle", tokens=", ".join(f"{p} {n}" for p, n in placed.items())), "LIB-TURN-1")
    return tokens


def _read_lost_battles(value, turn: int) -> int:
    """Battles lost in earlier turns (LIB-BAT-3): one battle a turn, in turns 2-4 only, so at most
    turn - 2 before this turn's battle."""
    lost = whole_number(value, "lost_battles", "LIB-BAT-3", 0)
    most = max(turn - 2, 0)
    expect(lost <= most, plural(
        "lost_battles: %(lost)s before turn %(turn)s, but at most %(n)s battle can be lost by then (one battle a "
        "turn, in turns 2 to 4)",
        "lost_battles: %(lost)s before turn %(turn)s, but at most %(n)s battles can be lost by then (one battle a "
        "turn, in turns 2 to 4)", most, lost=lost, turn=turn), "LIB-BAT-3")
    return lost


def _read_board(board, known) -> dict:
    board = board or {}
    expect(isinstance(board, dict), sentence("board: must map province numbers to lists of stacks"), "LIB-PLACE-5")
    read = {}
    for key, stacks in board.items():
        number = province_number(key, "board")
        read[number] = _read_province(number, stacks, known)
    return {number: read[number] for number in sorted(read) if read[number]}


def read_province(number: int, stacks, players: list) -> list:
    """The stacks of one province, checked as :func:`read_scenario` checks each (LIB-PLACE-1..3):
    all a change to that province needs, when the rest of the scenario was read before."""
    return _read_province(number, stacks, _known(players))


def _read_province(number: int, stacks, known) -> list:
    def where():
        return sentence("province %(number)s", number=number)
    expect(isinstance(stacks, list), lambda: sentence("%(where)s: must be a list of stacks", where=where()),
           "LIB-PLACE-5")
    expect(len(stacks) <= 3, lambda: plural("%(where)s: %(n)s stack; a province holds at most 3",
                                            "%(where)s: %(n)s stacks; a province holds at most 3", len(stacks),
                                            where=where()), "LIB-PLACE-2")
    read = [_read_stack(stack, lambda i=i: sentence("%(where)s, stack %(i)s", where=where(), i=i + 1), known)
            for i, stack in enumerate(stacks)]
    twice = _listed_twice(stack.player for stack in read)
    expect(twice is None, lambda: sentence("%(where)s: two stacks of %(player)s; a player owns at most one stack "
                                           "in a province", where=where(), player=twice), "LIB-PLACE-3")
    return read


def _read_stack(stack, at, known) -> Stack:
    """One stack; ``at`` makes the sentence of where it is (made only for a refusal)."""
    expect(isinstance(stack, dict), lambda: sentence("%(where)s: must be an object {player, faction, blocks}",
                                                     where=at()), "LIB-PLACE-5")
    player = known(stack.get("player"), at, "LIB-PLACE-5")

    def where():
        return sentence("%(where)s (%(player)s)", where=at(), player=player)
    faction = stack.get("faction")
    expect(faction in FACTIONS, lambda: sentence("%(where)s: faction %(faction)r is not red, white or blue; a stack "
                                                 "is one faction colour", where=where(), faction=faction),
           "LIB-PLACE-1")
    blocks = whole_number(stack.get("blocks"), lambda: sentence("%(where)s: blocks", where=where()), "LIB-PLACE-1",
                          1, 3)
    return Stack(player, faction, blocks)


def _read_cards(data, key: str, known) -> dict:
    """The cards of each player in ``data``; ``key`` (a word a page translates) names the field."""
    data = data or {}
    expect(isinstance(data, dict), sentence("%(key)s: must map player names to lists of cards", key=key),
           "docs/formats.md")
    cards = {}
    for player, listed in data.items():
        known(player, key, "LIB-TURN-1")
        expect(isinstance(listed, list), sentence("%(key)s.%(player)s: must be a list of cards", key=key,
                                                  player=player), "docs/formats.md")
        cards[player] = [_read_card(card, sentence("%(key)s.%(player)s card %(i)s", key=key, player=player, i=i + 1))
                         for i, card in enumerate(listed)]
    return cards


def _read_card(card, where: str) -> Card:
    expect(isinstance(card, dict), sentence("%(where)s: must be an object {id, faction, value}", where=where),
           "docs/formats.md")
    expect(card.get("faction") in FACTIONS, sentence("%(where)s: faction %(faction)r is not red, white or blue",
                                                     where=where, faction=card.get("faction")), "LIB-ELEC-4")
    card_id = card.get("id")
    expect(card_id is None or isinstance(card_id, str), sentence("%(where)s: id must be text", where=where),
           "docs/formats.md")
    flags = {flag: card.get(flag, False) for flag in ("general", "sans_culottes", "cannon")}
    for flag, value in flags.items():
        expect(isinstance(value, bool), sentence("%(where)s: %(flag)s must be true or false", where=where, flag=flag),
               "docs/formats.md")
    kind = card.get("kind")
    expect(kind in (None, "club", "personality"), sentence("%(where)s: kind must be club or personality",
                                                           where=where), "LIB-SPEC-4")
    value = whole_number(card.get("value"), sentence("%(where)s: value", where=where), "LIB-ELEC-4", 1, 3)
    return Card(card["faction"], value, card_id, kind=kind, **flags)


def _read_options(options) -> str:
    options = options or {}
    expect(isinstance(options, dict), sentence("options: must be an object"), "docs/formats.md")
    tie = options.get("government_tie", "highest")
    expect(tie in GOVERNMENT_TIE, sentence("options.government_tie: %(tie)r is not 'highest' or 'total'", tie=tie),
           "LIB-GOV-3")
    return tie


def _read_government(government):
    expect(government is None or government in FACTIONS, sentence("government: %(faction)r is not red, white or "
                                                                  "blue", faction=government), "LIB-GOV-1")
    return government


def _read_advances(advances, known, displays) -> dict:
    advances = advances or {}
    expect(isinstance(advances, dict), sentence("advances: must map contests to lists of rounds"), "docs/formats.md")
    read = {}
    for contest, rounds in advances.items():
        match = CONTEST.match(str(contest))
        expect(match is not None, sentence("advances: unknown contest %(contest)r", contest=contest), "docs/formats.md")
        if match.group(2):
            province_number(match.group(2), sentence("advances %(contest)s", contest=contest))
        rounds = [rounds] if isinstance(rounds, dict) else rounds
        expect(isinstance(rounds, list), sentence("advances %(contest)s: must be a list of rounds", contest=contest),
               "docs/formats.md")
        read[contest] = [_read_round(r, sentence("advances %(contest)s round %(number)s", contest=contest,
                                                 number=i + 1), known, displays)
                         for i, r in enumerate(rounds)]
    return read


def _read_round(decisions, where: str, known, displays) -> dict:
    expect(isinstance(decisions, dict), sentence("%(where)s: must map players to card ids", where=where),
           "docs/formats.md")
    for player, card_id in decisions.items():
        known(player, where, "LIB-ELEC-4")
        if card_id is None:
            continue
        on_display = [card.id for card in displays.get(player, [])]
        expect(card_id in on_display, sentence("%(where)s: %(player)s has no card %(card)r on the display; only "
                                               "cards on one's own display can be advanced", where=where,
                                               player=player, card=card_id), "LIB-ELEC-4")
    return dict(decisions)
