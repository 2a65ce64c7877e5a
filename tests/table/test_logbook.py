"""History, undo, reset, delete, host link, export and import (on Tiles, the table core's own game:
tests/table/conftest.py; the refusals of a malformed file in the page's language on a Liberté
file, whose reader's messages every catalog has)."""
import html
import io
import json
import re

import pytest



def test_history_lists_changes_and_marks_undone_ones(tiles):
    tiles.tile(8, "Ann", 2)
    tiles.tile(8, "Ann", 3)
    assert tiles.post(f"/t/{tiles.code}/undo", {}).status_code == 200
    page = tiles.client.get(f"/t/{tiles.code}/history").get_data(as_text=True)
    assert page.count("Ann laid a tile on square 8") == 2 and 'class="undone"' in page
    assert "undid the last change" in page
    fragment = tiles.client.get(f"/t/{tiles.code}/history", headers={"HX-Request": "true"})
    assert b"<html" not in fragment.data


def test_history_numbers_each_change_once_by_its_version(tiles):
    """The list's own number is the version, never a second copy of it beside the row."""
    tiles.tile(8, "Ann", 3)
    tiles.tile(9, "Ann", 3)
    page = tiles.client.get(f"/t/{tiles.code}/history").get_data(as_text=True)
    rows = re.findall(r'<li value="(\d+)"[^>]*>(.*?)</li>', page, re.S)
    assert [version for version, _ in rows] == ["2", "1"]
    for version, row in rows:
        assert version not in re.sub(r"<[^>]+>", "", row), row


def test_undo_is_off_with_nothing_to_undo_and_then_says_what_it_took_back(tiles):
    room = tiles.client.get(f"/t/{tiles.code}/room").get_data(as_text=True)
    assert 'undo-button" disabled' in room  # version 0
    tiles.tile(8, "Ann", 2)
    room = tiles.client.get(f"/t/{tiles.code}/room").get_data(as_text=True)
    assert 'undo-button" disabled' not in room and "Ann laid a tile on square 8" in room
    undone = tiles.post(f"/t/{tiles.code}/undo", {}).get_data(as_text=True)
    assert "Undone: Ann laid a tile on square 8" in undone
    assert 'undo-button" disabled' in undone  # nothing left to undo


def test_only_the_host_undoes_past_the_last_change(core_app, tiles):
    tiles.tile(8, "Ann", 2)
    tiles.tile(9, "Ann", 2)
    phone = core_app.test_client()
    tiles.sit("Bob", client=phone)
    assert tiles.post(f"/t/{tiles.code}/undo", {}, client=phone).status_code == 200
    refused = tiles.post(f"/t/{tiles.code}/undo", {}, client=phone)
    assert refused.status_code == 422 and b"TABLE-HOST" in refused.data
    assert tiles.post(f"/t/{tiles.code}/undo", {}).status_code == 200  # the host may


def test_reset_and_delete_need_the_host(core_app, tiles):
    client = tiles.client
    tiles.tile(8, "Ann", 2)
    phone = core_app.test_client()
    assert phone.post(f"/t/{tiles.code}/reset", data={"version": 1}).status_code == 403
    assert phone.get(f"/t/{tiles.code}/delete").status_code == 403
    assert phone.post(f"/t/{tiles.code}/delete", data={"confirm": tiles.code}).status_code == 403
    assert tiles.post(f"/t/{tiles.code}/reset", {}, htmx=False).status_code == 303
    assert 'id="square-8"' not in client.get(f"/tiles/{tiles.code}/").get_data(as_text=True)
    assert client.post(f"/t/{tiles.code}/delete", data={"confirm": tiles.code}).status_code == 303
    assert client.get(f"/t/{tiles.code}/room").status_code == 404


def test_delete_asks_first_and_a_post_without_the_answer_deletes_nothing(tiles):
    client = tiles.client
    room = client.get(f"/t/{tiles.code}/room").get_data(as_text=True)
    assert f'href="/t/{tiles.code}/delete"' in room  # a link to the question, not a form
    question = client.get(f"/t/{tiles.code}/delete").get_data(as_text=True)
    assert f"Delete table {tiles.code} for good?" in question
    assert f'name="confirm" value="{tiles.code}"' in question and "Keep the table" in question
    for data in ({}, {"confirm": "ZZZZZ"}):
        again = client.post(f"/t/{tiles.code}/delete", data=data)
        assert again.status_code == 422 and b"for good?" in again.data
    assert client.get(f"/t/{tiles.code}/room").status_code == 200  # still there


