"""VOTE! screens: set-up, then the round tracker."""
from flask import Blueprint, url_for

from companion import live, tables
from companion.vote import position as vote_position

bp = Blueprint("vote", __name__, url_prefix="/vote/<code>")


def context(table) -> dict:
    p = live.position(table)
    return {"table": table, "p": p, "game": p["game"], "first": vote_position.first(p),
            "seat": tables.seat(table), "is_host": tables.is_host(table),
            "live_url": url_for("vote.table", code=table.code)}


@bp.get("/")
def table(code):
    """The table: set-up until the game starts, then the round."""
    table = live.load(code)
    return live.render("vote/table.html", "vote/_table.html", **context(table))
