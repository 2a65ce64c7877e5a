"""The election wizard (companion.games.liberte.election): one step per tap, ties asked one player at a time."""
import re

import pytest

from table_support import TableHelper, advance, paris_tie


def wizard(client, table, step="", htmx=True):
    """The step-by-step view (``step`` empty: its first step), with the rule ids shown."""
    query = f"?step={step}"
    headers = {"HX-Request": "true"} if htmx else {}
    page = client.get(f"/liberte/{table.code}/election/{query}", headers=headers).get_data(as_text=True)
    return re.sub(r'<span class="rule">([^<]*)</span>', r"\1", page)


def next_step(text):
    found = re.search(r'class="button primary" href="[^"]*\?step=(\w+)"', text)
    return found and found.group(1)


def test_one_step_per_tap_with_the_sentence_of_each_result(client, table):
    """LIB-ELEC-1: provinces 1..27 in number order, each with the engine's sentence."""
    table.stack(1, "Christie", "red", 2)
    table.stack(1, "Joshua", "blue", 1)
    text = wizard(client, table)
    assert "Step 1 of 29" in text and 'id="result-1"' in text and 'id="result-2"' not in text
    assert 'id="not-started"' in text  # browsing the steps records nothing (LIB-TURN-1)
    assert "Christie wins for the Radicals, 1 vote" in text
    assert "red 2 (Christie) beats blue 1 (Joshua)" in text  # the engine's sentence (LIB-ELEC-3)
    assert next_step(text) == "2" and "Votes so far" in text
    text = wizard(client, table, next_step(text))
    assert 'id="result-2"' in text and "no vote" in text and "Results so far" in text
    text = wizard(client, table, "government")
    assert "Government: red" in text and "most votes of the Government colour" in text
    assert "Present in the Government: Christie" in text and "highest single card (LIB-GOV-2)" in text
    text = wizard(client, table, "end")
    assert 'id="vp-track"' in text and "Play order next turn" in text and next_step(text) is None


def test_the_step_is_kept_by_a_refresh(client, table):
    text = wizard(client, table, "5")
    assert '/election/?step=5" hx-trigger="table-changed' in text  # the live region asks for step 5
    assert "Step 5 of 29" in wizard(client, table, "5", htmx=False)  # and so does a reload


def test_no_step_past_the_open_question(client, table):
    paris_tie(table)
    text = wizard(client, table, "20")  # asked for a later step: stopped at the question
    assert "Step 8 of 29" in text and 'id="question"' in text and next_step(text) is None
    assert "Christie, advance one card or pass." in text and "Advance marat" in text
    text = wizard(client, table, "3")
    assert 'id="question"' not in text and "A tie waits for Christie" in text
    assert "?step=8" in text  # a link straight to the question


def test_paris_tie_repeats_until_one_player_is_ahead(client, table):
    paris_tie(table)
    assert advance(table, "Christie", "marat").status_code == 200
    assert advance(table, "Joshua", "danton").status_code == 200
    text = wizard(client, table, "8")
    assert "round 2" in text  # equal values: Paris asks again (LIB-ELEC-7)
    given = re.search(r'<ul class="given">.*?</ul>', text, re.S).group(0)  # a named card, its note after
    assert "Christie advanced marat (red 3)<" in given and "Joshua advanced danton (red 3)<" in given
    assert 'id="not-started"' not in text  # an answer started it
    text = advance(table, "Christie", "robespierre").get_data(as_text=True)
    assert "Step 8 of 29" in text and "Christie wins for the Radicals, 3 votes" in text
    assert "Christie advances marat (red 3)" in text  # the engine's sentence of the tie
    assert "most votes of the Government colour" in wizard(client, table, "government")
    assert "5 VP" in wizard(client, table, "end")
    done = table.post(f"/liberte/{table.code}/election/finish", {})
    assert done.status_code == 200 and "Election, turn 2" in done.get_data(as_text=True)
    history = client.get(f"/t/{table.code}/history").get_data(as_text=True)
    assert "Christie advances marat (province 8)" in history


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
    assert "tie, no vote" in wizard(client, table, "8")  # LIB-ELEC-4: nobody advanced
    r = advance(table, "Christie", "marat")
    assert r.status_code == 422 and b"no tie decision" in r.data


