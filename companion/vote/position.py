"""VOTE!'s position at the table: the seats, the starting dice, then the engine's game.

A table starts in set-up (names in seat order; each player's two dice, entered or rolled); the
``start`` event seats the engine's game (VOTE-SETUP-4, VOTE-SETUP-5); from then on each ``play``
event is one engine event (formats.md's VOTE! events). ``apply`` never changes its argument.
Loyalty is never asked for nor stored: the table deals the cards, the companion only counts them.
"""
from flask_babel import gettext as _

from companion.scorers.rules import RuleError
from companion.scorers.vote import engine
from companion.scorers.vote.setup import first_president, starting_points


def initial(setup: dict) -> dict:
    """Set-up: the names in seat order, no dice yet, no game."""
    return {"players": list(setup["players"]), "dice": {}, "lot": None, "game": None,
            "options": {"votes": (setup.get("options") or {}).get("votes", "full")}}


def seated(position: dict) -> list[dict]:
    """The players with their starting points, in seat order (VOTE-SETUP-4); all dice needed."""
    missing = [name for name in position["players"] if name not in position["dice"]]
    if missing:
        raise RuleError(_("no dice yet for %(names)s", names=", ".join(missing)), "VOTE-SETUP-4")
    points = {name: starting_points(position["dice"][name]) for name in position["players"]}
    return [{"name": name, "budget": points[name][0], "support": points[name][1]}
            for name in position["players"]]


def first(position: dict) -> dict | None:
    """The first President as things stand (VOTE-SETUP-5), or None while dice are missing.
    A tie the points cannot break needs the table's lot (``position["lot"]``)."""
    try:
        players = seated(position)
    except RuleError:
        return None
    try:
        return first_president(players, position["lot"])
    except ValueError:  # a tie by lot and no lot drawn yet
        return None


def set_dice(p: dict, d: dict) -> None:
    if p["game"] is not None:
        raise RuleError(_("the game has started: the starting points are fixed"), "VOTE-SETUP-4")
    if d["player"] not in p["players"]:
        raise RuleError(_("no player called %(name)s", name=d["player"]), "VOTE-SETUP-4")
    starting_points(d["dice"])  # two dice, 1 to 6 each
    p["dice"] = dict(p["dice"], **{d["player"]: list(d["dice"])})


def start(p: dict, d: dict) -> None:
    """VOTE-SETUP-5: seat the game; ``lot`` is the table's draw for a tie the points leave."""
    if p["game"] is not None:
        raise RuleError(_("the game has already started"), "VOTE-SETUP-5")
    p["lot"] = d.get("lot")
    p["game"] = engine.new_game(seated(p), p["lot"])


def play(p: dict, d: dict) -> None:
    if p["game"] is None:
        raise RuleError(_("the game has not started: enter the dice first"), "VOTE-SETUP-5")
    p["game"] = engine.apply_event(p["game"], d["event"])


HANDLERS = {
    "dice": set_dice,
    "start": start,
    "play": play,
    "options": lambda p, d: p.__setitem__("options", dict(p["options"], **d)),
}


def apply(position: dict, event: dict) -> dict:
    """The position after ``event``; RuleError if the rules refuse it. The engine's game is
    never changed in place (``apply_event`` answers a copy), so a shallow copy is enough."""
    handler = HANDLERS.get(event["kind"])
    if handler is None:
        raise RuleError(f"unknown VOTE! event {event['kind']!r}", "formats.md")
    new = dict(position)
    handler(new, event["data"])
    return new


def describe(event: dict) -> str:
    """One sentence for the history."""
    d = event["data"]
    if event["kind"] == "dice":
        return _("dice of %(name)s: %(a)s and %(b)s", name=d["player"], a=d["dice"][0], b=d["dice"][1])
    if event["kind"] == "start":
        return _("the game starts")
    if event["kind"] == "play":
        return _("move: %(type)s", type=d["event"].get("type"))
    return _("table options changed")
