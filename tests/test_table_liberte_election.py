"""The election wizard (companion.liberte.election): ties asked one player at a time."""


def paris_tie(table):
    table.stack(8, "Christie", "red", 3)
    table.stack(8, "Joshua", "red", 3)
    table.displays("card", {"player": "Christie", "faction": "red", "value": 3, "id": "marat"})
    table.displays("card", {"player": "Christie", "faction": "red", "value": 2, "id": "robespierre"})
    table.displays("card", {"player": "Joshua", "faction": "red", "value": 3, "id": "danton"})


def advance(table, player, card):
    return table.post(f"/liberte/{table.code}/election/advance",
                      {"contest": "province:8", "player": player, "card": card})


def test_paris_tie_repeats_until_one_player_is_ahead(client, table):
    paris_tie(table)
    page = client.get(f"/liberte/{table.code}/election/").get_data(as_text=True)
    assert "Christie, advance one card or pass." in page and "Advance marat" in page
    assert advance(table, "Christie", "marat").status_code == 200
    assert advance(table, "Joshua", "danton").status_code == 200
    text = client.get(f"/liberte/{table.code}/election/").get_data(as_text=True)
    assert "round 2" in text  # equal values: Paris asks again (LIB-ELEC-7)
    text = advance(table, "Christie", "robespierre").get_data(as_text=True)
    assert "Christie wins for red, 3 vote(s)" in text
    assert "most votes of the Government colour" in text and "5 VP" in text
    done = table.post(f"/liberte/{table.code}/election/finish", {})
    assert done.status_code == 200 and "Election, turn 2" in done.get_data(as_text=True)
    history = client.get(f"/t/{table.code}/history").get_data(as_text=True)
    assert "Christie advances marat (province:8)" in history


def test_wrong_or_stale_answers_are_refused(client, table):
    paris_tie(table)
    r = advance(table, "Joshua", "danton")
    assert r.status_code == 422 and b"already answered" in r.data
    r = advance(table, "Christie", "danton")
    assert r.status_code == 422 and b"LIB-ELEC-4" in r.data
    r = table.post(f"/liberte/{table.code}/election/finish", {})
    assert r.status_code == 422 and b"still waits" in r.data


def test_pass_and_no_tie_waiting(client, table):
    paris_tie(table)
    advance(table, "Christie", "")
    advance(table, "Joshua", "")
    text = client.get(f"/liberte/{table.code}/election/").get_data(as_text=True)
    assert "tie, no vote" in text
    r = advance(table, "Christie", "marat")
    assert r.status_code == 422 and b"no tie decision" in r.data


def test_the_game_ends_after_turn_four(client, table):
    table.displays("turn", {"turn": 4})
    table.stack(1, "Christie", "red", 2)
    r = table.post(f"/liberte/{table.code}/election/finish", {})
    assert "The game is over" in r.get_data(as_text=True)
    assert client.get(f"/liberte/{table.code}/election/", headers={"HX-Request": "true"}).status_code == 200
