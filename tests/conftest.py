"""Fixtures shared by the app tests (the Flask tutorial's conftest), and a helper for tables."""
import re

import pytest

from companion import create_app

PLAYERS = ["Christie", "Joshua", "Max"]


@pytest.fixture
def app(tmp_path):
    """An app with a fresh database file in a temporary folder (CSRF off; see test_security)."""
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite"),
                       "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


class TableHelper:
    """Create a Liberté table as its host and make changes on it, as a phone would."""

    def __init__(self, client, players=PLAYERS, language="en", **options):
        self.client = client
        data = {"game": "liberte", "players": "\n".join(players), "language": language}
        data.update({f"option-{k}": v for k, v in options.items()})
        response = client.post("/tables", data=data)
        assert response.status_code == 303, response.data
        self.code = response.location.split("/")[2]
        self.version = 0

    def sit(self, player="Christie", client=None):
        return (client or self.client).post(f"/t/{self.code}/seat", data={"player": player})

    def post(self, path, data, htmx=True, client=None, version=None):
        """A write made from the version this helper last saw; remembers the new one."""
        data = dict(data, version=self.version if version is None else version)
        headers = {"HX-Request": "true"} if htmx else {}
        response = (client or self.client).post(path, data=data, headers=headers)
        found = (re.search(rb'name="version" value="(\d+)"', response.data) or
                 re.search(rb'data-version="(\d+)"', response.data))
        if found:
            self.version = int(found.group(1))
        elif response.status_code == 303:
            self.version += 1
        return response

    def stack(self, province, player, faction, blocks, **kw):
        return self.post(f"/liberte/{self.code}/", {"province": province, "player": player,
                                                     "faction": faction, "blocks": blocks}, **kw)

    def displays(self, kind, data, **kw):
        return self.post(f"/liberte/{self.code}/displays/{kind}", data, **kw)


@pytest.fixture
def table(client):
    """A Liberté table for Christie, Joshua and Max, created by this client (the host)."""
    helper = TableHelper(client)
    helper.sit("Christie")
    return helper
