"""The election in one tap (companion.games.liberte.election.hold): it runs at once, stops only where a tied
player must decide, opens the question on that player's phone, and is recorded with the results, the
VP changes and the checklist for the board; the next turn starts by the rules (LIB-TURN-1)."""
import re



def election(client, table):
    return client.get(f"/liberte/{table.code}/election/",
                      headers={"HX-Request": "true"}).get_data(as_text=True)


def hold(table, **data):
    return table.post(f"/liberte/{table.code}/election/hold", data)


def answer(table, player, card, contest="province:8", client=None):
    return table.post(f"/liberte/{table.code}/election/advance",
                      {"contest": contest, "player": player, "card": card}, client=client)


def paris_tie(table):
    table.stack(8, "Christie", "red", 3)
    table.stack(8, "Joshua", "red", 3)
    table.stack(8, "Max", "blue", 1)
    table.displays("card", {"player": "Christie", "faction": "red", "value": 3, "id": "marat"})
    table.displays("card", {"player": "Christie", "faction": "red", "value": 2, "id": "robespierre"})
    table.displays("card", {"player": "Joshua", "faction": "red", "value": 3, "id": "danton"})
    table.displays("card", {"player": "Joshua", "faction": "blue", "value": 1, "id": "lafayette"})


def joshua(app, table):
    """A second phone, seated as Joshua."""
    phone = app.test_client()
    assert table.sit("Joshua", client=phone).status_code == 303
    return phone


def test_one_tap_without_a_tie_records_the_election(client, table):
    """LIB-ELEC-3: no tie, nothing to ask: the one tap records the election and starts turn 2,
    with the VPs before and after and what to change on the board."""
    table.stack(1, "Christie", "red", 2)
    table.stack(1, "Joshua", "blue", 1)
    table.stack(2, "Max", "white", 1)
    table.stack(3, "Christie", "red", 1)
    table.displays("card", {"player": "Max", "faction": "white", "value": 2, "id": "fouche"})
    before = election(client, table)
    assert 'id="hold"' in before and "Not started yet" in before and 'id="question"' not in before
    hold_section = before.split('id="hold"')[1].split("</section>")[0]
    assert "battle" not in hold_section.lower()  # no battle in turn 1 (LIB-TURN-1)
    text = hold(table).get_data(as_text=True)
    assert "Results of the elections of turn 1" in text and "Elections of turn 2" in text
    assert "One tap holds the battle and the 27 provinces" in text  # turn 2 has one
    vp = re.search(r'<ul class="vp-changes" id="vp-changes">(.*?)</ul>', text, re.S).group(1)
    assert "<strong>Christie</strong> <span class=\"nowrap\">0 → 5 VP (+5)" in vp  # LIB-VP-1
    assert "<strong>Max</strong> <span class=\"nowrap\">0 → 3 VP (+3)" in vp  # the Opposition
    checklist = re.search(r'<ul class="checklist" id="checklist-1"(.*?)</ul>', text, re.S).group(1)
    assert "Christie 2 → 1:\n      take 1 block off as a vote" in checklist
    assert "Christie 1 → 0:\n      take 1 block off as a vote" in checklist
    assert "Max 1 → 0:\n      take 1 block off as a vote" in checklist
    assert "Joshua" not in checklist.split("VP track")[0]  # his stack lost nothing
    assert "takes the cards of the display back into the hand" in checklist  # LIB-TURN-1
    # the turn's next step first: the next election's tap, then the checklist; the rest folds away
    assert text.index('id="hold"') < text.index('id="checklist-1"') < text.index('id="vp-changes"')
    assert re.search(r'<details id="results-more"><summary>[^<]*</summary>\s*<p>Votes', text)
    position = table_position(client, table)
    assert position["hands"]["Max"] == [{"faction": "white", "value": 2, "kind": "personality",
                                        "id": "fouche"}]
    assert position["players"] == ["Christie", "Max", "Joshua"] and position["turn"] == 2


def test_the_next_turn_refreshes_hands_and_does_not_start_its_election(client, table):
    """LIB-TURN-1: after the election the display cards go back to their owners' hands (phase 2,
    refresh hands); turn 2's election waits for its own tap."""
    paris_tie(table)
    hold(table)
    answer(table, "Christie", "marat")
    answer(table, "Joshua", "lafayette", contest="province:8")  # blue: not his stack's colour
    assert 'id="hold"' not in election(client, table)
    assert answer(table, "Joshua", "").status_code == 200
    text = election(client, table)
    assert "Elections of turn 2" in text and "Not started yet" in text
    assert 'id="question"' not in text and "Step 1 of" not in text
    assert "Discard from the display: marat (red 3) (Christie)" in text  # advanced (LIB-ELEC-4)
    position = table_position(client, table)
    assert position["displays"] == {} and position["turn"] == 2
    assert [c["id"] for c in position["hands"]["Christie"]] == ["robespierre"]
    assert [c["id"] for c in position["hands"]["Joshua"]] == ["danton", "lafayette"]


