"""Numbers read from an address (companion.forms.address_number): ASCII digits within bounds,
else nothing; and the pages that read them answer any query string without a 500 (issue 22)."""
import pytest

from companion import forms

HOSTILE = ["²", "٣", "३", "1²", "9" * 4301, "0" * 5000 + "3", " 3", "3 ", "+3", "-3", "3.0",
           "1_0", "0x3", "", "\x00"]


@pytest.mark.parametrize("raw", HOSTILE)
def test_only_ascii_digits_make_a_number(raw):
    """'²'.isdigit() is True and int('٣') is 3: neither reaches a page as a number, nor do the
    4,301 digits that int() refuses with a ValueError."""
    assert forms.address_number({"n": raw}, "n", 0, 10 ** 9) is None


def test_a_number_within_its_bounds_is_read_and_one_outside_is_not():
    assert forms.address_number({"open": "27"}, "open", 1, 27) == 27
    assert forms.address_number({"open": "28"}, "open", 1, 27) is None
    assert forms.address_number({"open": "0"}, "open", 1, 27) is None
    assert forms.address_number({}, "open", 1, 27) is None
    assert forms.address_number({"seed": str(2 ** 31 - 1)}, "seed", 0, 2 ** 31 - 1) == 2 ** 31 - 1


@pytest.mark.parametrize("raw", ["²", "9" * 4301, "٣"])
def test_the_board_reads_a_hostile_open_province_as_none_open(client, table, raw):
    """`?open=²` or 4,301 digits on the board, in a GET and in a tap's POST: the board, no
    province open (it was a 500)."""
    page = client.get(f"/liberte/{table.code}/", query_string={"open": raw})
    assert page.status_code == 200 and b'id="open"' not in page.data
    assert b'id="open"' in client.get(f"/liberte/{table.code}/?open=8").data
    tap = table.post(f"/liberte/{table.code}/", {"province": 8, "player": "Christie",
                                                   "faction": "red", "blocks": 1, "open": raw})
    assert tap.status_code == 200 and table.version == 1


def vote_table(client) -> str:
    """The join code of a new VOTE! table."""
    made = client.post("/tables", data={"game": "vote", "players": "A\nB\nC\nD\nE"})
    return made.location.split("/")[2]


@pytest.mark.parametrize("raw", ["²", "9" * 4301, "1" + "0" * 10, "-1", "٣"])
def test_a_hostile_seed_is_refused_beside_its_field(client, raw):
    """VOTE-SETUP-3: the night page and script.json refuse `seed=²` or a 4,301-digit seed as any
    bad setting, 422 naming the field (they were 500s)."""
    code = vote_table(client)
    page = client.get(f"/vote/{code}/night/", query_string={"seed": raw})
    assert page.status_code == 422 and b"VOTE-SETUP-3" in page.data
    script = client.get(f"/vote/{code}/night/script.json", query_string={"seed": raw})
    assert script.status_code == 422
    assert script.json["field"] == "seed" and script.json["rule"] == "VOTE-SETUP-3"
    assert client.get(f"/vote/{code}/night/script.json?seed=7").json["seed"] == 7


def test_a_duration_in_other_digits_is_refused_as_not_a_number(client):
    """VOTE-SETUP-3: float() reads '٣' as 3; the night's settings are ASCII numbers."""
    code = vote_table(client)
    script = client.get(f"/vote/{code}/night/script.json", query_string={"pause": "٣"})
    assert script.status_code == 422 and script.json["field"] == "pause"
    assert client.get(f"/vote/{code}/night/script.json?pause=3").status_code == 200
