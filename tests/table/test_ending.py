"""The end of a game, shared by the games: the results page, the play for BG Stats
(``/t/<code>/play.json``) and "Play again" (a new table, the old one finished and read-only)."""
import json
import re

import pytest
from click.testing import CliRunner

from companion.cli import main
from table_support import DICE, vote_to_the_last_card

def play_to_ten_ten(t):
    """The game of table_support.vote_to_the_last_card, and its last card: Ann has 10/10."""
    vote_to_the_last_card(t)
    assert t.give("Fay", 0, -1).status_code == 200


@pytest.fixture
def ended(vote_table):
    play_to_ten_ten(vote_table)
    return vote_table


def test_a_game_under_way_has_no_results(client, vote_table):
    assert client.get(f"/t/{vote_table.code}/results").status_code == 303
    assert client.get(f"/t/{vote_table.code}/play.json").status_code == 404


def test_the_results_name_the_winner_why_and_the_standings_VOTE_END_2(client, ended):
    text = client.get(f"/t/{ended.code}/results").get_data(as_text=True)
    # a party wins (the heading), whose member the end names (VOTE-END-2)
    assert "<h1>Ann&#39;s party wins</h1>" in text and "Ann has 10/10: Ann&#39;s party wins" in text
    ranks = re.findall(r'<tr class="won" data-player="(\w+)">', text)
    assert ranks == ["Ann"]
    assert 'id="play-again"' in text and "app.bgstatsapp.com/createPlay.html?data=" in text
    game_page = client.get(ended.at("/")).get_data(as_text=True)
    assert f'href="/t/{ended.code}/results"' in game_page  # every phone finds the results


def test_the_chart_follows_the_log_round_by_round(app, client, ended):
    text = client.get(f"/t/{ended.code}/results").get_data(as_text=True)
    budget = re.search(r'id="chart-0".*?</section>', text, re.S).group(0)
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th>(.*?)</tr>', budget, re.S)
    values = {step: re.findall(r"<td>(.*?)</td>", cells) for step, cells in rows}
    names = list(DICE)
    assert [step for step, _cells in rows] == ["start", "1", "2", "3", "4"]  # a failed vote ends a round
    assert dict(zip(names, values["start"])) == {"Ann": "7", "Bob": "4", "Cid": "2", "Dan": "5",
                                                  "Eve": "6", "Fay": "3", "Gil": "4", }
    assert values["1"][-1] == "Cid and Eve: failed"  # the President and his candidate
    game = ended.position(app)["game"]
    assert values["4"][:7] == [str(p.budget) for p in game.players]  # the last step: the end
    assert values["4"][-1] == "Fay and Dan: elected<br>Gil left the game"
    assert budget.count("<polyline") == len(names)


def test_play_json_has_the_results_players_scores_winners_and_ranks(client, ended):
    play = json.loads(client.get(f"/t/{ended.code}/play.json").data)
    assert play["sourceName"] == "companion" and play["game"]["name"] == "VOTE!"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert play["durationMin"] >= 1 and "bggId" not in play["game"]
    players = {p["name"]: p for p in play["players"]}
    assert set(players) == set(DICE)
    assert players["Ann"]["winner"] and players["Ann"]["rank"] == 1 and players["Ann"]["score"] == 20
    assert [p["name"] for p in play["players"] if p["winner"]] == ["Ann"]
    assert all(p["rank"] == 2 for p in play["players"] if p["name"] != "Ann")
    # the first President began the game (VOTE-SETUP-5), not the first seat
    assert [p["name"] for p in play["players"] if p["startPlayer"]] == ["Cid"]


def test_play_again_makes_a_new_table_and_the_old_one_read_only(app, client, ended):
    old = ended.code
    answer = client.post(f"/t/{old}/again", data={"players": "\n".join(DICE)})
    assert answer.status_code == 303 and answer.location == f"/t/{old}/next"
    moved = client.get(answer.location)
    new = moved.location.split("/")[2]
    assert new != old and moved.location == f"/vote/{new}/night/"   # VOTE!: straight to the night
    assert client.get(f"/vote/{new}/").status_code == 200
    # the old table: readable, not editable, and its history says where the game went
    assert client.get(f"/t/{old}/results").status_code == 200
    refused = ended.post(ended.at("/undo"), {})
    assert refused.status_code == 422 and b"may be read, not changed" in refused.data
    assert new.encode() in client.get(f"/t/{old}/history").data
    # a second Play again starts no third table
    again = client.post(f"/t/{old}/again", data={})
    assert again.location == f"/t/{old}/results"


