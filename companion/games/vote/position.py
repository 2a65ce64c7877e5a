"""VOTE!'s position at the table: the seats, the starting dice, then the engine's game.

A table starts in set-up (names in seat order; each player's two dice, entered or rolled); the
``start`` event seats the engine's game (VOTE-SETUP-4, VOTE-SETUP-5); from then on each ``play``
event is one engine event (docs/formats.md's VOTE! events). ``apply`` never changes its argument.
Loyalty is never asked for nor stored: the table deals the cards, the companion only counts them.

Randomness (rolled dice, the lot) is drawn by the web layer and stored in the events, so the log
replays to the same game. Besides the game the position keeps what only the table needs: the
history of governments and votes, the discussion timer and the table's options.
A position is a :class:`Position`: the engine's answer to the move judged on it is kept on it
(:meth:`Position.after`) for the fold of that move.
"""
import json
import random


from companion.table import games
from companion.scorers.rules import RuleError
from companion.scorers.vote import engine
from companion.scorers.vote.setup import first_president, starting_points
from companion.games.vote import timer
from companion.i18n import gettext as _, names

VOTES_SHOWN = ("full", "totals")


class Position(games.Position):
    """A VOTE! table's position: the seats and dice, the engine's game (``game``, an engine
    object, never changed in place: ``engine.apply_event`` answers a copy), the history, the
    timer, the options; a ``dict`` so that the table's screens and files read its keys as they
    always did. It never changes once built (companion.table.games.Position).

    Its one fact is the engine's game after a move (:meth:`after`): a move is judged when its
    form is read (check.move: its note for the history needs the game after it) and then
    folded (:func:`play`), and the engine runs once for both."""

    __slots__ = ("_judged",)

    def after(self, move: dict):
        """The engine's game after the engine event ``move`` on this position (RuleError when
        the engine refuses it), kept in one slot under the move itself: the move last judged
        here, which is the one folded next."""
        said = json.dumps(move, sort_keys=True)
        known = getattr(self, "_judged", None)
        if known is None or known[0] != said:
            known = self._judged = (said, engine.apply_event(self["game"], move))
        return known[1]


def initial(setup: dict) -> Position:
    """Set-up: the names in seat order, no dice yet, no game."""
    votes = (setup.get("options") or {}).get("votes", "full")
    return Position({"players": list(setup["players"]), "dice": {}, "rolled": [], "lot": None,
                     "game": None, "history": [], "given": [], "timer": timer.IDLE,
                     "options": {"votes": votes if votes in VOTES_SHOWN else "full"}})


def seated(position: dict) -> list[dict]:
    """The players with their starting points, in seat order (VOTE-SETUP-4); all dice needed."""
    missing = [name for name in position["players"] if name not in position["dice"]]
    if missing:
        raise RuleError(_("no dice yet for %(names)s", names=names(missing)), "VOTE-SETUP-4")
    points = {name: starting_points(position["dice"][name]) for name in position["players"]}
    return [{"name": name, "budget": points[name][0], "support": points[name][1]}
            for name in position["players"]]


def first(position: dict) -> dict | None:
    """The first President as the points decide him (VOTE-SETUP-5), None while dice are missing.

    ``by`` is "lowest budget + support", "higher support" or "lot"; for a lot, ``tied`` names
    who it is drawn among (the draw itself happens at Start, :func:`draw_lot`).
    """
    try:
        players = seated(position)
    except RuleError:
        return None
    chosen = first_president(players, position["lot"], random.Random(0))
    if chosen["by"] == "lot" and not position["lot"]:
        chosen = dict(chosen, president=None, sentence=None)  # not drawn yet
    return chosen


def draw_lot(position: dict, rng: random.Random) -> list[str] | None:
    """The table's lot for a tie the points leave (VOTE-SETUP-5): the tied players in a drawn
    order, or None when no lot is needed."""
    chosen = first(position)
    if chosen is None or chosen["by"] != "lot":
        return None
    lot = list(chosen["tied"])
    rng.shuffle(lot)
    return lot


def own_lot(position: dict, picked: str) -> list[str]:
    """The table drew its own lot (VOTE-SETUP-5, l. 114: «выбирается любым жребием»): the tied
    players with the one it picked first; only a tied player may be picked."""
    chosen = first(position)
    if chosen is None or chosen["by"] != "lot":
        raise RuleError(_("the points decide the first President: no lot is drawn"), "VOTE-SETUP-5")
    if picked not in chosen["tied"]:
        raise RuleError(_("the lot is drawn among exactly the tied players: %(names)s",
                          names=names(chosen["tied"])), "VOTE-SETUP-5")
    return [picked] + [name for name in chosen["tied"] if name != picked]


