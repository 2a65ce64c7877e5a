"""Liberté screens: the board mirror with its live meters, and the displays and hands."""
from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from companion.table import live, tables
from companion.table.caches import memo
from companion.forms import address_number
from companion.games.liberte import check as checker, engine
from companion.games.liberte.engine import FACTIONS
from companion.games.liberte.position import (card_label, card_name, contest_names, ending_name,
                                              faction_names, faction_parties)
from companion.i18n import gettext as _
from companion.scorers.rules import RuleError

bp = Blueprint("liberte", __name__, url_prefix="/liberte/<code>")
bp.add_app_template_global(card_label)
bp.add_app_template_global(card_name)


def base_context(table, live_url: str) -> dict:
    """What every Liberté page shows: the position, the profile, this phone's seat."""
    position = live.position(table)
    seat = tables.seat(table)
    return {"table": table, "p": position, "profile": engine.profile(position.get("map")),
            "seat": seat, "is_host": tables.is_host(table), "may_write": live.may_write(table),
            "live_url": live_url,
            "factions": FACTIONS, "provinces": engine.PROVINCES, "colour": colours(table),
            "faction_names": faction_names(), "faction_parties": faction_parties(),
            "endings": ending_name(),
            "contests": contest_names(),
            **election_status(position, seat)}


def election_status(position: dict, seat: str | None) -> dict:
    """The election under way (LIB-ELEC-9), said on every page of the table: ``under_way``, the
    question it waits for (``waiting``, None once every tie is answered), and ``asked``, that
    question when it is for this phone's player (LIB-ELEC-4): every page then opens it by
    itself (liberte/_ask.html)."""
    if not engine.under_way(position):
        return {"under_way": False, "waiting": None, "asked": None}
    try:
        question = engine.interactive(position)[1]["pending"]
    except RuleError:
        question = None
    mine = seat is not None and question is not None and question["player"] == seat
    return {"under_way": True, "waiting": question, "asked": question if mine else None}


def alert(table) -> Markup:
    """What the table's shared pages (Room, History) say at their top for this phone: the
    election under way and, for the asked player, the question, opened by itself (Game.alert)."""
    position = live.position(table)
    status = election_status(position, tables.seat(table))
    if not status["under_way"]:
        return Markup()
    return Markup(render_template("liberte/_ask.html", table=table, p=position,
                                  go=url_for("liberte_election.wizard", code=table.code),
                                  contests=contest_names(), **status))


def colours(table) -> dict:
    """Each player's colour on the board: the seat order (CSS classes p0..p5)."""
    return {name: i for i, name in enumerate(table.players)}


def board_context(table) -> dict:
    """The board with its meters: the check (control, counter-revolution, supply) and the
    election preview, each computed once per version (position memos: companion.table.caches); the
    overview, and the
    province open for editing, which the live refresh keeps open (its address carries it)."""
    opened = open_province()
    url = live.table_url("liberte.board", table.code)
    context = base_context(table, f"{url}?open={opened}" if opened else url)
    context.update(meters_context(table, context["p"]))
    context["shared"] = province_forms(table, context["seat"])
    context["controls"] = context["check"]["control"]
    context.update(opened=opened, initials=initials(table.players),
                   regions=regions(context["profile"]["provinces"]))
    return context


def regions(provinces: dict) -> list[tuple[str | None, list[int]]]:
    """The overview's groups: the profile's regions in the order of their first province, each
    with its provinces in number order (those without a region last); one group of all 27 when
    the profile names no region."""
    groups: dict = {}
    for n in engine.PROVINCES:
        groups.setdefault(provinces[str(n)]["region"], []).append(n)
    if list(groups) == [None]:
        return [(None, groups[None])]
    return sorted(groups.items(), key=lambda item: (item[0] is None, item[1][0]))


def open_province() -> int | None:
    """The province open for editing: ``open`` in the address or in the form that was sent."""
    return address_number(request.values, "open", engine.PROVINCES[0], engine.PROVINCES[-1])


def initials(players) -> dict:
    """Each player's shortest beginning that no other player's shares (A, or An and Ar for Anna
    and Arthur): the overview marks who controls a province with it."""
    for length in range(1, 25):
        heads = {name: name[:length] for name in players}
        if len({head.casefold() for head in heads.values()}) == len(players):
            return heads
    return {name: name for name in players}


