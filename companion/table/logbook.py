"""The table's log as users see it: history, undo, reset, delete, export and import."""
import json

from flask import Blueprint, abort, redirect, render_template, request, url_for

from companion import jsonin
from companion.forms import address_number
from companion.i18n import gettext as _
from companion.table import events, games, guard, live, rooms, tables
from companion.table.db import get_db
from companion.scorers.rules import RuleError

bp = Blueprint("logbook", __name__)
MAX_IMPORT = 2_000_000


def host_only(table) -> None:
    """403 unless this browser holds the host token."""
    if not tables.is_host(table):
        abort(403)


@bp.get("/t/<code>/history")
def history(code):
    """Every change in order, the ones taken back by an undo marked."""
    table = live.load(code)
    log = events.load(get_db(), table.id)
    kept = {id(e) for e in events.in_effect(log)}
    game = games.get(table.game)
    rows = [dict(e, text=text, lead=live.lead(e["seat"], text),
                 undone=e["kind"] not in ("undo", *events.ASIDE) and id(e) not in kept)
            for e in reversed(log) for text in [live.describe(game, e)]]
    return live.render("tables/history.html", "tables/_history.html", table=table, rows=rows,
                       live_url=url_for("logbook.history", code=table.code),
                       alert=game.alert(table), game_tabs=game.tabs)


ROOM = live.Screen("tables/room.html", "tables/_room.html", lambda table: rooms.room_context(table),
                   lambda table: url_for("tables.room", code=table.code))


def _room_write(code, kind, host=False):
    table = live.load(code)
    if host:
        host_only(table)
    return live.write(table, kind, {}, ROOM, field=kind)


@bp.post("/t/<code>/undo")
def undo(code):
    """Take back the last change (further back: host only); from a change's toast, that change."""
    if request.form.get("of") and live.is_fragment():
        return toast_undo(live.load(code))
    return _room_write(code, "undo")


def toast_undo(table):
    """The Undo in the toast of the phone that made a change (``of``: the version that change
    made): taken back only while it is still the table's last change, so an Undo tapped late
    never takes back another phone's change. The answer is the toast; the page refreshes."""
    game = games.get(table.game)
    try:
        seat = live.seated(table)
        version = address_number(request.form, "of", 1, events.MAX_VERSION)
        if version is None:
            raise ValueError(request.form["of"])
        undone = events.load(get_db(), table.id, after=version - 1, upto=version)
        events.append(get_db(), table, game, "undo", {}, base=version, seat=seat,
                      host=tables.is_host(table))
    except RuleError as err:  # first: a RuleError is a ValueError too (a seat out of the game)
        said, cls = err.message, "error"
    except (KeyError, ValueError, events.StaleWrite):
        said, cls = _("Not undone: the table changed after this change (see History)."), "error"
    else:
        said, cls = _("Undone: %(change)s", change=live.describe(game, undone[0])), "notice"
    return (render_template("_toast.html", said=said, cls=cls), 200,
            {"HX-Trigger": "table-changed"})


@bp.post("/t/<code>/reset")
def reset(code):
    """Back to the table's setup (host only; undoable)."""
    return _room_write(code, "reset", host=True)


@bp.get("/t/<code>/delete")
def confirm_delete(code):
    """Ask the host before deleting: one mis-tap on the room page must not destroy a game."""
    table = live.load(code)
    host_only(table)
    return render_template("tables/delete.html", table=table)


@bp.post("/t/<code>/delete")
def delete(code):
    """Delete the table and its log (host only) once the question was answered with its code;
    a request without it deletes nothing and asks."""
    table = live.load(code)
    host_only(table)
    if request.form.get("confirm") != table.code:
        error = {"message": _("Nothing was deleted: confirm with the Delete button below."),
                 "rule": "TABLE-HOST"}
        return render_template("tables/delete.html", table=table, error=error), 422
    tables.delete(table)
    return redirect(url_for("tables.index"), 303)


@bp.get("/t/<code>/claim/<token>")
def claim(code, token):
    """The host link: makes this browser a host too (for moving to another device)."""
    table = live.load(code)
    if not tables.claim_host(table, token):
        abort(404)
    return redirect(url_for("tables.room", code=table.code), 303)


@bp.get("/t/<code>/export.json")
def export(code):
    """The whole table (setup and log) as a JSON file."""
    table = live.load(code)
    body = json.dumps(tables.export(table), ensure_ascii=False, indent=1)
    return body, 200, {"Content-Type": "application/json; charset=utf-8",
                       "Content-Disposition": f"attachment; filename=table-{table.code}.json"}


NEW_TABLES = ("tables.create", "logbook.import_table")


def out_of_ration():
    """Before anything reads the body (the CSRF check parses the form, a file of 2 MB): a new
    table or an import from an address out of its ration is refused at once (429,
    HOST-TABLES), one indexed read, and told when to try again (``Retry-After``: the server's
    front refuses it until then without asking Flask, companion.server.door). Run before
    every request (create_app registers it ahead of the CSRF check); the views take the ration
    itself (tables.admit)."""
    if request.method != "POST" or request.endpoint not in NEW_TABLES:
        return None
    conn = get_db()
    if guard.new_tables().allowed(conn, guard.client()):
        return None
    err = tables.out_of_tables(conn)
    said = {"message": err.message, "rule": err.rule}
    importing = request.endpoint == "logbook.import_table"
    return render_template("tables/index.html", games=games.all_games(), form={},
                           error=None if importing else said,
                           import_error=said if importing else None), err.status, {
        "Retry-After": str(err.retry)}  # the front refuses this address itself until then


@bp.post("/tables/import")
def import_table():
    """A new table from an exported file; the importer becomes its host. The address's ration
    is taken before the file is read (tables.admit)."""
    try:
        tables.admit()
        upload = request.files.get("file")
        raw = upload.read(MAX_IMPORT + 1) if upload else b""
        if not raw or len(raw) > MAX_IMPORT:
            raise RuleError(_("choose a table file (JSON, at most 2 MB)"), "TABLE-IMPORT")
        table = tables.import_(jsonin.loads(raw, "TABLE-IMPORT"), admitted=True)
    except RuleError as err:
        return render_template("tables/index.html", games=games.all_games(), form={},
                               import_error={"message": err.message, "rule": err.rule},
                               error=None), getattr(err, "status", 422)  # tables.Refused
    return redirect(url_for("tables.room", code=table.code), 303)
