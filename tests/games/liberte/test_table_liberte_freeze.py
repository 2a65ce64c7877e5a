"""The election freezes the position (LIB-ELEC-9): from "Hold the elections" until the result is
recorded or the host cancels it, nothing the election reads may change; every phone says that it is
under way and whose answer it waits for, on every page of the table.

R IV (l. 154, 159): «3. Фаза Действия», «5. Фаза Выборов»: the elections come after the actions."""
import io
import json
import re

PARIS_TIE = [("stack", {"province": "8", "player": "Christie", "faction": "red", "blocks": 3}),
             ("stack", {"province": "8", "player": "Joshua", "faction": "red", "blocks": 3}),
             ("card", {"player": "Christie", "where": "displays",
                       "card": {"faction": "red", "value": 3, "id": "marat"}})]


def paris_tie(table):
    table.stack(8, "Christie", "red", 3)
    table.stack(8, "Joshua", "red", 3)
    table.displays("card", {"player": "Christie", "faction": "red", "value": 3, "id": "marat"})
    table.displays("card", {"player": "Joshua", "faction": "red", "value": 3, "id": "danton"})
    table.displays("card", {"player": "Joshua", "faction": "red", "value": 1, "id": "hebert"})


def hold(table):
    return table.post(f"/liberte/{table.code}/election/hold", {})


def answer(table, player, card, client=None):
    return table.post(f"/liberte/{table.code}/election/advance",
                      {"contest": "province:8", "player": player, "card": card}, client=client)


def position(client, table):
    return json.loads(client.get(f"/t/{table.code}/export.json").data)


def page(client, path):
    return client.get(path).get_data(as_text=True)


def test_hold_with_a_tie_is_told_as_started_not_held(client, table):
    """The toast and the history say the elections started; "held" only once the last tie is
    answered, by that answer."""
    paris_tie(table)
    text = hold(table).get_data(as_text=True)
    assert "the elections of turn 1 started: they wait for tie answers" in text
    assert "were held" not in text
    history = page(client, f"/t/{table.code}/history")
    assert "the elections of turn 1 started" in history and "were held" not in history
    answer(table, "Christie", "marat")
    last = answer(table, "Joshua", "").get_data(as_text=True)
    assert "the last tie is answered: the elections were held" in last
    assert "Results of the elections of turn 1" in last


def test_every_change_the_election_reads_is_refused_while_it_is_under_way(client, table):
    """Stacks, cards, tokens, VPs, turn, play order, lost battles, profile: each refused with the
    message naming the election under way and how to cancel it; nothing is stored."""
    paris_tie(table)
    hold(table)
    before = position(client, table)["events"]
    code = table.code
    taps = [
        (f"/liberte/{code}/", {"province": 3, "player": "Max", "faction": "blue", "blocks": 1}),
        (f"/liberte/{code}/displays/card", {"player": "Max", "faction": "blue", "value": 2}),
        (f"/liberte/{code}/displays/discard", {"player": "Joshua", "where": "displays", "index": 1}),
        (f"/liberte/{code}/displays/battle", {"player": "Max", "tokens": 1}),
        (f"/liberte/{code}/displays/vp", {"player": "Max", "vp": 7}),
        (f"/liberte/{code}/displays/turn", {"turn": 2}),
        (f"/liberte/{code}/displays/lost_battles", {"count": 1}),
        (f"/liberte/{code}/displays/order", {"order-0": "Max", "order-1": "Joshua",
                                               "order-2": "Christie"}),
        (f"/liberte/{code}/profile/", {"profile-name": "Mine"}),
    ]
    for path, data in taps:
        refused = table.post(path, data)
        said = refused.get_data(as_text=True)
        assert refused.status_code == 422, path
        assert "the elections of turn 1 are under way, waiting for: Christie" in said, path
        assert "the host cancels the election on the Election page" in said, path
        assert "(LIB-ELEC-9)" in said, path
    assert position(client, table)["events"] == before


def test_every_phone_says_the_election_is_under_way_and_whose_answer_it_waits_for(app, table):
    """A watching phone and Max's phone, on every page of the table: the election under way and
    whose answer it waits for; only Christie's phone carries the question that opens itself."""
    paris_tie(table)
    hold(table)
    watcher, max_phone = app.test_client(), table.seated_phone("Max")
    watcher.post(f"/t/{table.code}/seat", data={"player": ""})
    christie = table.client
    code = table.code
    pages = [f"/liberte/{code}/", f"/liberte/{code}/displays", f"/liberte/{code}/profile/",
             f"/liberte/{code}/election/", f"/t/{code}/room", f"/t/{code}/history"]
    for path in pages:
        for phone in (watcher, max_phone, christie):
            text = page(phone, path)
            assert 'id="under-way"' in text, path
            assert "Elections of turn 1 under way." in text, path
            assert "Waiting for: Christie (province 8)." in text, path
        assert 'data-ask=' not in page(max_phone, path), path
        assert f'data-ask="{code}:province:8:1:Christie"' in page(christie, path), path
    # from the shared pages, the question is one tap (or the page script) away
    history = page(christie, f"/t/{code}/history")
    assert f'data-go="/liberte/{code}/election/"' in history


def test_undo_of_the_last_tie_answer_stays_possible(client, table):
    paris_tie(table)
    hold(table)
    answer(table, "Christie", "marat")
    assert table.post(f"/t/{table.code}/undo", {}).status_code == 200
    assert position(client, table)["events"][-1]["kind"] == "undo"
    assert "Waiting for: Christie (province 8)." in page(client, f"/liberte/{table.code}/")


def test_only_the_host_cancels_the_election(app, client, table):
    paris_tie(table)
    hold(table)
    joshua = table.seated_phone("Joshua")
    refused = table.post(f"/liberte/{table.code}/election/cancel", {}, client=joshua)
    assert refused.status_code == 422 and "(TABLE-HOST)" in refused.get_data(as_text=True)
    assert 'id="cancel"' not in page(joshua, f"/liberte/{table.code}/election/")
    assert 'id="cancel"' in page(client, f"/liberte/{table.code}/election/")
    assert table.post(f"/liberte/{table.code}/election/cancel", {}).status_code == 200
    assert 'id="under-way"' not in page(client, f"/liberte/{table.code}/")
    again = table.post(f"/liberte/{table.code}/election/cancel", {})
    assert again.status_code == 422 and "no election is under way" in again.get_data(as_text=True)


def test_a_table_file_that_changes_the_board_during_an_election_is_refused(client):
    """The rule holds for imported tables too: the event is refused with its number and rule."""
    log = [{"kind": k, "data": d} for k, d in PARIS_TIE]
    log += [{"kind": "hold", "data": {"turn": 1}},
            {"kind": "stack", "data": {"province": "3", "player": "Max", "faction": "blue",
                                       "blocks": 1}}]
    data = {"format": "companion-table/1", "game": "liberte", "language": "en",
            "setup": {"players": ["Christie", "Joshua", "Max"]}, "events": log}
    response = client.post("/tables/import", data={
        "file": (io.BytesIO(json.dumps(data).encode()), "table.json")})
    text = response.get_data(as_text=True)
    assert response.status_code == 422 and "LIB-ELEC-9" in text
    assert re.search(r"event 5", text)
