"""The app factory and the start page."""
from companion import create_app


def test_index_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"companion" in response.data
    assert "Liberté" in response.get_data(as_text=True)


def test_factory_keeps_a_secret_key_in_the_instance_folder(tmp_path, monkeypatch):
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite"), "SECRET_KEY": None})
    again = create_app({"DATABASE": str(tmp_path / "db.sqlite"), "SECRET_KEY": None})
    assert app.config["SECRET_KEY"] == again.config["SECRET_KEY"] != "dev"
