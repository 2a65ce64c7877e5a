"""Tiles' one screen: the board, and a form to lay a tile."""
from flask import Blueprint, request, url_for

from companion.table import live

bp = Blueprint("tiles", __name__, url_prefix="/tiles/<code>")
SCREEN = live.Screen("tiles/board.html", "tiles/_board.html",
                     lambda table: {"table": table, "p": live.position(table),
                                    "live_url": url_for("tiles.board", code=table.code),
                                    **live.undo_context(table)},
                     lambda table: url_for("tiles.board", code=table.code))


@bp.get("/")
def board(code):
    table = live.load(code)
    return live.render(SCREEN.page, SCREEN.fragment, **SCREEN.context(table))


@bp.post("/")
def tile(code):
    """Lay a tile (TILES-1): the form is read by the game's reader, as an imported tile is."""
    from companion.games.tiles import read
    table = live.load(code)
    return live.write(table, "tile", lambda position: read(request.form, position), SCREEN,
                      field="square")
