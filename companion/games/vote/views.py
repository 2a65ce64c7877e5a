"""VOTE! screens: the table page (set-up until the game starts, then the round) and set-up's writes.

Randomness belongs to the web layer: dice rolled on screen and the lot for the first President are
drawn here with the system's generator and stored in the events, so the log replays the same game.
"""
import random

from flask import Blueprint, request, url_for

from companion.table import live, tables
from companion.scorers.rules import RuleError
from companion.scorers.vote.abilities import cancellers
from companion.games.vote import forms, screen
from companion.games.vote import position as vote_position
from companion.games.vote import words
from companion.i18n import gettext as _

bp = Blueprint("vote", __name__, url_prefix="/vote/<code>")
PAGE, FRAGMENT = "vote/table.html", "vote/_table.html"


def rng() -> random.Random:
    """The generator for dice and lots (the operating system's; tests may replace it)."""
    return random.SystemRandom()


def context(table) -> dict:
    """Everything the table page shows, set-up or round."""
    p = live.position(table)
    ctx = {"table": table, "p": p, "game": p["game"], "seat": tables.seat(table),
           "is_host": tables.is_host(table), "live_url": url_for("vote.table", code=table.code),
           "timer": screen.timer_view(p), **live.undo_context(table),
           "ability_names": words.ability_names(), "phase_names": words.phase_names(),
           "party_names": words.party_names(), "first_reasons": words.first_reasons(),
           "winner_reasons": words.winner_reasons(), "out": out_of_the_game(table),
           "signed": words.signed}
    if p["game"] is None:
        ctx.update(screen.setup_view(p))
    else:
        ctx.update(screen.round_view(p), conditions=words.ability_conditions())
        if p["game"].phase in ("unrest", "tiebreak"):  # the seats with a phone: only now (one query)
            ctx["random"] = screen.random_view(p["game"], ctx["seat"], tables.taken_seats(table)
                                               | {ctx["seat"]})
    return ctx


def write(table, kind, data, field):
    """One change from the table page; the answer is the table page (or its fragment).
    A set-up form sent once the game has started has its error shown at the top (a change from
    the phone of a player out of the game is refused by every write: :func:`benched`)."""
    if kind in ("dice", "start") and live.position(table)["game"] is not None:
        field = ""
    return live.write(table, kind, data, SCREEN, field)


SCREEN = live.Screen(PAGE, FRAGMENT, context, lambda table: url_for("vote.table", code=table.code))


def out_of_the_game(table) -> str | None:
    """VOTE-END-4: the seat of this phone when its player has left the game and it is not the
    host's; None when it may act (:func:`benched`)."""
    name = tables.seat(table)
    if not name or tables.is_host(table):
        return None
    return name if benched(live.position(table), name) else None


def benched(position, seat: str) -> RuleError | None:
    """VOTE-END-4 (``Game.benched``): a player out of the game follows it on his phone but no
    longer changes it, undo included; he may still cancel the card that took him out
    (VOTE-ABL-5)."""
    game = position["game"]
    if game is None:
        return None
    player = next((pl for pl in game.players if pl.name == seat), None)
    if player is None or player.in_game or (seat in cancellers(game) and cancelling()):
        return None
    return RuleError(_("%(p)s: out of the game, this phone follows the game but no longer "
                       "changes it (the host still may)", p=seat), "VOTE-END-4")


def cancelling() -> bool:
    """Whether this request is the Cancel of the card just given (VOTE-ABL-5): the one change a
    player that card took out may still make (a page shown, not a write: also True)."""
    if request.method != "POST":
        return True
    return (request.view_args or {}).get("move") == "ability" and \
        request.form.get("ability") == "cancel_event"


@bp.get("/")
def table(code):
    """The table: set-up until the game starts, then the round."""
    table = live.load(code)
    return live.render(PAGE, FRAGMENT, **context(table))


@bp.post("/dice")
def dice(code):
    """One player's two dice, entered or rolled on screen (VOTE-SETUP-4)."""
    table = live.load(code)
    player = request.form.get("player", "")
    field = f"dice-{table.players.index(player)}" if player in table.players else ""
    return write(table, "dice", lambda p: forms.dice(request.form, p["players"], rng()), field)


@bp.post("/roll")
def roll(code):
    """Roll on screen for everybody who has no dice yet (VOTE-SETUP-4)."""
    table = live.load(code)
    return write(table, "dice", lambda p: forms.roll_missing(p["players"], p["dice"], rng()),
                 "roll")


@bp.post("/start")
def start(code):
    """Start: the first President (VOTE-SETUP-5), drawing the lot here when the points tie, or
    with the President the table's own lot picked (``first``)."""
    table = live.load(code)

    def data(p):
        vote_position.seated(p)  # every die entered, or say whose are missing
        picked = request.form.get("first")
        if picked is None:
            return vote_position.start_data(p, vote_position.draw_lot(p, rng()))
        return vote_position.start_data(p, vote_position.own_lot(p, picked))
    return write(table, "start", data, "start")


@bp.post("/options")
def options(code):
    """The table's options: votes in the history shown in full or as totals."""
    table = live.load(code)
    return write(table, "options", {"votes": request.form.get("votes", "")}, "options")


@bp.post("/undo")
def undo(code):
    """Take back the last change from the table page (the shared undo; further back: host)."""
    table = live.load(code)
    return write(table, "undo", {}, "undo")