def province_forms(table, seat) -> dict:
    """What the forms of every province share, made once per answer (``shared``): the action,
    the hidden fields, the words, the fields of the add-a-stack sheet. In a fragment the forms
    are htmx's, which sends the CSRF token in a header (base.html), so only a whole page needs
    it in the forms (signing it is most of the cost of a small answer)."""
    hidden = Markup('<input type="hidden" name="version" value="{}">').format(table.version)
    if not live.is_fragment():
        hidden = Markup('<input type="hidden" name="csrf_token" value="{}">').format(
            generate_csrf()) + hidden
    writable = live.may_write(table)
    return dict(province_words(), action=live.table_url("liberte.board", table.code),
                csrf_token_and_version=hidden, sheet=sheet(table.players, seat, writable),
                off="" if writable else "disabled")


def province_words() -> dict:
    """The words on every province's buttons, in the page's language."""
    return {"less": _("one block less"), "more": _("one block more"), "stack": _("stack")}


def sheet(players, seat, writable: bool) -> Markup:
    """The fields of the add-a-stack sheet (liberte/_sheet.html); none for a phone that only
    watches (no button it cannot use)."""
    if not writable:
        return Markup()
    return Markup(render_template("liberte/_sheet.html", players=tuple(players), seat=seat,
                                  factions=FACTIONS, faction_names=faction_names()))


def meters_context(table, position) -> dict:
    """The check (control, counter-revolution, supply) and the meters as HTML
    (liberte/_meters.html). Every phone at a table asks for the meters after each change, and
    they read the same on each, so the HTML is rendered once per version and language, kept with
    the position (a position memo: companion.table.caches) like the figures it shows."""
    check = engine.check(position)
    meters = memo(position, f"_meters:{get_locale()}", lambda p: Markup(render_template(
        "liberte/_meters.html", table=table, p=p, check=check, factions=FACTIONS,
        faction_names=faction_names(), preview=memo(p, "_preview", preview),
        landslide_votes=engine.LANDSLIDE_VOTES)))
    return {"check": check, "meters": meters}


def tap_answer(table, error) -> str:
    """The answer to a tap on one province (a success, or a refusal shown beside it): that
    province with its control (LIB-CTRL-1), and out of band its tile in the overview and the
    new version. The meters follow on their own request (:func:`meters`). The macros are called
    directly: a tap is the most frequent request, and a whole template's context would cost
    twice the rest of it."""
    key = request.form["province"]  # a province number: change_stack gives a part only then
    position = live.position(table)
    stacks = position["board"].get(key, [])
    province = live.macro("liberte/_province.html", "province")
    tile = live.macro("liberte/_tile.html", "tile")
    shared = province_forms(table, tables.seat(table))
    prov = engine.profile(position.get("map"))["provinces"][key]
    control, seats = engine.control(stacks), colours(table)
    return (province(int(key), prov, stacks, control, seats, shared, error)
            + tile(int(key), prov, stacks, control, seats, initials(table.players),
                   faction_names(), shared["action"], None, bool(error), oob=True)
            + live.shown_oob(table))


def opened_answer(table, error) -> str:
    """The answer to a tap in the open province (a success, or a refusal shown there): that
    province in the panel, the list and the overview, and the meters, as a phone catching up
    gets them (:func:`board_changes`)."""
    return board_changes(table, [int(request.form["province"])], error)


def board_changes(table, changed: list[int], error=None) -> Markup:
    """The provinces ``changed`` with their tiles, the open province and the meters, each
    replacing its own element on the page (out of band: liberte/_board_changes.html)."""
    return Markup(render_template("liberte/_board_changes.html", oob=True, error=error,
                                  changed=changed, **board_context(table)))


def preview(position) -> dict | None:
    """What the meters show of the election as it would go now (batch: unasked ties are
    passes): the votes (None when the counter-revolution ends the game first), a landslide, the
    end. Only that is kept with the position (a position memo): the whole result, with its
    sentences, would stay in memory for every table a worker keeps, for its garbage collector to
    go through again and again (docs/performance.md, "Load benchmark")."""
    try:
        whole = engine.resolution(position, interactive=False)
    except RuleError:  # a position the check accepts but the election cannot run yet
        return None
    return {"votes": whole.votes, "landslide": whole.landslide, "ended": whole.ended}


