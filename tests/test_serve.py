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


def test_a_write_survives_the_server_being_killed(tmp_path):
    """companion serve in its own process; a table is created; kill -9; the row is there."""
    import http.client
    import re
    import signal
    import socket
    import sqlite3
    import subprocess
    import sys
    import time

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = tmp_path / "killed.sqlite"
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
                               "--port", str(port), "--db", str(db)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/")
                page = conn.getresponse()
                break
            except OSError:
                conn.close()
                time.sleep(0.1)
        body = page.read().decode()
        cookie = page.getheader("Set-Cookie").split(";")[0]
        token = re.search(r'name="csrf_token" value="([^"]+)"', body).group(1)
        form = f"csrf_token={token}&game=liberte&players=A%0AB%0AC&language=en"
        conn.request("POST", "/tables", body=form, headers={
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
        created = conn.getresponse()
        created.read()
        conn.close()
        assert created.status == 303
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    assert sqlite3.connect(db).execute("SELECT count(*) FROM tables").fetchone()[0] == 1
