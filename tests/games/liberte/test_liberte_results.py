"""Liberté's results (companion.games.liberte.results): read from the end the position records
(docs/formats.md, "The end of a Liberté game") and, for how it went, from each election's result
in the log."""
import json

import pytest

from companion.games.liberte import results as liberte_results
from companion.table import events, games, tables
from companion.table.db import get_db

STACKS = {1: [(1, "Christie", "red", 3), (2, "Joshua", "blue", 2), (3, "Max", "white", 1)],
          2: [(4, "Joshua", "blue", 3), (5, "Max", "white", 2)],
          3: [(6, "Max", "white", 3), (7, "Christie", "red", 1)],
          4: [(9, "Christie", "red", 2), (10, "Joshua", "blue", 1)]}


def play_four_turns(table):
    """Four turns, each with a few stacks and its elections held in one tap."""
    for turn, stacks in STACKS.items():
        for province, player, faction, blocks in stacks:
            assert table.stack(province, player, faction, blocks).status_code == 200
        held = table.post(f"/liberte/{table.code}/election/hold",
                          {"vp": 5} if turn > 2 else {})  # LIB-BAT-1: not in the profile
        assert held.status_code == 200, held.get_data(as_text=True)[held.get_data(as_text=True).find("error"):][:400]


def ended_shape(position) -> dict:
    """The end as the position records it (docs/formats.md), by hand: the VPs of the last turn,
    the first two tied, the value of their displays deciding (LIB-END-1)."""
    vp = position["vp"]
    order = sorted(vp, key=lambda p: -vp[p])
    return {"how": "end", "turn": 4, "when": "elections", "winners": [order[0]],
            "standings": [{"player": p, "vp": vp[p], "rank": i + 1} for i, p in enumerate(order)],
            "decided": {"by": "display-value", "players": order[:2],
                        "detail": {"display_value": {order[0]: 5, order[1]: 3}}}}


@pytest.fixture
def over(app, client, table):
    play_four_turns(table)
    with app.test_request_context():
        found = tables.find(table.code)
        game = games.get("liberte")
        log = events.in_effect(events.load(get_db(), found.id))
        position = dict(events.position(get_db(), found, game))
    position["over"] = ended_shape(position)
    return found, position, log


def test_a_game_under_way_has_no_results(app, table):
    with app.test_request_context():
        position = events.position(get_db(), tables.find(table.code), games.get("liberte"))
    assert not liberte_results.over(position)
    assert liberte_results.results({"players": table.players}, position, []) is None


def test_the_results_read_the_recorded_end_and_the_vps_of_each_turn(app, over):
    found, position, log = over
    with app.test_request_context():
        result = liberte_results.results(found.setup, position, log)
        elections = liberte_results.turns(found.setup, log)
    assert result.winners == position["over"]["winners"]
    assert [(s.player, s.rank, s.score) for s in result.standings] == [
        (s["player"], s["rank"], s["vp"]) for s in position["over"]["standings"]]
    assert "ended with the elections of turn 4" in result.why
    assert "the value of the cards on their displays decided" in result.why
    chart = result.charts[0]
    assert chart.steps == ["start", "1", "2", "3", "4"] and len(elections) == 4
    for series in chart.series:       # each turn's VPs, as each election recorded them
        assert series.values == [0] + [e["vp"][series.label] for e in elections]
        assert series.values[-1] == position["vp"][series.label]
    assert all(note for note in chart.notes[1:])  # the Government of each turn
    assert chart.notes[1][0].startswith("Government: ")


def test_an_end_during_the_actions_adds_the_vps_at_the_end(app, over):
    found, position, log = over
    position["over"] = dict(position["over"], how="counter-revolution", turn=4, when="actions",
                            phase="actions", decided=None)
    with app.test_request_context():
        result = liberte_results.results(found.setup, position, log)
    assert result.charts[0].steps[-1] == "4" and len(result.charts[0].steps) == 6
    assert result.why == ("The Royalist counter-revolution ended the game during the actions of"
                          " turn 4.")


def test_the_bgg_id_comes_from_the_board_profile_only(app, over):
    found, position, log = over
    with app.test_request_context():
        assert liberte_results.results(found.setup, position, log).bgg_id is None
        position["map"] = dict(position.get("map") or {}, bgg_id=26984)
        assert liberte_results.results(found.setup, position, log).bgg_id == 26984


def test_the_recorded_end_of_turn_4_gives_the_results_page_and_the_play(app, client, table):
    """LIB-END: the elections of turn 4 end the game; the page and play.json read its end."""
    play_four_turns(table)
    with app.test_request_context():
        found = tables.find(table.code)
        ended = events.position(get_db(), found, games.get("liberte"))["over"]
    assert ended["how"] == "end" and ended["turn"] == 4
    text = client.get(f"/t/{table.code}/results").get_data(as_text=True)
    assert "ended with the elections of turn 4" in text and 'id="chart-0"' in text
    play = json.loads(client.get(f"/t/{table.code}/play.json").data)
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        (s["player"], s["vp"], s["rank"], s["player"] in ended["winners"])
        for s in ended["standings"]]
    assert play["game"]["name"] == "Liberté" and "bggId" not in play["game"]


def test_the_host_gives_the_bgg_id_in_the_board_profile_and_the_play_carries_it(client, table):
    """docs/rules/liberte-board.md: the profile's optional bgg_id is the play's game.bggId."""
    profile = f"/liberte/{table.code}/profile/"
    form = {"profile-name": "Ours", "battle-2": 4, "battle-3": 5, "battle-4": 6} | {
        f"vp-{n}": 0 for n in range(1, 28)}
    refused = table.post(profile, form | {"bgg_id": "x"})
    assert refused.status_code == 422 and b"BoardGameGeek id" in refused.data
    assert table.post(profile, form | {"bgg_id": "26984"}).status_code == 200
    assert b'name="bgg_id" min="1" max="10000000" value="26984"' in client.get(profile).data
    play_four_turns(table)
    assert json.loads(client.get(f"/t/{table.code}/play.json").data)["game"]["bggId"] == 26984


def test_a_board_profile_file_may_carry_the_bgg_id_and_nothing_else_there():
    from companion.scorers.liberte.board import read_profile
    from companion.scorers.rules import RuleError
    assert read_profile({"bgg_id": 26984}).as_json()["bgg_id"] == 26984
    assert "bgg_id" not in read_profile({}).as_json()
    with pytest.raises(RuleError):
        read_profile({"bgg_id": "26984"})


def test_a_finished_table_shows_its_buttons_off_and_says_why(client, table):
    """TABLE-FINISHED: once the host started the next game from it, the old table may be read,
    no longer changed; its board and displays show every button off, and say where the game
    went rather than asking the phone to take a seat."""
    play_four_turns(table)
    board = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert "Add the stack" in board  # the host's phone, before: the sheet is there
    answer = client.post(f"/t/{table.code}/again", data={"players": "Christie\nJoshua\nMax"})
    assert answer.status_code == 303
    board = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert "Add the stack" not in board and "This game is over: this table may be read" in board
    displays = client.get(f"/liberte/{table.code}/displays").get_data(as_text=True)
    assert '<fieldset class="bare" disabled>' in displays
    assert "Take a seat to change the displays." not in displays and "Go to the next game" in displays
