"""Issue 11: no input breaks a table. Each test names a defect found by fuzzing and crafted files:
an answer that was a 500, an import that broke pages later, a stranger's way in."""
import html
import io
import json

import pytest

from companion import create_app, security
from companion.table import events, games, guard, tables
from companion.table.db import connect, get_db
from companion.games.liberte import engine
from table_support import DICE, TableHelper, VoteTable


def stored(app, code):
    """The table's version and its whole log as stored."""
    with app.app_context():
        table = tables.find(code)
        return table.version, events.load(get_db(), table.id)


def table_file(events_, game="liberte", players=("A", "B", "C"), **setup) -> bytes:
    return json.dumps({"format": "companion-table/1", "game": game, "language": "en",
                       "setup": {"players": list(players), **setup}, "events": events_}).encode()


def upload(client, body: bytes):
    return client.post("/tables/import", data={"file": (io.BytesIO(body), "t.json")})


def refusal(response) -> str:
    return html.unescape(response.get_data(as_text=True))


# --- answers that were 500 ------------------------------------------------------------------

NESTED = b"[" * 100_000


@pytest.mark.parametrize("path", ["/api/liberte/resolve", "/api/liberte/check",
                                  "/api/vote/replay"])
def test_deeply_nested_json_to_the_api_is_a_400_naming_the_rule(client, path):
    for body in (NESTED, b"[" * 17 + b"]" * 17):
        response = client.post(path, data=body, content_type="application/json")
        assert response.status_code == 400
        assert response.json["rule"] == "docs/formats.md" and "nested" in response.json["error"]


def test_deeply_nested_table_and_profile_files_are_refused_and_nothing_is_stored(app, client,
                                                                                table):
    response = upload(client, NESTED)
    assert response.status_code == 422 and "nested more than 16 levels" in refusal(response)
    before = stored(app, table.code)
    response = client.post(f"/liberte/{table.code}/profile/import",
                           data={"version": table.version, "file": (io.BytesIO(NESTED), "p.json")})
    assert response.status_code == 422 and "nested more than 16" in refusal(response)
    assert stored(app, table.code) == before


@pytest.mark.parametrize("how", ["header", "form"])
def test_a_version_past_2_63_is_refused_naming_the_version_rule(app, client, table, how):
    before = stored(app, table.code)
    data = {"province": 8, "player": "Christie", "faction": "red", "blocks": 2}
    huge = str(2 ** 63)
    if how == "header":
        response = client.post(f"/liberte/{table.code}/", data=data,
                               headers={"X-Table-Version": huge, "HX-Request": "true"})
    else:
        response = client.post(f"/liberte/{table.code}/", data=dict(data, version=huge))
    assert response.status_code == 422 and "TABLE-VERSION" in refusal(response)
    assert stored(app, table.code) == before


def test_a_number_longer_than_python_converts_in_a_table_file_is_refused(client):
    body = table_file([{"kind": "vp", "data": {"player": "A", "vp": 0}}]).replace(
        b'"vp": 0', b'"vp": ' + b"7" * 5000)
    response = upload(client, body)
    assert response.status_code == 422 and "a number too long" in refusal(response)
    response = upload(client, table_file([]).replace(b'"events": []', b'"events": [NaN]'))
    assert response.status_code == 422 and "TABLE-IMPORT" in refusal(response)


# --- imports that were accepted and broke pages ----------------------------------------------

def test_an_undone_event_is_checked_like_any_other(client):
    response = upload(client, table_file([{"kind": "stack", "data": {}},
                                          {"kind": "undo", "data": {}}]))
    assert response.status_code == 422
    assert "event 1 (stack): province: a whole number is needed" in refusal(response)


