"""The database: WAL mode, the schema, init-db, the write transaction."""
import sqlite3

import pytest

from companion import db


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
