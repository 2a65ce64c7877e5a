"""The event log: append with an optimistic lock, undo, reset, rebuild from the log."""
import pytest

from companion import events, games, tables
from companion.db import get_db
from companion.scorers.rules import RuleError


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        table = tables.create("liberte", ["A", "B", "C"], "en")
        yield table, games.get("liberte")


def stack(blocks, player="A", province="8"):
    return {"province": province, "player": player, "faction": "red", "blocks": blocks}


def test_append_bumps_the_version_and_the_position(ctx):
    table, game = ctx
    pos = events.append(get_db(), table, game, "stack", stack(2), base=0)
    assert table.version == 1 and pos["board"]["8"][0]["blocks"] == 2
    assert tables.find(table.code).version == 1


def test_stale_write_is_refused_and_lists_what_changed(ctx):
    table, game = ctx
    events.append(get_db(), table, game, "stack", stack(2), base=0)
    with pytest.raises(events.StaleWrite) as stale:
        events.append(get_db(), table, game, "stack", stack(3), base=0)  # A's stack again
    assert stale.value.current == 1 and stale.value.since[0]["data"]["player"] == "A"
    assert len(events.load(get_db(), table.id)) == 1


def test_refused_event_stores_nothing(ctx):
    table, game = ctx
    with pytest.raises(RuleError):
        events.append(get_db(), table, game, "stack", stack(4), base=0)
    assert events.load(get_db(), table.id) == [] and table.version == 0


def test_undo_reset_and_rebuild_from_the_log(ctx, app):
    table, game = ctx
    conn = get_db()
    events.append(conn, table, game, "stack", stack(1), base=0)
    events.append(conn, table, game, "stack", stack(2), base=1)
    pos = events.append(conn, table, game, "undo", {}, base=2)
    assert pos["board"]["8"][0]["blocks"] == 1
    with pytest.raises(RuleError, match="host"):
        events.append(conn, table, game, "undo", {}, base=3)
    pos = events.append(conn, table, game, "undo", {}, base=3, host=True)
    assert pos["board"] == {}
    events.append(conn, table, game, "stack", stack(3), base=4)
    assert events.append(conn, table, game, "reset", {}, base=5)["board"] == {}
    assert events.append(conn, table, game, "undo", {}, base=6)["board"]["8"][0]["blocks"] == 3
    events.forget(table.id)  # the cache is only a cache
    assert events.position(conn, tables.find(table.code), game)["board"]["8"][0]["blocks"] == 3


def test_nothing_to_undo(ctx):
    table, game = ctx
    with pytest.raises(RuleError, match="nothing"):
        events.append(get_db(), table, game, "undo", {}, base=0)


def test_undone_names_what_the_latest_undo_took_back():
    one, two = {"kind": "stack", "data": stack(1)}, {"kind": "stack", "data": stack(2)}
    undo = {"kind": "undo", "data": {}}
    assert events.undone([]) is None and events.undone([one]) is None
    assert events.undone([one, two, undo]) is two
    assert events.undone([one, two, undo, undo]) is one  # the host went further back
    assert events.undone([one, two, undo, undo, two]) is None  # a change since
