"""Liberté at the table: the game as the companion hosts it (its events, reducer and screens)."""
from companion.games import Game
from companion.liberte import election, merge, position, profile, views


def prepare(setup: dict) -> dict:
    """A new table starts from the board profile this host saved last."""
    saved = profile.saved()
    return dict(setup, map=saved) if saved else setup


GAME = Game(
    name="liberte",
    title="Liberté",
    blueprints=(views.bp, election.bp, profile.bp),
    initial=position.initial,
    apply=position.apply,
    describe=position.describe,
    endpoint="liberte.board",
    min_players=3,
    max_players=6,
    prepare=prepare,
    conflicts=merge.conflicts,
)
