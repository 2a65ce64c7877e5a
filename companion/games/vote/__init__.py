"""VOTE! at the table: the game as the companion moderates it (its events, reducer and screens)."""
from companion import api
from companion.table.games import Game, by_scope
from companion.scorers.vote import replay
from companion.games.vote import (check, cli, history, night, night_progress, position, results,
                                  rounds, views, words)

GAME = Game(
    name="vote",
    title="VOTE!",
    blueprints=(views.bp, rounds.bp, history.bp, night.bp),
    initial=position.initial,
    apply=position.apply,
    describe=words.describe,
    endpoint="vote.table",
    tabs="vote/_tabs.html",
    min_players=5,
    max_players=10,
    conflicts=by_scope(position.SCOPES),
    options={"votes": position.VOTES_SHOWN},
    check=check.check,
    benched=views.benched,
    over=results.over,
    results=results.results,
    again=lambda host: "vote_night.night" if host else "vote_night.captions",
    styles=("night.css",),
    schema=night_progress.SCHEMA,
    per_table=tuple(night_progress.SCHEMA),
    commands=(cli.vote,),
    api=(api.blueprint("vote", {"replay": replay}),),
)
