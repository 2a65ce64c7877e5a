"""What a tap costs the database: the SQL statements one change runs, counted with SQLite's trace
callback (issue 37). A Liberté stack and a VOTE! vote each read the table once (with the
client's ration of misses), then BEGIN, read the version under the lock, insert the event, bump
the version, COMMIT: six statements, and nothing read back."""
import queue

import pytest

from companion.table import db

SIX = ["SELECT", "BEGIN", "SELECT", "INSERT", "UPDATE", "COMMIT"]


@pytest.fixture
def traced(app, monkeypatch):
    """The statements of the requests made after it, in order (new connections, traced)."""
    said = []
    opened = db.connect

    def connect(*args, **kwargs):
        conn = opened(*args, **kwargs)
        conn.set_trace_callback(said.append)
        return conn
    monkeypatch.setattr(db, "connect", connect)
    pool = app.extensions["companion.table.db"]
    while True:
        try:
            pool.get_nowait().close()
        except queue.Empty:
            break
    return said


def verbs(statements: list[str]) -> list[str]:
    return [s.split()[0].upper() for s in statements]


def test_a_liberte_stack_costs_six_statements(table, traced):
    assert table.stack(8, "Christie", "red", 2).status_code == 200
    traced.clear()
    answer = table.stack(8, "Christie", "red", 3)
    assert answer.status_code == 200 and b"Undo" in answer.data
    assert verbs(traced) == SIX, traced
    assert "JOIN rations" in traced[0] and "JOIN tables" in traced[0]  # one read for both
    assert traced[2].startswith("SELECT version, stamp FROM tables")  # under the lock


def test_a_vote_costs_six_statements_and_one_engine_run(vote_table, app, traced, monkeypatch):
    """The move is read (its note for the history needs the game after it) and folded: the
    engine runs once for both."""
    from companion.scorers.vote import engine
    t = vote_table
    assert t.start({n: (3, 4) for n in t.players}).status_code == 200
    game = t.position(app)["game"]
    t.nominate(next(p.name for p in game.players if p.name != game.president))
    runs, run = [], engine.apply_event
    monkeypatch.setattr(engine, "apply_event", lambda *a, **k: runs.append(a[1]) or run(*a, **k))
    traced.clear()
    answer = t.vote(yes=t.players)
    assert answer.status_code == 200 and b"Undo" in answer.data
    assert verbs(traced) == SIX, traced
    assert [e["type"] for e in runs] == ["vote"]
    from companion.games.vote.position import Position
    after = t.position(app)  # the engine's answer was kept on the position before, not in keys
    assert type(after) is Position and not [key for key in after if key.startswith("_")]


def test_a_change_refused_by_the_rules_stores_nothing_and_takes_no_lock(table, traced):
    traced.clear()
    answer = table.stack(8, "Christie", "red", 99)
    assert answer.status_code == 422
    assert "BEGIN IMMEDIATE" not in traced and not any(s.startswith("INSERT") for s in traced)
