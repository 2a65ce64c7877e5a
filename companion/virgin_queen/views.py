"""The Virgin Queen's screens: the turn checklist (with the impulses) and the card-or-treasure take.

The take's randomness belongs to the web layer: a seed drawn here with the system's generator is
stored in the ``draw`` event, and the engine draws with ``random.Random(seed)``, so the log says
what was drawn and the CLI (``--seed``) draws the same.
"""
import random

from flask import Blueprint, request, url_for

from companion import live, tables
from companion.virgin_queen import check
from companion.scorers.virgin_queen import IMPULSE_ORDER, LAST_TURN, POWERS, checklist, power_name

bp = Blueprint("virgin_queen", __name__, url_prefix="/virgin-queen/<code>")
TURN = ("virgin_queen/turn.html", "virgin_queen/_turn.html")
DRAW = ("virgin_queen/draw.html", "virgin_queen/_draw.html")


def rng() -> random.Random:
    """Where the takes' seeds come from (the operating system's generator; tests may replace it)."""
    return random.SystemRandom()


def context(table, endpoint: str = "virgin_queen.turn") -> dict:
    """What both screens show; ``endpoint`` is the screen the live region refreshes from."""
    p = live.position(table)
    return {"table": table, "p": p, "check": checklist(p["turn"], p["ticked"]), "last_turn": LAST_TURN,
            "due": IMPULSE_ORDER[p["impulse"]["at"]],
            "due_name": power_name(IMPULSE_ORDER[p["impulse"]["at"]]), "powers": [(k, power_name(k)) for k in POWERS],
            "seat": tables.seat(table), "is_host": tables.is_host(table),
            "live_url": url_for(endpoint, code=table.code), **live.undo_context(table)}


def write(table, kind, data, field, screen=TURN):
    page, fragment = screen
    endpoint = "virgin_queen.draw" if screen is DRAW else "virgin_queen.turn"
    return live.write(table, kind, data, page=page, fragment=fragment, field=field,
                      context=lambda t: context(t, endpoint), redirect_to=url_for(endpoint, code=table.code))


@bp.get("/")
def turn(code):
    """The turn checklist: eight phases, every step with its section (VQ-SEQ-1..10)."""
    table = live.load(code)
    return live.render(*TURN, **context(table))


@bp.post("/tick")
def tick(code):
    """Tick a step off (or back on) for the whole table (VQ-SEQ-2)."""
    table = live.load(code)
    key = request.form.get("step", "")
    return write(table, "tick", lambda: check.tick(request.form, None), f"step-{key}")


@bp.post("/impulse")
def impulse(code):
    """The power whose impulse it is plays a card or passes (VQ-SEQ-6, VQ-SEQ-11)."""
    table = live.load(code)
    return write(table, "impulse", lambda: check.impulse(request.form, None), "impulse")


@bp.post("/turn")
def next_turn(code):
    """Advance the turn marker and start the next turn (VQ-SEQ-10, VQ-SEQ-1)."""
    table = live.load(code)
    return write(table, "turn", {"turn": live.position(table)["turn"] + 1}, "turn")


@bp.post("/undo")
def undo(code):
    """Take back the last change, from the checklist (the shared undo; further back: host)."""
    return write(live.load(code), "undo", {}, "undo")


@bp.post("/draw/undo")
def draw_undo(code):
    """The same undo, answered with the take's screen."""
    return write(live.load(code), "undo", {}, "undo", DRAW)


@bp.get("/draw")
def draw(code):
    """The card-or-treasure take (VQ-DRAW-1..3)."""
    table = live.load(code)
    return live.render(*DRAW, **context(table, "virgin_queen.draw"))


@bp.post("/draw")
def draw_post(code):
    table = live.load(code)
    return write(table, "draw", lambda: draw_form(request.form), "draw", DRAW)


def draw_form(form) -> dict:
    """The take's form, with the seed drawn here (VQ-DRAW-1)."""
    return check.draw(dict(form.items(), seed=str(rng().randrange(2**32))), None)
