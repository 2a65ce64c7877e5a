"""companion serve: waitress on the LAN, the join address printed with a QR code."""
import os
import socket

import pytest
from click.testing import CliRunner

from companion import serve
from companion.cli import main
from companion.scorers.vote.night_script import NightSettings
from companion.vote import night_form


def free_port() -> str:
    """A port nobody listens on now (the machine is shared: a fixed one may be taken)."""
    with socket.socket() as probe:
        probe.bind(("", 0))
        return str(probe.getsockname()[1])


def test_serve_prints_the_address_and_qr_and_starts_waitress(tmp_path, monkeypatch):
    calls = {}
    monkeypatch.setattr("waitress.serve", lambda app, **kw: calls.update(app=app, **kw))
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.23")
    db = tmp_path / "game.sqlite"
    port = free_port()
    result = CliRunner().invoke(main, ["serve", "--port", port, "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert f"http://192.168.1.23:{port}/" in result.output and "█" in result.output or "▀" in result.output
    assert calls["port"] == int(port) and calls["host"] == "0.0.0.0"
    assert calls["app"].config["DATABASE"] == str(db) and db.exists()
    assert calls["app"].config["PUBLIC_URL"] == f"http://192.168.1.23:{port}/"


def serve_cli(*args, **kw):
    """``companion serve`` with waitress replaced: returns (result, the waitress call or {})."""
    calls = {}
    kw.setdefault("monkeypatch", None).setattr("waitress.serve", lambda app, **k: calls.update(app=app, **k))
    return CliRunner().invoke(main, ["serve", *args]), calls


def instance_files():
    folder = os.path.join(os.path.dirname(os.path.dirname(serve.__file__)), "instance")
    return sorted(os.listdir(folder)) if os.path.isdir(folder) else None


def test_db_keeps_the_database_and_its_key_out_of_the_instance_folder(tmp_path, monkeypatch):
    """--db PATH: the cookie key is kept beside it; the checkout's instance folder is not touched."""
    before = instance_files()
    db = tmp_path / "game.sqlite"
    result, calls = serve_cli("--port", free_port(), "--db", str(db), monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "secret_key").read_text() == calls["app"].config["SECRET_KEY"]
    assert instance_files() == before


def test_a_busy_port_is_one_line_and_exit_1_before_any_qr(tmp_path, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result, calls = serve_cli("--host", "127.0.0.1", "--port", str(port), "--db", str(tmp_path / "g.sqlite"),
                                  monkeypatch=monkeypatch)
    assert result.exit_code == 1 and not calls
    assert result.output == (f"Error: port {port} is already in use (another companion serve?): choose another "
                             "with --port\n")
    assert not (tmp_path / "g.sqlite").exists()


def test_a_db_in_a_missing_folder_is_one_line_and_exit_1(tmp_path, monkeypatch):
    db = tmp_path / "nowhere" / "game.sqlite"
    result, calls = serve_cli("--db", str(db), monkeypatch=monkeypatch)
    assert result.exit_code == 1 and not calls
    assert result.output == f"Error: --db {db}: the folder {db.parent} does not exist\n"


def test_a_db_that_is_not_a_database_is_one_line_and_exit_1(tmp_path, monkeypatch):
    db = tmp_path / "notes.sqlite"
    db.write_text("not a database, a shopping list " * 100)
    result, calls = serve_cli("--port", free_port(), "--db", str(db), monkeypatch=monkeypatch)
    assert result.exit_code == 1 and not calls
    assert result.output == f"Error: --db {db}: cannot be used as the database (file is not a database)\n"


def test_a_loopback_host_says_no_phone_can_reach_it(tmp_path, monkeypatch):
    result, calls = serve_cli("--host", "127.0.0.1", "--port", free_port(), "--db", str(tmp_path / "g.sqlite"),
                              monkeypatch=monkeypatch)
    assert result.exit_code == 0 and calls["host"] == "127.0.0.1"
    assert "no phone can reach 127.0.0.1" in result.output and "on a phone" not in result.output
    assert "█" not in result.output and "▀" not in result.output  # no QR code for an address no phone opens


def test_help_version_and_where_the_formats_are():
    runner = CliRunner()
    for group in ([], ["liberte"], ["vote"]):
        text = runner.invoke(main, [*group, "--help"]).output
        assert "..." not in text.split("\n", 1)[1], text  # every summary whole, not cut mid-sentence
    assert "docs/rules/" in runner.invoke(main, ["--help"]).output
    assert runner.invoke(main, ["--version"]).output == "companion 0.1.0\n"
    assert "--threads INTEGER RANGE  Requests answered" in runner.invoke(main, ["serve", "--help"]).output
    for command in (["liberte", "resolve"], ["liberte", "check"], ["vote", "replay"]):
        text = " ".join(runner.invoke(main, [*command, "--help"]).output.split())
        assert "docs/formats.md" in text and "exits 2" in text, command


def test_the_night_settings_have_one_set_of_limits():
    """The CLI refuses what the night's page refuses (a 100,000 s countdown), with the same bounds."""
    result = CliRunner().invoke(main, ["vote", "script", "--players", "7", "--pace", "100", "--eyes-open", "1000"])
    assert result.exit_code == 2 and "0.1<=x<=5.0" in result.output
    options = {p.name: p.type for p in main.commands["vote"].commands["script"].params}
    for name, (low, high, _default) in night_form.LIMITS.items():
        assert (options[name].min, options[name].max) == (low, high)
    with pytest.raises(ValueError):
        NightSettings(eyes_open=301).check()


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
