"""``replay``: a VOTE! scenario (docs/formats.md) in, the position after its events out, as JSON data.

The scenario: ``players`` (seat order, clockwise, with ``budget``/``support``, or ``dice``
``[budget die, support die]``, or nothing: rolled), ``lot`` (the order a lot picks), ``seed`` (for
rolls and draws the table left to the companion), ``events``.
"""
import random

from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence, word
from companion.scorers.vote import events as event_phase
from companion.scorers.vote import government
from companion.scorers.vote.engine import apply_event, legal_actions, new_game
from companion.scorers.vote.setup import loyalty_split, starting_points
from companion.scorers.vote.state import VOTE, Game, in_game

FORMATS = "docs/formats.md"
POINTS = {"budget": word("points", "budget"), "support": word("points", "support")}


def read_players(data: dict, rng: random.Random) -> list[dict]:
    """The seated players with their starting points (VOTE-SETUP-4); bad entries are refused."""
    players = data.get("players")
    if not isinstance(players, list):
        raise RuleError(sentence("'players' must be a list of {name, budget, support}"), FORMATS)
    loyalty_split(len(players))
    seated, names = [], set()
    for index, entry in enumerate(players):
        where = f"players[{index}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"]:
            raise RuleError(sentence("%(where)s: a player needs a name", where=where), FORMATS)
        name = entry["name"]
        if name in names:
            raise RuleError(sentence("%(where)s: two players are called %(player)r", where=where, player=name), FORMATS)
        names.add(name)
        if "budget" in entry or "support" in entry:
            budget, support = entry.get("budget"), entry.get("support")
            for label, value in (("budget", budget), ("support", support)):
                if not _whole(value) or not 1 <= value <= 10:
                    raise RuleError(sentence("%(where)s: %(player)s's %(label)s must be 1 to 10 (0 is out of the "
                                             "game), not %(value)r", where=where, player=name,
                                             label=POINTS[label], value=value), "VOTE-END-5")
        else:
            dice = entry.get("dice")
            if dice is not None and not isinstance(dice, list):
                raise RuleError(sentence("%(where)s: dice are [budget die, support die]", where=where), "VOTE-SETUP-4")
            try:
                budget, support = starting_points(dice, rng)
            except RuleError as err:
                raise RuleError(sentence("%(where)s: %(message)s", where=where, message=err.message),
                                err.rule) from None
        seated.append({"name": name, "budget": budget, "support": support})
    return seated


def read_lot(data: dict, names: list[str]) -> list[str] | None:
    """VOTE-SETUP-5: the lot must name seated players."""
    lot = data.get("lot")
    if lot is None:
        return None
    if not isinstance(lot, list) or not all(isinstance(n, str) for n in lot):
        raise RuleError(sentence("'lot' must be a list of player names"), "VOTE-SETUP-5")
    unknown = [n for n in lot if n not in names]
    if unknown:
        raise RuleError(sentence("the lot names unknown player %(player)r", player=unknown[0]), "VOTE-SETUP-5")
    return lot


def game_from_scenario(data: dict) -> Game:
    """The position after the scenario's events (the Python API the screens share with the CLI)."""
    seed = data.get("seed", 0)
    if not _whole(seed):
        raise RuleError(sentence("'seed' must be a whole number, not %(seed)r", seed=seed), FORMATS)
    rng = random.Random(seed)
    players = read_players(data, rng)
    game = new_game(players, read_lot(data, [p["name"] for p in players]), rng)
    event_list = data.get("events", [])
    if not isinstance(event_list, list):
        raise RuleError(sentence("'events' must be a list"), FORMATS)
    for index, event in enumerate(event_list):
        if not isinstance(event, dict):
            raise RuleError(sentence("events[%(index)s]: an event is a JSON object with a 'type'", index=index),
                            FORMATS)
        game = apply_event(game, event, index)
    return game


def result(game: Game) -> dict:
    """The result JSON of docs/formats.md, plus what a screen needs next."""
    to_pm, to_president = event_phase.cards_for(len(in_game(game)))
    if game.phase in ("give", "end_round"):  # this round's, even if players left meanwhile (VOTE-EVT-2)
        to_pm, to_president = game.received, game.cards
    choosing = game.phase in ("nominate", VOTE)
    return {
        "round": game.round,
        "president": game.president,
        "prime_minister": game.prime_minister,
        "failed_elections": game.failed_elections,
        "eligible": government.eligible_prime_ministers(game) if choosing else [],
        "cards_to_pm": to_pm,
        "cards_to_president": to_president,
        "players": [{"name": p.name, "budget": p.budget, "support": p.support, "in_game": p.in_game,
                     "hand": p.hand} for p in game.players],
        "winner": game.winner,
        "log": game.log,
        "phase": game.phase,
        "candidate": game.candidate,
        "ineligible": government.ineligible_prime_ministers(game) if choosing else {},
        "eligible_why": government.failed_presidents_eligible(game) if choosing else {},
        "gives": list(game.gives),
        "cards_this_round": game.cards if game.phase in ("give", "end_round") else None,
        "first_president": game.first_president,
        "deck": {"deck": game.deck, "discard": game.discard, "used_abilities": game.used_abilities},
        "legal": legal_actions(game),
    }


def replay(data: dict) -> dict:
    """A VOTE! scenario in, the result JSON out; a RuleError names the event and the rule."""
    return result(game_from_scenario(data))


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
