"""The Virgin Queen's position at the table: the turn, the ticked steps, the impulses, the takes.

Events: ``tick`` (``step``, ``done``), ``turn`` (``turn``: the turn it starts), ``impulse``
(``power``, ``action``: play or pass) and ``draw`` (``power``, ``cards``, ``treasures``, the
optional names and the ``seed`` the web layer drew). ``apply`` never changes its argument.
"""
import random


from companion.i18n import gettext as _, translate
from companion.table import games
from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence
from companion.scorers.virgin_queen import START, draw, impulse, next_turn, power_name, step, tick

SHOWN = 6  # the takes and impulses the screens list


class Position(games.Position):
    """The Virgin Queen's position: the turn, the steps ticked, the impulse order and the last
    impulses and takes, a ``dict`` that the screens and table files read by its keys. It never
    changes once built (companion.table.games.Position); nothing is derived from it that is
    worth keeping, so it has no facts."""

    __slots__ = ()


def initial(setup: dict) -> Position:
    return Position({"turn": 1, "ticked": [], "impulse": dict(START), "impulses": [], "draws": []})


def set_tick(p: dict, d: dict) -> None:
    """VQ-SEQ-2: a step of this turn ticked off, or back on."""
    p["ticked"] = tick(p["ticked"], d["step"], bool(d.get("done", True)))


def new_turn(p: dict, d: dict) -> None:
    """VQ-SEQ-10: the next turn, with a fresh checklist and the impulse order from the top."""
    turn = next_turn(p["turn"], p["ticked"])
    if d.get("turn", turn) != turn:
        raise RuleError(sentence("turn %(t)s has already begun", t=d["turn"]), "VQ-SEQ-1")
    p.update(turn=turn, ticked=[], impulse=dict(START), impulses=[])


def take_impulse(p: dict, d: dict) -> None:
    """VQ-SEQ-6, VQ-SEQ-11: one impulse; when all powers have passed, the step is ticked off."""
    state = impulse(p["impulse"], d["power"], d["action"])
    p["impulses"] = (p["impulses"] + [state.pop("said")])[-SHOWN:]
    p["impulse"] = state
    if state["over"]:
        p["ticked"] = tick(p["ticked"], "impulses")


def take(d: dict) -> dict:
    """The take an event records, drawn again from its seed (VQ-DRAW-1..3)."""
    return draw(d["power"], d["cards"], d["treasures"], random.Random(d["seed"]),
                d.get("card_names") or (), d.get("treasure_names") or ())


def add_draw(p: dict, d: dict) -> None:
    p["draws"] = (p["draws"] + [dict(take(d), power=d["power"], turn=p["turn"])])[-SHOWN:]


HANDLERS = {"tick": set_tick, "turn": new_turn, "impulse": take_impulse, "draw": add_draw}

# What commutes (games.by_scope): two phones ticking different steps, a take beside a tick; the
# impulses keep their order and a new turn conflicts with everything.
SCOPES = {
    "tick": lambda d: ("step", d["step"]),
    "impulse": lambda d: frozenset({("impulse",), ("step", "impulses")}),
    "draw": lambda d: ("draw",),
}


def apply(position: dict, event: dict) -> Position:
    return games.fold_event(HANDLERS, position, event, "The Virgin Queen", Position)


def describe(event: dict) -> str:
    """One sentence for the history (an event it cannot read is named by its kind)."""
    d, kind = event["data"], event["kind"]
    try:
        if kind == "tick":
            found = step(d["step"])[1]
            said = translate(found.name or found.text)  # turn 7's winner step starts no new turn (VQ-END-1)
            return (_("ticked off: %(step)s", step=said) if d.get("done", True)
                    else _("ticked back on: %(step)s", step=said))
        if kind == "turn":
            return _("turn %(n)s begins", n=d["turn"])
        if kind == "impulse":
            power = translate(power_name(d["power"]))
            return (_("%(power)s plays a card", power=power) if d["action"] == "play"
                    else _("%(power)s passes", power=power))
        if kind == "draw":
            result = take(d)
            return (translate(result["reason"]) + ". " + translate(result["drawn"])
                    if result["drawn"] else translate(result["reason"]))
    except (KeyError, TypeError, ValueError, RuleError):
        pass
    return str(kind)
