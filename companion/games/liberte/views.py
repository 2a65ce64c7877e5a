"""Liberté screens: the board mirror with its live meters, and the displays and hands."""
from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from companion.table import caches, live, tables
from companion.forms import address_number
from companion.games.liberte import check as checker, engine
from companion.games.liberte.engine import FACTIONS
from companion.games.liberte.ending import decided_words, ended_refusal, ended_words
from companion.games.liberte.position import (card_label, card_name, contest_names, ending_name,
                                              faction_names, faction_parties, special_names,
                                              stack_words)
from companion.i18n import gettext as _
from companion.scorers.liberte.special_cards import BLOCK_CARDS, CARDS, RULES, removable, targets
from companion.scorers.rules import RuleError

bp = Blueprint("liberte", __name__, url_prefix="/liberte/<code>")
bp.add_app_template_global(card_label)
bp.add_app_template_global(card_name)
bp.add_app_template_global(ended_words)
bp.add_app_template_global(decided_words)


def benched(position: dict, seat: str) -> RuleError | None:
    """LIB-END-2 (``Game.benched``): once the game is over a player's phone changes nothing, its
    undo included; the host alone may undo the change that ended it (a mis-entry), which reopens
    the game. A player's form of address is no move of the game and stays free."""
    if position.get("over") and request.endpoint != "tables.address":
        return ended_refusal(position["over"])
    return None


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
        question = position.interactive()[1]["pending"]
    except RuleError:
        question = None
    mine = seat is not None and question is not None and question["player"] == seat
    return {"under_way": True, "waiting": question, "asked": question if mine else None}


def alert(table) -> Markup:
    """What the table's shared pages (Room, History) say at their top for this phone: the
    election under way and, for the asked player, the question, opened by itself (Game.alert)."""
    position = live.position(table)
    status = election_status(position, tables.seat(table))
    if not status["under_way"] and not position.get("over"):
        return Markup()
    return Markup(render_template("liberte/_ask.html", table=table, p=position,
                                  go=url_for("liberte_election.wizard", code=table.code),
                                  contests=contest_names(), **status))


def colours(table) -> dict:
    """Each player's colour on the board: the seat order (CSS classes p0..p5)."""
    return {name: i for i, name in enumerate(table.players)}


def board_url(table) -> str:
    """The address of the board's live block as this phone shows it: with the province open for
    editing (``?open=N``), which the live refresh keeps open."""
    opened = open_province()
    url = live.table_url("liberte.board", table.code)
    return f"{url}?open={opened}" if opened else url


def board_context(table) -> dict:
    """The board with its meters: the check (control, counter-revolution, supply) and the
    election preview, each computed once per version (the position's facts:
    companion.games.liberte.position.Position); the overview, and the province open for
    editing, which the live refresh keeps open (its address carries it)."""
    context = base_context(table, board_url(table))
    context.update(board_parts(table, context["p"], context["seat"]),
                   regions=regions(context["profile"]["provinces"]))
    return context


def changes_context(table) -> dict:
    """What the board's changes show (liberte/_board_changes.html: provinces, their tiles, the
    open province, the meters), the same for every phone of the table: no seat, the forms
    ``neutral`` (:func:`province_forms`)."""
    position = live.position(table)
    return {"table": table, "p": position, "profile": engine.profile(position.get("map")),
            "seat": None, "factions": FACTIONS, "colour": colours(table),
            "faction_names": faction_names(), **board_parts(table, position, None, neutral=True)}


def board_parts(table, position, seat, neutral: bool = False) -> dict:
    """What the board's provinces, tiles, open province and meters show, on the whole board and
    in its changes alike."""
    parts = meters_context(table, position)
    parts.update(shared=province_forms(table, seat, neutral), controls=parts["check"]["control"],
                 opened=open_province(), initials=initials(table.players))
    return parts


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


def province_forms(table, seat, neutral: bool = False) -> dict:
    """What the forms of every province share, made once per answer (``shared``): the action,
    the hidden fields, the words, the fields of the add-a-stack sheet. In a fragment the forms
    are htmx's, which sends the CSRF token in a header (base.html), so only a whole page needs
    it in the forms (signing it is most of the cost of a small answer).

    ``neutral``: the board's changes, rendered once for every phone of the table (each phone's
    stream is sent the same bytes, :func:`board`): no seat chosen in the sheet, every button
    usable, each marked for the page to apply its own seat and rights as it swaps them in
    (``data-pick-seat``, ``data-off``, ``data-writers-only``, ``data-unseated``: liberte.js,
    from the board's ``#seat-marks``)."""
    hidden = Markup('<input type="hidden" name="version" value="{}">').format(table.version)
    if not live.is_fragment():
        hidden = Markup('<input type="hidden" name="csrf_token" value="{}">').format(
            generate_csrf()) + hidden
    writable = neutral or live.may_write(table)
    off = "data-off" if neutral else "" if writable else "disabled"
    return dict(province_words(), action=live.table_url("liberte.board", table.code),
                csrf_token_and_version=hidden, neutral=neutral,
                sheet=sheet(table.players, seat, writable, neutral), off=Markup(off),
                writers_only=Markup(" data-writers-only" if neutral else ""))