def table_position(client, table):
    from companion.table import games, tables
    from companion.table.events import position
    from companion.table.db import get_db
    with client.application.app_context():
        found = tables.find(table.code)
        return position(get_db(), found, games.get("liberte"))


def test_a_tie_stops_the_election_at_the_player_who_must_decide(app, client, table):
    """LIB-ELEC-7: Paris repeats while the tied players advance equal cards; the prompt shows the
    tied stacks, the cards advanced in earlier rounds and who is not asked; only the asked
    player's phone (or the host's) answers; the last answer records the election."""
    paris_tie(table)
    table.displays("card", {"player": "Max", "faction": "blue", "value": 3, "id": "carnot"})
    table.displays("card", {"player": "Joshua", "faction": "red", "value": 2, "id": "desmoulins"})
    phone = joshua(app, table)
    text = hold(table).get_data(as_text=True)
    assert 'id="question"' in text and "Tie: Province 8" in text and "round 1" in text
    assert 'class="chip p0 f-red"><span class="h">3</span><span class="who">Christie' in text
    assert "Max" not in text.split('id="question"')[1].split("</p>")[0]  # the tied stacks only
    answer(table, "Christie", "marat")
    asked = election(phone, table)
    assert "Joshua, advance one card or pass." in asked
    assert "Round 1 · Christie advanced marat (red 3)" in asked
    assert 'id="waiting"' not in asked and "disabled" not in asked.split('id="question"')[1]
    board = phone.get(f"/liberte/{table.code}/", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert 'data-ask="' in board and f'data-go="/liberte/{table.code}/election/"' in board
    mine = client.get(f"/liberte/{table.code}/", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "data-ask" not in mine  # Christie's phone is not asked now
    watcher = app.test_client()
    assert 'id="waiting"' in election(watcher, table) and "disabled" in election(watcher, table)
    refused = answer(table, "Joshua", "danton", client=watcher)
    assert refused.status_code == 403 and b"TABLE-SEAT" in refused.data  # no seat, no write
    refused = answer(table, "Joshua", "danton", client=table.seated_phone("Max"))
    assert refused.status_code == 422 and b"only the phone seated as Joshua" in refused.data
    assert answer(table, "Joshua", "danton", client=phone).status_code == 200
    text = election(client, table)
    assert "round 2" in text and "Round 1 · Joshua advanced danton (red 3)" in text
    answer(table, "Christie", "robespierre")
    text = election(phone, table)
    assert "round 2" in text and "Joshua, advance one card or pass." in text
    assert "Not asked" not in text
    assert answer(table, "Joshua", "", client=phone).status_code == 200  # the last tie answer
    text = election(client, table)
    assert "Results of the elections of turn 1" in text
    assert "Christie 3 → 0:\n      take 3 blocks off as votes" in text  # Paris: the whole stack
    assert "Joshua 3 → 0:\n      return 3 blocks to the supply" in text  # LIB-ELEC-5
    assert "Max 1 → 0:\n      return 1 block to the supply" in text


def test_a_player_without_a_card_to_advance_is_not_asked_and_told_why(app, client, table):
    """LIB-ELEC-4: a tied player with no card of his stack's colour is not asked."""
    table.stack(3, "Christie", "white", 2)
    table.stack(3, "Joshua", "white", 2)
    table.stack(3, "Max", "white", 2)
    table.displays("card", {"player": "Joshua", "faction": "white", "value": 1, "id": "fouche"})
    text = hold(table).get_data(as_text=True)
    assert "Joshua, advance one card or pass." in text
    assert "Not asked: Christie and Max (no card on the display that may be advanced in this tie)" in text


def test_the_battle_vps_go_with_the_tap_when_the_profile_lacks_them(client, table):
    """LIB-BAT-1: turn 3's battle VPs are not in the default profile: the tap asks for them."""
    table.displays("turn", {"turn": 3})
    table.displays("card", {"player": "Max", "faction": "blue", "value": 2, "id": "dumouriez",
                            "general": "1"})
    table.displays("battle", {"player": "Max", "tokens": 2})
    assert 'name="vp"' in election(client, table)
    refused = hold(table)
    assert refused.status_code == 422 and b"LIB-BAT-1" in refused.data
    text = hold(table, vp=4).get_data(as_text=True)
    assert "Results of the elections of turn 3" in text and "battle +4" in text
    assert "Clear the Battle box (Max)" in text


def test_a_watching_phone_cannot_hold_the_elections(app, table):
    watcher = app.test_client()
    text = election(watcher, table)
    assert re.search(r'id="hold-button" disabled', text) and "Take a seat" in text


def test_a_board_correction_that_ends_the_tie_waits_for_the_host_to_cancel(client, table):
    """LIB-ELEC-9: a correction on the board while the election waits for a tie is refused; once
    the host cancels the election, the correction is made, the tie is gone, and the next tap
    records the election at once."""
    paris_tie(table)
    hold(table)
    assert table.stack(8, "Joshua", "red", 2).status_code == 422
    assert table.post(f"/liberte/{table.code}/election/cancel", {}).status_code == 200
    assert table.stack(8, "Joshua", "red", 2).status_code == 200
    text = hold(table).get_data(as_text=True)
    assert 'id="question"' not in text and "Results of the elections of turn 1" in text
    assert "the elections of turn 1 were held" in text  # the toast


def test_recording_step_by_step_shows_the_address_of_the_next_turns_election(client, table):
    """LIB-TURN-1: after the result is recorded from the last step, the phone's address is the
    election's own, so a reload shows turn 2's election as not started, not its last step."""
    table.stack(1, "Christie", "red", 2)
    done = table.post(f"/liberte/{table.code}/election/finish", {})
    assert done.headers["HX-Push-Url"] == f"/liberte/{table.code}/election/"
    assert "Not started yet" in done.get_data(as_text=True)


def test_a_government_tie_shows_the_votes_that_tie(client, table):
    """LIB-GOV-2: red and blue have one vote each; the tie question shows the factions' votes."""
    table.stack(1, "Christie", "red", 1)
    table.stack(2, "Joshua", "blue", 1)
    table.displays("card", {"player": "Joshua", "faction": "blue", "value": 2, "id": "lafayette"})
    text = hold(table).get_data(as_text=True)
    assert "Tie: the Government, round 1" in text and "Joshua, advance one card or pass." in text
    assert re.search(r'Votes: <span class="tag f-red">red 1</span> <span class="tag f-white">'
                     r'white 0</span> <span class="tag f-blue">blue 1</span>', text)
    assert answer(table, "Joshua", "lafayette", contest="government").status_code == 200
    assert "Government: blue · Opposition: red" in election(client, table)


def test_a_tie_for_a_vp_place_shows_each_players_votes_of_that_colour(client, table):
    """LIB-VP-2: Christie and Joshua hold one red vote each; the tie for the first Government
    place shows their red votes."""
    table.stack(1, "Christie", "red", 1)
    table.stack(2, "Joshua", "red", 1)
    table.displays("card", {"player": "Christie", "faction": "red", "value": 1, "id": "marat"})
    text = hold(table).get_data(as_text=True)
    assert "Tie: the first Government place, round 1" in text
    assert '<span class="tag f-red">Red votes</span>: Christie 1, Joshua 1' in text
    assert "Not asked: Joshua" in text


def test_the_checklists_election_track_moves_the_losers_back(client, table):
    """LIB-GOV-2: «любые другие Фракции того же самого или более низкого уровня на Треке Выборов
    передвигаются на 1 клетку назад». Red and blue tie at 1 vote; Joshua advances a blue card, blue
    wins: the red marker goes back to 0 and white (0) behind it. The checklist says where the markers
    go (the engine's track), not the votes."""
    table.stack(1, "Christie", "red", 1)
    table.stack(2, "Joshua", "blue", 1)
    table.displays("card", {"player": "Joshua", "faction": "blue", "value": 2, "id": "lafayette"})
    hold(table)
    answer(table, "Joshua", "lafayette", contest="government")
    text = election(client, table)
    track = re.search(r'<li id="election-track">(.*?)</li>', text, re.S).group(1)
    assert "red 0 (moved back from 1<span class=\"rule\">, LIB-GOV-2</span>)" in track
    assert "white behind 0 (moved back from 0<span class=\"rule\">, LIB-GOV-2</span>)" in track
    assert "blue 1 · Government: blue" in track  # the winner stays
