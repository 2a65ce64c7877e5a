"""Fixtures of the VOTE! table tests: a started game and the server's clock moved by hand."""
import pytest

from companion.games.vote import timer
from table_support import DICE, Clock


@pytest.fixture
def started(vote_table):
    """The ``vote_table`` started with DICE: Cid is the first President."""
    assert vote_table.start(DICE).status_code == 200
    return vote_table


@pytest.fixture
def clock(monkeypatch):
    """The VOTE! timer's clock (a Clock), moved by setting its ``now``."""
    found = Clock()
    monkeypatch.setattr(timer, "now", found)
    return found
