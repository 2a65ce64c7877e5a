"""companion serve: waitress on the LAN, the join address printed with a QR code."""
from click.testing import CliRunner

from companion import serve
from companion.cli import main


def test_serve_prints_the_address_and_qr_and_starts_waitress(tmp_path, monkeypatch):
    calls = {}
    monkeypatch.setattr("waitress.serve", lambda app, **kw: calls.update(app=app, **kw))
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.23")
    db = tmp_path / "game.sqlite"
    result = CliRunner().invoke(main, ["serve", "--port", "8123", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "http://192.168.1.23:8123/" in result.output and "█" in result.output or "▀" in result.output
    assert calls["port"] == 8123 and calls["host"] == "0.0.0.0"
    assert calls["app"].config["DATABASE"] == str(db) and db.exists()
    assert calls["app"].config["PUBLIC_URL"] == "http://192.168.1.23:8123/"


def test_lan_address_is_an_ip():
    assert serve.lan_address().count(".") == 3