def test_an_imported_stack_is_read_as_the_board_reads_it(client):
    response = upload(client, table_file([{"kind": "stack", "data": {
        "province": " 3", "player": "A", "faction": "red", "blocks": 2, "loyalty": "spy"}}]))
    assert response.status_code == 303
    code = response.location.split("/")[2]
    client.post(f"/t/{code}/seat", data={"player": "A"})
    assert client.get(f"/liberte/{code}/").status_code == 200
    assert client.get(f"/t/{code}/history").status_code == 200
    exported = client.get(f"/t/{code}/export.json").json
    assert exported["events"][0]["data"] == {"province": "3", "player": "A", "faction": "red",
                                             "blocks": 2}


def vote_file(extra):
    """A VOTE! table file: dice for all seven, started, then ``extra`` events."""
    dice = {"kind": "dice", "data": {"dice": {n: list(d) for n, d in DICE.items()}}}
    return table_file([dice, {"kind": "start", "data": {}}, *extra], game="vote",
                      players=list(DICE))


def test_an_imported_timer_at_infinity_is_refused(client):
    assert upload(client, vote_file([])).status_code == 303  # the file itself is fine
    for at in ("inf", 1e300, True):
        response = upload(client, vote_file([{"kind": "timer", "data": {
            "action": "start", "seconds": 60, "at": at}}]))
        assert response.status_code == 422
        assert "event 3 (timer): the timer event's time is not a real time" in refusal(response)


def test_imported_events_meet_the_forms_limits(client):
    too_many = upload(client, table_file([{"kind": "turn", "data": {"turn": 1}}] * 5001))
    assert too_many.status_code == 422 and "at most 5000" in refusal(too_many)
    vp = upload(client, table_file([{"kind": "vp", "data": {"player": "A", "vp": 10 ** 300}}]))
    assert vp.status_code == 422 and "event 1 (vp): VP: " in refusal(vp)
    seat = upload(client, table_file([{"kind": "turn", "data": {"turn": 2}, "seat": "x" * 25}]))
    assert seat.status_code == 422 and "its seat is not a player" in refusal(seat)
    name = upload(client, table_file([{"kind": "card", "data": {
        "player": "A", "where": "hands", "card": {"faction": "red", "value": 2, "id": "y" * 101}}}]))
    assert name.status_code == 422 and "event 1 (card): id: a value of the wrong kind" in refusal(
        name)


def test_an_imported_move_keeps_only_what_the_game_defines_and_its_note_is_rewritten(client):
    response = upload(client, vote_file([{"kind": "play", "data": {
        "event": {"type": "nominate", "candidate": "Bob", "loyalty": "republican"},
        "note": {"president": "Nobody", "x": 1}}}]))
    assert response.status_code == 303
    code = response.location.split("/")[2]
    played = client.get(f"/t/{code}/export.json").json["events"][2]["data"]
    assert played["event"] == {"type": "nominate", "candidate": "Bob"}
    assert played["note"]["president"] != "Nobody" and "x" not in played["note"]


# --- a stranger at the table -----------------------------------------------------------------

def test_guessing_join_codes_is_rationed_per_client(app, table):
    stranger = app.test_client()
    for _ in range(app.config["JOIN_GUESSES"][0]):
        assert stranger.get("/t/ZZZZZ").status_code == 404
    assert stranger.get(f"/t/{table.code}").status_code == 429  # a hit tells it nothing now
    assert stranger.get(f"/t/{table.code}/events").status_code == 429  # nor its news (test_push)
    other = app.test_client()  # another address still finds the table
    assert other.get(f"/t/{table.code}", environ_base={"REMOTE_ADDR": "10.0.0.2"}
                     ).status_code == 200


def test_the_guess_counter_keeps_only_the_clients_that_missed_lately(app):
    misses = guard.Ration("miss", burst=2, rate=1)  # 2 at once, then one a second
    with app.app_context():
        conn = get_db()
        for client in "abc":
            assert misses.take(conn, client, now=0) and misses.take(conn, client, now=0)
        assert not misses.take(conn, "c", now=0) and not misses.allowed(conn, "c", now=0)
        assert misses.take(conn, "d", now=1.5)  # a and b are full again at 2: kept
        assert misses.allowed(conn, "c", now=1) and not misses.allowed(conn, "c", now=0.5)
        misses.take(conn, "d", now=2.5)  # a, b and c are full again: forgotten
        kept = [row[0] for row in conn.execute("SELECT client FROM rations")]
        assert kept == ["d"]