def province_words() -> dict:
    """The words on every province's buttons, in the page's language."""
    return {"less": _("one block less"), "more": _("one block more"), "stack": _("stack")}


def sheet(players, seat, writable: bool, neutral: bool = False) -> Markup:
    """The fields of the add-a-stack sheet (liberte/_sheet.html); none for a phone that only
    watches (no button it cannot use). ``neutral``: no seat chosen, the page chooses its own.
    Kept by what it shows (:data:`SHEETS`)."""
    if not writable:
        return Markup()
    players = tuple(players)
    return SHEETS.kept((players, seat, neutral, str(get_locale())), lambda: Markup(render_template(
        "liberte/_sheet.html", players=players, seat=seat, factions=FACTIONS,
        faction_names=faction_names(), neutral=neutral)))


SHEETS = caches.LRU(
    "add-a-stack sheets", 256,
    "the table's players in seat order, the seat chosen (none in the changes sent alike to"
    " every phone), whether it is, and the language: all the sheet shows",
    "every province of every board's answer shows the same sheet, and a tap's answer renders"
    " one for its province: rendered once for a table's players and language instead")


def meters_context(table, position) -> dict:
    """The check (control, counter-revolution, supply) and the meters as HTML
    (liberte/_meters.html). Every phone at a table asks for the meters after each change, and
    they read the same on each: their figures are the position's facts, computed once per
    version, and their HTML is rendered once per version and language (the "rendered per
    version" cache of companion.table.caches), never kept in the position."""
    check = position.check()
    meters = caches.rendered(table, "meters", str(get_locale()), lambda: Markup(render_template(
        "liberte/_meters.html", table=table, p=position, check=check, factions=FACTIONS,
        faction_names=faction_names(), preview=position.preview(),
        landslide_votes=engine.LANDSLIDE_VOTES)))
    return {"check": check, "meters": meters}


def tap_answer(table, error) -> str:
    """The answer to a tap on one province (a success, or a refusal shown beside it): what the
    other phones of the table are sent of it too (:func:`board_changes`: that province with
    its control, LIB-CTRL-1, its tile, the open province, the meters and the version), made
    once: a success is the change since the version before for every phone showing the board
    so (``live.share``)."""
    changed = board_changes(table, [int(request.form["province"])], error)
    if error is None:
        live.share(table, board_url(table), table.version - 1, changed)
    return changed


def board_changes(table, changed: list[int], error=None) -> Markup:
    """The provinces ``changed`` with their tiles, the open province and the meters, each
    replacing its own element on the page (out of band: liberte/_board_changes.html). The
    same for every phone of the table (``neutral``): the page applies its seat."""
    return Markup(render_template("liberte/_board_changes.html", oob=True, error=error,
                                  changed=changed, **changes_context(table)))


def displays_context(table) -> dict:
    """The Displays page, with the special card a player is playing (``?special=NAME&by=PLAYER``,
    and for Terror's second tap the stack chosen: ``province`` and ``target``), kept open by
    the live refresh as the board keeps its open province."""
    chosen = special_chosen(table)
    url = url_for("liberte.displays", code=table.code, **chosen)
    context = base_context(table, url)
    context.update(special_cards=CARDS, special_names=special_names(), block_cards=BLOCK_CARDS,
                   chooser=chooser(context["p"], chosen) if chosen else None,
                   special_hints=special_hints() if chosen else {})
    return context


def special_chosen(table) -> dict:
    """The special card being played, from the address or the form that was sent (kept open by
    a refusal, closed once played): its name, who plays it, and (Terror, once its stack is
    chosen) the province and the stack's owner."""
    values = request.values
    if request.method == "POST":  # the card was played (the table moved on): the chooser closes
        sent = request.headers.get("X-Table-Version") or request.form.get("version")
        if sent != str(table.version):
            return {}
    name, by = values.get("special"), values.get("by")
    if name not in CARDS or by not in table.players:
        return {}
    chosen = {"special": name, "by": by}
    province = address_number(values, "province", engine.PROVINCES[0], engine.PROVINCES[-1])
    if name == "terror" and province is not None and values.get("target") in table.players:
        chosen.update(province=province, target=values["target"])
    return chosen


