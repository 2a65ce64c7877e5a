"""Liberté's reducer (companion.games.liberte.position): events fold into a docs/formats.md scenario."""
import pytest

from companion.games.liberte import position
from companion.scorers.rules import RuleError


def ev(kind, **data):
    return {"kind": kind, "data": data}


def test_events_fold_into_a_scenario_and_the_input_is_not_changed(app):
    with app.test_request_context():
        start = position.initial({"players": ["A", "B", "C"], "options": {}})
        after = position.apply(start, ev("stack", province="8", player="A", faction="red", blocks=2))
        assert start["board"] == {} and after["board"]["8"][0]["blocks"] == 2
        after = position.apply(after, ev("stack", province="8", player="B", faction="blue", blocks=1))
        after = position.apply(after, ev("stack", province="8", player="A", faction="white", blocks=3))
        assert [s["player"] for s in after["board"]["8"]] == ["A", "B"]  # a stack keeps its place
        with pytest.raises(RuleError):
            position.apply(after, ev("teleport"))
        with pytest.raises(RuleError, match="malformed"):
            position.apply(after, ev("stack", province="8"))


def test_every_event_kind_has_a_sentence(app):
    samples = [ev("stack", province="8", player="A", faction="red", blocks=0),
               ev("stack", province="8", player="A", faction="red", blocks=2),
               ev("card", player="A", where="hands", card={"faction": "red", "value": 1}),
               ev("discard", player="A", where="hands", index=0), ev("battle", player="A", tokens=1),
               ev("lost_battles", count=1), ev("vp", player="A", vp=3), ev("turn", turn=2),
               ev("order", players=["B", "A"]), ev("profile", map={}),
               ev("advance", contest="province:8", round=1, player="A", card=None),
               ev("battle_vp", turn=3, vp=5), ev("finish"), ev("hold", turn=1),
               ev("move", player="A", where="hands", index=0,
                  card={"faction": "red", "value": 1}), ev("cancel", turn=1),
               ev("special", name="terror", player="A", target="B", province="8",
                  stack={"faction": "red", "blocks": 2})]
    with app.test_request_context():
        assert set(position.HANDLERS) == {e["kind"] for e in samples}
        assert all(position.describe(e) for e in samples)


def test_no_event_changes_the_position_it_is_applied_to(app):
    """Handlers copy on write: the stored position (and the cache) never changes under a phone."""
    import copy
    with app.test_request_context():
        start = position.initial({"players": ["A", "B", "C"], "options": {}})
        for event in (ev("turn", turn=2), ev("stack", province="8", player="A", faction="red", blocks=2),
                      ev("card", player="A", where="displays", card={"id": "x", "faction": "red",
                                                                     "value": 2}),
                      ev("card", player="A", where="displays", card={"id": "y", "faction": "red",
                                                                     "value": 1}),
                      ev("battle", player="A", tokens=2), ev("vp", player="B", vp=4),
                      ev("advance", contest="province:8", round=1, player="A", card="x")):
            before = copy.deepcopy(start)
            after = position.apply(start, event)
            assert start == before and after != start
            start = after
        before = copy.deepcopy(start)
        position.apply(start, ev("discard", player="A", where="displays", index=1))
        moved = position.apply(start, ev("move", player="A", where="displays", index=1))
        assert [c["id"] for c in moved["hands"]["A"]] == ["y"]  # one tap, display to hand
        position.apply(start, ev("stack", province="8", player="A", faction="red", blocks=0))
        held = position.apply(start, ev("hold", turn=1))  # recorded: no tie waits
        assert start == before and held["turn"] == 3
        assert [c["id"] for c in held["hands"]["A"]] == ["x", "y"]  # hands refreshed (LIB-TURN-1)


