"""The event log: every change a table makes is one appended row; the position is folded from it.

Writes carry the version they were made from. :func:`append` compares that version with the
table's and lets the game check the event against the current position, then takes the write
lock (``BEGIN IMMEDIATE``), makes sure no other write came meanwhile, and inserts the row and
bumps the version in the same transaction.
A write made from an older version is rebased when the game declares the events it did not see
independent of it (``Game.conflicts``, e.g. two phones tapping different provinces); otherwise it
is stale. A stale or refused write changes nothing.

Two kinds belong to every game: ``undo`` (takes back the latest change still in effect) and
``reset`` (back to the table's setup; itself undoable). A third, ``address``, is no move of the
game: a player's form of address (she, he, not said), which the sentences agree with
(companion.grammar). The game never sees it, no undo takes it back and it never conflicts. The
last, ``finished`` (:func:`finish`), ends a table whose host started the next game from it
("Play again"): it names the new table, and no change is made to the table after it. The
position is cached per table and
version, and can always be rebuilt from the log (:func:`fold`).
"""
import json
import logging
from dataclasses import dataclass
from datetime import datetime, timezone

from flask import current_app

from companion.i18n import gettext as _, translate
from companion.table import guard
from companion.table.caches import LRU
from companion.table.db import stamp, transaction
from companion.scorers.rules import RuleError

log = logging.getLogger(__name__)
GENERIC = ("undo", "reset")
ADDRESS = "address"  # a player's form of address: kept beside the game, never undone (genders)
FINISHED = "finished"  # the host started the next game from this one: the table is read-only
ASIDE = (ADDRESS, FINISHED)  # no move of the game: no undo takes them back, the game never sees them
MAX_VERSION = 2**31  # far beyond any table's log; a larger one would not fit SQLite's integers


class StaleWrite(Exception):
    """A write made from an older version: ``since`` lists the events it did not see."""

    def __init__(self, current: int, since: list[dict]):
        super().__init__(f"the table is at version {current}")
        self.current = current
        self.since = since


def now() -> str:
    """The time stamp stored with an event (UTC, seconds)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def load(conn, table_id: int, after: int = 0, upto: int | None = None) -> list[dict]:
    """The table's events with a version above ``after`` (and at most ``upto``), oldest first."""
    rows = conn.execute("SELECT version, kind, data, seat, created FROM events WHERE table_id = ?"
                        " AND version > ? AND version <= ? ORDER BY version",
                        (table_id, after, 2 ** 62 if upto is None else upto)).fetchall()
    return [dict(row, data=json.loads(row["data"])) for row in rows]


def in_effect(events: list[dict]) -> list[dict]:
    """The events an undo has not taken back, in order (``undo`` rows themselves removed)."""
    stack = []
    for event in events:
        if event["kind"] in ASIDE:
            continue
        if event["kind"] == "undo":
            if stack:
                stack.pop()
        else:
            stack.append(event)
    return stack


def genders(setup: dict, events: list[dict], start: dict | None = None) -> dict:
    """The players' forms of address after ``events``: the table's setup (guessed when it was
    made), then each ``address`` event; ``start`` instead of the setup's to go on from there."""
    found = dict(setup.get("genders") or {}) if start is None else dict(start)
    for event in events:
        if event["kind"] == ADDRESS:
            found[event["data"]["player"]] = event["data"].get("gender", "")
    return found


def check_address(players: list[str], data) -> dict:
    """An ``address`` event's data: a player of the table and ``f``, ``m`` or "" (not said)."""
    if not isinstance(data, dict) or data.get("player") not in players:
        raise RuleError(_("there is no such player at this table"), "TABLE-ADDRESS")
    if data.get("gender", "") not in ("f", "m", ""):
        raise RuleError(_("a form of address is she, he or not said"), "TABLE-ADDRESS")
    return {"player": data["player"], "gender": data.get("gender", "")}


def undone(events: list[dict]) -> dict | None:
    """The change the latest event took back, when that event is an undo."""
    events = [event for event in events if event["kind"] not in ASIDE]
    if not events or events[-1]["kind"] != "undo":
        return None
    kept = in_effect(events[:-1])
    return kept[-1] if kept else None


