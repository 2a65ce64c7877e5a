"""The board profile screen: fleur-de-lis and VP provinces, names, battle VPs; export, import.

Editing needs the host token. A table's profile belongs to that table: a new table starts from
the rulebook's facts only. The host of a table may keep its profile on this host, and the host
of any table may then choose a kept profile for his table; nothing is imposed on another table.

A kept profile belongs to the browser that kept it (``browser_profiles``, under the hash of a
token in its cookie, by name: a name it keeps already is not overwritten): it is listed on the
profile screen of the tables that browser hosts, and no other, and the bound of ``KEPT``
profiles is each browser's, so a stranger fills only his own list; and every save or keep takes
one of its address's writes (guard.write), so a browser that throws its cookie away for a new
list is held back too. The host administrator's
profiles (``profiles``, kept with ``companion liberte profile keep FILE``) are listed to every
table's host (docs/rules/liberte-board.md, "Kept profiles").
"""
import hashlib
import json
import secrets
import zlib

from flask import Blueprint, abort, redirect, request, session, url_for

from companion import jsonin
from companion.table import events, guard, live, tables
from companion.table.db import get_db, transaction
from companion.games.liberte import check, engine, forms
from companion.games.liberte.check import board_profile
from companion.games.liberte.views import base_context
from companion.i18n import gettext as _, ngettext
from companion.scorers.rules import RuleError

bp = Blueprint("liberte_profile", __name__, url_prefix="/liberte/<code>/profile")
# the board profiles the host administrator keeps (listed to every table's host), and the ones a
# browser kept (listed to it alone, under the hash of its keeper token)
SCHEMA = {"profiles": ({"name": str, "data": str, "updated": str}, {"pk": "name"}),
          "browser_profiles": ({"owner": str, "name": str, "data": str, "updated": str},
                               {"pk": ("owner", "name")})}


def context(table) -> dict:
    ctx = base_context(table, url_for("liberte_profile.edit", code=table.code))
    provinces = ctx["profile"]["provinces"].values()
    ctx["profile_name"] = forms.shown_name(ctx["profile"]["name"])
    ctx["marked"] = {"fleur": sum(p["fleur_de_lis"] for p in provinces),
                     "vp": sum(1 for p in provinces if p["vp"]),
                     "hint_fleur": engine.FLEUR_DE_LIS_IN_REVIEWS,
                     "hint_vp": engine.VP_PROVINCES_IN_REVIEWS}
    ctx["form_id"] = form_id(ctx["profile"]["json"])
    ctx["kept"] = kept_names() if ctx["is_host"] else {}
    return ctx


def form_id(data: dict) -> str:
    """The profile form's id, made from the profile: the form a phone is filling in survives
    another phone's change (hx-preserve) unless that change is to the profile itself."""
    return "profile-%08x" % zlib.crc32(json.dumps(data, sort_keys=True).encode())


KEPT = 50  # profiles one browser keeps on this host (the host administrator's list: no bound)
KEEPER = "keeper"  # the session's key for this browser's token, made when it first keeps one
MINE, HOSTS = "mine:", "host:"  # a choice's prefix: this browser's profile, or the host's


def keeper(make: bool = False) -> str | None:
    """The hash of this browser's keeper token (None when it has none and ``make`` is false)."""
    token = session.get(KEEPER)
    if not token and make:
        token = session[KEEPER] = secrets.token_urlsafe(18)
        session.permanent = True
    return hashlib.sha256(token.encode()).hexdigest() if token else None


def kept_names() -> dict[str, list[str]]:
    """The names of the profiles this browser may choose: the ones it kept (``mine``) and the
    host administrator's (``host``)."""
    db = get_db()
    mine = db.execute("SELECT name FROM browser_profiles WHERE owner = ? ORDER BY name",
                      (keeper() or "",))
    return {"mine": [row[0] for row in mine],
            "host": [row[0] for row in db.execute("SELECT name FROM profiles ORDER BY name")]}


def kept(choice: str) -> dict:
    """The kept profile ``choice`` names (``mine:`` or ``host:`` and its name; a bare name is
    this browser's, else the host's); RuleError when there is none."""
    db, owner = get_db(), keeper()
    name = choice.removeprefix(MINE).removeprefix(HOSTS) if choice.startswith((MINE, HOSTS)) \
        else choice
    row = None
    if owner and not choice.startswith(HOSTS):
        row = db.execute("SELECT data FROM browser_profiles WHERE owner = ? AND name = ?",
                         (owner, name)).fetchone()
    if row is None and not choice.startswith(MINE):
        row = db.execute("SELECT data FROM profiles WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise RuleError(_("no profile called %(n)r is kept on this host", n=name[:60]),
                        "docs/rules/liberte-board.md")
    return json.loads(row[0])


