"""Liberté's answer to a tap (companion.table.live.write with Liberté's screen): the fragment of
the board with the meters, all the tapping phone must redraw in one answer; a form read once by
the reader that reads imports. The table core's part is tests/table/test_live.py."""


def test_plain_post_redirects_and_htmx_post_gets_the_fragment(client, table):
    plain = table.stack(8, "Christie", "red", 2, htmx=False)
    assert plain.status_code == 303 and plain.location == f"/liberte/{table.code}/"
    fragment = table.stack(8, "Christie", "red", 3)
    assert fragment.status_code == 200 and b"<html" not in fragment.data
    assert b'id="prov-8"' in fragment.data and b'id="prov-9"' not in fragment.data
    assert b'<div id="meters" hx-swap-oob="true">' in fragment.data  # no request for the meters
    assert fragment.headers["HX-Trigger"] == "province-tapped"  # an open panel redraws itself
    assert b'<span id="shown" data-version="2" data-events=' in fragment.data
    assert b'hx-swap-oob="true"></span>' in fragment.data


def test_a_tap_is_read_once_by_the_reader_that_reads_imports(app, table, monkeypatch):
    """A form is read once per write, by the game's reader of that kind (issue 25): the stack's
    reader runs once for a tap, and the same reader checks an imported stack."""
    from companion.games.liberte import forms
    calls = []
    reader = forms.READERS["stack"]
    monkeypatch.setitem(forms.READERS, "stack", lambda f, p: calls.append(f) or reader(f, p))
    assert table.stack(8, "Christie", "red", 2).status_code == 200
    assert len(calls) == 1 and calls[0]["province"] == "8"
    refused = table.stack(8, "Christie", "red", 4)  # LIB-PLACE-1: at most 3 blocks
    assert refused.status_code == 422 and b"LIB-PLACE-1" in refused.data and len(calls) == 2
    with app.test_request_context():
        from companion.games.liberte import check
        position = {"players": ["Christie", "Joshua", "Max"], "turn": 1}
        assert check.check(position, "stack", {"province": "3", "player": "Max",
                                               "faction": "blue", "blocks": 1})["blocks"] == 1
    assert len(calls) == 3