def test_missing_battle_vps_are_asked_before_the_battle(client, table):
    """LIB-BAT-1: the winner scores the turn's battle VPs; turn 3's are not in the default profile."""
    table.displays("turn", {"turn": 3})
    table.displays("card", {"player": "Max", "faction": "blue", "value": 2, "id": "dumouriez",
                            "general": "1"})
    table.displays("battle", {"player": "Max", "tokens": 2})
    text = wizard(client, table)
    assert 'id="battle-vp"' in text and "Step 1" not in text
    refused = table.post(f"/liberte/{table.code}/election/finish", {})
    assert refused.status_code == 422 and b"LIB-BAT-1" in refused.data
    bad = table.post(f"/liberte/{table.code}/election/battle-vp", {"vp": "x"})
    assert bad.status_code == 422 and b"LIB-BAT-1" in bad.data
    text = table.post(f"/liberte/{table.code}/election/battle-vp", {"vp": 5, "step": "battle"}).get_data(as_text=True)
    assert "Step 1 of 30" in text and "Max leads the army · 5 VP" in text
    assert client.get(f"/liberte/{table.code}/profile/profile.json").get_json()["battle_vp"]["3"] == 5
    assert client.get(f"/liberte/{table.code}/election/battle-vp").status_code == 405


def test_the_game_ends_after_turn_four(client, table):
    """Turn 4's battle is lost too (nobody has tokens), the third lost battle: the finished game
    keeps the two lost before turn 4 (LIB-BAT-3), and its pages still open."""
    table.displays("turn", {"turn": 4})
    table.displays("lost_battles", {"count": 2})
    table.stack(1, "Christie", "red", 2)
    assert 'id="battle-vp"' not in wizard(client, table)  # nobody may lead the army: not asked
    r = table.post(f"/liberte/{table.code}/election/finish", {})
    assert "The game is over" in r.get_data(as_text=True)
    assert client.get(f"/liberte/{table.code}/election/", headers={"HX-Request": "true"}).status_code == 200
    for page in ("", "displays"):
        assert client.get(f"/liberte/{table.code}/{page}").status_code == 200


def test_a_lost_battle_is_counted_in_the_next_turn(client, table):
    """LIB-BAT-3: turn 2's battle, which nobody wins, is a lost battle of turn 3."""
    table.displays("turn", {"turn": 2})
    table.stack(1, "Christie", "red", 2)
    assert table.post(f"/liberte/{table.code}/election/finish", {}).status_code == 200
    page = client.get(f"/liberte/{table.code}/displays").get_data(as_text=True)
    assert 'value="3" class="pressed" aria-pressed="true"' in page
    assert '<strong class="count" id="lost">1</strong>' in page


def test_a_board_change_waits_until_the_host_cancels_the_election(client, table):
    """LIB-ELEC-9: Christie advanced a red card in Paris; her stack there is then to be corrected to
    white. Not while the election is under way (it would count an answer given for another board):
    the change is refused, saying so. The host cancels the election, its answers go with it, the
    stack is corrected, and Christie is asked again (LIB-ELEC-4) with the cards that fit now."""
    paris_tie(table)
    table.displays("card", {"player": "Christie", "faction": "white", "value": 1, "id": "fouche"})
    assert advance(table, "Christie", "marat").status_code == 200
    assert advance(table, "Joshua", "danton").status_code == 200
    refused = table.stack(8, "Christie", "white", 3)
    said = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "(LIB-ELEC-9)" in said
    assert "the elections of turn 1 are under way, waiting for: Christie" in said
    assert "the host cancels the election on the Election page" in said
    cancelled = table.post(f"/liberte/{table.code}/election/cancel", {})
    assert cancelled.status_code == 200
    assert "the elections of turn 1 were cancelled" in cancelled.get_data(as_text=True)
    assert table.stack(8, "Christie", "white", 3).status_code == 200
    assert table.stack(8, "Joshua", "white", 3).status_code == 200
    text = wizard(client, table, "8")
    assert 'id="not-started"' in text and "round 1" in text
    assert 'id="question"' in text and "Christie, advance one card or pass." in text
    assert "Advance fouche" in text and "Advance marat" not in text
    assert advance(table, "Christie", "fouche").status_code == 200
    text = wizard(client, table, "8")
    assert "Christie wins for the Royalists" in text
    assert client.get(f"/liberte/{table.code}/").status_code == 200


