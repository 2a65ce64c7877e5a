"""Liberté's position and its events: what the table enters, folded into a formats.md scenario.

``apply`` never changes its argument; it returns the position after one event, and the engine
checks the result (placement LIB-PLACE, cards, players) so that a refused event stores nothing.
"""
import copy

from flask_babel import gettext as _

from companion.liberte import engine
from companion.liberte.engine import FACTIONS
from companion.scorers.rules import RuleError

PLACES = ("displays", "hands")


def initial(setup: dict) -> dict:
    """Turn 1, nobody has anything; the table's options and the host's board profile."""
    players = list(setup["players"])
    options = setup.get("options") or {}
    position = {"turn": 1, "players": players, "vp": {p: 0 for p in players}, "board": {},
                "displays": {}, "hands": {}, "battle": {}, "lost_battles": 0, "advances": {},
                "options": {"government_tie": options.get("government_tie", "highest")}}
    if setup.get("map"):
        position["map"] = setup["map"]
    return position


def set_stack(p, d):
    stacks = [s for s in p["board"].get(d["province"], []) if s["player"] != d["player"]]
    old = next((s for s in p["board"].get(d["province"], []) if s["player"] == d["player"]), None)
    if d["blocks"] > 0:
        new = {"player": d["player"], "faction": d["faction"], "blocks": d["blocks"]}
        stacks.insert(p["board"].get(d["province"], []).index(old) if old else len(stacks), new)
    p["board"][d["province"]] = stacks
    if not stacks:
        del p["board"][d["province"]]


def add_card(p, d):
    p[d["where"]].setdefault(d["player"], []).append(d["card"])


def discard(p, d):
    cards = p[d["where"]].get(d["player"], [])
    if not 0 <= d["index"] < len(cards):
        raise RuleError(f"{d['player']} has no such card", "LIB-PLACE-5")
    cards.pop(d["index"])


def advance(p, d):
    rounds = p["advances"].setdefault(d["contest"], [])
    while len(rounds) < d["round"]:
        rounds.append({})
    rounds[d["round"] - 1][d["player"]] = d["card"]


def finish(p, d):
    """The election is over: the VPs, the board and displays after it, next turn's play order."""
    result = engine.resolve(p)
    if result.get("pending"):
        raise RuleError(_("the election still waits for: %(q)s", q=result["pending"]["question"]),
                        "LIB-ELEC-4")
    p.update(vp=result["vp"], board=result["board_after"], displays=result["displays_after"],
             lost_battles=result["lost_battles"], battle={}, advances={},
             government=result["government"], present=result["present"])
    groups = result.get("next_play_order") or [p["players"]]
    p["players"] = [player for group in groups for player in group]  # equal VPs: reorder by hand
    p["last_result"] = {k: result.get(k) for k in ("turn", "vp", "awards", "ended", "final",
                                                   "government", "opposition")}
    if result.get("ended") or result.get("final") or p["turn"] == 4:
        p["over"] = result.get("ended") or result.get("final") or True
    else:
        p["turn"] += 1


HANDLERS = {
    "stack": set_stack,
    "card": add_card,
    "discard": discard,
    "battle": lambda p, d: p["battle"].__setitem__(d["player"], d["tokens"]),
    "lost_battles": lambda p, d: p.__setitem__("lost_battles", d["count"]),
    "vp": lambda p, d: p["vp"].__setitem__(d["player"], d["vp"]),
    "turn": lambda p, d: p.__setitem__("turn", d["turn"]),
    "order": lambda p, d: p.__setitem__("players", list(d["players"])),
    "profile": lambda p, d: p.__setitem__("map", d["map"]),
    "advance": advance,
    "finish": finish,
}


def apply(position: dict, event: dict) -> dict:
    """The position after ``event``; RuleError if the rules refuse the result."""
    handler = HANDLERS.get(event["kind"])
    if handler is None:
        raise RuleError(f"unknown Liberté event {event['kind']!r}", "formats.md")
    new = copy.deepcopy({k: v for k, v in position.items() if not k.startswith("_")})
    try:
        handler(new, event["data"])
    except RuleError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise RuleError(f"malformed {event['kind']} event: {err!r}", "formats.md") from None
    new["_check"] = engine.check(new)  # also the board screen's meters
    return new


def describe(event: dict) -> str:
    """One sentence for the history and for the stale-write notice."""
    d, kind = event["data"], event["kind"]
    if kind == "stack":
        if d["blocks"] == 0:
            return _("province %(n)s: removed the stack of %(p)s", n=d["province"], p=d["player"])
        return _("province %(n)s: %(p)s has %(b)s %(f)s", n=d["province"], p=d["player"],
                 b=d["blocks"], f=faction_name(d["faction"]))
    words = {
        "card": lambda: _("%(p)s: a %(f)s %(v)s card", p=d["player"], f=faction_name(
            d["card"]["faction"]), v=d["card"].get("value", "")),
        "discard": lambda: _("%(p)s: a card removed", p=d["player"]),
        "battle": lambda: _("%(p)s: %(t)s tokens in the Battle box", p=d["player"], t=d["tokens"]),
        "lost_battles": lambda: _("lost battles: %(n)s", n=d["count"]),
        "vp": lambda: _("%(p)s: %(v)s VP", p=d["player"], v=d["vp"]),
        "turn": lambda: _("turn %(t)s", t=d["turn"]),
        "order": lambda: _("play order: %(o)s", o=", ".join(d["players"])),
        "profile": lambda: _("the board profile changed"),
        "advance": lambda: (_("%(p)s advances %(c)s (%(x)s)", p=d["player"], c=d["card"],
                              x=d["contest"]) if d["card"] else
                            _("%(p)s passes (%(x)s)", p=d["player"], x=d["contest"])),
        "finish": lambda: _("the election was closed; next turn"),
    }
    return words[kind]() if kind in words else kind


def faction_name(faction: str) -> str:
    """The faction colour in the page's language."""
    return {"red": _("red"), "white": _("white"), "blue": _("blue")}.get(faction, faction)


def reason_name() -> dict:
    """Why a VP award was given (formats.md ``awards.reason``), in the page's language."""
    return {"battle": _("battle"), "province": _("province"),
            "government-first": _("most votes of the Government colour"),
            "government-second": _("second most votes of the Government colour"),
            "opposition-first": _("most votes of the Opposition colour")}