def test_battle_vps_read_off_the_board_go_into_the_table_profile(app):
    """LIB-BAT-1: the winner of the battle scores the turn's VPs, once the table gives them."""
    from companion.games.liberte import engine
    with app.test_request_context():
        start = dict(position.initial({"players": ["A", "B", "C"], "options": {}}), turn=3)
        assert engine.profile(start.get("map"))["battle_vp"]["3"] is None
        after = position.apply(start, ev("battle_vp", turn=3, vp=5))
        assert engine.profile(after["map"])["battle_vp"] == {"2": 4, "3": 5, "4": None}
        with pytest.raises(RuleError):
            position.apply(start, ev("battle_vp", turn=3, vp=-1))


def test_a_stored_position_is_libertes_own_and_its_check_is_computed_once_per_version(
        app, client, table, monkeypatch):
    """Every phone asks for the board and its meters after each change: the check (control,
    the counter-revolution, the supply) is a fact of the position, computed once per version
    whichever phone and language asks; the position keeps only the game's data (no ``_`` key,
    no rendered HTML anywhere in it)."""
    from markupsafe import Markup
    from companion.games.liberte import engine
    from companion.table import events, games, tables
    from companion.table.db import get_db
    checks, real = [], engine.check
    monkeypatch.setattr(engine, "check", lambda p, read=None: checks.append(p["board"]) or real(p, read))
    other = table.seated_phone("Joshua")
    italian = app.test_client()
    italian.post("/lang", data={"lang": "it", "code": table.code})
    for blocks in (2, 3):
        assert table.stack(8, "Christie", "red", blocks, client=other).status_code == 200
        for phone in (client, other, italian):
            for page in ("", "meters", "election/", "displays"):
                asked = phone.get(f"/liberte/{table.code}/{page}", headers={"HX-Request": "true"})
                assert asked.status_code == 200, page
    assert [board["8"][0]["blocks"] for board in checks] == [2, 3]
    with app.app_context():
        kept = events.position(get_db(), tables.find(table.code), games.get("liberte"))
    assert type(kept) is position.Position and kept.check() is kept.check()
    assert kept.check()["control"]["8"] == "Christie" and kept.preview()["votes"]["red"] >= 1
    found, inside = [], [kept]
    while inside:  # every value in the position, however deep
        value = inside.pop()
        found.append(value)
        inside += list(value.values()) if isinstance(value, dict) else \
            list(value) if isinstance(value, (list, tuple)) else []
    assert not [key for value in found if isinstance(value, dict) for key in value
                if str(key).startswith("_")]
    assert not [value for value in found if isinstance(value, Markup)]


def test_a_log_is_folded_without_its_placements_judged_again_and_to_the_same_position(
        app, client, table, monkeypatch):
    """A table's log is folded by ``apply_stored``: the events were judged when they were
    stored, so the placement rules are not read again on each (most of a fold's work), and the
    position is the one the judged events made, the end of the game during the actions
    (LIB-CR-2) included."""
    from companion.games.liberte import engine
    from companion.table import events, games
    from companion.table.db import get_db
    from table_support import profile_form
    fleur = (2, 4, 6, 10, 14, 17, 20)
    table.post(f"/liberte/{table.code}/profile/", profile_form(fleur=fleur))
    table.displays("turn", {"turn": 3})
    for n in (1, 3, 5, 7, 8, 9, 11, 12, 13):
        table.stack(n, "Joshua", "blue", 1 + n % 3)
    for n in fleur:  # the seventh ends the game (LIB-CR-2)
        table.stack(n, "Max", "white", 2)
    with app.test_request_context():
        from companion.table import tables
        table_row = tables.find(table.code)
        log = events.load(get_db(), table_row.id)
        game = games.get("liberte")
        judged = events.in_effect(log)
        start = game.initial(table_row.setup)
        for event in judged:
            start = game.apply(start, event)
        reads = []
        real = engine.validate_province
        monkeypatch.setattr(engine, "validate_province", lambda *a: reads.append(a) or real(*a))
        folded = events.fold(game, table_row.setup, log)
    assert reads == [] and folded == start and type(folded) is type(start)
    assert folded["over"]["how"] == "counter-revolution"
