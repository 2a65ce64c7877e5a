"""The SQLite database: a pool of open connections, WAL mode synced at every commit, the schema,
``init-db``.

Tables: ``tables`` (one row per game table, with its current ``version``), ``events`` (the
append-only log, one row per change, unique per table and version), ``deleted`` (a tombstone per
deleted table: its code is never given out again, and the phones still watching it are told it
is gone), ``news`` (a table's news beyond its version: the number of its latest, bumped by its
game with :func:`bump_news`), ``seats`` (which phone took each seat) and ``identity`` (the
database's random identity, made new by a restore). Each game adds its own tables
(``Game.schema``). Writes that must be atomic use :func:`transaction`.

The ids of ``tables`` and ``events`` are never reused (``AUTOINCREMENT``): without it SQLite gives
a new row the largest id plus one, so a table created after the newest one is deleted would take
its id, and a server process still keeping the deleted table's position under that id would serve
it for the new table (:func:`never_reuse_ids`).
"""
import queue
import re
import secrets
import sqlite3
import time
from contextlib import contextmanager

import click
import sqlite_utils
from flask import current_app, g
from flask.cli import with_appcontext

SCHEMA = {
    "tables": ({"id": int, "code": str, "game": str, "title": str, "setup": str, "language": str,
                "host_hash": str, "version": int, "created": str, "stamp": str},
               {"pk": "id", "not_null": {
                    "code", "game", "setup", "language", "host_hash", "version"}}),
    "events": ({"id": int, "table_id": int, "version": int, "kind": str, "data": str, "seat": str,
                "created": str, "stamp": str}, {"pk": "id", "not_null": {"table_id", "version", "kind", "data"},
                                  "foreign_keys": [("table_id", "tables", "id")]}),
    # a table's news beyond its version, told on its stream (companion.server.push): a game bumps it
    "news": ({"table_id": int, "seq": int}, {"pk": "table_id", "not_null": {"seq"}}),
    "deleted": ({"seq": int, "code": str, "table_id": int, "deleted": str},
                {"pk": "seq", "not_null": {"code", "table_id"}}),  # tombstones, never removed
    # a table whose host closed seating: a browser without a seat there may only watch
    "closed_seating": ({"table_id": int}, {"pk": "table_id"}),
    # what each client address has left of its rations (companion.table.guard), shared by the workers
    "rations": ({"kind": str, "client": str, "tokens": float, "at": float, "full": float},
                {"pk": ("kind", "client"), "not_null": {"tokens", "at", "full"}}),
    # which phone (a random id in its session) took each player's seat: the seat picker marks
    # the seats taken and asks before a second phone takes one
    "seats": ({"table_id": int, "player": str, "phone": str, "taken": str},
              {"pk": ("table_id", "player", "phone")}),
    # this database's identity: a random token, made new by a restore (stamp, push.Watcher)
    "identity": ({"one": int, "token": str}, {"pk": "one", "not_null": {"token"}}),
}
STAMPED = ("tables", "events")  # their rows carry a random stamp (stamp)
NEVER_REUSED = ("tables", "events")  # their ids: AUTOINCREMENT (never_reuse_ids)


# SQLite's durability levels the SYNCHRONOUS setting may name (docs/hosting.md)
SYNCHRONOUS = ("NORMAL", "FULL")


def connect(path: str, synchronous: str = "FULL") -> sqlite3.Connection:
    """Open the database in autocommit mode with WAL, foreign keys and a busy timeout.

    WAL + FULL (the server's setting): each COMMIT syncs the log to the disk before it returns,
    so a change a phone was told about survives a power cut of the host, not only a killed
    server. With NORMAL the log is synced only at checkpoints and the last commits could vanish
    in a power cut: the tests run so, since the sync is the largest single cost of a write."""
    if synchronous not in SYNCHRONOUS:
        raise ValueError(f"SYNCHRONOUS is {synchronous!r}; it must be one of {', '.join(SYNCHRONOUS)}")
    conn = sqlite3.connect(path, isolation_level=None, timeout=10, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute(f"PRAGMA synchronous={synchronous}")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def get_db() -> sqlite3.Connection:
    """The request's connection, taken from the app's pool (opening and closing a WAL database
    on every request would cost more than the request itself). The pool holds as many
    connections as requests ever ran at once, not one per server thread."""
    if "db" not in g:
        try:
            g.db = current_app.extensions["companion.table.db"].get_nowait()
        except queue.Empty:
            g.db = connect(current_app.config["DATABASE"], current_app.config["SYNCHRONOUS"])
    return g.db


def close_db(exc=None) -> None:
    """End the request: never leave a transaction open; the connection goes back to the pool."""
    db = g.pop("db", None)
    if db is not None:
        if db.in_transaction:
            db.execute("ROLLBACK")
        current_app.extensions["companion.table.db"].put(db)


@contextmanager
def transaction(conn: sqlite3.Connection):
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on any exception): writers queue up here."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        if conn.in_transaction:  # SQLite rolled back by itself after a full disk (SQLITE_FULL)
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def bump_news(conn: sqlite3.Connection, table_id: int) -> int:
    """Number a new piece of ``table_id``'s news (inside the caller's transaction): from the
    clock, in milliseconds, and always above the last one; the table's phones are told it."""
    row = conn.execute("SELECT seq FROM news WHERE table_id = ?", (table_id,)).fetchone()
    seq = max((row[0] if row else 0) + 1, int(time.time() * 1000))
    conn.execute("INSERT OR REPLACE INTO news (table_id, seq) VALUES (?, ?)", (table_id, seq))
    return seq


