"""Liberté screens: the board mirror with its live meters, and the displays and hands."""
from flask import Blueprint, request, url_for

from companion import live, tables
from companion.liberte import engine, forms
from companion.liberte.engine import FACTIONS
from companion.liberte.position import faction_name, reason_name
from companion.scorers.rules import RuleError

bp = Blueprint("liberte", __name__, url_prefix="/liberte/<code>")


def base_context(table, live_url: str) -> dict:
    """What every Liberté page shows: the position, the profile, this phone's seat."""
    position = live.position(table)
    return {"table": table, "p": position, "profile": engine.profile(position.get("map")),
            "seat": tables.seat(table), "is_host": tables.is_host(table), "live_url": live_url,
            "factions": FACTIONS, "provinces": engine.PROVINCES,
            "landslide_votes": engine.LANDSLIDE_VOTES, "colour": {n: i for i, n in enumerate(table.players)},
            "faction_names": {f: faction_name(f) for f in FACTIONS}, "reasons": reason_name()}


def board_context(table) -> dict:
    """The board, the check (control, counter-revolution, supply) and the election preview."""
    province = request.form.get("province") if request.method == "POST" else None
    context = base_context(table, url_for("liberte.board", code=table.code))
    context["check"] = engine.memo(context["p"], "_check", engine.check)
    context["preview"] = engine.memo(context["p"], "_preview", preview)
    context["province"] = province
    return context


def preview(position) -> dict | None:
    """The election as it would go now (batch: unasked ties are passes)."""
    try:
        return engine.resolve(position, interactive=False)
    except RuleError:  # a position the check accepts but the election cannot run yet
        return None


def displays_context(table) -> dict:
    return base_context(table, url_for("liberte.displays", code=table.code))


def province_field(value) -> str:
    """Where a board error is shown: beside its province, or at the top for no such province."""
    return f"province-{value}" if value in {str(n) for n in engine.PROVINCES} else ""


@bp.get("/")
def board(code):
    """The board mirror: 27 provinces, stacks as chips, supply and live meters."""
    table = live.load(code)
    return live.render("liberte/board.html", "liberte/_board.html", **board_context(table))


@bp.post("/")
def change_stack(code):
    """Set one stack's height (a tap on + or −, or the add-a-stack sheet); 0 removes it."""
    table = live.load(code)
    return live.write(table, "stack", lambda: forms.stack(request.form, table.players),
                      page="liberte/board.html", fragment="liberte/_board.html",
                      context=board_context, field=province_field(request.form.get("province")),
                      part="liberte/_tap.html" if province_field(request.form.get("province"))
                      else None,
                      redirect_to=url_for("liberte.board", code=table.code))


@bp.get("/displays")
def displays(code):
    """Each player's display and hand, Battle box tokens, VPs, turn and play order."""
    table = live.load(code)
    return live.render("liberte/displays.html", "liberte/_displays.html",
                       **displays_context(table))


PARSERS = {
    "card": lambda f, players: forms.card(f, players),
    "discard": lambda f, players: forms.discard(f, players),
    "battle": lambda f, players: {"player": forms.player(f, players),
                                  "tokens": forms.number(f, "tokens", "LIB-BAT-1", 0, 20)},
    "vp": lambda f, players: {"player": forms.player(f, players),
                              "vp": forms.number(f, "vp", "LIB-VP-1", 0, 200)},
    "turn": lambda f, players: {"turn": forms.number(f, "turn", "LIB-TURN-1", 1, 4)},
    "lost_battles": lambda f, players: {"count": forms.number(f, "count", "LIB-BAT-3", 0, 3)},
    "order": lambda f, players: {"players": forms.order(f, players)},
}


TABLE_WIDE = ("turn", "lost_battles", "order")


@bp.post("/displays/<kind>")
def change_displays(code, kind):
    """One change on the displays page (a card, a discard, tokens, VPs, turn, play order)."""
    table = live.load(code)
    if kind not in PARSERS:
        return live.render("error.html", "_error.html", 404, code=404, message=kind)
    player = request.form.get("player", "")
    field = f"{kind}-{player}" if player in table.players or kind in TABLE_WIDE else ""
    return live.write(table, kind, lambda: PARSERS[kind](request.form, table.players),
                      page="liberte/displays.html", fragment="liberte/_displays.html",
                      context=displays_context, field=field,
                      redirect_to=url_for("liberte.displays", code=table.code))
