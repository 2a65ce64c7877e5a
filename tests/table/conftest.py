"""The table core's tests play a game of their own, Tiles (tests/table/games/tiles/), registered
after the registry's games: what the core does, it does for any game, not for Liberté's sake."""
from pathlib import Path

import pytest

import companion.games
from companion import create_app
from table_support import TilesTable

GAMES = Path(__file__).resolve().parent / "games"


@pytest.fixture
def core_app(tmp_path, monkeypatch):
    """An app (as the ``app`` fixture's) with Tiles registered as a game."""
    monkeypatch.setattr(companion.games, "__path__", [*companion.games.__path__, str(GAMES)])
    monkeypatch.setattr(companion.games, "GAMES", (*companion.games.GAMES, "tiles"))
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "core.sqlite"),
                       "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False, "SYNCHRONOUS": "NORMAL"})


@pytest.fixture
def tiles(core_app):
    """A Tiles table for Ann, Bob and Cid, made by its host's phone, seated as Ann."""
    helper = TilesTable(core_app.test_client(), ["Ann", "Bob", "Cid"])
    helper.sit("Ann")
    return helper
