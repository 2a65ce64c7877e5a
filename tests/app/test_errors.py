"""Error answers: pages, fragments in the toast, JSON under /api/; never a traceback."""
import sqlite3

import pytest
from flask import url_for

from companion import create_app


@pytest.fixture
def fragile(tmp_path):
    """An app with a route that fails, with exceptions handled as in production."""
    app = create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False, "SECRET_KEY": "t",
                      "DATABASE": str(tmp_path / "e.sqlite")})

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret detail")

    @app.get("/api/boom")
    def api_boom():
        raise RuntimeError("secret detail")

    @app.get("/locked")
    def locked():
        """What a write meets when another worker's writer kept the database past the timeout."""
        raise sqlite3.OperationalError("database is locked")

    @app.get("/broken")
    def broken():
        raise sqlite3.OperationalError("no such table: secret")
    return app.test_client()


def test_500_is_a_plain_page_without_traceback(fragile):
    response = fragile.get("/boom")
    assert response.status_code == 500
    assert b"Nothing was changed" in response.data
    assert b"secret detail" not in response.data and b"Traceback" not in response.data


def test_500_for_htmx_goes_to_the_toast_and_for_the_api_is_json(fragile):
    response = fragile.get("/boom", headers={"HX-Request": "true"})
    assert response.headers["HX-Retarget"] == "#toast" and b"<html" not in response.data
    api = fragile.get("/api/boom")
    assert api.status_code == 500 and api.get_json()["rule"] == "HTTP-500"


def test_a_database_locked_too_long_is_a_503_to_try_again(fragile):
    response = fragile.get("/locked", headers={"HX-Request": "true"})
    assert response.status_code == 503 and response.headers["Retry-After"] == "2"
    assert response.headers["HX-Retarget"] == "#toast" and b"try again" in response.data
    other = fragile.get("/broken")  # any other database error stays a plain 500
    assert other.status_code == 500 and b"secret" not in other.data


def test_404_and_405(client):
    assert b"join code" in client.get("/t/NOPE9").data
    assert client.get("/nowhere").status_code == 404
    assert client.get("/tables").status_code == 405
    assert client.get("/api/liberte/resolve").get_json()["rule"] == "HTTP-405"


def test_unknown_display_change_is_a_404(client, table):
    assert table.displays("nonsense", {}).status_code == 404


def test_a_table_in_another_games_pages_is_a_404(app, client, table, vote_table):
    """A VOTE! code typed into a Liberté address (or the reverse) is no such table there: every
    page and every write of each game answers 404 and stores nothing."""
    game_of = app.extensions["companion.game_of_blueprint"]
    codes = {"liberte": vote_table.code}  # each game gets another's code: Liberté VOTE!'s, the rest Liberté's
    versions = (table.version, vote_table.version)
    tried = 0
    for rule in app.url_map.iter_rules():
        game = game_of.get(rule.endpoint.rpartition(".")[0])
        if game is None:
            continue
        values = {arg: "vp" for arg in rule.arguments} | {"code": codes.get(game, table.code)}
        with app.test_request_context():
            url = url_for(rule.endpoint, **values)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            response = client.open(url, method=method, data={"version": 0})
            assert response.status_code == 404, (method, url, response.status_code)
            tried += 1
    assert tried > 20
    assert (table.version, vote_table.version) == versions


@pytest.mark.parametrize("header", ["Host", "X-Forwarded-Host"])
def test_a_host_name_no_address_can_be_built_with_is_a_400_not_a_500(tmp_path, header):
    """A Host (or a trusted proxy's X-Forwarded-Host) of one 300-letter label failed to encode
    (IDNA) and the error page, linking to the start page, failed again: a 500."""
    from companion import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "h.sqlite"),
                      "SECRET_KEY": "k", "PROXY_HOPS": 1})
    answer = app.test_client().get("/", headers={header: "x" * 300})
    assert answer.status_code == 400 and "(HTTP-400)" in answer.get_data(as_text=True)
