"""``companion backup`` and ``companion restore``: a host's copies of its database.

``backup`` makes a consistent copy while the server runs, with SQLite's online backup (the copy is
of one moment, whatever the workers write meanwhile), into a file beside the destination that is
renamed into place only once it is whole and checked: a backup interrupted half-way never
leaves a half file under the name a host restores from.

``restore`` checks a copy first (:func:`problems`: SQLite's integrity check, the companion's
tables, every event belonging to a table, every table's version matching its log, every event's
data readable) and replaces nothing when it finds a problem. It then copies it into the live
database with the same online backup, so it may run while the server does; the ids and codes
the live database had given out stay given out (``sqlite_sequence`` never goes back, and the
tables made since the copy leave tombstones): a phone that kept a seat at one of them never
lands at a stranger's table (companion.table.db). The key that signs the phones' cookies
(``secret_key``, beside the database) is not in the copy: keep a copy of it once.

A restored database is given a new identity (``db.new_identity``): the watcher of every
running server process sees it and tells every open phone its table's restored version
(companion.server.push), and no worker's cached position can match a restored table, whose
rows carry the stamps of the copy (``db.stamp``).
"""
import json
import os
import sqlite3
import tempfile

import click

from companion.table.db import connect, init_db, new_identity, transaction

COLUMNS = {"tables": {"id", "code", "game", "setup", "language", "host_hash", "version"},
           "events": {"id", "table_id", "version", "kind", "data"}}


class BackupError(click.ClickException):
    """A copy that cannot be made or used: one line, exit 1."""


def counts(conn) -> tuple[int, int]:
    """The tables and events a database holds."""
    return conn.execute("SELECT (SELECT count(*) FROM tables), (SELECT count(*) FROM events)"
                        ).fetchone()


def backup(database: str, path: str) -> tuple[int, int]:
    """Copy ``database`` to ``path`` (replacing it) as it is at one moment; its tables and
    events."""
    if os.path.abspath(path) == os.path.abspath(database):
        raise BackupError(f"{path} is the live database: back it up to another file")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise BackupError(f"{path}: the folder {folder} does not exist")
    source = connect(database)
    handle, partial = tempfile.mkstemp(prefix=".companion-backup-", dir=folder)
    os.close(handle)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, nothing beside it
        finally:
            copy.close()
        found = problems(partial)
        if found:
            raise BackupError(f"the copy of {database} is not sound: {found[0]}")
        with sqlite3.connect(partial) as check:
            made = counts(check)
        os.replace(partial, path)
    finally:
        source.close()
        if os.path.exists(partial):
            os.remove(partial)
    return made


def problems(path: str, most: int = 5) -> list[str]:
    """What makes ``path`` unfit to restore (at most ``most`` findings; none: it is sound)."""
    if not os.path.isfile(path):
        return [f"{path} is not a file"]
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as err:
        return [f"{path} cannot be opened ({err})"]
    try:
        return _problems(conn, most)
    except sqlite3.DatabaseError as err:
        return [f"{path} is not a SQLite database ({err})"]
    finally:
        conn.close()


def _problems(conn, most: int) -> list[str]:
    found = [f"integrity check: {row[0]}" for row in conn.execute(
        f"PRAGMA integrity_check({most})") if row[0] != "ok"]
    if found:
        return found
    for table, needed in COLUMNS.items():
        have = {row[1] for row in conn.execute(f"PRAGMA table_info([{table}])")}
        if needed - have:
            return [f"it is not a companion database: table {table} lacks "
                    f"{', '.join(sorted(needed - have))}"]
    found += [f"event {row[0]} belongs to no table ({row[1]})" for row in conn.execute(
        "SELECT e.id, e.table_id FROM events e LEFT JOIN tables t ON t.id = e.table_id"
        " WHERE t.id IS NULL LIMIT ?", (most,))]
    found += [f"table {code} is at version {version} but its log ends at {last}"
              for code, version, last in conn.execute(
                  "SELECT t.code, t.version, coalesce(max(e.version), 0) FROM tables t"
                  " LEFT JOIN events e ON e.table_id = t.id GROUP BY t.id"
                  " HAVING t.version != coalesce(max(e.version), 0) LIMIT ?", (most,))]
    for event_id, data in conn.execute("SELECT id, data FROM events"):
        if len(found) >= most:
            break
        try:
            json.loads(data)
        except (TypeError, ValueError):
            found.append(f"event {event_id}: its data is not JSON")
    return found[:most]


def restore(path: str, database: str) -> tuple[int, int]:
    """Replace ``database`` with the copy ``path`` once the copy is found sound; its tables
    and events. Ids and codes given out since the copy stay given out."""
    found = problems(path)
    if found:
        raise BackupError(f"{path} was not restored: {'; '.join(found)}")
    init_db(database)
    live = connect(database)
    try:
        given = dict(live.execute("SELECT name, seq FROM sqlite_sequence").fetchall())
        codes = {code: table_id for table_id, code in live.execute(
            "SELECT id, code FROM tables UNION ALL SELECT table_id, code FROM deleted")}
        copy = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            copy.backup(live)
        finally:
            copy.close()
        init_db(database)  # a copy from an older schema: ids not yet kept unused, no tombstones
        with transaction(live):
            for name, seq in given.items():
                live.execute("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?",
                             (seq, name))
            kept = {code for code, in live.execute("SELECT code FROM tables UNION ALL"
                                                    " SELECT code FROM deleted")}
            live.executemany("INSERT INTO deleted (code, table_id, deleted) VALUES (?, ?, NULL)",
                             [(code, table_id) for code, table_id in codes.items()
                              if code not in kept])
            new_identity(live)  # every server process's watcher tells its phones (push.Watcher)
        return counts(live)
    finally:
        live.close()


def database_of(db_path: str | None) -> str:
    """The database a command works on: ``--db``, else the instance's (as ``companion serve``)."""
    if db_path:
        return db_path
    from companion import create_app
    return create_app().config["DATABASE"]


@click.command("backup", short_help="Copy the database while the server runs.")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--db", "db_path", type=click.Path(dir_okay=False, exists=True), default=None,
              help="The live database (default: the instance folder's, as companion serve).")
def backup_command(path, db_path):
    """Copy the database to PATH while the server runs (a consistent copy, checked)."""
    database = database_of(db_path)
    tables_, events_ = backup(database, path)
    click.echo(f"companion: {database} copied to {path} ({tables_} tables, {events_} events)")


@click.command("restore", short_help="Check a copy, then put it in place of the database.")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
              help="The live database (default: the instance folder's, as companion serve).")
@click.option("--yes", is_flag=True, help="Replace the live database without asking.")
def restore_command(path, db_path, yes):
    """Check the copy PATH, then put it in place of the database (nothing changes if the
    check fails)."""
    database = database_of(db_path)
    found = problems(path)
    if found:
        raise BackupError(f"{path} was not restored: {'; '.join(found)}")
    if not yes:
        click.confirm(f"Replace every table of {database} with the copy {path}?", abort=True)
    tables_, events_ = restore(path, database)
    click.echo(f"companion: {database} restored from {path} ({tables_} tables, {events_} events)")
