"""Tiles' position: the players and the board, each square's tile with its player and height."""
from companion.table import games
from companion.table.caches import fact


class Position(games.Position):
    """A Tiles table's position, a ``dict`` (``players``, ``board``) as every game's is, so its
    template reads ``p.board`` and its table file stores it as JSON. It never changes once
    built (companion.table.games.Position); its one fact, each player's laid height, is
    computed once per version, when its board first shows it."""

    __slots__ = ()

    @fact
    def heights(self) -> dict:
        """Each player's tiles' heights added up (the board's score line)."""
        found = {name: 0 for name in self["players"]}
        for tile in self["board"].values():
            found[tile["player"]] += tile["height"]
        return found


def initial(setup) -> Position:
    return Position({"players": list(setup["players"]), "board": {}})


def apply(position, event) -> Position:
    """The tile laid on its square (a tile laid there before is replaced)."""
    data = event["data"]
    return Position(position, board={**position["board"], data["square"]: {
        "player": data["player"], "height": data["height"]}})
