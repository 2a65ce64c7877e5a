"""``companion backup`` and ``companion restore``: a consistent copy while the server writes, and a
copy checked before it replaces anything."""
import sqlite3
import threading

import pytest
from click.testing import CliRunner

from companion.server import backup
from companion.cli import main
from table_support import TableHelper


def database(app):
    return app.config["DATABASE"]


def test_a_backup_made_while_tables_are_written_is_whole_and_sound(app, client, tmp_path):
    """Phones keep tapping while the copy is made: the copy is one moment of the database,
    every table at the version its log reaches."""
    tables = [TableHelper(client) for _ in range(3)]
    for table in tables:
        table.sit("Christie")
    stop = threading.Event()

    def tap():
        blocks = 1
        while not stop.is_set():
            for table in tables:
                table.stack(3, "Christie", "red", blocks)
            blocks = blocks % 3 + 1
    writer = threading.Thread(target=tap)
    writer.start()
    try:
        for number in range(5):
            copy = tmp_path / f"copy-{number}.sqlite"
            made = backup.backup(database(app), str(copy))
            assert backup.problems(str(copy)) == []
            assert made[0] >= 3
    finally:
        stop.set()
        writer.join()
    assert not list(tmp_path.glob(".companion-backup-*"))  # no partial file left behind


def test_the_command_says_what_it_copied(app, client, tmp_path):
    TableHelper(client).stack(3, "Christie", "red", 2)
    copy = tmp_path / "nightly.sqlite"
    result = CliRunner().invoke(main, ["backup", str(copy), "--db", database(app)])
    assert result.exit_code == 0, result.output
    assert result.output == (f"companion: {database(app)} copied to {copy} (1 tables, 1 events)\n")
    again = CliRunner().invoke(main, ["backup", database(app), "--db", database(app)])
    assert again.exit_code == 1 and "is the live database" in again.output


def broken(tmp_path, name, sql):
    """A copy of a sound one-table database, with ``sql`` run on it."""
    from companion.table.db import init_db
    path = tmp_path / name
    init_db(str(path))
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO tables (code, game, setup, language, host_hash, version)"
                 " VALUES ('AAAAA', 'liberte', '{}', 'en', 'h', 1)")
    conn.execute("INSERT INTO events (table_id, version, kind, data) VALUES (1, 1, 'k', '{}')")
    if sql:
        conn.execute("PRAGMA foreign_keys=OFF")
        conn.execute(sql)
    conn.commit()
    conn.close()
    return path


@pytest.mark.parametrize("name, sql, problem", [
    ("orphan", "INSERT INTO events (table_id, version, kind, data) VALUES (7, 1, 'k', '{}')",
     "belongs to no table"),
    ("behind", "UPDATE tables SET version = 3", "is at version 3 but its log ends at 1"),
    ("garbled", "UPDATE events SET data = '{nope'", "its data is not JSON"),
    ("foreign", "DROP TABLE events", "it is not a companion database"),
])
def test_restore_refuses_a_copy_that_is_not_sound_and_replaces_nothing(
        app, client, tmp_path, name, sql, problem):
    live = TableHelper(client)
    live.stack(3, "Christie", "red", 2)
    assert backup.problems(str(broken(tmp_path, "sound.sqlite", ""))) == []
    copy = broken(tmp_path, f"{name}.sqlite", sql)
    result = CliRunner().invoke(main, ["restore", str(copy), "--db", database(app), "--yes"])
    assert result.exit_code == 1 and problem in result.output and "was not restored" in result.output
    assert client.get(f"/liberte/{live.code}/").status_code == 200  # still there


def test_restore_refuses_a_file_that_is_no_database(app, tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not SQLite" * 100)
    result = CliRunner().invoke(main, ["restore", str(junk), "--db", database(app), "--yes"])
    assert result.exit_code == 1 and "not a SQLite database" in result.output
    missing = CliRunner().invoke(main, ["restore", str(tmp_path / "none"), "--db", database(app)])
    assert missing.exit_code == 1 and "is not a file" in missing.output


def test_restore_puts_the_copy_back_and_never_gives_out_an_id_or_code_again(
        app, client, tmp_path):
    """The host backs up, the tables go on, one is deleted, then the copy is restored: the
    tables are as they were in the copy, and neither the ids nor the codes of the tables made
    since are given to a new table."""
    kept = TableHelper(client)
    kept.stack(3, "Christie", "red", 2)
    copy = tmp_path / "copy.sqlite"
    backup.backup(database(app), str(copy))
    kept.stack(4, "Christie", "blue", 1)
    since = TableHelper(client)
    result = CliRunner().invoke(main, ["restore", str(copy), "--db", database(app)], input="y\n")
    assert result.exit_code == 0, result.output
    assert "(1 tables, 1 events)" in result.output
    conn = sqlite3.connect(database(app))
    assert conn.execute("SELECT version FROM tables WHERE code = ?", (kept.code,)).fetchone() == (1,)
    assert conn.execute("SELECT 1 FROM deleted WHERE code = ?", (since.code,)).fetchone()
    newest = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'tables'").fetchone()[0]
    conn.close()
    again = TableHelper(client)
    ids = sqlite3.connect(database(app)).execute("SELECT id FROM tables WHERE code = ?",
                                                 (again.code,)).fetchone()
    assert ids[0] > newest and again.code != since.code
    board = client.get(f"/liberte/{kept.code}/").get_data(as_text=True)
    assert 'data-version="1"' in board


def test_restore_asks_first(app, client, tmp_path):
    TableHelper(client)
    copy = tmp_path / "copy.sqlite"
    backup.backup(database(app), str(copy))
    result = CliRunner().invoke(main, ["restore", str(copy), "--db", database(app)], input="n\n")
    assert result.exit_code == 1 and "Aborted" in result.output


def test_a_worker_never_serves_a_position_cached_before_a_restore(app, client, table, tmp_path):
    """Another worker cached the table at version 3; the copy restored brings it back at version
    1, and two writes take it to version 3 again with other blocks: that worker folds the
    restored log, since no cached position holds the restored table's stamp (db.stamp)."""
    from companion import create_app
    from companion.table import events, games, tables
    from companion.table.db import get_db
    other = create_app({"TESTING": True, "DATABASE": database(app), "SECRET_KEY": "test",
                        "WTF_CSRF_ENABLED": False})

    def shown(worker):
        with worker.app_context():
            row = tables.find(table.code)
            return events.position(get_db(), row, games.get("liberte")), row

    def folded():
        with app.app_context():
            row = tables.find(table.code)
            return events.fold(games.get("liberte"), row.setup, events.load(get_db(), row.id))

    table.stack(3, "Christie", "red", 2)
    copy = tmp_path / "copy.sqlite"
    backup.backup(database(app), str(copy))
    table.stack(4, "Christie", "blue", 1)
    table.stack(5, "Christie", "blue", 1)
    before, row = shown(other)
    assert row.version == 3
    backup.restore(str(copy), database(app))
    table.version = 1
    table.stack(6, "Christie", "red", 3)
    table.stack(7, "Christie", "red", 3)
    after, row = shown(other)
    assert row.version == 3
    assert after == folded() != before
