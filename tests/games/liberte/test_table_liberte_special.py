"""Special cards played from a hand on the Displays page: one tap on the card's name shows what it
may take, as the engine says (LIB-SPEC); one tap on a target plays it; a card that may not be played
says why, in the players' words; a table file's special card meets the same checks."""
import io
import json
import re


def displays(client, table, **query):
    return client.get(f"/liberte/{table.code}/displays", query_string=query).get_data(as_text=True)


def exported(client, table) -> dict:
    return client.get(f"/t/{table.code}/export.json").get_json()


def play(table, **data):
    return table.displays("special", dict(data, special=data["name"], by=data["player"]))


def after_an_election(table):
    """Turn 2 after a red Government in which Christie is present: the special cards of set B
    may be played (LIB-VP-5)."""
    table.stack(1, "Christie", "red", 2)
    table.stack(2, "Joshua", "blue", 1)
    held = table.post(f"/liberte/{table.code}/election/hold", {})
    assert held.status_code == 200, re.findall(r'class="error"[^<]*<?[^<]*', held.get_data(as_text=True))


def test_lack_of_bread_offers_the_stacks_of_the_government_colour_LIB_SPEC_1(client, table):
    after_an_election(table)
    table.stack(3, "Max", "red", 2)
    table.stack(4, "Joshua", "white", 1)
    page = displays(client, table, special="lack_of_bread", by="Max")
    chooser = page.split('class="special-chooser"')[1]
    assert "province 3: Max: 2 red blocks" in chooser and "white" not in chooser.split("Close")[0]
    done = play(table, name="lack_of_bread", player="Max", target="Max", province=3)
    assert done.status_code == 200
    assert "Max plays Lack of Bread: one block of Max leaves province 3" in done.get_data(as_text=True)
    assert exported(client, table)["events"][-1]["data"]["stack"] == {"faction": "red", "blocks": 2}
    refused = play(table, name="lack_of_bread", player="Max", target="Joshua", province=4)
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    assert "must be of the Government" in text and "LIB-SPEC-1" in text
    assert 'class="special-chooser"' in text  # the refusal is shown where the tap was


def test_emigration_takes_a_white_personality_and_never_a_club_LIB_SPEC_2(client, table):
    table.displays("card", {"player": "Joshua", "pick": "white:2"})
    table.displays("card", {"player": "Joshua", "pick": "white:1", "kind": "club"})
    page = displays(client, table, special="emigration", by="Christie")
    assert page.count('name="card" value="#') == 1  # the Personality, not the Club
    done = play(table, name="emigration", player="Christie", target="Joshua", card="#1")
    assert "Christie plays Emigration: white 2 of Joshua goes to the discard pile" in done.get_data(
        as_text=True)
    refused = play(table, name="emigration", player="Christie", target="Joshua", card="#2")
    assert refused.status_code == 422 and "LIB-SPEC-2" in refused.get_data(as_text=True)


def test_religious_problems_take_a_blue_or_red_block_LIB_SPEC_3(client, table):
    table.stack(5, "Max", "white", 1)
    assert "no blue or red block" in displays(client, table, special="religious_problems", by="Max")
    table.stack(5, "Joshua", "blue", 2)
    done = play(table, name="religious_problems", player="Max", target="Joshua", province=5)
    assert done.status_code == 200 and "Religious Problems" in done.get_data(as_text=True)
    refused = play(table, name="religious_problems", player="Max", target="Max", province=5)
    assert refused.status_code == 422 and "LIB-SPEC-3" in refused.get_data(as_text=True)


def test_the_guillotine_and_purge_and_terror_ask_who_may_play_them_LIB_SPEC_4_5_6(client, table):
    table.displays("card", {"player": "Max", "pick": "blue:3"})
    done = play(table, name="guillotine", player="Joshua", target="Max", card="#1")
    assert "goes back to the box" in done.get_data(as_text=True)
    refused = displays(client, table, special="purge", by="Max")
    assert "Purge: Max is not present in the Government" in refused  # turn 1: no Government
    after_an_election(table)  # the displays went back to the hands (LIB-TURN-1)
    table.displays("card", {"player": "Max", "pick": "blue:2", "kind": "club"})
    assert "Terror: Joshua is not present in a red Government" in displays(
        client, table, special="terror", by="Joshua")
    purged = play(table, name="purge", player="Christie", target="Max", card="#1")
    assert purged.status_code == 200 and "Purge" in purged.get_data(as_text=True)


def test_terror_takes_a_stack_then_one_card_or_none_in_three_taps_LIB_SPEC_6(client, table):
    after_an_election(table)
    table.stack(1, "Joshua", "white", 3)
    table.displays("card", {"player": "Max", "pick": "white:3"})
    first = displays(client, table, special="terror", by="Christie")
    assert "province 1: Joshua: 3 white blocks" in first and "province 2" not in first.split(
        'class="special-chooser"')[1]
    second = displays(client, table, special="terror", by="Christie", province=1, target="Joshua")
    assert "white 3 (Max)" in second and "No card" in second
    done = play(table, name="terror", player="Christie", target="Joshua", province=1, card="#1",
                owner="Max")
    text = done.get_data(as_text=True)
    assert "Christie plays Terror: the stack of Joshua leaves province 1, and white 3 (Max) goes back" \
           " to the box" in text
    position = exported(client, table)
    assert position["events"][-1]["data"]["owner"] == "Max"


def test_a_table_file_special_card_is_judged_on_import_LIB_SPEC_1(client, table):
    table.stack(3, "Max", "red", 2)
    play(table, name="lack_of_bread", player="Christie", target="Max", province=3)
    data = exported(client, table)
    data["events"][-1]["data"]["province"] = "4"  # nobody has a stack there
    answer = client.post("/tables/import", data={"file": (io.BytesIO(json.dumps(data).encode()),
                                                           "t.json")})
    assert answer.status_code == 422 and b"LIB-SPEC-1" in answer.data
    data["events"][-1]["data"]["province"] = "3"
    answer = client.post("/tables/import", data={"file": (io.BytesIO(json.dumps(data).encode()),
                                                           "t.json")})
    assert answer.status_code in (200, 303)


def test_the_json_api_checks_special_cards_as_the_command_line_does_LIB_SPEC_4(client):
    scenario = {"turn": 2, "players": ["Anna", "Boris"],
                "displays": {"Boris": [{"id": "club", "faction": "blue", "value": 1, "kind": "club"}]},
                "special": [{"name": "guillotine", "player": "Anna", "target": "Boris", "card": "club"}]}
    answer = client.post("/api/liberte/special", json=scenario)
    assert answer.status_code == 400 and answer.get_json()["rule"] == "LIB-SPEC-4"


def test_no_special_card_while_the_elections_wait_for_a_tie_LIB_ELEC_9(client, table):
    table.stack(8, "Christie", "red", 2)
    table.stack(8, "Joshua", "red", 2)
    table.displays("card", {"player": "Christie", "pick": "red:3"})
    table.post(f"/liberte/{table.code}/election/hold", {})  # Paris ties: the election waits
    page = displays(client, table, special="religious_problems", by="Max")
    assert "the elections of turn 1 are under way" in page and 'class="targets"' not in page
    refused = play(table, name="religious_problems", player="Max", target="Joshua", province=8)
    assert refused.status_code == 422 and "LIB-ELEC-9" in refused.get_data(as_text=True)
