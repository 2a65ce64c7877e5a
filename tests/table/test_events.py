"""The event log: append with an optimistic lock, undo, reset, rebuild from the log (on Tiles,
the table core's own game: tests/table/conftest.py)."""
import pytest

from companion.table import events, games, tables
from companion.table.db import connect, get_db
from companion.scorers.rules import RuleError


@pytest.fixture
def ctx(core_app):
    with core_app.test_request_context():
        table = tables.create("tiles", ["A", "B", "C"], "en")
        yield table, games.get("tiles")


def tile(height, player="A", square="8"):
    return {"square": square, "player": player, "height": height}


def test_append_bumps_the_version_and_the_position(ctx):
    table, game = ctx
    pos = events.append(get_db(), table, game, "tile", tile(2), base=0).position
    assert table.version == 1 and pos["board"]["8"]["height"] == 2
    assert tables.find(table.code).version == 1


def test_stale_write_is_refused_and_lists_what_changed(ctx):
    table, game = ctx
    events.append(get_db(), table, game, "tile", tile(2), base=0)
    with pytest.raises(events.StaleWrite) as stale:
        events.append(get_db(), table, game, "tile", tile(3), base=0)  # the same square again
    assert stale.value.current == 1 and stale.value.since[0]["data"]["player"] == "A"
    assert len(events.load(get_db(), table.id)) == 1


def another_write_meanwhile(monkeypatch, core_app, data):
    """Another server process stores ``data`` (a tile) while this one judges its own write,
    before it takes the write lock."""
    judge = events.change

    def judged_then_overtaken(conn, table, *args):
        judged = judge(conn, table, *args)
        monkeypatch.setattr(events, "change", judge)
        other = connect(core_app.config["DATABASE"])
        theirs = tables.find(table.code)
        events.append(other, theirs, games.get("tiles"), "tile", data, base=theirs.version)
        other.close()
        return judged
    monkeypatch.setattr(events, "change", judged_then_overtaken)


def test_a_write_overtaken_before_the_lock_is_judged_again_on_the_new_version(
        ctx, core_app, monkeypatch):
    """The rules run before the write lock is taken; a write stored meanwhile (another phone,
    another square) is seen under the lock, and the change goes on top of it."""
    table, game = ctx
    another_write_meanwhile(monkeypatch, core_app, tile(1, "B", square="9"))
    pos = events.append(get_db(), table, game, "tile", tile(2), base=0).position
    assert table.version == 2 and tables.find(table.code).version == 2
    assert pos["board"]["9"]["height"] == 1 and pos["board"]["8"]["height"] == 2
    assert [e["data"]["square"] for e in events.load(get_db(), table.id)] == ["9", "8"]


def test_a_write_overtaken_by_a_conflicting_one_is_stale_and_stores_nothing(
        ctx, core_app, monkeypatch):
    table, game = ctx
    another_write_meanwhile(monkeypatch, core_app, tile(1))  # the same square
    with pytest.raises(events.StaleWrite) as stale:
        events.append(get_db(), table, game, "tile", tile(2), base=0)
    assert stale.value.current == 1
    assert [e["data"]["height"] for e in events.load(get_db(), table.id)] == [1]


def test_refused_event_stores_nothing(ctx):
    table, game = ctx
    with pytest.raises(RuleError):
        events.append(get_db(), table, game, "tile", tile(4), base=0)
    assert events.load(get_db(), table.id) == [] and table.version == 0


def test_undo_reset_and_rebuild_from_the_log(ctx):
    table, game = ctx
    conn = get_db()
    events.append(conn, table, game, "tile", tile(1), base=0)
    events.append(conn, table, game, "tile", tile(2), base=1)
    pos = events.append(conn, table, game, "undo", {}, base=2).position
    assert pos["board"]["8"]["height"] == 1
    with pytest.raises(RuleError, match="host"):
        events.append(conn, table, game, "undo", {}, base=3)
    pos = events.append(conn, table, game, "undo", {}, base=3, host=True).position
    assert pos["board"] == {}
    events.append(conn, table, game, "tile", tile(3), base=4)
    assert events.append(conn, table, game, "reset", {}, base=5).position["board"] == {}
    assert events.append(conn, table, game, "undo", {}, base=6).position["board"]["8"]["height"] == 3
    events.forget(table)  # the cache is only a cache
    assert events.position(conn, tables.find(table.code), game)["board"]["8"]["height"] == 3


def test_nothing_to_undo(ctx):
    table, game = ctx
    with pytest.raises(RuleError, match="nothing"):
        events.append(get_db(), table, game, "undo", {}, base=0)


def test_undone_names_what_the_latest_undo_took_back():
    one, two = {"kind": "tile", "data": tile(1)}, {"kind": "tile", "data": tile(2)}
    undo = {"kind": "undo", "data": {}}
    assert events.undone([]) is None and events.undone([one]) is None
    assert events.undone([one, two, undo]) is two
    assert events.undone([one, two, undo, undo]) is one  # the host went further back
    assert events.undone([one, two, undo, undo, two]) is None  # a change since


def walk(value):
    """Every value inside ``value`` (a position's nested dicts and lists), ``value`` included."""
    yield value
    if isinstance(value, dict):
        for inner in value.values():
            yield from walk(inner)
    elif isinstance(value, (list, tuple)):
        for inner in value:
            yield from walk(inner)


def test_a_stored_position_is_the_games_type_with_its_facts_computed_once_per_version(
        core_app, tiles, monkeypatch):
    """Every phone of a table reads the same position from the cache: the game's own type, with
    nothing but the game's data in its keys (no ``_`` key, nothing rendered), and a fact
    derived from it (Tiles' heights, shown on its board) computed once per version."""
    from markupsafe import Markup
    from companion.table.caches import fact
    from companion.games.tiles import position as tiles_position
    computed = []
    heights = tiles_position.Position.heights.__wrapped__
    monkeypatch.setattr(tiles_position.Position, "heights",
                        fact(lambda p: computed.append(len(p["board"])) or heights(p)))
    other = tiles.seated_phone("Bob")
    assert tiles.tile(1, "Ann", 2).status_code == 200
    for phone in (tiles.client, other, tiles.client):
        assert "Ann 2 Bob 0" in phone.get(f"/tiles/{tiles.code}/").get_data(as_text=True)
    assert tiles.tile(2, "Bob", 3, client=other).status_code == 200
    for phone in (other, tiles.client):
        assert "Ann 2 Bob 3" in phone.get(f"/tiles/{tiles.code}/").get_data(as_text=True)
    assert computed == [1, 2]  # once per version, whichever phone asked first
    with core_app.app_context():
        row = tables.find(tiles.code)
        kept = events.position(get_db(), row, games.get("tiles"))
    assert type(kept) is tiles_position.Position and kept.heights() == {"Ann": 2, "Bob": 3, "Cid": 0}
    assert not [key for value in walk(kept) if isinstance(value, dict) for key in value
                if str(key).startswith("_")]
    assert not [value for value in walk(kept) if isinstance(value, Markup)]