def fold(game, setup: dict, events: list[dict]) -> dict:
    """The position after ``events`` (the whole log), from the table's setup."""
    return advance(game, setup, game.initial(setup), in_effect(events))


def advance(game, setup: dict, position: dict, events: list[dict]) -> dict:
    """The position after ``events`` of the log (none of them an undo) from ``position``, each
    applied as it was judged when it was stored (``Game.apply_stored``)."""
    apply = game.apply_stored or game.apply
    for event in events:
        if event["kind"] in ASIDE:
            continue
        if event["kind"] == "reset":
            position = game.initial(setup)
            continue
        try:
            position = apply(position, event)
        except RuleError as err:  # only if the rules changed since the event was stored
            log.warning("event %s skipped on rebuild: %s", event.get("version"), err)
    return position


def replay(game, setup: dict, events: list[dict]) -> list[dict]:
    """An imported log, every event checked, undone or not, on the position it was made on, by
    the game's checker (``Game.check``, the forms' readers) and its rules: the events as they
    are to be stored (only the keys the game defines). A refused event raises RuleError, its
    message prefixed with the event's number and kind."""
    position, before, checked = game.initial(setup), [], []
    for event in events:
        if event["kind"] == FINISHED:  # the imported copy is a table of its own, not finished
            continue
        try:
            if event["kind"] == ADDRESS:
                data = check_address(setup["players"], event["data"])
            elif event["kind"] == "undo":
                if not before:
                    raise RuleError(_("there is nothing to undo"), "TABLE-UNDO")
                position, data = before.pop(), {}
            elif event["kind"] == "reset":
                before.append(position)
                position, data = game.initial(setup), {}
            else:
                data = game.check(position, event["kind"], event["data"])
                before.append(position)
                position = game.apply(position, dict(event, data=data))
        except RuleError as err:
            raise RuleError(_("event %(n)s (%(k)s): %(message)s", n=event["version"],
                              k=event["kind"][:40], message=translate(err.message)),
                            err.rule) from None
        checked.append(dict(event, data=data))
    return checked


def key(table) -> tuple:
    """What a table's cached position is kept under: its id and its code, never reused
    (companion.table.db, ``deleted``): a table deleted through another process leaves its entry until
    it ages out, and that entry must never be taken for a table created after it."""
    return table.id, table.code


def _cache() -> LRU:
    """This app's position cache: the current position of the tables used most recently (each
    server process keeps its own; an entry is used only at the version and stamp the database
    names, so a change made by another process, or a database restored under it, is never
    missed, only folded again)."""
    extensions = current_app.extensions
    if "companion.positions" not in extensions:
        extensions["companion.positions"] = LRU(
            "positions", current_app.config["POSITION_CACHE"],
            "the table's identity, its id and its join code (:func:`key`), neither ever given to"
            " another table; an entry holds its version and that version's random stamp"
            " (db.stamp) and is used only while the table has both",
            "every answer shows the position; folding a table's log again for each would be most"
            " of a busy host's work (docs/performance.md)")
    return extensions["companion.positions"]


def position(conn, table, game) -> dict:
    """The table's current position: from the cache when it is at the table's version and stamp;
    caught up from the cache when only changes other than undos came since (another server
    process made them: its phones' taps, which this process is asked to show right after) and
    the log still holds the event the cached position was folded to, with its stamp; else
    folded from the whole log. A refresh on a worker one tap behind is then cheaper than a fold
    of the whole log (docs/performance.md, "What makes many tables cheap"). A database restored
    under the server brings its tables back with stamps no cached entry holds, whatever their
    versions (db.stamp)."""
    return _kept(conn, table, game)[0]


def people(conn, table, game) -> dict:
    """The players' forms of address now (:func:`genders`), kept with the position."""
    return _kept(conn, table, game)[1]


def next_table(conn, table, game) -> str | None:
    """The code of the table its host started from this one ("Play again"), when the table's
    latest event is the ``finished`` one; else None. Kept with the position: no statement."""
    return _kept(conn, table, game)[2]


def following(events: list[dict]) -> str | None:
    """The next table's code when the last of ``events`` is ``finished``."""
    last = events[-1] if events else None
    return last["data"].get("next") if last and last["kind"] == FINISHED else None