def save(table, data):
    """Store the profile as a table event (host only): it changes this table, no other."""
    if not tables.is_host(table):
        abort(403)

    def read(position):  # the profile's reader: liberte.check.board_profile
        check.over(position)  # before the form: LIB-END-2, then LIB-ELEC-9
        check.frozen(position, "profile")
        return check.check(position, "profile", {"map": data() if callable(data) else data})
    return live.write(table, "profile", read, SCREEN, "profile", rationed=True)


SCREEN = live.Screen("liberte/profile.html", "liberte/_profile.html", context,
                     lambda table: url_for("liberte_profile.edit", code=table.code))


def keep(data: dict) -> None:
    """Keep ``data`` for this browser under its name; a name it keeps already with another
    profile is refused, and so is a profile past its ``KEPT``."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    owner, conn = keeper(make=True), get_db()
    with transaction(conn):
        row = conn.execute("SELECT data FROM browser_profiles WHERE owner = ? AND name = ?",
                           (owner, data["name"])).fetchone()
        if row is not None:
            if json.loads(row[0]) != data:
                raise RuleError(_("a different profile called %(n)r is already kept on this "
                                  "host: rename this one first", n=data["name"]),
                                "docs/rules/liberte-board.md")
            return
        if conn.execute("SELECT count(*) FROM browser_profiles WHERE owner = ?",
                        (owner,)).fetchone()[0] >= KEPT:
            raise RuleError(ngettext("this browser keeps %(num)d profile on this host already",
                                     "this browser keeps %(num)d profiles on this host already",
                                     KEPT), "docs/rules/liberte-board.md")
        conn.execute("INSERT INTO browser_profiles (owner, name, data, updated)"
                     " VALUES (?, ?, ?, ?)", (owner, data["name"], text, events.now()))


def keep_for_host(conn, data) -> str:
    """Put a profile (docs/rules/liberte-board.md, checked as an import is) on the host
    administrator's list, which every table's host may choose from; one of the same name is
    replaced. Its name."""
    read = board_profile(data)
    with transaction(conn):
        conn.execute("INSERT OR REPLACE INTO profiles (name, data, updated) VALUES (?, ?, ?)",
                     (read["name"], json.dumps(read, ensure_ascii=False, sort_keys=True),
                      events.now()))
    return read["name"]


@bp.get("/")
def edit(code):
    """The profile form, with the reviews' counts as hints."""
    table = live.load(code)
    return live.render("liberte/profile.html", "liberte/_profile.html", **context(table))


@bp.post("/")
def update(code):
    """Save the profile from the form (host only)."""
    table = live.load(code)
    return save(table, lambda: forms.profile(request.form))


@bp.post("/keep")
def keep_on_host(code):
    """Keep this table's profile on this host, for other tables to choose (host only)."""
    table = live.load(code)
    if not tables.is_host(table):
        abort(403)
    error, status = None, 200
    try:
        guard.write()
        keep(engine.profile(live.position(table).get("map"))["json"])
    except RuleError as err:  # 429 or 507 for a guard.Refused
        error = {"field": "keep", "message": err.message, "rule": err.rule}
        status = getattr(err, "status", 422)
    else:
        if not live.is_fragment():
            return redirect(url_for("liberte_profile.edit", code=table.code), 303)
    return live.render("liberte/profile.html", "liberte/_profile.html", status, error=error,
                       **context(table))


@bp.post("/use")
def use_kept(code):
    """This table takes a profile kept on this host (host only)."""
    table = live.load(code)
    return save(table, lambda: kept(request.form.get("name", "")))


@bp.get("/profile.json")
def export(code):
    """The profile as a JSON file (docs/rules/liberte-board.md)."""
    table = live.load(code)
    body = json.dumps(engine.profile(live.position(table).get("map"))["json"],
                      ensure_ascii=False, indent=1)
    return body, 200, {"Content-Type": "application/json; charset=utf-8",
                       "Content-Disposition": "attachment; filename=liberte-profile.json"}


@bp.post("/import")
def import_(code):
    """Replace the profile with an uploaded JSON file (host only)."""
    table = live.load(code)

    def read():
        upload = request.files.get("file")
        if not upload or not upload.filename:
            raise RuleError(_("choose a profile file (JSON)"), "docs/rules/liberte-board.md")
        return jsonin.loads(upload.read(200_000), "docs/rules/liberte-board.md")
    return save(table, read)
