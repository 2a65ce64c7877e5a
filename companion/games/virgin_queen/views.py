"""The Virgin Queen's screens: the turn checklist (with the impulses) and the card-or-treasure take.

The take's randomness belongs to the web layer: a seed drawn here with the system's generator is
stored in the ``draw`` event, and the engine draws with ``random.Random(seed)``, so the log says
what was drawn and the CLI (``--seed``) draws the same.
"""
import random

from flask import Blueprint, request, url_for

from companion.table import live, tables
from companion.games.virgin_queen import check
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


def screen(endpoint: str, templates: tuple) -> live.Screen:
    """One of the two screens a write answers with; ``endpoint`` is its own page."""
    return live.Screen(*templates, lambda table: context(table, endpoint),
                       lambda table: url_for(endpoint, code=table.code))


TURN_SCREEN, DRAW_SCREEN = screen("virgin_queen.turn", TURN), screen("virgin_queen.draw", DRAW)


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
    return live.write(table, "tick", lambda p: check.tick(request.form, p), TURN_SCREEN,
                      f"step-{key}")


@bp.post("/impulse")
def impulse(code):
    """The power whose impulse it is plays a card or passes (VQ-SEQ-6, VQ-SEQ-11)."""
    table = live.load(code)
    return live.write(table, "impulse", lambda p: check.impulse(request.form, p), TURN_SCREEN,
                      "impulse")


@bp.post("/turn")
def next_turn(code):
    """Advance the turn marker and start the next turn (VQ-SEQ-10, VQ-SEQ-1)."""
    table = live.load(code)
    return live.write(table, "turn", {"turn": live.position(table)["turn"] + 1}, TURN_SCREEN,
                      "turn")


@bp.post("/undo")
def undo(code):
    """Take back the last change, from the checklist (the shared undo; further back: host)."""
    return live.write(live.load(code), "undo", {}, TURN_SCREEN, "undo")


@bp.post("/draw/undo")
def draw_undo(code):
    """The same undo, answered with the take's screen."""
    return live.write(live.load(code), "undo", {}, DRAW_SCREEN, "undo")


@bp.get("/draw")
def draw(code):
    """The card-or-treasure take (VQ-DRAW-1..3)."""
    table = live.load(code)
    return live.render(*DRAW, **context(table, "virgin_queen.draw"))


@bp.post("/draw")
def draw_post(code):
    table = live.load(code)
    return live.write(table, "draw", lambda p: draw_form(request.form, p), DRAW_SCREEN, "draw")


def draw_form(form, position) -> dict:
    """The take's form, with the seed drawn here (VQ-DRAW-1)."""
    return check.draw(dict(form.items(), seed=str(rng().randrange(2**32))), position)
