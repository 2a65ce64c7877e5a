"""The database: WAL mode, the schema, init-db, the write transaction."""
import sqlite3

import pytest

from companion.table import db


def test_wal_mode_and_schema(app):
    with app.app_context():
        conn = db.get_db()
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"tables", "events", "profiles"} <= names


def test_init_db_command(runner):
    result = runner.invoke(args=["init-db"])
    assert "Initialised" in result.output


def test_transaction_rolls_back_on_error(tmp_path):
    path = str(tmp_path / "x.sqlite")
    db.init_db(path)
    conn = db.connect(path)
    with pytest.raises(RuntimeError):
        with db.transaction(conn):
            conn.execute("INSERT INTO profiles (name, data) VALUES ('a', '{}')")
            raise RuntimeError
    assert conn.execute("SELECT count(*) FROM profiles").fetchone()[0] == 0


def test_event_versions_are_unique_per_table(tmp_path):
    path = str(tmp_path / "x.sqlite")
    db.init_db(path)
    conn = db.connect(path)
    conn.execute("INSERT INTO tables (id, code, game, setup, language, host_hash, version)"
                 " VALUES (1, 'AAAAA', 'liberte', '{}', 'en', 'h', 0)")
    conn.execute("INSERT INTO events (table_id, version, kind, data) VALUES (1, 1, 'k', '{}')")
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("INSERT INTO events (table_id, version, kind, data) VALUES (1, 1, 'k', '{}')")


def add_table(conn, code):
    return conn.execute("INSERT INTO tables (code, game, setup, language, host_hash, version)"
                        " VALUES (?, 'vote', '{}', 'en', 'h', 0)", (code,)).lastrowid


def test_a_deleted_tables_id_is_never_given_to_another(tmp_path):
    """SQLite gives a new row the largest id plus one unless the id is AUTOINCREMENT: the table
    made after the newest was deleted took its id, and another server process served it the
    deleted table's cached position (issue: another table's state is served)."""
    path = str(tmp_path / "x.sqlite")
    db.init_db(path)
    conn = db.connect(path)
    first, newest = add_table(conn, "AAAAA"), add_table(conn, "BBBBB")
    conn.execute("INSERT INTO events (table_id, version, kind, data) VALUES (?, 1, 'k', '{}')",
                 (newest,))
    event = conn.execute("SELECT max(id) FROM events").fetchone()[0]
    conn.execute("DELETE FROM events")
    conn.execute("DELETE FROM tables WHERE id = ?", (newest,))
    assert add_table(conn, "CCCCC") > newest > first
    conn.execute("INSERT INTO events (table_id, version, kind, data) VALUES (?, 1, 'k', '{}')",
                 (first,))
    assert conn.execute("SELECT max(id) FROM events").fetchone()[0] > event


def test_a_database_made_before_keeps_its_rows_and_gets_ids_never_reused(tmp_path):
    """A database whose ids were plain INTEGER PRIMARY KEYs is rebuilt at start with its rows,
    their ids and the log's link to its table, then never reuses an id."""
    import sqlite_utils
    path = str(tmp_path / "old.sqlite")
    conn = db.connect(path)
    old = sqlite_utils.Database(conn)
    for name in ("tables", "events"):
        columns, options = db.SCHEMA[name]
        old[name].create(columns, **options)
    old["events"].create_index(["table_id", "version"], unique=True)
    kept, gone = add_table(conn, "AAAAA"), add_table(conn, "BBBBB")
    conn.execute("INSERT INTO events (table_id, version, kind, data) VALUES (?, 1, 'k', '{}')",
                 (kept,))
    conn.close()
    db.init_db(path)
    db.init_db(path)  # twice: the second start finds nothing to do
    conn = db.connect(path)
    sql = conn.execute("SELECT group_concat(sql) FROM sqlite_master WHERE name IN"
                       " ('tables', 'events')").fetchone()[0]
    assert sql.count("AUTOINCREMENT") == 2
    assert [tuple(r) for r in conn.execute("SELECT id, code FROM tables")] == [
        (kept, "AAAAA"), (gone, "BBBBB")]
    assert conn.execute("SELECT table_id FROM events").fetchone()[0] == kept
    conn.execute("DELETE FROM tables WHERE id = ?", (gone,))
    assert add_table(conn, "CCCCC") > gone
    with pytest.raises(sqlite3.IntegrityError):  # the log still points at its tables
        conn.execute("INSERT INTO events (table_id, version, kind, data) VALUES (99, 1, 'k', '{}')")
    with pytest.raises(sqlite3.IntegrityError):  # and each version is still once per table
        conn.execute("INSERT INTO events (table_id, version, kind, data) VALUES (?, 1, 'k', '{}')",
                     (kept,))
