"""Fixtures shared by the app tests (the Flask tutorial's conftest) and helpers for tables; the
browser fixtures (a headless Chromium, `companion serve`, phones) come from browser_support."""
import os
from pathlib import Path

import pytest

from browser_support import browser, phone, server  # noqa: F401  (shared browser fixtures)
from companion import create_app
from table_support import PLAYERS, SEVEN, TableHelper, VoteTable  # noqa: F401  (importable from here too)


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


def pytest_configure(config):
    """``TESTS_EXTRA_GAMES``: a folder of game packages registered for this run after the
    registry's own, as their line in companion/games/__init__.py would (tests/table/test_new_game.py
    runs the shared checks so on the documented example game)."""
    folder = os.environ.get("TESTS_EXTRA_GAMES")
    if folder:
        import companion.games
        companion.games.__path__.append(folder)
        companion.games.GAMES = (*companion.games.GAMES, *sorted(
            path.name for path in Path(folder).iterdir() if (path / "__init__.py").is_file()))


def pytest_collection_modifyitems(items):
    """Every test that opens the browser (the ``browser`` fixture, or ``phone`` which uses it) is
    marked ``browser``: ``python -m pytest -m "not browser"`` runs the rest (CONTRIBUTING.md)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def table(client):
    """A Liberté table for Christie, Joshua and Max, created by this client (the host)."""
    helper = TableHelper(client)
    helper.sit("Christie")
    return helper


@pytest.fixture
def vote_table(client):
    """A VOTE! table for seven players, created by this client (the host), sitting as Ann."""
    helper = VoteTable(client)
    helper.sit("Ann")
    return helper

