"""What every game's views share: fragment or page, and a write that is versioned and checked.

A write names the version its form was made from. :func:`write` appends the event; a stale
version answers 409 with the current state and what changed meanwhile; a refused change answers
422 with the message next to the field. For a plain (no-JavaScript) request a successful write
redirects to the page (post/redirect/get).
"""
import re
from dataclasses import dataclass
from typing import Callable

from flask import abort, current_app, g, redirect, render_template, request, url_for
from flask_babel import get_locale
from markupsafe import Markup, escape

from companion.forms import address_number
from companion.i18n import gettext as _, plain, speaker, translate
from companion.table import events, games, guard, tables
from companion.table.db import get_db
from companion.scorers.rules import RuleError


def is_fragment() -> bool:
    """Whether htmx asked (and not to restore its history, which needs a whole page)."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def render(page: str, fragment: str, status: int = 200, **context):
    """The fragment for htmx, the whole page otherwise (the page includes the fragment)."""
    return render_template(fragment if is_fragment() else page, **context), status


def macro(template: str, name: str):
    """The macro ``name`` of ``template``, to call from Python: a small answer (one province
    after a tap) rendered without building a whole template's context, which costs more than the
    province itself (docs/performance.md, "Benchmarks")."""
    return getattr(current_app.jinja_env.get_template(template).module, name)


def table_url(endpoint: str, code: str) -> str:
    """The address of one of a table's pages (``endpoint`` takes only ``code``)."""
    return url_for(endpoint, code=code)


def shown_oob(table) -> str:
    """The #shown element with the table's new version, to send beside a small answer (out of
    band), so the phone's next write and catch-up start from it."""
    return macro("_macros.html", "shown")(table, oob=True)


def load(code: str):
    """The table for ``code``, kept on ``g`` for the language and the templates; 404 if there is
    none, or if it is another game's (one game's code in another game's address)."""
    table = tables.get(code)
    if games.of_request() not in (None, table.game):
        abort(404)
    g.table = table
    if request.method == "GET" and is_fragment() and (tables.seat(table) is not None
                                                       or tables.is_host(table)):
        follow_next(table)
    return table


def follow_next(table) -> None:
    """A seated phone whose page asks for its live block after the host started the next game
    from this table ("Play again") goes to the new table, to the same seat, without scanning
    (companion.table.ending.follow): the htmx answer tells the browser to load that page."""
    if events.next_table(get_db(), table, games.get(table.game)):
        response = current_app.response_class("", 200)
        response.headers["HX-Redirect"] = url_for("ending.follow", code=table.code)
        abort(response)


def position(table) -> dict:
    """The table's current position."""
    return events.position(get_db(), table, games.get(table.game))


def people(table) -> dict:
    """The players' forms of address now (events.ADDRESS)."""
    return events.people(get_db(), table, games.get(table.game))


def events_after(table, version: int) -> list[dict]:
    """The table's events after ``version``, oldest first (what a phone showing that version
    has not seen)."""
    return events.load(get_db(), table.id, after=version)


def base_version() -> int:
    """The version the write was made from: the page's current one (header set by our script
    from the #shown element, so a tap on a part of the page that was not re-rendered still carries
    it), else the form's hidden field (no JavaScript)."""
    raw = request.headers.get("X-Table-Version") or request.form.get("version")
    if not raw:
        raise RuleError(_("the form carries no table version; reload the page"),
                        "TABLE-VERSION")
    version = address_number({"version": raw}, "version", 0, events.MAX_VERSION)
    if version is None:
        raise RuleError(_("the form carries a table version this table never had; reload the"
                          " page"), "TABLE-VERSION")
    return version


def stale_notice(table, stale: events.StaleWrite) -> dict:
    """The notice a stale write gets: what changed since the phone's version."""
    game = games.get(table.game)
    return {"title": _("Not applied: the table changed meanwhile. Here is the current state."),
            "changes": [led(lead(e["seat"], text), text) for e in stale.since
                        for text in [describe(game, e)]]}


def describe(game, event: dict) -> str:
    """One sentence for an event (the generic kinds are worded here)."""
    if event["kind"] == "undo":
        return _("undid the last change")
    if event["kind"] == "reset":
        return _("reset the table")
    if event["kind"] == events.ADDRESS:
        return address_sentence(event["data"])
    if event["kind"] == events.FINISHED:
        return _("the game is over; the next one is at table %(code)s", code=event["data"]["next"])
    return game.describe(event)


