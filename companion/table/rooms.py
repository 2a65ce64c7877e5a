"""Rooms: the start page, creating a table, joining it by code or QR, seats, and the news."""
from urllib.parse import urlsplit

from flask import (Blueprint, Response, abort, current_app, redirect, render_template,
                   request, url_for)
from markupsafe import Markup

from companion import qr
from companion.i18n import LANGUAGES, gettext as _
from companion.server import push
from companion.server.lan import is_loopback
from companion.table import events as log
from companion.table import games, live, tables
from companion.table.db import get_db
from companion.scorers.rules import RuleError

bp = Blueprint("tables", __name__)


def join_url(table) -> str:
    """The link the QR code carries: from :func:`public_base`."""
    return public_base().rstrip("/") + url_for("tables.join", code=table.code)


def public_base() -> str:
    """Where the phones reach this host: ``PUBLIC_URL`` when the host set it; else the address
    this request came to, which behind a trusted proxy (``PROXY_HOPS``) is the proxy's host and
    scheme (security.init_app); but a page asked at a loopback address (the host's laptop at
    localhost) gets the LAN address ``companion serve`` found (``LAN_URL``), which a phone
    can open."""
    config = current_app.config
    if config.get("PUBLIC_URL"):
        return config["PUBLIC_URL"]
    if config.get("LAN_URL") and is_loopback(urlsplit(request.host_url).hostname or ""):
        return config["LAN_URL"]
    return request.host_url


def game_page(table) -> str:
    return url_for(games.get(table.game).endpoint, code=table.code)


@bp.get("/")
def index():
    """The start page: create a table, join one by code, import a table file."""
    return render_template("tables/index.html", games=games.all_games(), form={}, error=None)


@bp.post("/tables")
def create():
    """Create a table from the form; its creator becomes the host."""
    form = request.form
    try:
        if form.get("game") not in {g.name for g in games.all_games()}:
            raise RuleError(_("choose a game"), "TABLE-GAME")
        language = form.get("language") if form.get("language") in LANGUAGES else "en"
        options = {k[7:]: v for k, v in form.items() if k.startswith("option-")}
        table = tables.create(form["game"], form.get("players", "").splitlines(), language,
                              form.get("title", ""), options)
    except RuleError as err:
        return render_template("tables/index.html", games=games.all_games(), form=form,
                               error={"message": err.message, "rule": err.rule}), \
            getattr(err, "status", 422)  # 429 or 507: tables.Refused
    return redirect(url_for("tables.room", code=table.code), 303)


@bp.post("/join")
def join_by_code():
    """The join-by-code form: go to that table's join page."""
    code = "".join(ch for ch in request.form.get("code", "") if ch.isalnum())[:8].upper()
    return redirect(url_for("tables.join", code=code or "-"), 303)


@bp.get("/t/<code>")
def join(code):
    """The join link: a seated phone goes back to its seat, a new one picks a seat."""
    table = live.load(code)
    if tables.seat(table) is not None and "pick" not in request.args:
        return redirect(game_page(table), 303)
    return render_template("tables/join.html", table=table, error=None,
                           taken=tables.taken_seats(table), may_sit=tables.may_sit(table),
                           genders=live.people(table))


@bp.post("/t/<code>/seat")
def seat(code):
    """Sit this phone as a player (or as a watcher) and go to the game; a seat another phone
    has taken is taken only once this phone says so (``confirm``)."""
    table = live.load(code)
    gender, _sep, named = request.form.get("seat_as", "").partition(":")
    player = named or request.form.get("player", "")
    taken = tables.taken_seats(table)
    if player in taken and request.form.get("confirm") != player:
        return render_template("tables/join.html", table=table, error=None, taken=taken,
                               confirm=player, may_sit=tables.may_sit(table),
                               genders=live.people(table), confirm_as=request.form.get("seat_as"))
    try:
        tables.take_seat(table, player)
        if named and live.people(table).get(player, "") != gender:
            log.append(get_db(), table, games.get(table.game), log.ADDRESS,
                       {"player": player, "gender": gender}, base=table.version, seat=player)
    except RuleError as err:
        return render_template("tables/join.html", table=table, error=err, taken=taken,
                               may_sit=tables.may_sit(table), genders=live.people(table)), \
            getattr(err, "status", 422)
    return redirect(game_page(table), 303)


@bp.post("/t/<code>/address")
def address(code):
    """Set a player's form of address (she, he, not said), which the sentences agree with: any
    phone that may change the table, in one tap; never undone with the moves (log.ADDRESS)."""
    table = live.load(code)
    data = {"player": request.form.get("player", ""), "gender": request.form.get("gender", "")}
    return live.write(table, log.ADDRESS, data, ADDRESSES, field="address", part=ADDRESS_PART)


def addresses_context(table) -> dict:
    """What the forms of address show: each player's, and whether this phone may change them."""
    return {"table": table, "genders": live.people(table), "may_write": live.may_write(table),
            "seat": tables.seat(table)}


def _addresses(table, error) -> Markup:
    return Markup(render_template("tables/_address.html", error=error, **addresses_context(table)))


ADDRESSES = live.Screen("tables/room.html", "tables/_room.html", lambda table: room_context(table),
                        lambda table: url_for("tables.room", code=table.code))
ADDRESS_PART = live.Part(_addresses)


@bp.post("/t/<code>/seating")
def seating(code):
    """Close seating (a browser without a seat may only watch) or open it again: host only."""
    table = live.load(code)
    if not tables.is_host(table):
        abort(403)
    tables.close_seating(table, request.form.get("closed") == "1")
    return redirect(url_for("tables.room", code=table.code), 303)


@bp.get("/t/<code>/room")
def room(code):
    """The host screen: QR code, join link, seats, history, undo, export; host tools."""
    table = live.load(code)
    return live.render("tables/room.html", "tables/_room.html", **room_context(table))


def room_context(table) -> dict:
    return {"table": table, "join_url": join_url(table), "is_host": tables.is_host(table),
            "host_token": tables.host_token(table), "seat": tables.seat(table),
            "live_url": url_for("tables.room", code=table.code), "game_url": game_page(table),
            "alert": games.get(table.game).alert(table), "may_write": live.may_write(table),
            "game_tabs": games.get(table.game).tabs, "taken": tables.taken_seats(table),
            "seating_closed": tables.seating_closed(table), "may_sit": tables.may_sit(table),
            **addresses_context(table), **live.undo_context(table)}


@bp.get("/t/<code>/qr.svg")
def qr_svg(code):
    """The join link as a QR code."""
    table = live.load(code)
    return Response(qr.svg(join_url(table)), mimetype="image/svg+xml")


@bp.get("/t/<code>/events")
def events(code):
    """The table's news (companion.server.push) as a stream that ends at once: the browser asks again
    a second later, so a page served by Flask alone (``flask run``, the test client) still
    catches up. ``companion serve`` holds the stream open in front of Flask instead
    (companion.server.front) and tells each change as it happens; what it leaves here is an unknown
    code (404, counted as a miss) or a client out of misses (429)."""
    table = tables.get(code)
    return Response(push.first_message(*push.news(get_db(), table.code)),
                    mimetype="text/event-stream", headers={"Cache-Control": "no-store"})