def start_data(position: dict, lot) -> dict:
    """The ``start`` event's data (VOTE-SETUP-5): ``lot``, the order drawn among the players
    the points leave tied (None when the points decide), and the first President it gives."""
    seated(position)  # every die entered, or say whose are missing
    chosen = first(position)
    if chosen["by"] == "lot":
        if not (isinstance(lot, list) and sorted(map(str, lot)) == sorted(chosen["tied"])):
            raise RuleError(_("the lot is drawn among exactly the tied players: %(names)s",
                              names=names(chosen["tied"])), "VOTE-SETUP-5")
    elif lot is not None:
        raise RuleError(_("the points decide the first President: no lot is drawn"),
                        "VOTE-SETUP-5")
    decided = first(dict(position, lot=lot))
    return {"lot": lot, "president": decided["president"], "by": decided["by"]}


def set_dice(p: dict, d: dict) -> None:
    """VOTE-SETUP-4: two dice for one or more players (``{"dice": {name: [b, s]}}``), entered
    at the table or rolled on screen (``rolled``)."""
    if p["game"] is not None:
        raise RuleError(_("the game has started: the starting points are fixed"), "VOTE-SETUP-4")
    rolls = d["dice"] if isinstance(d["dice"], dict) else {d["player"]: d["dice"]}
    for name, dice in rolls.items():
        if name not in p["players"]:
            raise RuleError(_("no player called %(name)s", name=name), "VOTE-SETUP-4")
        starting_points(dice)  # two dice, 1 to 6 each
    p["dice"] = dict(p["dice"], **{name: list(dice) for name, dice in rolls.items()})
    rolled = [n for n in p["rolled"] if n not in rolls]
    p["rolled"] = rolled + (list(rolls) if d.get("rolled") else [])


def start(p: dict, d: dict) -> None:
    """VOTE-SETUP-5: seat the game; ``lot`` is the lot drawn for a tie the points leave."""
    if p["game"] is not None:
        raise RuleError(_("the game has already started"), "VOTE-SETUP-5")
    p["lot"] = d.get("lot")
    p["game"] = engine.new_game(seated(p), p["lot"])


def play(p: dict, d: dict, after=None) -> None:
    """One engine event; a vote also adds a row to the history of governments. ``after``: the
    position before's :meth:`Position.after`, which knows the move when it was judged there."""
    before = p["game"]
    if before is None:
        raise RuleError(_("the game has not started: enter the dice first"), "VOTE-SETUP-5")
    event = d["event"]
    p["game"] = after(event) if after else engine.apply_event(before, event)
    kind = event.get("type") if isinstance(event, dict) else None
    if kind == "vote":
        p["history"] = p["history"] + [government_row(before, p["game"], event)]
    elif kind == "give":
        p["given"] = (p.get("given", []) if before.gives else []) + [given(event)]
    elif kind == "ability" and event.get("ability") == "cancel_event" and p.get("given"):
        p["given"] = p["given"][:-1] + [dict(p["given"][-1], cancelled=True)]


def given(event: dict) -> dict:
    """One card the President gave this round, as the table entered it (VOTE-EVT-3, -4)."""
    if event.get("ability"):
        return {"to": event["to"], "ability": True}
    return {"to": event["to"], "budget": event.get("budget", 0), "support": event.get("support", 0)}


def government_row(before, after, event: dict) -> dict:
    """One line of the history: round, President, candidate, the engine's tally and result;
    the ballots by name when they were entered by name."""
    named = isinstance(event.get("yes"), list)
    return {"round": before.round, "president": before.president, "candidate": before.candidate,
            "tally": after.last_vote, "yes": event.get("yes") if named else None,
            "no": event.get("no") if named else None}


def set_options(p: dict, d: dict) -> None:
    """The table's options: ``votes`` shown in full (who voted what) or as totals only."""
    if d.get("votes") not in VOTES_SHOWN:
        raise RuleError(_("votes are shown in full or as totals"), "TABLE-OPTIONS")
    p["options"] = dict(p["options"], votes=d["votes"])


HANDLERS = {
    "dice": set_dice,
    "start": start,
    "play": play,
    "options": set_options,
    "timer": lambda p, d: p.__setitem__("timer", timer.apply(p["timer"], d)),
}

# What commutes (games.by_scope): two phones entering their own dice at once, or a timer tap
# during a move, both get through; the game's moves stay in strict order, and ``start`` (it reads
# every die) conflicts with everything. The unrest's random cards, each on its owner's phone at the
# same moment (VOTE-GOV-6), commute but for two cards of one player; the engine judges each again
# on the position it lands on.
SCOPES = {
    "dice": lambda d: frozenset(("dice", name) for name in d["dice"]),
    "timer": lambda d: ("timer",),
    "options": lambda d: ("options",),
    "play": lambda d: (frozenset([("random card", d["event"]["player"])])
                       if d["event"]["type"] == "random_card" else ("game",)),
}


def apply(position: dict, event: dict) -> Position:
    """The position after ``event``; RuleError if the rules refuse it. The engine's game is
    never changed in place (``apply_event`` answers a copy), so a shallow copy is enough."""
    handlers = HANDLERS
    if event["kind"] == "play" and isinstance(position, Position):
        handlers = dict(HANDLERS, play=lambda p, d: play(p, d, position.after))
    return games.fold_event(handlers, position, event, "VOTE!", Position)