def address_sentence(data: dict) -> str:
    """A change of a player's form of address, as the history and the toast say it."""
    said = {"f": _("%(p)s: addressed as «she»", p=data["player"]),
            "m": _("%(p)s: addressed as «he»", p=data["player"])}
    return said.get(data.get("gender"), _("%(p)s: form of address not said", p=data["player"]))


def undo_context(table) -> dict:
    """What the undo form says: the change an undo would take back (``undo``; None when there is
    nothing to undo), right after an undo the change it took back (``undone``), and whether
    taking back one more needs the host (``undo_needs_host``, TABLE-HOST)."""
    game = games.get(table.game)
    written = g.get("written")
    if (written and written["version"] == table.version
            and written["kind"] not in (*events.GENERIC, events.ADDRESS)):
        # the answer to a move this request wrote: an undo would take back that very move
        return {"undo": describe(game, written), "undone": None, "undo_needs_host": False}
    log = events.load(get_db(), table.id)
    kept, undone = events.in_effect(log), events.undone(log)
    return {"undo": describe(game, kept[-1]) if kept else None,
            "undone": describe(game, undone) if undone else None,
            "undo_needs_host": bool(log) and log[-1]["kind"] == "undo"}


@dataclass(frozen=True)
class Screen:
    """A page a write answers with, built once by each game: the whole ``page`` and its
    ``fragment`` (htmx's), the ``context`` both are rendered with (a function of the table), and
    ``redirect``, where a plain (no-JavaScript) request goes after a successful write (a
    function of the table)."""

    page: str
    fragment: str
    context: Callable[[object], dict]
    redirect: Callable[[object], str]


@dataclass(frozen=True)
class Part:
    """A smaller answer for htmx than the whole fragment: ``render(table, error)`` after a
    success or a refused input; on success the event ``changed`` is sent (``HX-Trigger``) for
    the parts of the page that refresh themselves (an open panel showing the same thing).
    ``headers``: more headers it is answered with (how htmx swaps it), as (name, value) pairs."""

    render: Callable[[object, dict | None], str]
    changed: str | None = None
    headers: tuple[tuple[str, str], ...] = ()


SHARED = "companion.shared"  # the key of the WSGI environ that holds an answer's Shared
TELL = "companion.tell"  # the key of a change's environ that holds the server's teller, if any


@dataclass(frozen=True)
class Shared:
    """An answer that every phone of a table showing the live block at ``path`` from version
    ``since`` is to be sent for the table's ``version`` in ``language``, whoever it is: its seat
    and rights are applied by the page. A server's front keeps it and sends it on the news
    streams of those phones rather than render it again for each (companion.server.swap)."""

    code: str
    path: str
    since: int
    version: int
    language: str
    html: str


def share(table, path: str, since: int, html) -> None:
    """Say that this answer, ``html``, is the :class:`Shared` change of ``table`` since version
    ``since`` for the phones showing ``path`` (kept in the request's environ, where the server's
    rendering of a pushed block finds it, companion.server.swap, and the front sees that a change
    was told; without a server nothing reads it). The answer to a change (a committed one:
    :func:`write` renders it after the commit) is told to the table's phones from here, while the
    phone that made it is still being answered (its toast, Flask's headers): ``TELL``, the
    front's, takes it to the server's event loop."""
    shared = request.environ[SHARED] = Shared(table.code, path, since, table.version,
                                              str(get_locale()), str(html))
    tell = request.environ.get(TELL)
    if tell is not None:
        tell(shared)


