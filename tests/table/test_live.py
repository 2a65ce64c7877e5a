"""Writes carry their version: a stale write is refused with what changed and the current state."""


def test_a_stale_write_is_not_applied_and_says_what_changed(app, table):
    phone = app.test_client()
    table.sit("Joshua", client=phone)
    assert table.stack(8, "Christie", "red", 2).status_code == 200
    stale = table.stack(8, "Christie", "red", 3, client=phone, version=0)  # the same stack
    text = stale.get_data(as_text=True)
    assert stale.status_code == 409 and "Not applied" in text
    assert "province 8: Christie: 2 red blocks" in text
    assert 'name="version" value="1"' in text  # the current state, ready for the next tap
    assert '<span class="h">3</span>' not in text


def test_a_write_without_version_is_refused(client, table):
    response = client.post(f"/liberte/{table.code}/", data={"province": 8}, headers={"HX-Request": "true"})
    assert response.status_code == 422 and b"TABLE-VERSION" in response.data


def test_plain_post_redirects_and_htmx_post_gets_the_fragment(client, table):
    plain = table.stack(8, "Christie", "red", 2, htmx=False)
    assert plain.status_code == 303 and plain.location == f"/liberte/{table.code}/"
    fragment = table.stack(8, "Christie", "red", 3)
    assert fragment.status_code == 200 and b"<html" not in fragment.data
    assert b'id="prov-8"' in fragment.data and b'id="prov-9"' not in fragment.data
    assert b'id="meters"' not in fragment.data  # the meters refresh on their own request:
    assert fragment.headers["HX-Trigger"] == "meters-stale"
    assert b'<span id="shown" data-version="2" data-events=' in fragment.data
    assert b'hx-swap-oob="true"></span>' in fragment.data


def test_the_version_header_of_our_script_wins_over_the_form_field(client, table):
    """A tap on a province the last answer did not re-render carries an old hidden field;
    the script sends the page's version in X-Table-Version."""
    table.stack(8, "Christie", "red", 2)
    response = client.post(f"/liberte/{table.code}/", headers={
        "HX-Request": "true", "X-Table-Version": "1"}, data={
        "version": 0, "province": 9, "player": "Max", "faction": "blue", "blocks": 1})
    assert response.status_code == 200
    stale = client.post(f"/liberte/{table.code}/", headers={
        "HX-Request": "true", "X-Table-Version": "1"}, data={
        "version": 2, "province": 9, "player": "Max", "faction": "blue", "blocks": 2})
    assert stale.status_code == 409 and stale.headers["HX-Retarget"] == "#live"
    assert b'id="live"' in stale.data


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
