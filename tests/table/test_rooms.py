"""Rooms: create, join by code or link, seats kept by cookie, QR, polling (on Tiles, the table
core's own game: tests/table/conftest.py; a game's tabs on the shared pages on Liberté's and VOTE!'s)."""
import re

from table_support import TableHelper, TilesTable


def test_create_makes_the_creator_host_and_shows_the_qr(core_app):
    client = core_app.test_client()
    t = TilesTable(client, ["Ann", "Bob", "Cid"])
    page = client.get(f"/t/{t.code}/room").get_data(as_text=True)
    assert f"/t/{t.code}/qr.svg" in page and "Reset the table" in page
    assert f"http://localhost/t/{t.code}" in page
    assert 'id="take-seat"' in page  # the creator is asked to sit: his stacks then take one tap
    t.sit("Bob")
    page = client.get(f"/t/{t.code}/room").get_data(as_text=True)
    assert 'id="take-seat"' not in page and "<bdi>Bob</bdi> · this phone" in page


def test_create_refuses_bad_players_next_to_the_field(core_app):
    client = core_app.test_client()
    response = client.post("/tables", data={"game": "tiles", "players": "A\nA\nB"})
    assert response.status_code == 422 and b"TABLE-PLAYERS" in response.data
    response = client.post("/tables", data={"game": "tiles", "players": "A"})
    assert response.status_code == 422 and b"2 to 8 players" in response.data
    response = client.post("/tables", data={"game": "chess", "players": "A\nB\nC"})
    assert response.status_code == 422 and b"TABLE-GAME" in response.data


def test_join_link_picks_a_seat_and_the_cookie_brings_the_phone_back(core_app, tiles):
    phone = core_app.test_client()
    page = phone.get(f"/t/{tiles.code}")
    assert page.status_code == 200 and b"Which seat" in page.data
    assert b"Bob" in page.data
    seated = phone.post(f"/t/{tiles.code}/seat", data={"player": "Bob"})
    assert seated.status_code == 303 and seated.location == f"/tiles/{tiles.code}/"
    again = phone.get(f"/t/{tiles.code}")  # after a reload or a dropped connection
    assert again.status_code == 303 and again.location == f"/tiles/{tiles.code}/"
    assert phone.get(f"/t/{tiles.code}?pick=1").status_code == 200
    other = core_app.test_client().get(f"/t/{tiles.code}/room")
    assert b"Reset the table" not in other.data  # not the host


def test_join_by_code_and_unknown_seat(tiles):
    client = tiles.client
    response = client.post("/join", data={"code": tiles.code.lower()})
    assert response.location == f"/t/{tiles.code}"
    assert client.get(f"/t/{tiles.code.lower()}").status_code in (200, 303)
    bad = client.post(f"/t/{tiles.code}/seat", data={"player": "Nobody"})
    assert bad.status_code == 422 and b"TABLE-SEAT" in bad.data
    assert client.get("/t/ZZZZZ").status_code == 404


def test_qr_is_svg(tiles):
    client = tiles.client
    response = client.get(f"/t/{tiles.code}/qr.svg")
    assert response.mimetype == "image/svg+xml" and b"<svg" in response.data


def test_the_news_tells_the_version_and_the_page_names_where_to_hear_it(tiles):
    client = tiles.client
    assert client.get(f"/t/{tiles.code}/events").data.endswith(b"data: 0\n\n")
    tiles.tile(8, "Ann", 2)
    assert client.get(f"/t/{tiles.code}/events").data.endswith(b"data: 1\n\n")
    page = client.get(f"/tiles/{tiles.code}/").get_data(as_text=True)
    assert (f'<span id="shown" data-version="1" data-events="/t/{tiles.code}/events" '
            'data-heartbeat="2">') in page  # and how often the stream beats (HEARTBEAT)
    assert client.get("/t/NOPE1/events").status_code == 404


def test_room_fragment_and_page(tiles):
    client = tiles.client
    page = client.get(f"/t/{tiles.code}/room")
    fragment = client.get(f"/t/{tiles.code}/room", headers={"HX-Request": "true"})
    assert b"<html" in page.data and b"<html" not in fragment.data
    assert b'id="live"' in fragment.data and "HX-Request" in fragment.headers["Vary"]


