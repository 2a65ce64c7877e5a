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
from flask_babel import gettext as _

from companion import events, games, guard, security
from companion.db import get_db, transaction
from companion.i18n import LANGUAGES
from companion.scorers.rules import RuleError

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
EXPORT_FORMAT = "companion-table/1"
KEEP = 20  # seats and host tokens a browser remembers
MAX_EVENTS = 5000  # events in an imported table (a whole game of either is well under 2,000)


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

    @property
    def players(self) -> list[str]:
        return self.setup["players"]


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _remember(key: str, code: str, value) -> None:
    """Keep ``value`` for ``code`` in the session dict ``key`` (the KEEP tables used last)."""
    security.remember(key, code, value, KEEP)


def check_players(names: list[str], game) -> list[str]:
    """Player names in seat order: stripped, non-empty, distinct, as many as the game allows."""
    names = [n.strip() for n in names if n and n.strip()]
    if not game.min_players <= len(names) <= game.max_players:
        raise RuleError(_("%(g)s needs %(lo)s to %(hi)s players, not %(n)s", g=game.title,
                          lo=game.min_players, hi=game.max_players, n=len(names)), "TABLE-PLAYERS")
    if len(set(n.casefold() for n in names)) != len(names):
        raise RuleError(_("two players have the same name"), "TABLE-PLAYERS")
    if any(len(n) > 24 for n in names):
        raise RuleError(_("a player's name is longer than 24 characters"), "TABLE-PLAYERS")
    return names


def create(game_name: str, players: list[str], language: str, title: str = "",
           options: dict | None = None, log: list[dict] | None = None) -> Table:
    """A new table (with ``log`` replayed, for imports); this browser becomes its host."""
    game = games.get(game_name)
    setup = {"players": check_players(players, game),
             "options": games.check_options(game, options)}
    if log is None:
        setup = game.prepare(setup)
    log = events.replay(game, setup, log or [])  # an import the rules refuse stores nothing
    token = secrets.token_urlsafe(16)
    conn = get_db()
    with transaction(conn):
        code = _free_code(conn)
        cur = conn.execute(
            "INSERT INTO tables (code, game, title, setup, language, host_hash, version, created)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (code, game_name, title.strip()[:60],
                                                  json.dumps(setup, ensure_ascii=False), language,
                                                  _hash(token), len(log), events.now()))
        for number, event in enumerate(log, 1):
            conn.execute("INSERT INTO events (table_id, version, kind, data, seat, created)"
                         " VALUES (?, ?, ?, ?, ?, ?)",
                         (cur.lastrowid, number, event["kind"],
                          json.dumps(event["data"], ensure_ascii=False),
                          event["seat"] if event["seat"] in setup["players"] else None,
                          event.get("created") or events.now()))
    _remember("hosts", code, token)
    return get(code)


def _free_code(conn) -> str:
    """A new join code: CODE_LENGTH letters, or ``JOIN_CODE_LENGTH`` (up to 8) for a host open to
    the internet (guessing is also rationed: companion.guard)."""
    length = min(8, current_app.config.get("JOIN_CODE_LENGTH", CODE_LENGTH))
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(length))
        if not conn.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone():
            return code


def find(code: str) -> Table | None:
    """The table with join code ``code`` (any case), or None."""
    row = get_db().execute("SELECT * FROM tables WHERE code = ?", (code.upper(),)).fetchone()
    return None if row is None else Table(**dict(row, setup=json.loads(row["setup"])))


def get(code: str) -> Table:
    """The table with join code ``code``, or a 404 (counted against the client: guard)."""
    guard.check()
    return find(code) or guard.miss()


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
    """Sit this browser as ``player`` ("" watches); the table remembers which phone took the
    seat (:func:`taken_seats`), and forgets this phone's earlier one."""
    if player and player not in table.players:
        raise RuleError(_("there is no player %(p)r at this table", p=player), "TABLE-SEAT")
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


def delete(table: Table) -> None:
    """Remove the table and its whole log."""
    conn = get_db()
    with transaction(conn):
        conn.execute("DELETE FROM events WHERE table_id = ?", (table.id,))
        conn.execute("DELETE FROM nights WHERE table_id = ?", (table.id,))
        conn.execute("DELETE FROM seats WHERE table_id = ?", (table.id,))
        conn.execute("DELETE FROM tables WHERE id = ?", (table.id,))
    events.forget(table.id)


def export(table: Table) -> dict:
    """The whole table as JSON: its setup and its log, undos included."""
    return {"format": EXPORT_FORMAT, "game": table.game, "title": table.title,
            "language": table.language, "setup": table.setup,
            "events": events.load(get_db(), table.id)}


def import_(data, language_default: str = "en") -> Table:
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
                  text(data.get("title")) or "", setup.get("options"), read_log(data.get("events")))


def read_log(events) -> list[dict]:
    """The log of a table file, each event checked for its form (the game's checker and its
    rules check each one on replay, :func:`companion.events.replay`): at most MAX_EVENTS, each
    with its kind, its data, and optionally the seat it was made from and its time."""
    if not isinstance(events, list):
        raise RuleError(_("the table file's events are not a list"), "TABLE-IMPORT")
    if len(events) > MAX_EVENTS:
        raise RuleError(_("the table file has %(n)s events; a table holds at most %(max)s",
                          n=len(events), max=MAX_EVENTS), "TABLE-IMPORT")
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
