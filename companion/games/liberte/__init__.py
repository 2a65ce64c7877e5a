"""Liberté at the table: the game as the companion hosts it (its events, reducer and screens)."""
from companion import api
from companion.table.games import Game
from companion.scorers.liberte import check_json, play_special_json, resolve_json
from companion.scorers.liberte.scenario import GOVERNMENT_TIE
from companion.games.liberte import (check, cli, election, merge, position, profile, results,
                                     views)

GAME = Game(
    name="liberte",
    title="Liberté",
    blueprints=(views.bp, election.bp, profile.bp),
    initial=position.initial,
    apply=position.apply,
    apply_stored=position.apply_stored,
    describe=position.describe,
    endpoint="liberte.board",
    tabs="liberte/_tabs.html",
    min_players=3,
    max_players=6,
    conflicts=merge.conflicts,
    options={"government_tie": GOVERNMENT_TIE},
    check=check.check,
    alert=views.alert,
    over=results.over,
    results=results.results,
    benched=views.benched,
    schema=profile.SCHEMA,
    scripts=("liberte.js",),
    styles=("liberte.css",),
    commands=(cli.liberte,),
    api=(api.blueprint("liberte", {"resolve": resolve_json, "check": check_json,
                                  "special": play_special_json}),),
)
