"""The end of a Liberté game is final (LIB-END-2): recorded when it happens, by the change that makes
it, with its winners and every player's place (LIB-END-3); every change after it is refused on every
page, nothing stored, until the host undoes the change that ended it.

R VI.3 (l. 521): «игра немедленно заканчивается»; R VI.1 (l. 495): the game ends after turn 4."""
import json
import re

import pytest
from table_support import profile_form

from table_support import TableHelper

FLEUR = (2, 4, 6, 10, 14, 17, 20)
ENDED = "The Royalist counter-revolution ended the game during the actions of turn 3."


def shown(page: str) -> str:
    """A page with its rule ids shown (their spans unwrapped)."""
    return re.sub(r'<span class="rule">([^<]*)</span>', r"\1", page)


def page(client, path: str) -> str:
    return shown(client.get(path).get_data(as_text=True))


def exported(client, table) -> dict:
    return json.loads(client.get(f"/t/{table.code}/export.json").data)


@pytest.fixture
def royalists(client):
    """Bruno, Denis and Max in turn 3, six white fleur-de-lis provinces held: Bruno 7 white points
    and 2 white blocks on his cards, Denis 6 and 3, Max none yet."""
    table = TableHelper(client, players=["Bruno", "Denis", "Max"])
    table.sit("Bruno")
    table.post(f"/liberte/{table.code}/profile/", profile_form(fleur=FLEUR, battle=("4", "5", "6")))
    table.displays("turn", {"turn": 3})
    table.displays("card", {"player": "Bruno", "where": "hands", "faction": "white", "value": 2})
    table.displays("card", {"player": "Denis", "where": "displays", "faction": "white", "value": 3})
    for n, player in zip(FLEUR[:6], ["Bruno"] * 3 + ["Denis"] * 3):
        table.stack(n, player, "white", 2)
    table.stack(1, "Bruno", "white", 1)
    return table


def test_the_counter_revolution_during_the_actions_ends_the_game_at_that_tap_LIB_END_2(client, royalists):
    """The seventh white fleur-de-lis province ends the game with the tap that makes it: Bruno and
    Denis tie at 9 white points, white on the cards decides for Denis (LIB-CR-3). The table file,
    the board, the results and the history name the same winner and say what decided."""
    table = royalists
    assert table.stack(FLEUR[6], "Max", "white", 1).status_code == 200
    ending = exported(client, table)["events"][-1]
    assert ending["kind"] == "stack" and ending["data"]["ended"] == {
        "how": "counter-revolution", "turn": 3, "when": "actions", "phase": "actions",
        "winners": ["Denis"],
        "standings": [{"player": "Denis", "vp": 0, "rank": 1, "points": 9},
                      {"player": "Bruno", "vp": 0, "rank": 2, "points": 9},
                      {"player": "Max", "vp": 0, "rank": 3, "points": 1}],
        "decided": {"by": "white-cards", "players": ["Denis", "Bruno"],
                    "detail": {"white": {"Denis": 3, "Bruno": 2}}}}
    board = page(client, f"/liberte/{table.code}/")
    assert ENDED in board and "Winner: Denis" in board and "Bruno" not in board.split("Winner:")[1][:40]
    results = page(client, f"/liberte/{table.code}/election/")
    assert ENDED in results and "Winner: Denis" in results
    assert ("Denis and Bruno tied on white points; the white blocks on their cards decided (Denis 3, Bruno 2, "
            "LIB-CR-3).") in results
    ranks = results[results.index('id="standings"'):]
    assert ranks.index("<td>1</td><td>Denis</td><td>9</td>") < ranks.index("<td>2</td><td>Bruno</td><td>9</td>")
    final = page(client, f"/t/{table.code}/results")  # ranked, and scored, by white points
    final = final[final.index('id="standings"'):]
    assert re.findall(r'data-player="(\w+)">\s*<td>(\d)</td><th scope="row">(?:<bdi>)?\w+(?:</bdi>)?</th>\s*<td>(\d+)</td>',
                      final) == [("Denis", "1", "9"), ("Bruno", "2", "9"), ("Max", "3", "1")]
    history = page(client, f"/t/{table.code}/history")
    assert (f"province 20: Max: 1 white block. {ENDED} Winner: Denis. Denis and Bruno tied on white points; the "
            "white blocks on their cards decided (Denis 3, Bruno 2, LIB-CR-3).") in history


