"""Undo where the tap was: the answer to a change carries, out of band, a toast with what this phone
changed and an Undo that takes back exactly that change (logbook.toast_undo, TABLE-UNDO); a button a
phone may not use is not shown as usable (on Tiles, the table core's own game: tests/table/conftest.py)."""
import re

from page_support import toast, undo_from_toast


def board(tiles) -> str:
    return tiles.client.get(f"/tiles/{tiles.code}/").get_data(as_text=True)


def test_a_tap_answers_with_an_undo_for_that_tap(tiles):
    tiles.tile(8, "Ann", 2)
    tap = tiles.tile(8, "Ann", 3)
    said = toast(tap)
    assert "Ann laid a tile on square 8" in said and ">Undo</button>" in said
    undone = undo_from_toast(tiles.client, tiles, tap)
    assert undone.status_code == 200 and undone.headers["HX-Trigger"] == "table-changed"
    assert "Undone: Ann laid a tile on square 8" in undone.get_data(as_text=True)
    assert '<span class="h">2</span>' in board(tiles)  # the tile as it was


def test_a_late_undo_never_takes_back_another_phones_change(core_app, tiles):
    tap = tiles.tile(8, "Ann", 2)
    other = core_app.test_client()
    tiles.sit("Bob", client=other)
    tiles.tile(3, "Bob", 1, client=other)
    late = undo_from_toast(tiles.client, tiles, tap)
    assert "Not undone: the table changed after this change" in late.get_data(as_text=True)
    text = board(tiles)
    assert 'id="square-8"' in text and 'id="square-3"' in text


def test_reset_asks_first_and_is_undoable_from_the_toast(tiles):
    tiles.tile(8, "Ann", 2)
    room = tiles.client.get(f"/t/{tiles.code}/room").get_data(as_text=True)
    assert 'hx-confirm="Reset the table to its setup?' in room
    reset = tiles.post(f"/t/{tiles.code}/reset", {})
    assert "reset the table" in toast(reset)
    assert 'id="square-8"' not in board(tiles)
    assert undo_from_toast(tiles.client, tiles, reset).status_code == 200
    assert 'id="square-8"' in board(tiles)


def test_undo_past_the_last_change_is_not_offered_to_a_player(core_app, tiles):
    """TABLE-HOST: only the host undoes further back than the last change."""
    tiles.tile(8, "Ann", 2)
    tiles.tile(9, "Ann", 2)
    tiles.post(f"/t/{tiles.code}/undo", {})
    player = core_app.test_client()
    tiles.sit("Bob", client=player)
    text = player.get(f"/t/{tiles.code}/room").get_data(as_text=True)
    assert re.search(r'id="undo-button" disabled', text) and "Only the host can undo" in text
    host = tiles.client.get(f"/t/{tiles.code}/room").get_data(as_text=True)
    assert not re.search(r'id="undo-button" disabled', host)


def test_an_undo_has_no_undo_in_its_toast(tiles):
    tiles.tile(8, "Ann", 2)
    assert toast(tiles.post(f"/t/{tiles.code}/undo", {})) is None


def test_the_toast_names_the_tapping_seat_once(core_app, tiles):
    """The toast starts with the seat that tapped, unless the change already starts with it:
    "Ann laid a tile…", never "Ann: Ann laid…"; another seat's tap says who tapped."""
    own = toast(tiles.tile(8, "Ann", 2))
    assert "Ann: Ann" not in own and "Ann laid a tile on square 8" in own
    other = core_app.test_client()
    tiles.sit("Bob", client=other)
    assert "Bob: Ann laid a tile on square 9" in toast(tiles.tile(9, "Ann", 1, client=other))