def test_a_write_needs_a_seat_or_the_host(app, client, table):
    before = stored(app, table.code)
    stranger = app.test_client()  # found the code, never took a seat
    move = {"province": 8, "player": "Joshua", "faction": "red", "blocks": 2}
    refused = table.post(f"/liberte/{table.code}/", move, client=stranger)
    assert refused.status_code == 403 and "TABLE-SEAT" in refusal(refused)
    table.sit("", client=stranger)  # just watching
    refused = table.post(f"/liberte/{table.code}/", move, client=stranger)
    assert refused.status_code == 403 and "only watching" in refusal(refused)
    assert refused.headers["HX-Retarget"] == "#live"  # the board with the message, not a province
    assert stored(app, table.code) == before
    host = TableHelper(app.test_client())  # the host writes before taking a seat
    assert host.stack(8, "Max", "red", 2).status_code == 200
    assert table.stack(8, "Joshua", "red", 2, client=table.seated_phone("Joshua")).status_code == 200


def test_seats_and_host_rights_are_dropped_oldest_first(app, client, monkeypatch):
    codes = iter(["ZZZZZ"] + [f"AAA{n:02d}" for n in range(tables.KEEP)])
    monkeypatch.setattr(tables, "_free_code", lambda conn: next(codes))
    made = [TableHelper(client) for _ in range(tables.KEEP + 1)]
    room = client.get(f"/t/{made[1].code}/room").get_data(as_text=True)
    assert "Reset the table" in room  # the second-oldest, alphabetically first, is kept
    assert "Reset the table" not in client.get("/t/ZZZZZ/room").get_data(as_text=True)
    with app.test_request_context():
        for code in ("B", "A", "C"):
            security.remember("seats", code, "x", keep=2)
        from flask import session
        assert list(session["seats_order"]) == ["A", "C"] and set(session["seats"]) == {"A", "C"}


@pytest.mark.parametrize("target", ["/\t/evil.example", "//evil.example", "\\\\evil.example",
                                    "/\\evil.example", "https://evil.example/", "javascript:x",
                                    "/%2F%2Fevil.example", "/ /evil", "/nowhere"])
def test_the_language_switch_never_leaves_the_app(client, target):
    assert client.post("/lang", data={"lang": "it", "next": target}).location == "/"


def test_the_language_switch_goes_back_to_the_page_with_its_settings(client, vote_table):
    night = f"/vote/{vote_table.code}/night/?pace=1.2&seed=3"
    assert client.post("/lang", data={"lang": "it", "next": night}).location == night


def test_only_the_options_a_game_defines_are_stored(app, client):
    vote = VoteTable(client, government_tie="total")  # the Liberté field of the shared form
    assert stored_setup(app, vote.code)["options"] == {}
    before = db_size(app)
    response = client.post("/tables", data={"game": "liberte", "players": "A\nB\nC",
                                            "option-government_tie": "x" * 1_000_000,
                                            "option-junk": "y" * 1_000_000})
    assert response.status_code == 422 and "TABLE-OPTIONS" in refusal(response)
    assert db_size(app) == before
    liberte = TableHelper(client, government_tie="total", junk="1")
    assert stored_setup(app, liberte.code)["options"] == {"government_tie": "total"}
    refused = upload(client, table_file([], options={"government_tie": "most"}))
    assert refused.status_code == 422 and "TABLE-OPTIONS" in refusal(refused)


def stored_setup(app, code):
    with app.app_context():
        return tables.find(code).setup


def db_size(app):
    with app.app_context():
        return get_db().execute("SELECT count(*), coalesce(sum(length(setup)), 0) FROM tables"
                                ).fetchone()[:]


