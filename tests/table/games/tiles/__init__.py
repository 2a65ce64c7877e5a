"""Tiles: the table core's own game for its tests (tests/table/conftest.py registers it).

Each player lays a tile of a height from 1 to 3 on a numbered square; a square holds one tile,
laid again to change it. Two phones laying tiles on different squares do not conflict
(``by_scope``); a reset and an undo are the table core's. Nothing of Liberté or VOTE!: what the
table core does, it does for any game."""
from companion.forms import fields
from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence
from companion.table.games import Game, by_scope
from companion.games.tiles import views
from companion.games.tiles.position import apply as laid, initial

RULE = "TILES-1"
SCOPES = {"tile": lambda data: data["square"]}


def apply(position, event):
    if event["kind"] != "tile":
        raise RuleError(sentence("unknown Tiles event %(k)r", k=event["kind"]), "docs/formats.md")
    return laid(position, event)


def refused(message, field) -> RuleError:
    err = RuleError(sentence(message), RULE)
    err.field = field
    return err


def read(form, position):
    """A tile's form: a square from 1 to 9, a player of the table, a height from 1 to 3."""
    square, player, height = form.get("square", ""), form.get("player", ""), form.get("height", "")
    if not square.isdigit() or not 1 <= int(square) <= 9:
        raise refused("a square is numbered from 1 to 9", "square")
    if player not in position["players"]:
        raise refused("a tile is laid by a player of the table", "player")
    if not height.isdigit() or not 1 <= int(height) <= 3:
        raise refused("a tile is 1 to 3 high", "height")
    return {"square": square, "player": player, "height": int(height)}


def check(position, kind, data):
    if kind != "tile" or not isinstance(data, dict):
        raise RuleError(sentence("unknown Tiles event %(k)r", k=str(kind)[:40]), "docs/formats.md")
    return read(fields("docs/formats.md", **{k: data.get(k) for k in ("square", "player", "height")}),
                position)


GAME = Game(name="tiles", title="Tiles", blueprints=(views.bp,), initial=initial, apply=apply,
            describe=lambda e: sentence("%(p)s laid a tile on square %(s)s", p=e["data"]["player"],
                                        s=e["data"]["square"]),
            endpoint="tiles.board", check=check, conflicts=by_scope(SCOPES), languages=("en",))
