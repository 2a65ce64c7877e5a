"""The round tracker's writes: every move of a round is one engine event, and the timer.

A move is read once from its form (``forms``, by ``vote.check.move``, the reader that reads an
imported move too) on the game it is applied to, checked by the engine and stored as a ``play``
event with a ``note`` for the history (who was President, the engine's tally …).
A refused move answers 422 with the engine's message beside the form it came from, or at the
top of the page when that form is not on the screen now (a move out of phase).
"""
from flask import Blueprint, abort, request

from companion.table import live
from companion.scorers.vote import engine
from companion.games.vote import check, forms, screen, timer as table_timer
from companion.games.vote.views import write

bp = Blueprint("vote_round", __name__, url_prefix="/vote/<code>")

READERS = {
    "nominate": forms.nominate, "vote": forms.vote, "give": forms.give,
    "ability": forms.ability, "eliminate": forms.eliminate, "party_won": forms.party_won,
    "end_round": forms.end_round,
    "unrest": lambda form, p: forms.unrest(form, p["players"], expected_players(p, "unrest")),
    "tiebreak": lambda form, p: forms.tiebreak(form, p["players"], expected_players(p, "tiebreak")),
    "random_card": forms.random_card,
}


def expected_players(p: dict, kind: str) -> list[str]:
    """Whom the engine expects a card for (unrest: who holds cards; tiebreak: the last two)."""
    for action in engine.legal_actions(p["game"]):
        if action["type"] == kind:
            return action["players"]
    return []


def shown(p: dict) -> set[str]:
    """The moves whose forms are on the round screen now (their errors are shown beside them)."""
    if p["game"] is None:
        return set()
    view = screen.round_view(p)
    moves = {view["expected"]["type"]} if view["expected"] else set()
    if moves & {"unrest", "tiebreak"}:
        moves.add("random_card")  # each card on its own (VOTE-GOV-6), beside the same pad
    if view["abilities"]:
        moves.add("ability")
    if view["party_won"]:
        moves.add("party_won")
    if view["r"]["phase"] != "over":
        moves.add("eliminate")
    return moves


@bp.post("/play/<move>")
def play(code, move):
    """One move of the round: nominate, vote, give, ability, unrest, end_round, …"""
    table = live.load(code)
    if move not in READERS:
        abort(404)
    field = move if move in shown(live.position(table)) else ""
    if field == "vote" and request.form.get("mode") == "counts":
        field = "vote-counts"  # shown in the counts sheet, which then stays open
    return write(table, "play", lambda p: check.move(p, move, request.form), field)


@bp.post("/timer")
def timer(code):
    """The discussion timer: start, pause, resume, extend, stop (the server's clock)."""
    table = live.load(code)

    return write(table, "timer", lambda p: table_timer.read(request.form,
                                                            round(table_timer.now(), 3)), "timer")
