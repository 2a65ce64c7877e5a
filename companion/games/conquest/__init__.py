"""The conquest helper for the 18th-century great-power game (rules 15–16): a page, not a table.

Its four tools (the conquest roll, ceded provinces, surrender, the resources track) answer a
question about one moment of the game from what the form says; nothing in them is shared between
phones or needs undoing, so they keep no event log. The resources track travels in the form: each
answer fills the form with the new track, so the next conquest starts from it.
"""
from flask_babel import lazy_gettext as _l

from companion.games.conquest.cli import conquest_group
from companion.games.conquest.views import bp
from companion.table.games import Helper

GAME = Helper(
    name="conquest",
    title=_l("Conquest and surrender"),
    blueprints=(bp,),
    endpoint="conquest.page",
    blurb=_l("The 18th-century great-power game, rules 15–16: the conquest roll, ceded provinces,"
             " surrender, resources."),
    commands=(conquest_group,),
)