def chooser(position: dict, chosen: dict) -> dict:
    """What the chosen special card may take now, as the engine says (LIB-SPEC): its legal
    targets, each one tap; for Terror once its stack is chosen, the cards it may also send back
    to the box. ``refusal``: why it may not be played now (who, when, or nothing to take)."""
    name, by = chosen["special"], chosen["by"]
    found = {"name": name, "by": by, "plays": [], "cards": [], "refusal": None,
             "stack": None}
    try:
        checker.frozen(position, "special")  # not while an election is under way (LIB-ELEC-9)
        plays = targets(position.scenario(), name, by)
    except RuleError as err:
        return dict(found, refusal=err)
    if chosen.get("province"):
        key = str(chosen["province"])
        stack = next((s for s in position["board"].get(key, [])
                      if s["player"] == chosen["target"]), None)
        if stack and any(str(p.province) == key and p.target == chosen["target"] for p in plays):
            cards = removable(position.scenario())
            return dict(found, stack=stack_words(dict(stack, province=key)), cards=[
                {"owner": owner, "card": card_id,
                 "label": card_label(owner, card_of(position, owner, card_id))}
                for owner, card_id in cards], province=key, target=chosen["target"])
    if not plays:
        return dict(found, refusal=RuleError(nothing_to_take()[name], RULES[name]))
    if name in BLOCK_CARDS:
        found["plays"] = [{"province": str(p.province), "target": p.target, "label": stack_words(
            dict(next(s for s in position["board"][str(p.province)] if s["player"] == p.target),
                 province=str(p.province)))} for p in plays]
    else:
        found["plays"] = [{"target": p.target, "card": p.card,
                           "label": card_label(p.target, card_of(position, p.target, p.card))}
                          for p in plays]
    return found


def card_of(position: dict, owner: str, card_id: str) -> dict:
    return next(c for c in position["displays"].get(owner, []) if c.get("id") == card_id)


def special_hints() -> dict:
    """What to tap for each special card, in the players' words (LIB-SPEC-1..6)."""
    return {"lack_of_bread": _("Tap the stack that loses one block of the Government's colour (in"
                               " turn 1, of any colour)."),
            "emigration": _("Tap the white Personality that goes to the discard pile."),
            "religious_problems": _("Tap the stack that loses one blue or red block."),
            "guillotine": _("Tap the Personality that goes back to the box."),
            "purge": _("Tap the Club or Personality that goes to the discard pile."),
            "terror": _("Tap the stack that leaves a province holding a red stack.")}


def nothing_to_take() -> dict:
    """Why a special card has nothing to take, in the players' words."""
    return {"lack_of_bread": _("Lack of Bread: no block it may take is on the board"),
            "emigration": _("Emigration: no white Personality is on a personal display"),
            "religious_problems": _("Religious Problems: no blue or red block is on the board"),
            "guillotine": _("Guillotine: no Personality is on a personal display"),
            "purge": _("Purge: no Club or Personality is on a personal display"),
            "terror": _("Terror: no province holds a red stack")}


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
    caught_up = changed_provinces(table)
    if caught_up is not None:
        since, changed = caught_up
        answer = board_changes(table, changed)
        live.share(table, board_url(table), since, answer)
        return answer, 200, dict(CHANGES_ONLY)
    return live.render("liberte/board.html", "liberte/_board.html", **board_context(table))


CATCH_UP = 30  # events; a phone further behind than that redraws the whole board
CHANGES_ONLY = (("HX-Reswap", "none"),)  # an answer whose parts each replace their own element


def changed_provinces(table) -> tuple[int, list[int]] | None:
    """The version a phone's board shows and the provinces it must redraw to show the table as
    it is now, when that is all it must redraw; None when it needs the whole board.

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
    return since, sorted({int(event["data"]["province"]) for event in later})


@bp.get("/meters")
def meters(code):
    """The live meters alone, for htmx (a tap's answer and the board carry them too); a plain
    request gets the board."""
    table = live.load(code)
    if not live.is_fragment():
        return redirect(url_for("liberte.board", code=table.code), 303)
    return meters_answer(table)


def meters_answer(table) -> Markup:
    """The meters, and the sudden death's notice above the board out of band."""
    context = base_context(table, None)
    context.update(meters_context(table, context["p"]))
    return Markup(render_template("liberte/_meters_box.html", oob=False, **context)
                  + render_template("liberte/_sudden_death.html", oob=True, **context))


@bp.post("/")
def change_stack(code):
    """Set one stack's height (a tap on + or −, or the add-a-stack sheet); 0 removes it."""
    table = live.load(code)
    field = province_field(request.form.get("province"))
    opened = open_province()  # a tap in the open province: it answers with the meters too
    part = live.Part(tap_answer, None if opened else "province-tapped", CHANGES_ONLY) \
        if field else None
    return live.write(table, "stack", lambda p: checker.read(p, "stack", request.form), BOARD,
                      field, part)


@bp.get("/displays")
def displays(code):
    """Each player's display and hand, Battle box tokens, VPs, turn and play order."""
    table = live.load(code)
    return live.render("liberte/displays.html", "liberte/_displays.html",
                       **displays_context(table))


DISPLAYS = ("card", "discard", "move", "battle", "vp", "turn", "lost_battles", "order", "special")
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
    if kind == "special":  # the refusal is shown in the chooser, which stays open
        field = "special"
    return live.write(table, kind, lambda p: checker.read(p, kind, request.form), DISPLAYS_SCREEN,
                      field)
