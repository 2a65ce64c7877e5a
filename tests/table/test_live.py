"""Writes carry their version: a stale write is refused with what changed and the current state
(on Tiles, the table core's own game: tests/table/conftest.py)."""


def test_a_stale_write_is_not_applied_and_says_what_changed(core_app, tiles):
    phone = core_app.test_client()
    tiles.sit("Bob", client=phone)
    assert tiles.tile(8, "Ann", 2).status_code == 200
    stale = tiles.tile(8, "Ann", 3, client=phone, version=0)  # the same square
    text = stale.get_data(as_text=True)
    assert stale.status_code == 409 and "Not applied" in text
    assert "Ann laid a tile on square 8" in text
    assert 'name="version" value="1"' in text  # the current state, ready for the next tap
    assert '<span class="h">3</span>' not in text


def test_a_write_without_version_is_refused(tiles):
    response = tiles.client.post(f"/tiles/{tiles.code}/", data={"square": 8},
                                 headers={"HX-Request": "true"})
    assert response.status_code == 422 and b"TABLE-VERSION" in response.data


def test_a_refusal_is_told_beside_its_field_and_stores_nothing(tiles):
    refused = tiles.tile(8, "Ann", 4)
    text = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "a tile is 1 to 3 high" in text and "TILES-1" in text
    assert text.index('name="height"') < text.index("a tile is 1 to 3 high")
    assert 'id="square-8"' not in tiles.client.get(f"/tiles/{tiles.code}/").get_data(as_text=True)


def test_plain_post_redirects_and_htmx_post_gets_the_fragment(tiles):
    plain = tiles.tile(8, "Ann", 2, htmx=False)
    assert plain.status_code == 303 and plain.location == f"/tiles/{tiles.code}/"
    fragment = tiles.tile(8, "Ann", 3)
    assert fragment.status_code == 200 and b"<html" not in fragment.data
    assert b'id="square-8"' in fragment.data and b'<span class="h">3</span>' in fragment.data
    assert b'<span id="shown" data-version="2" data-events=' in fragment.data
    assert tiles.version == 2  # read from the page's data-version


def test_the_version_header_of_our_script_wins_over_the_form_field(tiles):
    """A tap on a part of the page the last answer did not re-render carries an old hidden field;
    the script sends the page's version in X-Table-Version."""
    tiles.tile(8, "Ann", 2)
    sent = {"square": 9, "player": "Cid", "height": 1}
    response = tiles.client.post(f"/tiles/{tiles.code}/", headers={
        "HX-Request": "true", "X-Table-Version": "1"}, data={"version": 0, **sent})
    assert response.status_code == 200
    stale = tiles.client.post(f"/tiles/{tiles.code}/", headers={
        "HX-Request": "true", "X-Table-Version": "1"}, data={"version": 2, **sent, "height": 2})
    assert stale.status_code == 409 and stale.headers["HX-Retarget"] == "#live"
    assert b'id="live"' in stale.data
