"""Game tables (rooms): creation with a join code and a host token, seats, export and import.

A browser's seats and host tokens live in the signed session cookie (HttpOnly, SameSite=Lax), so
a phone comes back to its seat after a reload and the creator's browser stays the host. Only a
hash of the host token is stored.
"""
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import datetime

from flask import current_app, session

from companion import grammar, security
from companion.i18n import LANGUAGES, gettext as _, ngettext
from companion.table import events, games, guard
from companion.table.db import get_db, stamp, transaction
from companion.table.names import key as name_key, read as read_name
from companion.scorers.rules import RuleError

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
EXPORT_FORMAT = "companion-table/1"
KEEP = 20  # seats and host tokens a browser remembers
MAX_EVENTS = 5000  # events in an imported table (a whole game of either is well under 2,000)


Refused = guard.Refused  # 429 or 507: nothing stored


@dataclass
class Table:
    """One row of ``tables``, with its setup decoded."""

    id: int
    code: str
    game: str
    title: str
    setup: dict
    language: str
    host_hash: str
    version: int
    created: str
    stamp: str | None = None  # the random stamp of its latest write (db.stamp)

    @property
    def players(self) -> list[str]:
        return self.setup["players"]


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _remember(key: str, code: str, value) -> None:
    """Keep ``value`` for ``code`` in the session dict ``key`` (the KEEP tables used last)."""
    security.remember(key, code, value, KEEP)


def check_players(names: list[str], game) -> list[str]:
    """Player names in seat order: read one by one (:func:`companion.table.names.read`: NFC,
    visible, no control character, at most 24 characters), blank lines left out, as many as the
    game allows, no two the same name (:func:`companion.table.names.key`)."""
    names = [read_name(n) for n in names if n and n.strip()]
    if not game.min_players <= len(names) <= game.max_players:
        raise RuleError(_("%(g)s needs %(lo)s to %(hi)s players, not %(n)s", g=game.title,
                          lo=game.min_players, hi=game.max_players, n=len(names)), "TABLE-PLAYERS")
    seen: set = set()
    for name in names:
        if name_key(name) in seen:
            raise RuleError(_("%(name)s is written twice: each player needs a name of their own",
                              name=name), "TABLE-PLAYERS")
        seen.add(name_key(name))
    return names


def create(game_name: str, players: list[str], language: str, title: str = "",
           options: dict | None = None, log: list[dict] | None = None,
           genders: dict | None = None, *, admitted: bool = False) -> Table:
    """A new table (with ``log`` replayed, for imports); this browser becomes its host. The
    players' forms of address are ``genders`` (a table file's), else guessed from their names
    (companion.grammar.guess); each player changes his own at any time (events.ADDRESS).
    ``admitted``: the caller took this address's ration already (:func:`admit`); otherwise it
    is taken here, before anything else is read."""
    if not admitted:
        admit()
    game = games.get(game_name)
    players = check_players(players, game)
    setup = {"players": players, "options": games.check_options(game, options),
             "genders": grammar.genders_of(players, genders, language)}
    if log is None:
        setup = game.prepare(setup)
    log = events.replay(game, setup, log or [])  # an import the rules refuse stores nothing
    token = secrets.token_urlsafe(16)
    conn = get_db()
    with transaction(conn):
        code = _free_code(conn)
        stamps = [stamp() for _ in range(len(log) + 1)]
        cur = conn.execute(
            "INSERT INTO tables (code, game, title, setup, language, host_hash, version, created,"
            " stamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (code, game_name, title.strip()[:60], json.dumps(setup, ensure_ascii=False),
             language, _hash(token), len(log), events.now(), stamps[-1]))
        for number, event in enumerate(log, 1):
            conn.execute("INSERT INTO events (table_id, version, kind, data, seat, created, stamp)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (cur.lastrowid, number, event["kind"],
                          json.dumps(event["data"], ensure_ascii=False),
                          event["seat"] if event["seat"] in setup["players"] else None,
                          event.get("created") or events.now(), stamps[number]))
    _remember("hosts", code, token)
    return find(code)  # stored: no ration of misses may turn this into a refusal