def test_the_profile_cache_is_bounded(app, client):
    app.config["TABLES_PER_ADDRESS"] = (100, 0)  # more tables than one address may import
    for n in range(engine.PROFILES.bound + 6):
        profile = {"name": f"P{n}", "provinces": {"3": {"name": "x" * 40}}}
        assert upload(client, table_file([{"kind": "profile", "data": {"map": profile}}])
                      ).status_code == 303
    assert len(engine.PROFILES) == engine.PROFILES.bound


# --- smaller ---------------------------------------------------------------------------------

def test_a_refusal_whose_form_is_not_on_screen_still_says_why(client, table):
    response = table.post(f"/liberte/{table.code}/election/battle-vp", {"vp": 3})  # turn 1
    assert response.status_code == 422 and 'class="error" role="alert"' in response.get_data(
        as_text=True)


def test_vote_forms_off_screen_still_say_why(app, client, vote_table):
    vote_table.start(DICE)
    response = vote_table.post(vote_table.at("/options"), {"votes": "secret"})
    assert response.status_code == 422 and "TABLE-OPTIONS" in refusal(response)
    response = vote_table.timer("pause")
    assert response.status_code == 422 and "the timer is not running" in refusal(response)


def test_an_unknown_displays_change_says_what_is_wrong_in_the_pages_language(client, table):
    client.post("/lang", data={"lang": "ru", "code": table.code, "next": "/"})
    response = table.post(f"/liberte/{table.code}/displays/bogus", {})
    assert response.status_code == 404
    text = refusal(response)
    assert "'bogus'" in text and "На странице" in text


def test_a_move_merged_past_a_timer_tap_keeps_its_description(app, client, vote_table):
    vote_table.start(DICE)
    president = vote_table.position(app)["game"].president
    candidate = next(n for n in vote_table.players if n != president)
    base = vote_table.version
    assert vote_table.timer("start", 120, version=base).status_code == 200
    assert vote_table.nominate(candidate, version=base).status_code == 200
    history = client.get(f"/t/{vote_table.code}/history").get_data(as_text=True)
    assert f"{president} nominates for Prime Minister: {candidate}" in history


def test_the_wizards_step_is_never_copied_into_the_address(client, table):
    response = table.post(f"/liberte/{table.code}/election/finish", {"step": "x" * 100_000},
                          htmx=False)
    assert len(response.headers.get("Location", "")) < 100
    response = table.post(f"/liberte/{table.code}/election/finish", {"step": "government"},
                          htmx=False)
    assert response.status_code in (303, 422)


# --- durability ------------------------------------------------------------------------------

def test_a_committed_change_is_synced_to_disk(tmp_path):
    """The server's default: FULL, each commit synced before a phone is told of it."""
    served = create_app({"DATABASE": str(tmp_path / "served.sqlite"), "SECRET_KEY": "test"})
    with served.app_context():
        conn = get_db()
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_the_tests_commit_without_a_sync_and_a_bad_level_is_refused(app, tmp_path):
    with app.app_context():
        assert get_db().execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    with pytest.raises(ValueError, match="SYNCHRONOUS"):
        connect(str(tmp_path / "x.sqlite"), "OFF")


def test_every_game_has_the_shared_checker(app):
    with app.test_request_context():
        for game in games.all_games():
            with pytest.raises(Exception) as refused:
                game.check(game.initial({"players": ["A", "B", "C", "D", "E"]}), "nope", {})
            assert getattr(refused.value, "rule", None) == "docs/formats.md"


# --- what the forms store, a table file gives back ------------------------------------------

def round_trip(client, code) -> None:
    """Export the table, import the file: accepted, and the same events with the same data."""
    exported = client.get(f"/t/{code}/export.json").data
    response = upload(client, exported)
    assert response.status_code == 303, refusal(response)[-500:]
    again = client.get(f"/t/{response.location.split('/')[2]}/export.json").json
    assert [(e["kind"], e["data"], e["seat"]) for e in again["events"]] == [
        (e["kind"], e["data"], e["seat"]) for e in json.loads(exported)["events"]]