def _kept(conn, table, game) -> tuple[dict, dict, str | None]:
    """The table's position, its players' forms of address and the next table's code, from the
    cache entry (version, stamp, position, forms of address, next table) when it holds them
    (:func:`position`)."""
    cached = _cache().get(key(table))
    stamped = getattr(table, "stamp", None)
    if cached and stamped and cached[:2] == (table.version, stamped):
        return cached[2], cached[3], cached[4]
    since = None
    if cached and stamped and 0 < cached[0] < table.version and _has(conn, table, *cached[:2]):
        since = load(conn, table.id, after=cached[0], upto=table.version)
    if since is not None and all(event["kind"] != "undo" for event in since):
        result = advance(game, table.setup, cached[2], since)
        said, after = genders(table.setup, since, cached[3]), following(since)
    else:
        log = load(conn, table.id, upto=table.version)
        result, said, after = fold(game, table.setup, log), genders(table.setup, log), following(log)
    if stamped:
        _cache()[key(table)] = (table.version, stamped, result, said, after)
    return result, said, after


def _has(conn, table, version: int, stamped: str) -> bool:
    """Whether the table's log holds, at ``version``, the event stamped ``stamped``."""
    return conn.execute("SELECT 1 FROM events WHERE table_id = ? AND version = ? AND stamp = ?",
                        (table.id, version, stamped)).fetchone() is not None


def current_version(conn, table_id: int) -> tuple[int, str | None]:
    """The table's version as stored (0 before the first event), and its stamp."""
    row = conn.execute("SELECT version, stamp FROM tables WHERE id = ?", (table_id,)).fetchone()
    if row is None:
        raise LookupError(table_id)
    return row[0], row[1]


@dataclass(frozen=True)
class Written:
    """What a change stored: the ``event`` as it is kept (version, kind, data as the game read
    it, seat, created), the ``position`` after it, and the ``base`` version the phone made it
    from. ``rebased``: made from an older version and applied on top of changes its phone has
    not seen yet (they did not conflict)."""

    event: dict
    position: dict
    base: int

    @property
    def rebased(self) -> bool:
        return self.event["version"] - 1 != self.base


def append(conn, table, game, kind: str, data, *, base: int, seat: str | None = None,
           host: bool = False) -> Written:
    """Apply one change made from version ``base``; return what was written. ``data`` is the
    event's data, checked by the game (``Game.check``), or a form's reader: a function of the
    position giving the data, the game's own reader of that kind (the one ``Game.check`` reads
    imported events with), so a form is read once, on the position the change is judged on.

    Raises StaleWrite (``base`` is behind and the events since conflict with this one), RuleError
    (the game or the undo rule refuses it; guard.Refused, 507, once the database is full).
    Either way nothing is stored. A write from behind that does not conflict is applied on top of
    the current position (``Written.rebased``). ``table`` is the row as this request read it;
    afterwards it holds the new version and stamp.

    The rules judge the change before the write lock is taken, on the version the request read
    the table at; under the lock (``BEGIN IMMEDIATE``) the version is read again and, only if
    another write came first, the change is judged again on the new one. The lock is held for
    two statements and the commit, not for the rules: every other writer of the database, in
    every server process, waits for it (SQLite's busy wait sleeps between its tries, so a lock
    held while a busy worker runs the rules made taps wait for each other: docs/performance.md,
    "Load benchmark").
    """
    guard.check_room()
    current = (table.version, table.stamp)
    event, new = change(conn, table, game, kind, data, base, current, seat, host)
    with transaction(conn):
        latest = current_version(conn, table.id)
        if latest != current:  # another write came first (or the database was restored)
            event, new = change(conn, table, game, kind, data, base, latest, seat, host)
        written = stamp()
        conn.execute("INSERT INTO events (table_id, version, kind, data, seat, created, stamp)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (table.id, event["version"], kind,
                      json.dumps(event["data"], ensure_ascii=False), seat, event["created"],
                      written))
        conn.execute("UPDATE tables SET version = ?, stamp = ? WHERE id = ?",
                     (event["version"], written, table.id))
    known = _cache().get(key(table))
    said = (genders(table.setup, [event], known[3])
            if known and known[0] == event["version"] - 1 else None)
    table.version, table.stamp = event["version"], written
    if said is None:
        _cache().pop(key(table), None)
    else:
        _cache()[key(table)] = (table.version, written, new, said, None)
    return Written(event, new, base)