def test_after_the_end_every_change_is_refused_and_nothing_is_stored_LIB_END_2(app, client, royalists):
    """A stack, a discard, a card, VPs, the turn, lost battles, the play order, the profile and the
    elections: each refused with how and when the game ended; the log is unchanged. A player's
    phone may not undo the end either, nor change a form of address being refused."""
    table = royalists
    table.stack(FLEUR[6], "Max", "white", 1)
    before = exported(client, table)["events"]
    code = table.code
    taps = [
        (f"/liberte/{code}/", {"province": 3, "player": "Max", "faction": "white", "blocks": 1}),
        (f"/liberte/{code}/displays/discard", {"player": "Bruno", "where": "hands", "index": 0}),
        (f"/liberte/{code}/displays/card", {"player": "Max", "faction": "blue", "value": 2}),
        (f"/liberte/{code}/displays/vp", {"player": "Max", "vp": 7}),
        (f"/liberte/{code}/displays/turn", {"turn": 4}),
        (f"/liberte/{code}/displays/lost_battles", {"count": 1}),
        (f"/liberte/{code}/displays/order", {"order-0": "Max", "order-1": "Denis", "order-2": "Bruno"}),
        (f"/liberte/{code}/profile/", {"profile-name": "Mine"}),
        (f"/liberte/{code}/election/hold", {}),
        (f"/liberte/{code}/election/finish", {}),
    ]
    for path, data in taps:
        refused = table.post(path, data)
        said = shown(refused.get_data(as_text=True))
        assert refused.status_code == 422, path
        assert f"{ENDED} Nothing more can be changed; the host may undo the change that ended it." in said, path
    player = table.seated_phone("Denis")
    refused = table.post(f"/t/{code}/undo", {}, client=player)
    assert ENDED in refused.get_data(as_text=True)
    assert table.post(f"/t/{code}/address", {"player": "Denis", "gender": "m"}, client=player).status_code == 200
    after = exported(client, table)["events"]
    assert [e for e in after if e["kind"] != "address"] == before


def test_the_host_undoes_the_change_that_ended_the_game_and_it_goes_on_LIB_END_2(client, royalists):
    """A mis-entry: the host takes back the tap that ended the game, which reopens it."""
    table = royalists
    table.stack(FLEUR[6], "Max", "white", 1)
    assert table.post(f"/t/{table.code}/undo", {}).status_code == 200
    board = page(client, f"/liberte/{table.code}/")
    assert 'id="game-over"' not in board and "6 of 7" in board
    assert table.stack(FLEUR[6], "Max", "blue", 1).status_code == 200


def test_an_ended_table_file_imports_as_ended_and_a_change_after_its_end_is_refused_LIB_END_2(client, royalists):
    """The end is folded from the change that made it: an imported file ends at the same tap with
    the same winner; a file that goes on after the end is refused, naming the event."""
    table = royalists
    table.stack(FLEUR[6], "Max", "white", 1)
    data = exported(client, table)
    from io import BytesIO
    copy = client.post("/tables/import", data={"file": (BytesIO(json.dumps(data).encode()), "t.json")})
    assert copy.status_code == 303
    code = copy.location.split("/")[2]
    assert "Winner: Denis" in page(client, f"/liberte/{code}/")
    data["events"].append({"kind": "stack", "data": {"province": "3", "player": "Max", "faction": "white",
                                                      "blocks": 1}})
    refused = client.post("/tables/import", data={"file": (BytesIO(json.dumps(data).encode()), "t.json")})
    said = refused.get_data(as_text=True)
    assert refused.status_code == 422 and f"event {len(data['events'])} (stack)" in said and ENDED in said


def test_the_end_of_turn_4_is_final_and_the_tie_break_is_named_LIB_END_1(client, table):
    """After turn 4's elections: Christie and Joshua tie at 20 VP, Joshua's display is worth more.
    The board, the results and the history name Joshua and what decided; no sentence speaks of a
    next turn; the next stack and discard are refused."""
    table.post(f"/liberte/{table.code}/profile/", profile_form(battle=("4", "5", "6")))
    table.displays("turn", {"turn": 4})
    for player in ("Christie", "Joshua"):
        table.displays("vp", {"player": player, "vp": 20})
    table.displays("card", {"player": "Christie", "faction": "red", "value": 1})
    table.displays("card", {"player": "Joshua", "faction": "blue", "value": 2})
    step = page(client, f"/liberte/{table.code}/election/?step=end")
    assert "VP track and the end of the game" in step and "next turn" not in step.lower()
    held = table.post(f"/liberte/{table.code}/election/hold", {})
    assert held.status_code == 200
    ended = "The game ended with the elections of turn 4."
    decided = "Joshua and Christie tied on VPs; the value of the cards on their displays decided (Joshua 2, Christie 1"
    results = page(client, f"/liberte/{table.code}/election/")
    assert ended in results and "Winner: Joshua" in results and decided in results
    assert "next turn" not in results.lower()
    history = page(client, f"/t/{table.code}/history")
    assert f"the elections of turn 4 were held. {ended} Winner: Joshua" in history
    assert "next turn" not in history
    assert exported(client, table)["events"][-1]["data"]["ended"]["winners"] == ["Joshua"]
    board = page(client, f"/liberte/{table.code}/")
    assert ended in board and "Winner: Joshua" in board
    stack = table.stack(1, "Max", "red", 1)
    discard = table.displays("discard", {"player": "Joshua", "where": "displays", "index": 0})
    for refused in (stack, discard):
        assert refused.status_code == 422 and ended in refused.get_data(as_text=True)


