"""Rations per client address, kept in the database so that every worker process shares them.

Join codes cannot be guessed: a join code is all a stranger needs to find a table, so answering
"no such table" is rationed per client address (a token bucket: ``JOIN_GUESSES = (30, 6)``, 30
misses at once, then 6 a minute). A client out of misses gets 429 for every code,
found or not, so a guess that would have hit tells it nothing. At 6 a minute, finding one of 10
live 5-character tables (31^5 codes) takes a single address about 160 days on average
(:data:`companion.table.tables.CODE_LENGTH`).

Creating and importing tables is rationed the same way (``TABLES_PER_ADDRESS``: so many at once,
then so many an hour). Every ration is taken before the work it guards (``tables.admit``: before
the form or the file is read, the events replayed): a refused request costs two statements, and a
file refused at its last event has spent its ration as a table stored would.

Each bucket is one row of ``rations`` (kind, client, tokens, when), spent with one upsert,
only on a miss, a creation, an import or another write that grows the database
(:func:`writes`). The misses are read with the table a request asks for, in the same statement
(``tables.get``): a tap costs no statement for its guard. A row whose bucket is full again is
deleted (a client gets no more than a full bucket back), so the table holds only the clients that
spent something lately. Every worker reads and
writes the same rows: the ration of an address is the same whichever worker answers it.
"""
import os
import shutil
import time

from flask import abort, current_app, request

from companion.i18n import gettext as _, ngettext
from companion.table.db import get_db, transaction
from companion.scorers.rules import RuleError
from companion.security import address_key


class Refused(RuleError):
    """A write the host does not take now: 429 (this address's ration: HOST-TABLES,
    HOST-WRITES) or 507 (the host is out of space, HOST-SPACE). Nothing is stored."""

    def __init__(self, message: str, rule: str, status: int):
        super().__init__(message, rule)
        self.status = status


class Ration:
    """A token bucket per client: ``burst`` at once, then ``rate`` a second."""

    def __init__(self, kind: str, burst: float, rate: float):
        self.kind, self.burst, self.rate = kind, burst, rate

    def left(self, conn, client: str, now: float | None = None) -> float:
        """What ``client`` has left now."""
        row = conn.execute("SELECT tokens, at FROM rations WHERE kind = ? AND client = ?",
                           (self.kind, client)).fetchone()
        return self.left_of(row, now)

    def left_of(self, row, now: float | None = None) -> float:
        """What is left in a bucket read as ``row`` (tokens, at), or a full one for None."""
        now = time.time() if now is None else now
        return self.burst if row is None else min(self.burst, row[0] + (now - row[1]) * self.rate)

    def allowed(self, conn, client: str, now: float | None = None) -> bool:
        return self.left(conn, client, now) >= 1

    def wait(self, conn, client: str, now: float | None = None) -> int:
        """Seconds until ``client`` has one again (0: it has one)."""
        short = 1 - self.left(conn, client, now)
        return 0 if short <= 0 else int(short / self.rate + 0.999) if self.rate > 0 else 10 ** 9

    def take(self, conn, client: str, now: float | None = None) -> bool:
        """Spend one for ``client`` (False, nothing spent, when it has none left); forget the
        clients whose bucket is full again. Run it inside the caller's transaction."""
        now = time.time() if now is None else now
        values = {"kind": self.kind, "client": client, "burst": float(self.burst),
                  "rate": float(self.rate), "now": now,
                  "per": 1 / self.rate if self.rate > 0 else 1e12}  # seconds per token
        taken = conn.execute(
            "INSERT INTO rations (kind, client, tokens, at, full)"
            " SELECT :kind, :client, :burst - 1, :now, :now + :per WHERE :burst >= 1"
            " ON CONFLICT (kind, client) DO UPDATE SET"
            " tokens = min(:burst, tokens + (:now - at) * :rate) - 1,"
            " full = :now + (:burst + 1 - min(:burst, tokens + (:now - at) * :rate)) * :per,"
            " at = :now"
            " WHERE min(:burst, tokens + (:now - at) * :rate) >= 1", values).rowcount
        conn.execute("DELETE FROM rations WHERE full < ?", (now,))
        return taken > 0


def misses(app=None) -> Ration:
    burst, per_minute = (app or current_app).config["JOIN_GUESSES"]
    return Ration("miss", burst, per_minute / 60)


def new_tables() -> Ration:
    burst, per_hour = current_app.config["TABLES_PER_ADDRESS"]
    return Ration("table", burst, per_hour / 3600)


def writes() -> Ration:
    burst, per_minute = current_app.config["WRITES_PER_ADDRESS"]
    return Ration("write", burst, per_minute / 60)


def used_bytes(path: str) -> int:
    """The bytes the database ``path`` takes on its disk: its file and its write-ahead log (the
    changes not yet copied into the file take room too). Read from the file system, not asked
    of SQLite: a tap pays no statement for it."""
    size = 0
    for name in (path, path + "-wal"):
        try:
            size += os.stat(name).st_size
        except OSError:
            pass
    return size


def full() -> bool:
    """Whether the database has reached ``DATABASE_MAX_BYTES`` or its disk has less than
    ``DISK_RESERVE_BYTES`` free (two stats and one statfs: a few microseconds)."""
    config = current_app.config
    path = os.path.abspath(config["DATABASE"])
    try:
        free = shutil.disk_usage(os.path.dirname(path)).free
    except OSError:
        free = config["DISK_RESERVE_BYTES"]
    return used_bytes(path) >= config["DATABASE_MAX_BYTES"] or free < config["DISK_RESERVE_BYTES"]


def check_room() -> None:
    """Refuse a change (507, HOST-SPACE) once the database is full (:func:`full`): every write
    a phone makes meets the database budget, not only a new table."""
    if full():
        raise Refused(_("the host is out of space: it takes no more changes now"), "HOST-SPACE",
                      507)


def write() -> None:
    """Before a write that grows the database other than a tap at a table (a seat taken, a
    board profile kept or saved): the host's room (:func:`check_room`), then one of this
    address's ``WRITES_PER_ADDRESS`` (429, HOST-WRITES), taken before the work."""
    check_room()
    conn = get_db()
    ration = writes()
    with transaction(conn):
        taken = ration.take(conn, client())
    if not taken:
        seconds = ration.wait(conn, client())
        raise Refused(ngettext(
            "this device has made as many changes as the host allows for now: try again in"
            " %(num)s second",
            "this device has made as many changes as the host allows for now: try again in"
            " %(num)s seconds", seconds), "HOST-WRITES", 429)


def client() -> str:
    """The client's address (the proxy's client when the host trusts a proxy; an IPv6 one by
    its /64: security.address_key)."""
    return address_key(request.remote_addr or "")


def check_read(row) -> None:
    """429 for a client that has used up its misses, from its bucket (tokens, at) read with the
    table it asked for (``tables.get``: one statement for both), or None for a full bucket."""
    if misses().left_of(row) < 1:
        abort(429)


def miss() -> None:
    """Count a code that leads nowhere against this client, then answer 404."""
    conn = get_db()
    with transaction(conn):
        misses().take(conn, client())
    abort(404)
