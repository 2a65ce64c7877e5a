"""TABLE-PLAYERS: players' names that look the same are the same name, a name shows something,
and a name cannot reorder the text around it (companion/table/names.py)."""
import html
import io
import json
import unicodedata

import pytest

from companion.table import names
from table_support import TableHelper


def create(client, players):
    return client.post("/tables", data={"game": "liberte", "players": "\n".join(players),
                                        "language": "en"})


def said(response) -> str:
    return html.unescape(response.get_data(as_text=True))


@pytest.mark.parametrize("players", [
    ["Amélie", "Ame\u0301lie", "Bob"],  # composed and decomposed: canonically equivalent
    ["Ann", "Ann\u200b", "Bob"],  # a zero-width space
    ["Ann", "A\u2060nn", "Bob"],  # a word joiner
    ["Ann", "ANN\ufe0f", "Bob"],  # case and a variation selector
])
def test_names_that_look_the_same_are_the_same_name(client, players):
    refused = create(client, players)
    assert refused.status_code == 422
    assert (f"{unicodedata.normalize('NFC', players[1])} is written twice: each player needs a name"
            " of their own" in said(refused)
            and "(TABLE-PLAYERS)" in said(refused))
    page = refused.get_data(as_text=True)  # the field takes the focus: its refusal is in view
    assert '<textarea id="players" name="players" rows="5" required autofocus aria-invalid="true"' in page


@pytest.mark.parametrize("name, message", [
    ("\u200b\u200b", "only invisible characters"),
    ("\u3164", "only invisible characters"),
    ("\u2800\u00a0", "only invisible characters"),
    ("An\x00n", "a control character"),
    ("A\tb", "a control character"),
])
def test_a_name_that_shows_nothing_or_holds_a_control_character_is_refused(client, name, message):
    refused = create(client, ["Bob", name, "Cid"])
    assert refused.status_code == 422 and message in said(refused)
    assert "(TABLE-PLAYERS)" in said(refused)


def test_a_name_is_kept_composed_and_a_file_meets_the_same_reading(client):
    made = TableHelper(client, ["Ame\u0301lie", "Bob", "Cid"])
    export = client.get(f"/t/{made.code}/export.json").get_json()
    assert export["setup"]["players"][0] == "Amélie"
    body = json.dumps({"format": "companion-table/1", "game": "liberte", "setup": {
        "players": ["Amélie", "Ame\u0301lie", "Bob"]}, "events": []}).encode()
    refused = client.post("/tables/import", data={"file": (io.BytesIO(body), "t.json")})
    assert refused.status_code == 422 and "is written twice" in said(refused)


def test_a_right_to_left_name_is_isolated_wherever_it_is_shown(client):
    """A name starting with U+202E (right-to-left override) reversed its whole history line,
    "12 VP" included: it is kept between isolates (FSI … PDI), which end the override where
    the name ends, and the seat buttons and the room put it in <bdi>."""
    evil = "\u202eAnn"
    made = TableHelper(client, [evil, "Bob", "Cid"])
    kept = names.FSI + evil + names.PDI
    export = client.get(f"/t/{made.code}/export.json").get_json()
    assert export["setup"]["players"][0] == kept
    made.sit(kept)
    made.stack(3, kept, "red", 2)
    history = said(client.get(f"/t/{made.code}/history"))
    line = next(part for part in history.split("\n") if kept in part)
    assert line.index(names.PDI) < line.index("2 red")  # the blocks after the isolate's end
    room = client.get(f"/t/{made.code}/room").get_data(as_text=True)
    assert f"<bdi>{kept}</bdi>" in room
    assert names.read(kept) == kept and names.read("سارة") == names.FSI + "سارة" + names.PDI
    assert names.read("Christie") == "Christie"  # a left-to-right name needs no isolate
    assert names.key(kept) == names.key("ann")