def test_the_seat_picker_marks_taken_seats_and_asks_before_taking_one(core_app, tiles):
    """TABLE-SEAT: a fifth phone took a seat silently. Now the picker marks the seats other
    phones took, and taking one asks first; a phone going back to its own seat is not asked."""
    joshua = tiles.seated_phone("Bob")
    fifth = core_app.test_client()
    page = fifth.get(f"/t/{tiles.code}").get_data(as_text=True)
    assert "<bdi>Bob</bdi> <small>· taken by another phone</small>" in page
    assert "Cid</bdi> <small>" not in page  # nobody sits there yet
    asked = fifth.post(f"/t/{tiles.code}/seat", data={"player": "Bob"})
    text = asked.get_data(as_text=True)
    assert asked.status_code == 200 and 'id="confirm-seat"' in text
    assert "Bob: this seat is already taken by another phone." in text
    assert "closed seating" not in text  # the seats are open: it was said they were closed
    assert fifth.get(f"/t/{tiles.code}").status_code == 200  # not seated: still asked to pick
    # the phone that has it is not asked to take its own seat again
    assert joshua.post(f"/t/{tiles.code}/seat", data={"player": "Bob"}).status_code == 303
    taken = fifth.post(f"/t/{tiles.code}/seat", data={"player": "Bob", "confirm": "Bob"})
    assert taken.status_code == 303 and taken.location == f"/tiles/{tiles.code}/"
    # a phone that moves to another seat frees its old one
    fifth.post(f"/t/{tiles.code}/seat", data={"player": "Cid"})
    assert "Cid</bdi> <small>" in core_app.test_client().get(f"/t/{tiles.code}").get_data(as_text=True)
    assert "Bob</bdi> <small>" in core_app.test_client().get(f"/t/{tiles.code}").get_data(as_text=True)


def test_history_and_room_show_the_games_tabs(client, table, vote_table):
    """Every page of a table has its game's tabs, the shared pages too."""
    history = client.get(f"/t/{table.code}/history").get_data(as_text=True)
    assert f'href="/liberte/{table.code}/displays"' in history
    room = client.get(f"/t/{table.code}/room").get_data(as_text=True)
    assert f'href="/liberte/{table.code}/election/"' in room
    vote = client.get(f"/t/{vote_table.code}/history").get_data(as_text=True)
    assert f'href="/vote/{vote_table.code}/night' in vote


def test_an_instance_with_a_code_prefix_begins_every_code_with_it(tmp_path):
    """Several instances behind one proxy: each begins its codes with its own letters, so the
    proxy routes a table by its code alone (docs/hosting.md)."""
    from companion import create_app
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "CODE_PREFIX": "B",
                      "JOIN_CODE_LENGTH": 6, "DATABASE": str(tmp_path / "b.sqlite")})
    client = app.test_client()
    for _ in range(3):
        created = client.post("/tables", data={"game": "vote", "language": "en",
                                               "players": "A\nB\nC\nD\nE"})
        code = created.headers["Location"].split("/")[2]
        assert len(code) == 6 and code.startswith("B")


def test_a_code_prefix_no_code_could_carry_is_refused_at_start(tmp_path, monkeypatch):
    import pytest
    from companion import create_app
    for prefix, why in (("I", "only the letters"), ("ABC", "fewer than 3 random letters")):
        with pytest.raises(ValueError, match=why):
            create_app({"CODE_PREFIX": prefix, "DATABASE": str(tmp_path / "x.sqlite")})
    monkeypatch.setenv("COMPANION_CODE_PREFIX", "Q")  # what a service unit sets
    monkeypatch.setenv("COMPANION_DATABASE", str(tmp_path / "q.sqlite"))
    assert create_app().config["CODE_PREFIX"] == "Q"


def test_the_join_link_is_the_address_the_phone_used(tmp_path):
    """Behind the documented TLS proxy the join link read http://127.0.0.1:8533/t/…, which no
    phone can open: it is built from the proxy's host and scheme (PROXY_HOPS), from the
    host's PUBLIC_URL when set, and from the LAN address only for a page asked at localhost."""
    from companion import create_app

    def link(headers=None, base="http://localhost/", **settings):
        app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "j.sqlite"),
                          "SECRET_KEY": "k", "WTF_CSRF_ENABLED": False, **settings})
        client = app.test_client()
        code = TableHelper(client).code
        page = client.get(f"/t/{code}/room", headers=headers or {}, base_url=base)
        return re.search(r'<a class="link" href="([^"]+)/t/' + code + '"',
                         page.get_data(as_text=True)).group(1)
    proxied = {"X-Forwarded-For": "10.0.0.7", "X-Forwarded-Proto": "https",
               "X-Forwarded-Host": "companion.example.org"}
    assert link(proxied, base="http://127.0.0.1:8533/", PROXY_HOPS=1) == (
        "https://companion.example.org")
    assert link(proxied, base="http://127.0.0.1:8533/") == "http://127.0.0.1:8533"  # not trusted
    assert link(PUBLIC_URL="https://games.example.net/") == "https://games.example.net"
    assert link(LAN_URL="http://192.168.1.9:8000/") == "http://192.168.1.9:8000"
    assert link(base="http://192.168.1.9:8000/", LAN_URL="http://10.1.1.1:8000/") == (
        "http://192.168.1.9:8000")
