"""The games, one folder each (docs/adding-a-game.md). The line below is the registry:
each name is a package of this folder that gives its ``GAME`` (a table's game, or a
helper page), in the start page's order."""
GAMES = ("liberte", "vote", "virgin_queen", "conquest")