def change(conn, table, game, kind: str, data, base: int, current: tuple[int, str | None],
           seat: str | None, host: bool) -> tuple[dict, dict]:
    """The event a write makes on the table at ``current`` (its version and stamp; its data as the
    game checked it), and the position after it; StaleWrite or RuleError when it may not be made. Reads only
    events up to ``current``, so it is judged on that version even while others are written.
    A form's reader runs first (the conflicts are judged on what the event changes); a write
    from an older version that it refuses is stale rather than refused: the version is checked
    before the rules, so the phone sees what changed."""
    table.version, table.stamp = current
    current = table.version
    if next_table(conn, table, game):
        raise RuleError(_("this game is over and the next one has started: this table may be"
                          " read, not changed"), "TABLE-FINISHED")
    event = {"version": current + 1, "kind": kind, "data": data, "seat": seat, "created": now()}
    if kind == ADDRESS:  # no move of the game: never stale, the position unchanged
        event["data"] = check_address(table.setup["players"], data)
        return event, position(conn, table, game)
    since = load(conn, table.id, after=base, upto=current) if base != current else []
    moves = [e for e in since if e["kind"] != ADDRESS]  # a form of address conflicts with none
    if callable(data) and kind not in GENERIC:  # a form, read once: what it changes is known
        try:                                      # before the conflicts are judged
            event["data"] = data(position(conn, table, game))
        except RuleError:
            if moves or not 0 <= base <= current:  # the version first: the phone sees what changed
                raise StaleWrite(current, since) from None
            raise
    if base != current:
        if not 0 <= base < current or (moves and (kind in GENERIC or game.conflicts(event, moves))):
            raise StaleWrite(current, since)
    if kind in GENERIC:
        events = load(conn, table.id, upto=current)
        if kind == "undo":
            _check_undo(events, host)
        event["data"] = {}
        return event, fold(game, table.setup, events + [event])
    before = position(conn, table, game)
    if not callable(data):
        event["data"] = game.check(before, kind, data)
    return event, game.apply(before, event)


def _check_undo(events: list[dict], host: bool) -> None:
    """Anybody may undo the last change; undoing further back (an undo after an undo) needs the host."""
    if not in_effect(events):
        raise RuleError(_("there is nothing to undo"), "TABLE-UNDO")
    moves = [event for event in events if event["kind"] != ADDRESS]
    if moves[-1]["kind"] == "undo" and not host:
        raise RuleError(_("only the host can undo past the last change"), "TABLE-HOST")


def _finished_at(conn, table_id: int, version: int) -> str | None:
    """As :func:`next_table`, read from the log (under the write lock)."""
    row = conn.execute("SELECT data FROM events WHERE table_id = ? AND version = ? AND kind = ?",
                       (table_id, version, FINISHED)).fetchone()
    return json.loads(row[0])["next"] if row else None


def finish(conn, table, next_code: str, seat: str | None) -> None:
    """End ``table``: its ``finished`` event names the table started from it. Every phone of the
    table is told the new version and follows (companion.table.ending.follow); no change is
    made to the table afterwards (:func:`change`)."""
    with transaction(conn):
        version, _stamp = current_version(conn, table.id)
        if _finished_at(conn, table.id, version):
            raise RuleError(_("this game is over and the next one has started: this table may be"
                              " read, not changed"), "TABLE-FINISHED")
        written = stamp()
        conn.execute("INSERT INTO events (table_id, version, kind, data, seat, created, stamp)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (table.id, version + 1, FINISHED, json.dumps({"next": next_code}), seat,
                      now(), written))
        conn.execute("UPDATE tables SET version = ?, stamp = ? WHERE id = ?",
                     (version + 1, written, table.id))
    table.version, table.stamp = version + 1, written


def forget(table) -> None:
    """Drop the cached position of a deleted table."""
    _cache().pop(key(table), None)