def test_a_display_card_without_a_name_can_be_advanced(client, table):
    """LIB-ELEC-4: every card of the display may be advanced; one entered without a name is
    stored as #1, #2 … (docs/formats.md advances name cards by id) and shown by its colour, value
    and owner, in the question and in the history."""
    table.stack(8, "Christie", "red", 3)
    table.stack(8, "Joshua", "red", 3)
    table.displays("card", {"player": "Christie", "faction": "red", "value": 1})
    table.displays("card", {"player": "Christie", "faction": "red", "value": 2, "id": "marat"})
    table.displays("card", {"player": "Christie", "faction": "red", "value": 3})
    text = wizard(client, table, "8")
    assert "Advance red 1<" in text and "Advance marat (red 2)" in text
    assert "Advance red 3<" in text and "Advance #" not in text
    said = advance(table, "Christie", "#2").get_data(as_text=True)
    assert "Christie advances red 3 (province 8)" in said  # the toast
    assert "Christie advances red 3 (province 8)" in client.get(
        f"/t/{table.code}/history").get_data(as_text=True)


def test_a_landslide_ends_the_game_with_red_points_not_the_vp_track(client, table):
    """LIB-LAND-1/2: red wins 17 provinces; the last step names the sudden death and shows each
    player's red points (the VPs decide nothing now); once recorded the board says the game is over."""
    for n in range(1, 18):
        table.stack(n, "Christie" if n % 3 else "Joshua", "red", 1)
    text = wizard(client, table, "end")
    assert "Sudden death: a Radical landslide (LIB-LAND-1). Winner: Christie" in text
    assert 'id="sudden-death-points"' in text and 'id="vp-track"' not in text
    assert "Record the result: end of the game" in text
    assert table.post(f"/liberte/{table.code}/election/finish", {}).status_code == 200
    board = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert 'id="game-over"' in board
    assert "A Radical landslide ended the game at the elections of turn 1." in board
    over = wizard(client, table)
    assert "Sudden death: a Radical landslide (LIB-LAND-1)" in over


def holding_red_cards(client, players, language, values):
    """A table of ``players`` in ``language``, this phone at the first seat; the first two
    players each hold red cards of ``values`` on their displays (nothing named)."""
    table = TableHelper(client, players=players, language=language)
    table.sit(players[0])
    for player in players[:2]:
        for value in values:
            table.displays("card", {"player": player, "faction": "red", "value": value})
    return table


def test_a_card_advanced_before_is_declined_as_a_card_not_by_its_owner(client):
    """LIB-ELEC-4's question lists what was advanced before: «Борис улучшил синюю 2», the card in
    the accusative as a card («синяя 2»), not «синего 2 (Борис)», a phrase whose noun was Борис."""
    table = holding_red_cards(client, ["Борис", "Анна", "Max"], "ru", (1, 2))
    table.stack(8, "Борис", "red", 3)
    table.stack(8, "Анна", "red", 3)
    assert advance(table, "Борис", "#1").status_code == 200
    assert advance(table, "Анна", "#1").status_code == 200  # equal values: asked again
    given = re.search(r'<ul class="given">.*?</ul>', wizard(client, table, "8"), re.S).group(0)
    assert "Борис улучшил красную 1<" in given and "Анна улучшила красную 1<" in given


@pytest.mark.parametrize("language, said", [
    ("it", '<span class="tag f-red">Voti rossi</span>: Giulia 1, Marco 1'),
    ("fr", '<span class="tag f-red">Votes rouges</span>\u00a0: Giulia 1, Marco 1')])
def test_a_vp_tie_names_the_votes_of_the_government_colour_in_the_pages_language_LIB_VP_2(
        client, language, said):
    """LIB-VP-2's question shows each tied player's votes of that colour: «Voti rossi: Giulia 1,
    Marco 1», the colour agreeing with the votes, not «Voti rosso»; French sets its colon apart."""
    table = holding_red_cards(client, ["Giulia", "Marco", "Chiara"], language, (1,))
    table.stack(1, "Giulia", "red", 1)
    table.stack(2, "Marco", "red", 1)
    page = client.get(f"/liberte/{table.code}/election/?step=end").get_data(as_text=True)
    question = re.search(r'<section class="card warn" id="question".*?</section>', page, re.S).group(0)
    assert said in question
