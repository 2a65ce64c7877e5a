"""The Virgin Queen at the table: the turn checklist and the card-or-treasure take.

A table game, not a helper page: the checklist is shared by every phone at the table (one tick is
one event in the log, undone like any other change, and the others see it within a second), and so
is the take, whose seed is stored in its event so that the log says what was drawn and replays it.
"""
from companion.table.games import Game, by_scope
from companion.games.virgin_queen import check, cli, position, views

GAME = Game(
    name="virgin_queen",
    title="The Virgin Queen",
    blueprints=(views.bp,),
    initial=position.initial,
    apply=position.apply,
    describe=position.describe,
    endpoint="virgin_queen.turn",
    tabs="virgin_queen/_tabs.html",
    min_players=2,
    max_players=6,
    conflicts=by_scope(position.SCOPES),
    check=check.check,
    commands=(cli.virgin_queen,),
)