def admit() -> None:
    """Take this address's ration of new tables (HOST-TABLES, 429) once the host has room for
    one (HOST-SPACE, 507), before the form or the file is read: a refused request costs the
    server two statements, and a file the rules refuse at its last event has spent its
    ration like a table stored."""
    conn = get_db()
    check_space(conn)
    ration = guard.new_tables()
    with transaction(conn):
        taken = ration.take(conn, guard.client())
    if not taken:
        raise out_of_tables(conn)


def out_of_tables(conn) -> Refused:
    """The refusal of a table to an address out of its ration (429, HOST-TABLES), with the
    seconds until it has one again (``retry``)."""
    seconds = guard.new_tables().wait(conn, guard.client())
    minutes = (seconds + 59) // 60
    refused = Refused(ngettext(
        "this device has created or imported as many tables as the host allows for now:"
        " try again in %(num)s minute",
        "this device has created or imported as many tables as the host allows for now:"
        " try again in %(num)s minutes", minutes), "HOST-TABLES", 429)
    refused.retry = max(1, seconds)  # told as Retry-After: the front refuses until then
    return refused


def check_space(conn) -> None:
    """Refuse a new table (507, HOST-SPACE) when the database has reached
    ``DATABASE_MAX_BYTES`` or its disk has less than ``DISK_RESERVE_BYTES`` free: the tables
    under way keep the room that is left."""
    if guard.full():
        raise Refused(_("the host is out of space: it takes no new table now"), "HOST-SPACE",
                      507)


def _free_code(conn) -> str:
    """A new join code: CODE_LENGTH letters, or ``JOIN_CODE_LENGTH`` (up to 8) for a host open to
    the internet (guessing is also rationed: companion.table.guard). A deleted table's code is never
    given out again: a phone that kept its seat there must not find itself at a stranger's table.
    ``CODE_PREFIX`` (checked at start: :func:`check_code_prefix`) begins every code this instance
    makes, so that a proxy in front of several instances routes a table by its code alone
    (docs/hosting.md)."""
    length = min(8, current_app.config.get("JOIN_CODE_LENGTH", CODE_LENGTH))
    prefix = current_app.config.get("CODE_PREFIX", "")
    while True:
        code = prefix + "".join(secrets.choice(CODE_LETTERS) for _ in range(length - len(prefix)))
        if not conn.execute("SELECT 1 FROM tables WHERE code = ? UNION ALL"
                            " SELECT 1 FROM deleted WHERE code = ?", (code, code)).fetchone():
            return code


def check_code_prefix(app) -> None:
    """Refuse a ``CODE_PREFIX`` that no code could carry: letters of the codes' alphabet, at
    least three of the code's letters left random."""
    prefix = app.config.get("CODE_PREFIX", "")
    length = min(8, app.config.get("JOIN_CODE_LENGTH", CODE_LENGTH))
    if not isinstance(prefix, str) or any(ch not in CODE_LETTERS for ch in prefix):
        raise ValueError(f"CODE_PREFIX {prefix!r}: only the letters {CODE_LETTERS}")
    if length - len(prefix) < 3:
        raise ValueError(f"CODE_PREFIX {prefix!r} leaves fewer than 3 random letters in a "
                         f"{length}-letter code: raise JOIN_CODE_LENGTH")


def find(code: str) -> Table | None:
    """The table with join code ``code`` (any case), or None."""
    row = get_db().execute("SELECT * FROM tables WHERE code = ?", (code.upper(),)).fetchone()
    return None if row is None else Table(**dict(row, setup=json.loads(row["setup"])))