def test_a_liberte_game_from_the_forms_is_a_table_file_the_checker_accepts(client, table):
    from table_support import advance, paris_tie, profile_form
    paris_tie(table)
    table.displays("vp", {"player": "Max", "vp": 3})
    table.displays("card", {"player": "Max", "faction": "blue", "value": 1, "where": "hands",
                            "general": "1"})
    table.displays("discard", {"player": "Max", "where": "hands", "index": 0})
    table.displays("battle", {"player": "Joshua", "tokens": 2})
    table.displays("order", {"order-0": "Max", "order-1": "Christie", "order-2": "Joshua"})
    table.post(f"/liberte/{table.code}/profile/", profile_form(fleur=(2,), names={3: "Anjou"}))
    table.stack(9, "Max", "white", 1, add="1")
    table.post(f"/t/{table.code}/undo", {})
    advance(table, "Christie", "marat")
    advance(table, "Joshua", "danton")
    advance(table, "Christie", "robespierre")
    assert table.post(f"/liberte/{table.code}/election/finish", {}).status_code == 200
    assert table.post(f"/liberte/{table.code}/election/battle-vp", {"vp": 3}).status_code == 200
    round_trip(client, table.code)


def test_a_vote_game_from_the_forms_is_a_table_file_the_checker_accepts(client, vote_table):
    vote_table.start(DICE)
    vote_table.post(vote_table.at("/options"), {"votes": "totals"})
    vote_table.timer("start", 120)
    vote_table.nominate("Eve")
    vote_table.timer("pause")
    vote_table.vote(yes=list(DICE)[:5], no=list(DICE)[5:])
    for to, budget in (("Bob", -2), ("Dan", 1), ("Cid", 0)):
        vote_table.give(to, budget, -1)
    vote_table.ability("Bob", "loyalty_check", "Eve")
    vote_table.give("Eve", ability=True)
    vote_table.play("end_round")
    vote_table.nominate("Ann")
    vote_table.counts(4, 3)
    assert vote_table.version > 12
    round_trip(client, vote_table.code)


def test_an_imported_virgin_queen_table_is_read_as_its_forms_read_it(client):
    """VQ-DRAW-1, VQ-SEQ-2, VQ-SEQ-6: the Virgin Queen's events meet their forms' limits, and
    only the keys the game defines are kept."""
    players = ("A", "B")
    take = {"power": "spain", "cards": 2, "treasures": 1, "card_names": ["Armada", "Galleon"], "seed": 7}
    kept = upload(client, table_file([
        {"kind": "tick", "data": {"step": "impulses", "done": True, "spy": 1}},
        {"kind": "draw", "data": dict(take, loyalty="x")},
        {"kind": "impulse", "data": {"power": "ottoman", "action": "pass"}}],
        game="virgin_queen", players=players))
    assert kept.status_code == 303
    code = kept.location.split("/")[2]
    stored = [e["data"] for e in client.get(f"/t/{code}/export.json").json["events"]]
    assert {"step": "impulses", "done": True} in stored
    assert dict(take, treasure_names=[]) in stored
    for bad, said in (({"kind": "draw", "data": dict(take, seed=2 ** 40)}, "event 1 (draw): seed"),
                      ({"kind": "draw", "data": dict(take, cards=100)}, "event 1 (draw): "),
                      ({"kind": "draw", "data": dict(take, card_names=["x" * 61])}, "VQ-DRAW-1"),
                      ({"kind": "tick", "data": {"step": "nope"}}, "VQ-SEQ-2"),
                      ({"kind": "impulse", "data": {"power": "rome", "action": "pass"}},
                       "VQ-SEQ-6")):
        refused = upload(client, table_file([bad], game="virgin_queen", players=players))
        assert refused.status_code == 422 and said in refusal(refused), refusal(refused)[-300:]
