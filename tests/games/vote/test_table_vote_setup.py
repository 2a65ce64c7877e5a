"""The VOTE! set-up screen: the split to deal, the dice, the starting points, the first President."""
import json

from table_support import FIRST_CID, SEVEN, VoteTable



def test_setup_page_and_fragment_show_names_in_seat_order_and_the_split_VOTE_SETUP_1(client, vote_table):
    """VOTE-SETUP-1, VOTE-SETUP-2: 7 players deal 4 Democrat and 3 Republican cards, 3 cards each."""
    page = client.get(vote_table.at("/"))
    fragment = client.get(vote_table.at("/"), headers={"HX-Request": "true"})
    assert b"<html" in page.data and b"<html" not in fragment.data
    assert "HX-Request" in page.headers["Vary"]
    text = page.get_data(as_text=True)
    assert "deal 4 Democrat and 3 Republican loyalty cards" in text and "39 stay in the deck" in text
    assert [text.index(f'data-player="{n}"') for n in SEVEN] == sorted(
        text.index(f'data-player="{n}"') for n in SEVEN)
    assert "never asks for anybody's loyalty" in text
    assert 'id="start" disabled' in text


def test_entered_dice_give_the_starting_points_VOTE_SETUP_4(vote_table):
    """VOTE-SETUP-4: the rulebook's player A rolls 3 and 5: budget 4, support 6."""
    text = vote_table.dice("Ann", 3, 5).get_data(as_text=True)
    assert "budget 4 · support 6" in text and "dice 3 and 5" in text


def test_bad_dice_are_refused_beside_the_row_and_nothing_is_stored_VOTE_SETUP_4(app, vote_table):
    """VOTE-SETUP-4: a die shows 1 to 6; a missing die is named."""
    for b, s in ((7, 2), (0, 3), ("", 4), ("x", 1)):
        response = vote_table.dice("Bob", b, s)
        text = response.get_data(as_text=True)
        assert response.status_code == 422 and "VOTE-SETUP-4" in text
        assert '<p class="error" role="alert">' in text.split('id="dice-1"')[1].split('id="dice-2"')[0]
    unknown = vote_table.dice("Zed", 1, 1)
    assert unknown.status_code == 422 and b"Zed" in unknown.data
    assert vote_table.position(app)["dice"] == {}


def test_roll_on_screen_stores_the_rolled_dice_in_the_event_VOTE_SETUP_4(app, client, vote_table):
    """VOTE-SETUP-4: the companion rolls; the values are in the log, so a replay is the same."""
    rolled = vote_table.post(vote_table.at("/dice"), {"player": "Eve", "roll": "1"})
    assert rolled.status_code == 200 and "rolled on screen" in rolled.get_data(as_text=True)
    assert vote_table.post(vote_table.at("/roll"), {}).status_code == 200
    log = client.get(f"/t/{vote_table.code}/export.json").get_json()["events"]
    assert [e["kind"] for e in log] == ["dice", "dice"] and log[0]["data"]["rolled"] is True
    dice = {**log[0]["data"]["dice"], **log[1]["data"]["dice"]}
    assert sorted(dice) == sorted(SEVEN)
    assert all(1 <= d <= 6 for pair in dice.values() for d in pair)
    assert vote_table.position(app)["dice"] == dice
    again = vote_table.post(vote_table.at("/roll"), {})
    assert again.status_code == 422 and b"already has their dice" in again.data


def test_start_needs_every_die_VOTE_SETUP_4(app, vote_table):
    vote_table.dice("Ann", 3, 5)
    response = vote_table.post(vote_table.at("/start"), {})
    assert response.status_code == 422 and b"no dice yet for Bob, Cid" in response.data
    assert vote_table.position(app)["game"] is None


def test_the_lowest_total_is_the_first_president_VOTE_SETUP_5(client, vote_table):
    """VOTE-SETUP-5: Cid has 2/2, the lowest budget + support; the screen says why before Start."""
    for name, (b, s) in FIRST_CID.items():
        text = vote_table.dice(name, b, s).get_data(as_text=True)
    assert "<strong>Cid</strong> · the lowest budget + support" in text
    text = vote_table.post(vote_table.at("/start"), {}).get_data(as_text=True)
    assert 'id="president">Cid<' in text and "First President: Cid, the lowest budget + support" in text
    start = client.get(f"/t/{vote_table.code}/export.json").get_json()["events"][-1]
    assert start["kind"] == "start" and start["data"] == {
        "lot": None, "president": "Cid", "by": "lowest budget + support"}


def test_equal_totals_go_to_the_higher_support_VOTE_SETUP_5(vote_table):
    """VOTE-SETUP-5: Cid 2/3 and Dan 3/2 both total 5; Cid's support is higher."""
    dice = dict(FIRST_CID, Cid=(1, 2), Dan=(2, 1))
    text = vote_table.start(dice).get_data(as_text=True)
    assert "First President: Cid, equal budget + support, the higher support" in text


def test_a_full_tie_is_drawn_by_lot_and_the_draw_is_stored_and_shown_VOTE_SETUP_5(client, vote_table):
    """VOTE-SETUP-5: Cid and Dan both have 2/2: the companion draws the lot when Start is pressed."""
    dice = dict(FIRST_CID, Dan=(1, 1))
    for name, (b, s) in dice.items():
        text = vote_table.dice(name, b, s).get_data(as_text=True)
    assert "Cid and Dan are equal on budget + support and on support" in text
    text = vote_table.post(vote_table.at("/start"), {}).get_data(as_text=True)
    start = client.get(f"/t/{vote_table.code}/export.json").get_json()["events"][-1]["data"]
    assert sorted(start["lot"]) == ["Cid", "Dan"] and start["by"] == "lot"
    assert start["president"] == start["lot"][0]
    assert f'id="president">{start["president"]}<' in text
    assert "drawn by lot among Cid and Dan" in text


def test_the_game_starts_once_and_the_dice_are_then_fixed_VOTE_SETUP_5(vote_table):
    vote_table.start(FIRST_CID)
    again = vote_table.post(vote_table.at("/start"), {})
    assert again.status_code == 422 and b"already started" in again.data
    late = vote_table.dice("Ann", 1, 1)
    assert late.status_code == 422 and b"starting points are fixed" in late.data


def test_a_plain_form_post_redirects_to_the_table_page(vote_table):
    response = vote_table.dice("Ann", 3, 5, htmx=False)
    assert response.status_code == 303 and response.location == vote_table.at("/")


def test_a_vote_table_needs_5_to_10_players_VOTE_SETUP_1(client):
    response = client.post("/tables", data={"game": "vote", "players": "A\nB\nC\nD"})
    assert response.status_code == 422 and b"5 to 10 players" in response.data


def test_an_imported_vote_table_replays_to_the_same_game(app, client, vote_table):
    """The log holds the rolled dice and the lot: an export imported elsewhere is the same game."""
    vote_table.post(vote_table.at("/roll"), {})
    vote_table.post(vote_table.at("/start"), {})
    exported = client.get(f"/t/{vote_table.code}/export.json").get_data()
    other = app.test_client()
    response = other.post("/tables/import", data={"file": (__import__("io").BytesIO(exported), "t.json")})
    code = response.location.split("/")[2]
    copy = VoteTable.__new__(VoteTable)
    copy.code = code
    mine, theirs = vote_table.position(app)["game"], copy.position(app)["game"]
    assert json.dumps(mine.log) == json.dumps(theirs.log)