def get(code: str) -> Table:
    """The table with join code ``code``, or a 404 (counted against the client: guard). A
    client out of misses gets 429 whether the code is found or not; its ration is read in the
    same statement as the table."""
    row = get_db().execute(
        "SELECT r.tokens AS miss_tokens, r.at AS miss_at, t.* FROM (SELECT 1)"
        " LEFT JOIN rations r ON r.kind = 'miss' AND r.client = ?"
        " LEFT JOIN tables t ON t.code = ?", (guard.client(), code.upper())).fetchone()
    guard.check_read(None if row["miss_tokens"] is None else (row["miss_tokens"], row["miss_at"]))
    if row["id"] is None:
        guard.miss()
    table = {k: row[k] for k in row.keys() if not k.startswith("miss_")}
    return Table(**dict(table, setup=json.loads(table["setup"])))


def is_host(table: Table) -> bool:
    """Whether this browser holds the table's host token."""
    token = session.get("hosts", {}).get(table.code)
    return bool(token) and hmac.compare_digest(_hash(token), table.host_hash)


def claim_host(table: Table, token: str) -> bool:
    """Make this browser a host of ``table`` if ``token`` is its host token."""
    if not hmac.compare_digest(_hash(token), table.host_hash):
        return False
    _remember("hosts", table.code, token)
    return True


def host_token(table: Table) -> str | None:
    """This browser's host token for ``table`` (to show the host link), if it is the host."""
    return session.get("hosts", {}).get(table.code) if is_host(table) else None


def seat(table: Table) -> str | None:
    """The player this browser sits as ("" for a watcher), or None when it has not picked."""
    return session.get("seats", {}).get(table.code)


def take_seat(table: Table, player: str) -> None:
    """Sit this browser as ``player`` ("" watches). Once the host has closed seating, only the
    host and a browser seated as a player already may pick a player's seat: a code that leaked
    or was guessed is worth watching, not a seat. The table remembers which phone took the seat
    (:func:`taken_seats`), and forgets this phone's earlier one."""
    if player and player not in table.players:
        raise RuleError(_("there is no player %(p)r at this table", p=player), "TABLE-SEAT")
    if player and not may_sit(table):
        raise RuleError(_("the host has closed seating: this phone may only watch"),
                        "TABLE-SEAT")
    guard.write()  # a browser without a cookie is a new phone: each take would add a row
    _remember("seats", table.code, player)
    if "phone" not in session:
        session["phone"] = secrets.token_urlsafe(9)
    conn = get_db()
    with transaction(conn):
        conn.execute("DELETE FROM seats WHERE table_id = ? AND phone = ?",
                     (table.id, session["phone"]))
        if player:
            conn.execute("INSERT OR REPLACE INTO seats (table_id, player, phone, taken)"
                         " VALUES (?, ?, ?, ?)", (table.id, player, session["phone"],
                                                  events.now()))


def taken_seats(table: Table) -> set[str]:
    """The players whose seat another phone has taken (TABLE-SEAT: the picker asks first)."""
    rows = get_db().execute("SELECT player, phone FROM seats WHERE table_id = ?", (table.id,))
    return {row["player"] for row in rows if row["phone"] != session.get("phone")}


def seating_closed(table: Table) -> bool:
    """Whether the table's host closed seating."""
    return get_db().execute("SELECT 1 FROM closed_seating WHERE table_id = ?",
                            (table.id,)).fetchone() is not None


def may_sit(table: Table) -> bool:
    """Whether this browser may pick a player's seat at ``table``."""
    return bool(seat(table)) or is_host(table) or not seating_closed(table)


def close_seating(table: Table, closed: bool) -> None:
    """Close seating at ``table`` (the phones seated keep their seats) or open it again."""
    conn = get_db()
    with transaction(conn):
        if closed:
            conn.execute("INSERT OR IGNORE INTO closed_seating (table_id) VALUES (?)",
                         (table.id,))
        else:
            conn.execute("DELETE FROM closed_seating WHERE table_id = ?", (table.id,))


