"""The end of a game: the results page, the play for BG Stats, and "Play again".

A game says how it ended (``Game.over``, ``Game.results``); these pages show it on every phone.
"Play again" makes a new table from the old one's players and seats in one tap of the host;
the old one gets its ``finished`` event (events.finish), which every phone of it is told like
any change: its page asks for its live block and is sent on to :func:`follow`, which seats the
phone at the same player of the new table (live.follow_next). The old table stays readable,
and nothing is changed on it, until its host deletes it.
"""
import json
from datetime import datetime, timedelta, timezone

from flask import Blueprint, abort, redirect, render_template, request, session, url_for

from companion.scorers.rules import RuleError
from companion.table import events, games, live, results as shared, tables
from companion.table.db import get_db

bp = Blueprint("ending", __name__)
EVENING = timedelta(hours=18)  # the host's start page lists the tables it made this long ago


def ended(table):
    """How the table's game ended (a ``Results``), or None while it goes on."""
    game = games.get(table.game)
    position = live.position(table)
    if not game.over(position):
        return None
    log = events.in_effect(events.load(get_db(), table.id))
    return game.results(table.setup, position, log)


def state(table) -> dict | None:
    """What a table's pages say at their top about its end (``_macros.live_open``): the results'
    address once the game has ended, and the next table's code once the host started it."""
    following = events.next_table(get_db(), table, games.get(table.game))
    if not following and not games.get(table.game).over(live.position(table)):
        return None
    return {"results": url_for("ending.results", code=table.code), "next": following,
            "follow": url_for("ending.follow", code=table.code)}


def play_of(table, found) -> dict:
    log = events.in_effect(events.load(get_db(), table.id))
    return shared.play(table, games.get(table.game).title, found, log)


@bp.get("/t/<code>/results")
def results(code):
    """The results: the winners and why, the standings, the charts, BG Stats, Play again."""
    table = live.load(code)
    found = ended(table)
    if found is None:
        return redirect(url_for("tables.join", code=table.code), 303)
    return live.render("tables/results.html", "tables/_results.html", **context(table, found))


def context(table, found, **more) -> dict:
    """What the results page shows of ``found`` (the game's Results)."""
    return {"table": table, "found": found, "bgstats": shared.link(play_of(table, found)),
            "charts": [(chart, shared.chart_geometry(chart)) for chart in found.charts],
            "is_host": tables.is_host(table), "error": None, "players": None,
            "next_code": events.next_table(get_db(), table, games.get(table.game)),
            "live_url": url_for("ending.results", code=table.code),
            "game_tabs": games.get(table.game).tabs, **more}


@bp.get("/t/<code>/play.json")
def play_json(code):
    """The play as BG Stats imports it (docs/formats.md); 404 while the game goes on."""
    table = live.load(code)
    found = ended(table)
    if found is None:
        abort(404)
    body = json.dumps(play_of(table, found), ensure_ascii=False, indent=1)
    return body, 200, {"Content-Type": "application/json; charset=utf-8"}


@bp.post("/t/<code>/again")
def again(code):
    """Play again (host only): a new table with the players of the form (the old table's, in
    seat order, unless the host changed them), its language, options and forms of address; the
    old table is finished and its phones follow. The host keeps its seat."""
    table = live.load(code)
    if not tables.is_host(table):
        abort(403)
    found = ended(table)
    if found is None or events.next_table(get_db(), table, games.get(table.game)):
        return redirect(url_for("ending.results", code=table.code) if found else
                        url_for("tables.join", code=table.code), 303)
    players = request.form.get("players", "\n".join(table.players)).splitlines()
    try:
        new = tables.create(table.game, players, table.language, table.title,
                            table.setup.get("options"), genders=live.people(table))
        events.finish(get_db(), table, new.code, tables.seat(table) or None)
    except RuleError as err:  # the players the host changed: the refusal under their field
        error = {"message": err.message, "rule": err.rule}
        return render_template("tables/results.html", **context(
            table, found, players="\n".join(players), error=error)), getattr(err, "status", 422)
    return redirect(url_for("ending.follow", code=table.code), 303)


@bp.get("/t/<code>/next")
def follow(code):
    """A phone of a finished table goes to the next one: to the same player's seat when he
    plays it, else to its seat picker; the new game's first page (``Game.again``), the host's
    or the others'."""
    table = live.load(code)
    following = events.next_table(get_db(), table, games.get(table.game))
    new = tables.find(following) if following else None
    if new is None:
        return redirect(url_for("ending.results", code=table.code), 303)
    seat = tables.seat(table)
    if seat is None or (seat and seat not in new.players):
        return redirect(url_for("tables.join", code=new.code, pick=1), 303)
    if tables.seat(new) is None:
        tables.take_seat(new, seat)
    game = games.get(new.game)
    return redirect(url_for(game.again(tables.is_host(new)) or game.endpoint, code=new.code), 303)


def evening() -> list[dict]:
    """The tables this browser hosts, made in the last ``EVENING``, newest first: each with its
    game, its winners once it has ended and the table started from it."""
    codes = list(session.get("hosts", {}))
    if not codes:
        return []
    since = (datetime.now(timezone.utc) - EVENING).isoformat(timespec="seconds")
    marks = ",".join("?" * len(codes))
    rows = get_db().execute(f"SELECT code FROM tables WHERE code IN ({marks}) AND created >= ?"
                            " ORDER BY id DESC", (*codes, since)).fetchall()
    found = []
    for row in rows:
        table = tables.find(row["code"])
        if table is None or not tables.is_host(table):
            continue
        game, position = games.get(table.game), live.position(table)
        # the winners only: without the log, a game's results skip the charts it would fold
        over = game.results(table.setup, position, []) if game.over(position) else None
        found.append({"table": table, "game": game.title,
                      "winners": over.winners if over else None,
                      "title": over.title if over else None,
                      "next": events.next_table(get_db(), table, games.get(table.game))})
    return found