def write(table, kind: str, data, screen: Screen, field: str = "", part: Part | None = None,
          rationed: bool = False):
    """Append one change and answer with ``screen`` (or ``part``).

    ``data`` is the event's data, checked by the game (``Game.check``), or the form's reader: a
    function of the position the change is judged on giving the data (the game's reader of
    that kind of event, which also reads its imported events), called there and only there.
    A refusal is shown next to ``field`` (or the field the RuleError names). A stale write gets
    the whole fragment with the list of what changed, and so does a write rebased on changes its
    phone has not seen yet (the phone catches up with them in the same answer), and a write from
    a browser without a seat (403, the message at the top); all are retargeted to ``#live``.
    ``rationed``: a write larger than a tap (a board profile), which first takes one of the
    address's writes (guard.write: 429, or 507 when the host is out of space).
    """
    notice, error, status, base = None, None, 200, None
    try:
        if rationed:  # before anything else is read or folded
            guard.write()
        seat = seated(table)
        base = base_version()
        written = events.append(get_db(), table, games.get(table.game), kind, data, base=base,
                                seat=seat, host=tables.is_host(table))
        g.written = written.event  # the answer's undo form names it without reading it back
    except events.StaleWrite as stale:
        notice, status = stale_notice(table, stale), 409
    except NotSeated as err:
        error, status = {"field": "", "message": err.message, "rule": err.rule}, 403
    except RuleError as err:  # 429 or 507 for a guard.Refused
        error = {"field": getattr(err, "field", field), "message": err.message, "rule": err.rule}
        status = getattr(err, "status", 422)
    else:
        if not is_fragment():
            return redirect(screen.redirect(table), 303)
    whole = status in (403, 409) or (status == 200 and written.rebased)
    if part and is_fragment() and not whole:
        headers = {"HX-Trigger": part.changed} if part.changed and status == 200 else {}
        body = part.render(table, error)  # first: the other phones are told it there (share)
        toast = undo_toast(table, written.event) if status == 200 else ""
        return body + toast, status, {**dict(part.headers), **headers}
    toast = undo_toast(table, written.event) if status == 200 else ""
    headers = {"HX-Retarget": "#live", "HX-Reswap": "outerHTML"} if whole else {}
    body, status = render(screen.page, screen.fragment, status, notice=notice, error=error,
                          **screen.context(table))
    if error and error["field"] and str(escape(translate(error["message"]))) not in body:
        # the form the refusal belongs to is not on the screen now (a move out of phase, a
        # timer tap after the game ended): the message goes to the top instead of nowhere
        error["field"] = ""
        body, status = render(screen.page, screen.fragment, status, notice=notice, error=error,
                              **screen.context(table))
    return body + str(toast), status, headers


class NotSeated(RuleError):
    """A write from a browser that has neither taken a player's seat nor the host's rights."""


def sits(table) -> bool:
    """Whether this browser sits at the table: a player's seat or the host's rights."""
    return tables.seat(table) in table.players or tables.is_host(table)


def may_write(table) -> bool:
    """Whether this browser may change the table now: it sits there (:func:`seated`) and the
    table is not finished (the host started the next game from it: TABLE-FINISHED, it may be
    read, no longer changed). A page shows the buttons of a phone that may not as off, not as
    usable."""
    return sits(table) and not events.next_table(get_db(), table, games.get(table.game))


def seated(table) -> str | None:
    """The seat this browser writes from; NotSeated (TABLE-SEAT) for a browser that has only
    the join code (a stranger who found it, or a phone just watching): every change to a table
    is made from a player's seat or by the host. Every game's writes come through
    :func:`write`, so a new game has this rule without doing anything; a seat the game benches
    (``Game.benched``: a player out of the game) is refused its RuleError."""
    seat = tables.seat(table)
    if sits(table):
        if seat and not tables.is_host(table):
            refusal = games.get(table.game).benched(position(table), seat)
            if refusal is not None:
                raise refusal
        return seat
    if seat == "":
        raise NotSeated(_("this phone is only watching: pick a player's seat to change the"
                          " table"), "TABLE-SEAT")
    raise NotSeated(_("take a seat at this table first (its join page), then change it"),
                    "TABLE-SEAT")


def lead(seat: str | None, text: str) -> str:
    """Who a history line or a toast names first: the seat that made the change, unless the
    sentence already names that player (not twice: «Marco: Marco passe», «Аня: введены кубики:
    Аня: 3 и 4»); "" for neither."""
    if not seat:
        return _("someone")
    grammar = speaker()  # in any case the sentence put it in: «голосование по кандидатуре Ани»
    forms = {seat} | {grammar.case(seat, case, False) for case in ("gen", "dat", "acc", "ins", "loc")}
    named = any(re.search(rf"(?<!\w){re.escape(form)}(?!\w)", str(text)) for form in forms)
    return "" if named else seat


def led(who: str, text) -> str:
    """A change with who made it in front, as the language puts a name before what it did
    (French a no-break space before the colon; German a dash where the change has a colon)."""
    return _("%(who)s: %(what)s", who=who, what=text) if who else str(text)


def undo_toast(table, event: dict) -> str:
    """What the phone that made a change is told in its toast: the seat that made it and the change
    as stored (``event``, with what the rules made of it, as the history says it: a count and its
    result, not just the kind), and an Undo for it (out of band). An undo is told by the page
    itself (``undone``)."""
    if event["kind"] in ("undo", events.ADDRESS):  # an undo is told by the page; an address is no move
        return Markup()
    text = describe(games.get(table.game), event)
    if event["seat"] and lead(event["seat"], text):  # the player who tapped, as the history says
        text = led(event["seat"], text)
    return macro("_macros.html", "undo_toast")(table, plain(text), table_url("logbook.undo", table.code))