def test_the_battle_question_says_a_pass_ends_the_game_and_the_history_names_no_election_LIB_CR_2(client, table):
    """Six white fleur-de-lis provinces in turn 3 and a battle tie: the question says that a lost
    battle brings the counter-revolution, and to the last asked player that passing does. Both pass:
    the game ends after the battle, and no sentence speaks of elections that were not held."""
    table.post(f"/liberte/{table.code}/profile/", profile_form(fleur=FLEUR, battle=("4", "5", "6")))
    table.displays("turn", {"turn": 3})
    for n in FLEUR[:6]:
        table.stack(n, "Max", "white", 2)
    for player, general in (("Christie", "desaix"), ("Joshua", "hoche")):
        table.displays("card", {"player": player, "faction": "blue", "value": 1, "id": general, "general": "1"})
        table.displays("battle", {"player": player, "tokens": 1})
    first = shown(table.post(f"/liberte/{table.code}/election/hold", {}).get_data(as_text=True))
    assert ("If nobody wins this battle, it is lost: the counter-revolution goes from 6 to 7 of 7 and the game "
            "ends (LIB-BAT-3, LIB-CR-1).") in first
    table.post(f"/liberte/{table.code}/election/advance", {"contest": "battle", "player": "Christie", "card": ""})
    last = page(client, f"/liberte/{table.code}/election/")
    assert ("If Joshua passes, nobody leads the army: the battle is lost, the counter-revolution goes from 6 to "
            "7 of 7 and the game ends (LIB-BAT-3, LIB-CR-1).") in last
    table.post(f"/liberte/{table.code}/election/advance", {"contest": "battle", "player": "Joshua", "card": ""})
    ended = "The Royalist counter-revolution ended the game after the battle of turn 3."
    history = page(client, f"/t/{table.code}/history")
    assert f"Joshua passes (the battle); the last tie is answered. {ended} Winner: Max" in history
    assert "elections were held" not in history and "were held" not in history
    assert ended in page(client, f"/liberte/{table.code}/")
    assert exported(client, table)["events"][-1]["data"]["ended"]["phase"] == "battle"


def test_an_imported_ended_is_recomputed_and_a_turn_change_can_end_the_game_LIB_END_2(client):
    """A table file's ``ended`` is never taken on trust: a stack claiming to end the game is stored
    without it. Seven white fleur-de-lis provinces held in turn 2 count for nothing until the turn
    becomes 3: that change ends the game (LIB-CR-2)."""
    from io import BytesIO
    log = [{"kind": "profile", "data": {"map": {"name": "b", "provinces": {n: {"fleur_de_lis": True}
                                                                            for n in map(str, FLEUR)}}}},
           {"kind": "turn", "data": {"turn": 2}}]
    log += [{"kind": "stack", "data": {"province": str(n), "player": "Max", "faction": "white", "blocks": 2,
                                       "ended": {"how": "landslide", "winners": ["Max"]}}} for n in FLEUR]
    log.append({"kind": "turn", "data": {"turn": 3}})
    data = {"format": "companion-table/1", "game": "liberte", "language": "en",
            "setup": {"players": ["Christie", "Joshua", "Max"], "options": {}}, "events": log}
    made = client.post("/tables/import", data={"file": (BytesIO(json.dumps(data).encode()), "t.json")})
    code = made.location.split("/")[2]
    stored = json.loads(client.get(f"/t/{code}/export.json").data)["events"]
    assert all("ended" not in e["data"] for e in stored[:-1])
    assert stored[-1]["data"]["ended"]["how"] == "counter-revolution"
    assert stored[-1]["data"]["ended"]["winners"] == ["Max"]
    assert "turn 3. The Royalist counter-revolution ended the game during the actions of turn 3." in page(
        client, f"/t/{code}/history")


def test_a_battle_block_that_waits_goes_on_the_battle_when_a_white_block_is_free_LIB_BAT_3(client, table):
    """R l. 346: turn 2's battle is lost while all 24 white blocks stand on the board, each under a
    higher stack, so the elections give none back: the next turn still starts (the block waits, the
    supply says 0), and once a white stack is made lower the freed block goes on the battle: the
    supply stays 0 and one more white block is refused."""
    table.displays("turn", {"turn": 2})
    for n in range(1, 25):
        table.stack(n, "Christie", "white", 1)
        table.stack(n, "Joshua", "red" if n <= 14 else "blue", 2)
    assert table.post(f"/liberte/{table.code}/election/hold", {}).status_code == 200
    board = page(client, f"/liberte/{table.code}/")
    assert "Turn 3" in board
    meters = client.get(f"/liberte/{table.code}/meters", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert '<span class="tag f-white">white 0</span>' in meters
    assert table.stack(1, "Christie", "white", 0).status_code == 200
    meters = client.get(f"/liberte/{table.code}/meters", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert '<span class="tag f-white">white 0</span>' in meters
    refused = table.stack(1, "Christie", "white", 1)
    assert refused.status_code == 422 and "only 0 white blocks are left in the supply" in refused.get_data(as_text=True)
