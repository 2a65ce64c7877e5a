"""The history of governments and votes: per vote, the round, President, candidate, tally, result.

Who voted what is shown only when the table's option says "in full"; "totals" shows the counts.
"""
from flask import Blueprint, request, url_for

from companion.table import live, tables
from companion.games.vote import screen

bp = Blueprint("vote_history", __name__, url_prefix="/vote/<code>/history")
PAGE, FRAGMENT = "vote/history.html", "vote/_history.html"


def context(table) -> dict:
    p = live.position(table)
    return {"table": table, "p": p, "rows": screen.history_rows(p),
            "full": p["options"]["votes"] == "full", "seat": tables.seat(table),
            "live_url": url_for("vote_history.governments", code=table.code)}


@bp.get("/")
def governments(code):
    """Every vote of the game, newest first."""
    table = live.load(code)
    return live.render(PAGE, FRAGMENT, **context(table))


@bp.post("/options")
def options(code):
    """Show the votes in full or as totals (a per-table option, stored as an event)."""
    table = live.load(code)
    return live.write(table, "options", {"votes": request.form.get("votes", "")}, SCREEN,
                      "options")


SCREEN = live.Screen(PAGE, FRAGMENT, context,
                     lambda table: url_for("vote_history.governments", code=table.code))