def test_a_deleted_tables_code_is_never_given_out_again(tiles, monkeypatch):
    """A phone keeps its seat by the table's code: a new table under a deleted table's code
    would seat it at a stranger's table. The code generator is made to draw the deleted code
    first; the new table gets the next draw."""
    from companion.table import tables
    client, deleted = tiles.client, tiles.code
    assert client.post(f"/t/{deleted}/delete", data={"confirm": deleted}).status_code == 303
    draws = iter(deleted + "ZZZZZ")
    monkeypatch.setattr(tables.secrets, "choice", lambda letters: next(draws))
    created = client.post("/tables", data={"game": "tiles", "players": "A\nB\nC",
                                           "language": "en"})
    assert created.status_code == 303 and created.headers["Location"].endswith("/t/ZZZZZ/room")
    assert client.get(f"/t/{deleted}/room").status_code == 404


def test_host_link_moves_the_host_to_another_device(core_app, tiles):
    page = tiles.client.get(f"/t/{tiles.code}/room").get_data(as_text=True)
    link = re.search(r'href="([^"]*/claim/[^"]*)"', page).group(1)
    other = core_app.test_client()
    assert other.get(link).status_code == 303
    assert b"Reset the table" in other.get(f"/t/{tiles.code}/room").data
    assert other.get(f"/t/{tiles.code}/claim/wrong").status_code == 404


def test_export_then_import_gives_the_same_position(core_app, tiles):
    tiles.tile(8, "Ann", 2)
    tiles.tile(1, "Bob", 3)
    tiles.post(f"/t/{tiles.code}/undo", {})
    exported = tiles.client.get(f"/t/{tiles.code}/export.json")
    assert "attachment" in exported.headers["Content-Disposition"]
    data = json.loads(exported.data)
    assert [e["kind"] for e in data["events"]] == ["tile", "tile", "undo"]
    importer = core_app.test_client()
    response = importer.post("/tables/import", data={
        "file": (io.BytesIO(exported.data), "table.json")})
    assert response.status_code == 303
    code = response.location.split("/")[2]
    assert code != tiles.code
    importer.post(f"/t/{code}/seat", data={"player": "Cid"})
    board = importer.get(f"/tiles/{code}/").get_data(as_text=True)
    assert 'id="square-8"' in board and 'id="square-1"' not in board
    assert b"Reset the table" in importer.get(f"/t/{code}/room").data  # the importer hosts


def test_import_refuses_bad_files_and_stores_nothing(tiles):
    client = tiles.client
    for body in (b"not json", b"{}", json.dumps({"format": "companion-table/1", "game": "tiles",
                 "setup": {"players": ["A", "B", "C"]}, "events": [
                     {"kind": "tile", "data": {"square": "8", "player": "A", "height": 9}}]}).encode()):
        response = client.post("/tables/import", data={"file": (io.BytesIO(body), "t.json")})
        assert response.status_code == 422 and b"rule" in response.data
    assert client.post("/tables/import", data={}).status_code == 422
    assert client.post("/tables", data={"game": "tiles", "players": "A\nB",
                                        "language": "en"}).status_code == 303  # still works


def table_file(events) -> bytes:
    """A Liberté table file (as export.json writes one) with ``events``."""
    return json.dumps({"format": "companion-table/1", "game": "liberte", "language": "en",
                       "setup": {"players": ["A", "B", "C"]}, "events": events}).encode()


STACK = {"kind": "stack", "data": {"province": "8", "player": "A", "faction": "red", "blocks": 2}}


@pytest.mark.parametrize("body, english, russian, rule", [
    (table_file("x"), "the table file's events are not a list", "события в файле стола — не список",
     "TABLE-IMPORT"),
    (table_file([STACK, STACK, {"kind": "stack", "data": None}]), "event 3: its data is missing",
     "событие 3: нет его данных", "TABLE-IMPORT"),
    (b'{"format": "companion-table/1",\n  "game": liberte}', "the file is not JSON (line 2, column 11)",
     "файл не в формате JSON (строка 2, столбец 11)", "TABLE-IMPORT"),
    (table_file([STACK, {"kind": "stack", "data": {"province": "8"}}]),
     "event 2 (stack): player: unknown player ''",
     "событие 2 (stack): неизвестный игрок ''", "docs/formats.md")],
    ids=["events not a list", "no data", "not JSON", "data without a player"])
def test_a_malformed_table_file_is_refused_saying_where_in_the_pages_language(app, body, english, russian,
                                                                             rule):
    """Where the file is wrong and the rule, never the text of a Python exception."""
    for said, language in ((english, "en"), (russian, "ru")):
        importer = app.test_client()
        importer.post("/lang", data={"lang": language, "next": "/"})
        response = importer.post("/tables/import", data={"file": (io.BytesIO(body), "t.json")})
        page = html.unescape(response.get_data(as_text=True))
        assert response.status_code == 422 and f'role="alert">{said} <span class="rule">({rule})' in page
