"""Two phones tapping at once on a Liberté board (companion.games.liberte.merge and events.append): independent changes both
get through; a change to what the other phone changed meanwhile is refused with what changed."""
import pytest

from companion.table import events, games, tables
from companion.table.db import get_db
from companion.games.liberte import merge


def stack(province, player, blocks=1, faction="red"):
    return {"kind": "stack", "data": {"province": str(province), "player": player,
                                      "faction": faction, "blocks": blocks}}


def card(player):
    return {"kind": "card", "data": {"player": player, "where": "displays",
                                     "card": {"faction": "red", "value": 1}}}


def test_what_is_independent():
    assert not merge.conflicts(stack(3, "A"), [stack(5, "B"), card("A"), card("B")])
    assert not merge.conflicts(stack(3, "A"), [stack(3, "B"), stack(3, "C")])  # others' stacks
    assert merge.conflicts(stack(3, "A"), [stack(5, "B"), stack(3, "A", 2)])  # the same stack
    assert not merge.conflicts(card("A"), [card("B"), stack(3, "A")])
    assert merge.conflicts(card("A"), [card("A")])  # the same player's display
    assert merge.conflicts(stack(3, "A"), [{"kind": "turn", "data": {"turn": 2}}])
    assert merge.conflicts({"kind": "finish", "data": {}}, [card("B")])
    assert not merge.conflicts(stack(3, "A"), [])


def test_a_game_without_scopes_stays_strict_and_a_kind_without_scope_conflicts(app):
    assert games.strict(stack(3, "A"), [stack(5, "B")]) and not games.strict(stack(3, "A"), [])
    with app.app_context():
        vote = games.get("vote")  # VOTE! gives no scope to a Liberté stack: anything may change
    assert vote.conflicts(stack(3, "A"), [stack(5, "B")]) and not vote.conflicts(stack(3, "A"), [])


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        table = tables.create("liberte", ["A", "B", "C"], "en")
        yield table, games.get("liberte")


def test_a_write_from_behind_is_rebased_when_independent(ctx):
    table, game = ctx
    conn = get_db()
    events.append(conn, table, game, "stack", stack(3, "A", 2)["data"], base=0)
    pos = events.append(conn, table, game, "stack", stack(5, "B", 1)["data"], base=0).position
    assert table.version == 2 and pos["board"]["3"][0]["blocks"] == 2
    assert pos["board"]["5"][0]["player"] == "B"
    with pytest.raises(events.StaleWrite) as stale:  # A's stack in 3 changed since version 0
        events.append(conn, table, game, "stack", stack(3, "A", 3)["data"], base=0)
    assert [e["version"] for e in stale.value.since] == [1, 2]
    pos = events.append(conn, table, game, "stack", stack(3, "C", 1)["data"], base=0).position
    assert [s["player"] for s in pos["board"]["3"]] == ["A", "C"]  # C's own stack: merged
    with pytest.raises(events.StaleWrite):  # undo from behind takes back what it did not see
        events.append(conn, table, game, "undo", {}, base=2)


def test_a_rebased_write_is_still_checked_by_the_rules(ctx):
    """LIB-PLACE-4: two phones each place red blocks the supply can hold alone, not together."""
    from companion.scorers.rules import RuleError
    table, game = ctx
    conn = get_db()
    for n in range(1, 9):  # 24 of the 28 red blocks of turn 1
        events.append(conn, table, game, "stack", stack(n, "A", 3)["data"], base=table.version)
    base = table.version
    events.append(conn, table, game, "stack", stack(9, "A", 3)["data"], base=base)
    with pytest.raises(RuleError, match="LIB-PLACE-4"):
        events.append(conn, table, game, "stack", stack(10, "B", 2)["data"], base=base)
    assert table.version == base + 1


def test_two_phones_same_version_different_provinces_both_stored(app, table):
    phone = app.test_client()
    table.sit("Joshua", client=phone)
    base = table.version
    first = table.stack(3, "Christie", "red", 2, version=base)
    second = table.stack(5, "Joshua", "blue", 1, client=phone, version=base)
    assert first.status_code == 200 and second.status_code == 200
    text = second.get_data(as_text=True)  # the whole board, with the other phone's change too
    assert second.headers["HX-Retarget"] == "#live" and "Not applied" not in text
    assert 'id="prov-3"' in text and 'data-player="Christie"' in text
    board = [(e["data"]["province"], e["data"]["player"]) for e in table_events(app, table)]
    assert board == [("3", "Christie"), ("5", "Joshua")]


def test_two_phones_adding_stacks_in_one_province_both_get_through(app, table):
    """Different players' stacks in one province merge; the rules still see both (LIB-PLACE-2)."""
    phone = app.test_client()
    table.sit("Joshua", client=phone)
    base = table.version
    assert table.stack(3, "Christie", "red", 2, version=base).status_code == 200
    merged = table.stack(3, "Joshua", "blue", 1, client=phone, version=base)
    assert merged.status_code == 200 and "Not applied" not in merged.get_data(as_text=True)
    assert [e["data"]["player"] for e in table_events(app, table)] == ["Christie", "Joshua"]
    assert table.stack(3, "Max", "white", 1, version=base).status_code == 200


def test_a_merged_fourth_stack_in_a_province_is_refused_LIB_PLACE_2(app):
    from companion.scorers.rules import RuleError
    with app.test_request_context():
        table, game = tables.create("liberte", ["A", "B", "C", "D"], "en"), games.get("liberte")
        conn = get_db()
        for player in "ABC":
            events.append(conn, table, game, "stack", stack(3, player)["data"], base=0)
        with pytest.raises(RuleError, match="LIB-PLACE-2"):
            events.append(conn, table, game, "stack", stack(3, "D")["data"], base=0)
        assert table.version == 3


def test_two_phones_changing_one_stack_second_gets_409(app, table):
    phone = app.test_client()
    table.sit("Joshua", client=phone)
    base = table.version
    assert table.stack(3, "Christie", "red", 2, version=base).status_code == 200
    stale = table.stack(3, "Christie", "red", 3, client=phone, version=base)
    assert stale.status_code == 409 and "province 3: Christie" in stale.get_data(as_text=True)
    assert len(table_events(app, table)) == 1


def table_events(app, table):
    with app.test_request_context():
        return events.load(get_db(), tables.find(table.code).id)
