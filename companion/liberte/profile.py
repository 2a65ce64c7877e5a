"""The board profile screen: fleur-de-lis and VP provinces, names, battle VPs; export, import.

Editing needs the host token. A saved profile is also kept in this host's ``profiles`` table,
so the next table created here starts from it.
"""
import json
import zlib

from flask import Blueprint, abort, request, url_for
from flask_babel import gettext as _

from companion import events, jsonin, live, tables
from companion.db import get_db
from companion.liberte import engine, forms
from companion.liberte.views import base_context
from companion.scorers.rules import RuleError

bp = Blueprint("liberte_profile", __name__, url_prefix="/liberte/<code>/profile")
SAVED = "liberte"


def context(table) -> dict:
    ctx = base_context(table, url_for("liberte_profile.edit", code=table.code))
    provinces = ctx["profile"]["provinces"].values()
    ctx["profile_name"] = forms.shown_name(ctx["profile"]["name"])
    ctx["marked"] = {"fleur": sum(p["fleur_de_lis"] for p in provinces),
                     "vp": sum(1 for p in provinces if p["vp"]),
                     "hint_fleur": engine.FLEUR_DE_LIS_IN_REVIEWS,
                     "hint_vp": engine.VP_PROVINCES_IN_REVIEWS}
    ctx["form_id"] = form_id(ctx["profile"]["json"])
    return ctx


def form_id(data: dict) -> str:
    """The profile form's id, made from the profile: the form a phone is filling in survives
    another phone's change (hx-preserve) unless that change is to the profile itself."""
    return "profile-%08x" % zlib.crc32(json.dumps(data, sort_keys=True).encode())


def saved() -> dict | None:
    """The profile this host saved last (new Liberté tables start from it)."""
    row = get_db().execute("SELECT data FROM profiles WHERE name = ?", (SAVED,)).fetchone()
    return json.loads(row[0]) if row else None


def save(table, data: dict):
    """Store the profile as a table event (host only) and keep it for this host's next tables."""
    if not tables.is_host(table):
        abort(403)

    def checked():
        return {"map": engine.profile(data() if callable(data) else data)["json"]}
    response = live.write(table, "profile", checked, page="liberte/profile.html",
                          fragment="liberte/_profile.html", context=context, field="profile",
                          redirect_to=url_for("liberte_profile.edit", code=table.code))
    if response_ok(response):
        remember(live.position(table)["map"])
    return response


def remember(data: dict) -> None:
    """Keep ``data`` as this host's profile: the next table created here starts from it."""
    get_db().execute("INSERT OR REPLACE INTO profiles (name, data, updated) VALUES (?, ?, ?)",
                     (SAVED, json.dumps(data, ensure_ascii=False), events.now()))


def response_ok(response) -> bool:
    status = response[1] if isinstance(response, tuple) else response.status_code
    return status < 400


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


@bp.get("/profile.json")
def export(code):
    """The profile as a JSON file (liberte-board.md)."""
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
            raise RuleError(_("choose a profile file (JSON)"), "liberte-board.md")
        return jsonin.loads(upload.read(200_000), "liberte-board.md")
    return save(table, read)
