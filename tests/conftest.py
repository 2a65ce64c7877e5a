"""Fixtures shared by the app tests (the Flask tutorial's conftest)."""
import pytest

from companion import create_app


@pytest.fixture
def app(tmp_path):
    """An app with a fresh database file in a temporary folder."""
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite")})


@pytest.fixture
def client(app):
    return app.test_client()