def delete(table: Table) -> None:
    """Remove the table and its whole log, leaving a tombstone: its code is never given out
    again, and the news watcher of every server process finds the phones to tell it is gone
    (companion.server.push)."""
    conn = get_db()
    with transaction(conn):
        conn.execute("DELETE FROM events WHERE table_id = ?", (table.id,))
        for name in ["news", *games.per_table()]:  # its news and its game's rows
            conn.execute(f"DELETE FROM [{name}] WHERE table_id = ?", (table.id,))
        conn.execute("DELETE FROM seats WHERE table_id = ?", (table.id,))
        conn.execute("DELETE FROM closed_seating WHERE table_id = ?", (table.id,))
        conn.execute("DELETE FROM tables WHERE id = ?", (table.id,))
        conn.execute("INSERT INTO deleted (code, table_id, deleted) VALUES (?, ?, ?)",
                     (table.code, table.id, events.now()))
    events.forget(table)


def export(table: Table) -> dict:
    """The whole table as JSON: its setup and its log, undos included."""
    return {"format": EXPORT_FORMAT, "game": table.game, "code": table.code, "title": table.title,
            "language": table.language, "setup": table.setup,
            "events": events.load(get_db(), table.id)}


def import_(data, language_default: str = "en", *, admitted: bool = False) -> Table:
    """A new table from an :func:`export` file. A file of another form is refused (TABLE-IMPORT)
    saying where; an event the rules refuse, with its number and its rule."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise RuleError(_("this is not a table file (format %(f)r expected)", f=EXPORT_FORMAT),
                        "TABLE-IMPORT")
    game, setup = data.get("game"), data.get("setup")
    if game not in [g.name for g in games.all_games()]:
        raise RuleError(_("the table file names an unknown game %(g)r", g=game), "TABLE-IMPORT")
    if not (isinstance(setup, dict) and isinstance(setup.get("players"), list)
            and all(isinstance(name, str) for name in setup["players"])
            and isinstance(setup.get("options") or {}, dict)):
        raise RuleError(_("the table file's setup lacks the list of players' names"),
                        "TABLE-IMPORT")
    language = text(data.get("language"))
    return create(game, setup["players"], language if language in LANGUAGES else language_default,
                  text(data.get("title")) or "", setup.get("options"), read_log(data.get("events")),
                  setup.get("genders"), admitted=admitted)


def read_log(events) -> list[dict]:
    """The log of a table file, each event checked for its form (the game's checker and its
    rules check each one on replay, :func:`companion.table.events.replay`): at most MAX_EVENTS, each
    with its kind, its data, and optionally the seat it was made from and its time."""
    if not isinstance(events, list):
        raise RuleError(_("the table file's events are not a list"), "TABLE-IMPORT")
    if len(events) > MAX_EVENTS:
        raise RuleError(ngettext("the table file has %(num)d event; a table holds at most %(max)s",
                                 "the table file has %(num)d events; a table holds at most %(max)s",
                                 len(events), max=MAX_EVENTS), "TABLE-IMPORT")
    for number, event in enumerate(events, 1):
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            raise RuleError(_("event %(n)s: it does not say its kind", n=number), "TABLE-IMPORT")
        if not isinstance(event.get("data"), dict):
            raise RuleError(_("event %(n)s: its data is missing", n=number), "TABLE-IMPORT")
        if text(event.get("seat")) is not None and len(event["seat"]) > 24:
            raise RuleError(_("event %(n)s: its seat is not a player's name", n=number),
                            "TABLE-IMPORT")
        if event.get("created") is not None and not moment(event["created"]):
            raise RuleError(_("event %(n)s: its time is not a date and time", n=number),
                            "TABLE-IMPORT")
    return [{"version": number, "kind": event["kind"], "data": event["data"],
             "seat": text(event.get("seat")), "created": text(event.get("created"))}
            for number, event in enumerate(events, 1)]


def moment(value) -> bool:
    """Whether ``value`` is a time stamp as the log stores them (ISO 8601)."""
    if not isinstance(value, str) or len(value) > 40:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def text(value) -> str | None:
    """``value`` if it is text, else None (a table file's optional fields)."""
    return value if isinstance(value, str) else None