def displays_context(table) -> dict:
    return base_context(table, url_for("liberte.displays", code=table.code))


def province_field(value) -> str:
    """Where a board error is shown: beside its province, or at the top for no such province."""
    return f"province-{value}" if value in {str(n) for n in engine.PROVINCES} else ""


BOARD = live.Screen("liberte/board.html", "liberte/_board.html", board_context,
                    lambda table: url_for("liberte.board", code=table.code, open=open_province()))
DISPLAYS_SCREEN = live.Screen("liberte/displays.html", "liberte/_displays.html", displays_context,
                              lambda table: url_for("liberte.displays", code=table.code))


@bp.get("/")
def board(code):
    """The board mirror: France at a glance (27 tiles; ``?open=N`` opens one to edit), the
    live meters, and the 27 provinces as a list, stacks as chips. A phone catching up with
    another phone's taps gets only what they changed (:func:`changed_provinces`)."""
    table = live.load(code)
    changed = changed_provinces(table)
    if changed is not None:
        return board_changes(table, changed), 200, {"HX-Reswap": "none"}
    return live.render("liberte/board.html", "liberte/_board.html", **board_context(table))


CATCH_UP = 30  # events; a phone further behind than that redraws the whole board


def changed_provinces(table) -> list[int] | None:
    """The provinces a phone's board must redraw to show the table as it is now, when that is
    all it must redraw; None when it needs the whole board.

    The board's live refresh names the version the phone shows (``since``, companion.js). If
    every change after it set a stack (the usual case: other phones' taps), only those
    provinces, their tiles, the open province and the meters can differ from what the phone
    shows, and they are all the answer needs: a fraction of the whole board's tiles and
    provinces, whose rendering is most of a busy host's work (docs/performance.md).
    Any other change (an undo, a card, the turn, the profile, an election under way) redraws
    everything."""
    since = address_number(request.args, "since", max(0, table.version - CATCH_UP),
                                 table.version)
    if not live.is_fragment() or since is None:
        return None
    later = live.events_after(table, since)
    if any(event["kind"] != "stack" for event in later):
        return None
    position = live.position(table)
    if position.get("over") or engine.under_way(position):
        return None
    return sorted({int(event["data"]["province"]) for event in later})


@bp.get("/meters")
def meters(code):
    """The live meters alone (htmx asks for them after a tap); a plain request gets the board."""
    table = live.load(code)
    if not live.is_fragment():
        return redirect(url_for("liberte.board", code=table.code), 303)
    context = base_context(table, None)
    context.update(meters_context(table, context["p"]))
    return (render_template("liberte/_meters_box.html", **context)
            + render_template("liberte/_sudden_death.html", oob=True, **context))


@bp.post("/")
def change_stack(code):
    """Set one stack's height (a tap on + or −, or the add-a-stack sheet); 0 removes it."""
    table = live.load(code)
    field = province_field(request.form.get("province"))
    opened = open_province()  # a tap in the open province: it answers with the meters too
    part = (live.Part(opened_answer) if opened else live.Part(tap_answer, "meters-stale")) \
        if field else None
    return live.write(table, "stack", lambda p: checker.read(p, "stack", request.form), BOARD,
                      field, part)


@bp.get("/displays")
def displays(code):
    """Each player's display and hand, Battle box tokens, VPs, turn and play order."""
    table = live.load(code)
    return live.render("liberte/displays.html", "liberte/_displays.html",
                       **displays_context(table))


DISPLAYS = ("card", "discard", "move", "battle", "vp", "turn", "lost_battles", "order")
TABLE_WIDE = ("turn", "lost_battles", "order")


@bp.post("/displays/<kind>")
def change_displays(code, kind):
    """One change on the displays page (a card, a discard, tokens, VPs, turn, play order)."""
    table = live.load(code)
    if kind not in DISPLAYS:
        return live.render("error.html", "_error.html", 404, code=404, message=_(
            "The displays page has no change called %(kind)r: it knows cards, discards,"
            " tokens, VPs, the turn, lost battles and the play order.", kind=kind[:40]))
    player = request.form.get("player", "")
    field = f"{kind}-{player}" if player in table.players or kind in TABLE_WIDE else ""
    return live.write(table, kind, lambda p: checker.read(p, kind, request.form), DISPLAYS_SCREEN,
                      field)
