"""Liberté's toasts and sheets: the toast names the seat that tapped once; a sheet kept open
follows its player, not the play order. The undo toast itself is the table core's
(tests/table/test_table_undo_toast.py)."""
import re

from page_support import toast


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