def test_a_seated_phone_follows_to_the_same_seat_without_scanning(app, client, ended):
    bob = ended.seated_phone("Bob")
    client.post(f"/t/{ended.code}/again", data={})
    live = bob.get(f"/t/{ended.code}/results", headers={"HX-Request": "true"})
    assert live.headers["HX-Redirect"] == f"/t/{ended.code}/next"
    followed = bob.get(live.headers["HX-Redirect"])
    new = followed.location.split("/")[2]
    assert bob.get(f"/t/{new}").location == f"/vote/{new}/"  # seated: the join link goes on
    with bob.session_transaction() as session:
        assert session["seats"][new] == "Bob"


def test_only_the_host_plays_again(client, ended):
    bob = ended.seated_phone("Bob")
    assert bob.post(f"/t/{ended.code}/again", data={}).status_code == 403


def test_a_player_may_leave_before_the_next_game(client, ended):
    gil = ended.seated_phone("Gil")
    client.post(f"/t/{ended.code}/again", data={"players": "\n".join(list(DICE)[:6])})
    followed = gil.get(f"/t/{ended.code}/next")
    assert "/t/" in followed.location and "pick=1" in followed.location


def test_the_host_start_page_lists_the_evenings_games_with_their_winners(client, ended):
    client.post(f"/t/{ended.code}/again", data={})
    text = client.get("/").get_data(as_text=True)
    evening = re.search(r'id="evening".*?</section>', text, re.S).group(0)
    assert ended.code in evening and "Ann" in evening and evening.count("<li") == 2


def test_the_command_line_gives_the_same_play_as_the_table(client, ended, tmp_path):
    exported = client.get(f"/t/{ended.code}/export.json").data
    (tmp_path / "table.json").write_bytes(exported)
    answer = CliRunner().invoke(main, ["vote", "play", str(tmp_path / "table.json")])
    assert answer.exit_code == 0, answer.output
    assert json.loads(answer.output) == json.loads(client.get(f"/t/{ended.code}/play.json").data)


def test_the_command_line_refuses_a_game_not_over(client, vote_table, tmp_path):
    (tmp_path / "table.json").write_bytes(client.get(f"/t/{vote_table.code}/export.json").data)
    answer = CliRunner().invoke(main, ["vote", "play", str(tmp_path / "table.json")])
    assert answer.exit_code == 2 and "not over" in answer.output


def test_play_again_with_too_few_players_is_refused_next_to_the_field(client, ended):
    answer = client.post(f"/t/{ended.code}/again", data={"players": "Ann\nBob"})
    text = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "needs 5 to 10 players, not 2" in text
    # between the field's label and the field, which takes the focus: in view on a phone
    assert (text.index('for="again-players"') < text.index("needs 5 to 10 players")
            < text.index('id="again-players"'))
    assert 'id="again-players" name="players" rows="5" autofocus aria-invalid="true"' in text
    assert client.get(f"/vote/{ended.code}/").status_code == 200   # nothing finished
    assert b'id="play-again"' in client.get(f"/t/{ended.code}/results").data


def test_the_chart_splits_a_line_where_a_player_has_no_value_and_marks_its_limit():
    from companion.table.results import Chart, Series, chart_geometry
    drawn = chart_geometry(Chart("t", ["a", "b", "c", "d"], [Series("Ann", [1, 2, None, 4])],
                                 limit=7))
    line = drawn["lines"][0]
    assert len(line["runs"]) == 2 and len(line["dots"]) == 3
    assert drawn["limit"] == min(t["y"] for t in drawn["ticks"])  # 7: the highest, at the top
    assert [t["label"] for t in drawn["ticks"]] == [0, 4, 7]
