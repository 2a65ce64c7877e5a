"""Fixtures shared by the app tests (the Flask tutorial's conftest) and helpers for tables; the
browser fixtures (a headless Chromium, `companion serve`, phones) come from browser_support."""
import re

import pytest

from browser_support import browser, phone, server  # noqa: F401  (shared browser fixtures)
from companion import create_app

PLAYERS = ["Christie", "Joshua", "Max"]
SEVEN = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil"]


@pytest.fixture
def app(tmp_path):
    """An app with a fresh database file in a temporary folder (CSRF off; see test_security),
    committing without a sync to the disk (SYNCHRONOUS: a test needs no power-cut safety)."""
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite"),
                       "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False, "SYNCHRONOUS": "NORMAL"})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


def pytest_collection_modifyitems(items):
    """Every test that opens the browser (the ``browser`` fixture, or ``phone`` which uses it) is
    marked ``browser``: ``python -m pytest -m "not browser"`` runs the rest (CONTRIBUTING.md)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


class TableHelper:
    """Create a Liberté table as its host and make changes on it, as a phone would."""
    game = "liberte"

    def __init__(self, client, players=PLAYERS, language="en", **options):
        self.client = client
        self.players = list(players)
        data = {"game": self.game, "players": "\n".join(players), "language": language}
        data.update({f"option-{k}": v for k, v in options.items()})
        response = client.post("/tables", data=data)
        assert response.status_code == 303, response.data
        self.code = response.location.split("/")[2]
        self.version = 0

    def sit(self, player=None, client=None):
        player = self.players[0] if player is None else player
        return (client or self.client).post(f"/t/{self.code}/seat", data={"player": player})

    def seated_phone(self, player=None):
        """Another phone at this table, seated as ``player`` (the first player by default):
        every change to a table is made from a player's seat or by the host (TABLE-SEAT)."""
        client = self.client.application.test_client()
        self.sit(player, client)
        return client

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

    def stack(self, province, player, faction, blocks, add=None, **kw):
        """A tap on a stack's − or + (``add``: the add-a-stack sheet)."""
        data = {"province": province, "player": player, "faction": faction, "blocks": blocks}
        return self.post(f"/liberte/{self.code}/", data | ({"add": add} if add else {}), **kw)

    def displays(self, kind, data, **kw):
        return self.post(f"/liberte/{self.code}/displays/{kind}", data, **kw)


@pytest.fixture
def table(client):
    """A Liberté table for Christie, Joshua and Max, created by this client (the host)."""
    helper = TableHelper(client)
    helper.sit("Christie")
    return helper


class VoteTable(TableHelper):
    """Create a VOTE! table as its host and play it from the round screen's forms."""
    game = "vote"

    def __init__(self, client, players=SEVEN, language="en", **options):
        super().__init__(client, players, language, **options)

    def at(self, path: str) -> str:
        return f"/vote/{self.code}{path}"

    def dice(self, player, budget_die, support_die, **kw):
        return self.post(self.at("/dice"), {"player": player, "budget_die": budget_die,
                                            "support_die": support_die}, **kw)

    def start(self, dice=None, **kw):
        """Enter ``dice`` ({name: (budget die, support die)}) and start."""
        for name, (b, s) in (dice or {}).items():
            assert self.dice(name, b, s).status_code == 200
        return self.post(self.at("/start"), {}, **kw)

    def play(self, move, data=None, **kw):
        return self.post(self.at(f"/play/{move}"), data or {}, **kw)

    def nominate(self, candidate, **kw):
        return self.play("nominate", {"candidate": candidate}, **kw)

    def vote(self, yes=(), no=(), double=(), **kw):
        """Ballots by name (the per-player form)."""
        data = {f"ballot-{self.players.index(n)}": "yes" for n in yes}
        data.update({f"ballot-{self.players.index(n)}": "no" for n in no})
        data.update({f"double-{self.players.index(n)}": "1" for n in double})
        return self.play("vote", data, **kw)

    def counts(self, yes, no, double=(), **kw):
        data = {"mode": "counts", "yes": yes, "no": no}
        data.update({f"double-{self.players.index(n)}": "1" for n in double})
        return self.play("vote", data, **kw)

    def give(self, to, budget=0, support=0, ability=False, **kw):
        data = {"to": to, "card": "ability" if ability else "event", "budget": budget,
                "support": support}
        return self.play("give", data, **kw)

    def ability(self, player, ability, target=None, **kw):
        data = {"player": player, "ability": ability}
        if target:
            data["target"] = target
        return self.play("ability", data, **kw)

    def cards(self, move, cards: dict, **kw):
        """Unrest or tiebreak: ``cards`` {name: (budget, support)}."""
        data = {}
        for name, (b, s) in cards.items():
            data.update({f"{self.players.index(name)}-budget": b,
                         f"{self.players.index(name)}-support": s})
        return self.play(move, data, **kw)

    def timer(self, action, seconds=None, **kw):
        data = {"action": action} | ({"seconds": seconds} if seconds is not None else {})
        return self.post(self.at("/timer"), data, **kw)

    def position(self, app):
        """The table's position as the server holds it (the engine's game under "game")."""
        from companion.table import events, games, tables
        from companion.table.db import get_db
        with app.app_context():
            return events.position(get_db(), tables.find(self.code), games.get("vote"))


@pytest.fixture
def vote_table(client):
    """A VOTE! table for seven players, created by this client (the host), sitting as Ann."""
    helper = VoteTable(client)
    helper.sit("Ann")
    return helper

