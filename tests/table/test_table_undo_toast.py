"""Undo where the tap was: the answer to a change carries, out of band, a toast with what this phone
changed and an Undo that takes back exactly that change (logbook.toast_undo, TABLE-UNDO); a button a
phone may not use is not shown as usable."""
import re

from table_support import DICE


def toast(response) -> str:
    found = re.search(r'<div id="toast"[^>]*hx-swap-oob="true">(.*?)</div></div>',
                      response.get_data(as_text=True), re.S)
    return found and found.group(1)


def undo_from_toast(client, table, response):
    of = re.search(r'hx-vals=\'{"of": "(\d+)"}\'', toast(response)).group(1)
    return client.post(f"/t/{table.code}/undo", data={"of": of, "version": of},
                       headers={"HX-Request": "true"})


def board(client, table) -> str:
    return client.get(f"/liberte/{table.code}/").get_data(as_text=True)


def test_a_tap_answers_with_an_undo_for_that_tap(client, table):
    table.stack(8, "Christie", "red", 2)
    tap = table.stack(8, "Christie", "red", 0)  # the stack's last block taken away
    said = toast(tap)
    assert "province 8: removed the stack of Christie" in said and ">Undo</button>" in said
    undone = undo_from_toast(client, table, tap)
    assert undone.status_code == 200 and undone.headers["HX-Trigger"] == "table-changed"
    assert "Undone: province 8: removed the stack of Christie" in undone.get_data(as_text=True)
    assert 'data-player="Christie"' in board(client, table)  # the stack is back


def test_a_late_undo_never_takes_back_another_phones_change(app, client, table):
    tap = table.stack(8, "Christie", "red", 2)
    other = app.test_client()
    table.sit("Joshua", client=other)
    table.stack(3, "Joshua", "blue", 1, client=other)
    late = undo_from_toast(client, table, tap)
    assert "Not undone: the table changed after this change" in late.get_data(as_text=True)
    text = board(client, table)
    assert 'data-player="Christie"' in text and 'data-player="Joshua"' in text


def test_reset_asks_first_and_is_undoable_from_the_toast(client, table):
    table.stack(8, "Christie", "red", 2)
    room = client.get(f"/t/{table.code}/room").get_data(as_text=True)
    assert 'hx-confirm="Reset the table to its setup?' in room
    reset = table.post(f"/t/{table.code}/reset", {})
    assert "reset the table" in toast(reset)
    assert undo_from_toast(client, table, reset).status_code == 200
    assert 'data-player="Christie"' in board(client, table)


def test_undo_past_the_last_change_is_not_offered_to_a_player(app, client, table):
    """TABLE-HOST: only the host undoes further back than the last change."""
    table.stack(8, "Christie", "red", 2)
    table.stack(9, "Christie", "red", 2)
    table.post(f"/t/{table.code}/undo", {})
    player = app.test_client()
    table.sit("Joshua", client=player)
    text = player.get(f"/t/{table.code}/room").get_data(as_text=True)
    assert re.search(r'id="undo-button" disabled', text) and "Only the host can undo" in text
    host = client.get(f"/t/{table.code}/room").get_data(as_text=True)
    assert not re.search(r'id="undo-button" disabled', host)


def test_an_undo_has_no_undo_in_its_toast(client, table):
    table.stack(8, "Christie", "red", 2)
    assert toast(table.post(f"/t/{table.code}/undo", {})) is None


def test_the_card_sheets_follow_the_player_not_the_play_order(app, client, table):
    """After the play order changes, a sheet kept open on a phone that has not reloaded still
    adds to the player whose section it is: every id on the Displays page names the player's
    seat, not his place in the play order (hx-preserve keeps elements by id)."""
    before = client.get(f"/liberte/{table.code}/displays").get_data(as_text=True)
    table.displays("order", {"order-0": "Max", "order-1": "Joshua", "order-2": "Christie"})
    after = client.get(f"/liberte/{table.code}/displays").get_data(as_text=True)
    for text in (before, after):
        for seat, name in enumerate(["Christie", "Joshua", "Max"]):
            section = re.search(rf'<section class="card p{seat}" id="player-{seat}">(.*?)</section>',
                                text, re.S).group(1)
            sheet = re.search(r'<details class="sheet" id="card-sheet-(\d+)".*?name="player" '
                              r'value="(\w+)"', section, re.S)
            assert sheet.groups() == (str(seat), name)
    # this phone's player (Christie) stays first; the others follow the play order: Max now
    assert after.index('id="player-0"') < after.index('id="player-2"') < after.index('id="player-1"')


def test_the_toast_says_what_a_vote_counted_as_the_history_does(client, vote_table):
    """The toast of a VOTE! vote said only "vote": the phone could not see what it had recorded
    (the count, elected or not) before deciding whether to undo it."""
    vote_table.sit("Ann")
    assert vote_table.start(DICE).status_code == 200  # Cid is the first President
    vote_table.nominate("Bob")
    said = toast(vote_table.counts(2, 5))
    assert "vote on Bob: 2 yes, 5 no — the election fails" in said and ">Undo</button>" in said


def test_the_toast_names_the_tapping_seat_once(app, client, table):
    """The toast starts with the seat that tapped, unless the change already starts with it:
    "Christie: 2 tokens in the Battle box", never "Christie: Christie: …"; another seat's tap
    on Christie's tokens says who tapped."""
    table.sit("Christie")
    table.displays("turn", {"turn": 2})  # turn 1 has no battle (LIB-TURN-1)
    own = table.displays("battle", {"player": "Christie", "tokens": 2})
    assert "Christie: Christie:" not in toast(own)
    assert "Christie: 2 tokens in the Battle box" in toast(own)
    other = app.test_client()
    table.sit("Joshua", client=other)
    theirs = table.displays("battle", {"player": "Christie", "tokens": 1}, client=other)
    assert "Joshua: Christie: 1 token in the Battle box" in toast(theirs)
