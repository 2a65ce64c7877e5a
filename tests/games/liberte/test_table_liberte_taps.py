"""No keyboard at the table: the Liberté screens of play have no text or number field, VPs, lost
battles, the turn and the play order are taps, and the battle's VPs are asked by the app, only when
someone may score them (LIB-BAT-1)."""
import re

FIELD = re.compile(r'<input(?![^>]*type="(?:hidden|radio|checkbox)")[^>]*>|<textarea|\brequired\b')


def page(client, table, path=""):
    return client.get(f"/liberte/{table.code}/{path}").get_data(as_text=True)


def test_no_screen_of_play_opens_a_keyboard_LIB_TURN_1(client, table):
    table.displays("turn", {"turn": 3})
    table.displays("card", {"player": "Max", "pick": "blue:2", "general": "1"})
    table.displays("battle", {"player": "Max", "tokens": 1})
    for path in ("", "?open=8", "displays", "displays?special=terror&by=Max", "election/",
                 "election/?step=battle"):
        assert FIELD.findall(page(client, table, path)) == [], path


def test_the_steppers_store_what_they_show_LIB_VP_1(client, table):
    text = page(client, table, "displays")
    assert 'name="vp" value="5"' in text and 'name="vp" value="1"' in text  # +5 and + from 0
    assert table.displays("vp", {"player": "Joshua", "vp": 5}).status_code == 200
    text = page(client, table, "displays")
    assert '<strong class="count" id="vp-1">5</strong>' in text and 'name="vp" value="10"' in text
    order = re.search(r'<ol class="play-order".*?</ol>', text, re.S).group(0)
    assert order.count("<button") == 2  # ↑ for each but the first
    assert 'name="order-0" value="Joshua"' in order  # Joshua one place up: Joshua, Christie, Max


def test_the_battle_vps_are_asked_only_when_someone_may_lead_the_army_LIB_BAT_1(client, table):
    table.displays("turn", {"turn": 3})  # turn 3's battle VPs are not in the default profile
    table.displays("battle", {"player": "Max", "tokens": 2})  # a token, but no General
    assert 'id="battle-vp-taps"' not in page(client, table, "election/")
    table.displays("card", {"player": "Max", "pick": "blue:2", "general": "1"})
    assert 'id="battle-vp-taps"' in page(client, table, "election/")
    refused = table.post(f"/liberte/{table.code}/election/hold", {})
    text = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert "first tap what the battle of turn 3 is worth" in text and "LIB-BAT-1" in text
    assert table.post(f"/liberte/{table.code}/election/hold", {"vp": 5}).status_code == 200


def test_a_hand_card_keeps_the_name_a_table_file_gives_it_LIB_PLACE_5(client, table):
    table.displays("card", {"player": "Max", "pick": "white:2", "where": "hands", "id": "fouche"})
    events = client.get(f"/t/{table.code}/export.json").get_json()["events"]
    assert events[-1]["data"]["card"]["id"] == "fouche"
    assert 'name="id"' not in page(client, table, "displays")  # the pages offer no name field


def test_a_stack_tapped_before_its_player_is_asked_for_by_the_app_LIB_PLACE_3(client, table):
    refused = table.post(f"/liberte/{table.code}/", {"province": 5, "pick": "red:1", "add": 1,
                                                    "open": 5})
    assert refused.status_code == 422 and "tap the player first" in refused.get_data(as_text=True)
