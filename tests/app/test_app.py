"""The app factory and the start page."""
from companion import create_app


def test_index_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"companion" in response.data
    assert "Liberté" in response.get_data(as_text=True)


def test_factory_keeps_a_secret_key_beside_the_database(tmp_path):
    """Seats survive a restart; a database kept elsewhere leaves the instance folder alone."""
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite"), "SECRET_KEY": None})
    again = create_app({"DATABASE": str(tmp_path / "db.sqlite"), "SECRET_KEY": None})
    assert app.config["SECRET_KEY"] == again.config["SECRET_KEY"] != "dev"
    assert (tmp_path / "secret_key").read_text() == app.config["SECRET_KEY"]