def stamp() -> str:
    """A random stamp: an event's, and its table's while that event is the table's latest.

    A cached position is kept with the stamp of the table at its version, and used only while
    the table has that version *and* that stamp (companion.table.events.position): a database
    replaced under a running server (``companion restore``, a copy put in place by any other
    means) may bring a table back at a version a worker has cached, but never with the stamp
    of a write made after the copy."""
    return secrets.token_hex(8)


def new_identity(conn: sqlite3.Connection) -> str:
    """Give the database a new identity (a restore does: every server process's watcher then
    tells every phone the restored versions, companion.server.push)."""
    token = stamp()
    conn.execute("INSERT OR REPLACE INTO identity (one, token) VALUES (1, ?)", (token,))
    return token


def init_db(path: str) -> None:
    """Create the tables and indexes that do not exist yet (safe to run on every start)."""
    conn = connect(path)
    db = sqlite_utils.Database(conn)
    from companion.table import games
    for name, (columns, options) in {**SCHEMA, **games.schema()}.items():
        db[name].create(columns, if_not_exists=True, **options)
        if name in STAMPED and "stamp" not in db[name].columns_dict:
            conn.execute(f"ALTER TABLE [{name}] ADD COLUMN stamp TEXT")
    with transaction(conn):  # a table made before stamps: its first cached position needs one
        conn.execute("UPDATE tables SET stamp = lower(hex(randomblob(8))) WHERE stamp IS NULL")
        if conn.execute("SELECT 1 FROM identity").fetchone() is None:
            new_identity(conn)
    never_reuse_ids(conn)
    db["tables"].create_index(["code"], unique=True, if_not_exists=True)
    db["events"].create_index(["table_id", "version"], unique=True, if_not_exists=True)
    db["deleted"].create_index(["code"], unique=True, if_not_exists=True)
    db["rations"].create_index(["full"], if_not_exists=True)
    conn.close()


def never_reuse_ids(conn: sqlite3.Connection) -> None:
    """Give ``tables`` and ``events`` ids that are never reused: their ``id`` becomes ``INTEGER
    PRIMARY KEY AUTOINCREMENT``. A database made before this (or just now by sqlite-utils, which
    has no public option for it) is rebuilt in one transaction, as SQLite's documentation says a
    table's definition is changed ("Making Other Kinds Of Table Schema Changes"): the rows keep
    their ids, and the next id is above every id in the table."""
    for name in NEVER_REUSED:
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                           (name,)).fetchone()[0]
        if "AUTOINCREMENT" in sql.upper():
            continue
        new_sql, found = re.subn(r"(\[id\]|\bid\b|\"id\")\s+INTEGER\s+PRIMARY\s+KEY",
                                 r"\g<0> AUTOINCREMENT", sql, count=1, flags=re.IGNORECASE)
        if not found:
            raise sqlite3.DatabaseError(f"table {name}: its id is not an INTEGER PRIMARY KEY")
        indexes = [row[0] for row in conn.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
            (name,))]
        conn.execute("PRAGMA foreign_keys=OFF")  # the events point at the table being rebuilt
        try:
            with transaction(conn):
                conn.execute(f"CREATE TABLE [_new_{name}] " + new_sql[new_sql.index("("):])
                conn.execute(f"INSERT INTO [_new_{name}] SELECT * FROM [{name}]")
                conn.execute(f"DROP TABLE [{name}]")
                conn.execute(f"ALTER TABLE [_new_{name}] RENAME TO [{name}]")
                for index in indexes:
                    conn.execute(index)
                if conn.execute("PRAGMA foreign_key_check").fetchone():
                    raise sqlite3.IntegrityError(f"table {name}: a row points nowhere")
        finally:
            conn.execute("PRAGMA foreign_keys=ON")


@click.command("init-db")
@with_appcontext
def init_db_command():
    """Create the database tables (they are also created when the app starts)."""
    init_db(current_app.config["DATABASE"])
    click.echo(f"Initialised {current_app.config['DATABASE']}")


def init_app(app) -> None:
    """Create the schema and register teardown and the ``init-db`` command."""
    init_db(app.config["DATABASE"])
    app.extensions["companion.table.db"] = queue.SimpleQueue()
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
