"""companion serve: granian on the LAN, the join address printed with a QR code, workers; what
stops it from starting is one line."""
import gc
import http.client
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from browser_support import free_port
from click.testing import CliRunner

from companion.server import access_log, lan, ports, process, serve, workers
from companion.cli import main
from companion.scorers.vote.night_script import NightSettings
from companion.games.vote import night_form




def test_serve_prints_the_address_and_qr_and_starts_the_server(tmp_path, monkeypatch):
    calls = {}
    monkeypatch.setattr(serve, "run_server", lambda host, port, **kw: calls.update(
        host=host, port=port, **kw))
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.23")
    db = tmp_path / "game.sqlite"
    port = free_port()
    result = CliRunner().invoke(main, ["serve", "--port", str(port), "--db", str(db),
                                       "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert f"http://192.168.1.23:{port}/" in result.output and ("█" in result.output or "▀" in result.output)
    assert calls["port"] == port and calls["host"] == "0.0.0.0" and calls["workers"] == 2
    peers = calls["environ"].pop("COMPANION_PEERS_FOLDER")  # the workers' sockets' folder
    assert calls["environ"] == {"COMPANION_DATABASE": str(db),
                                "COMPANION_LAN_URL": f"http://192.168.1.23:{port}/"}
    assert db.exists()  # the schema is made once, before the workers start
    assert not os.path.exists(peers)  # removed when the server stops


def test_each_worker_builds_the_app_from_what_the_command_said(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATABASE", str(tmp_path / "hosted.sqlite"))
    monkeypatch.setenv("COMPANION_LAN_URL", "http://192.168.1.23:8000/")
    monkeypatch.setenv("COMPANION_PUBLIC_URL", "https://companion.example.org/")
    monkeypatch.setattr(workers, "die_with_parent", lambda: None)
    monkeypatch.setattr(workers, "settle_garbage_collector", lambda: None)
    turns = []
    monkeypatch.setattr(workers, "take_short_turns", lambda: turns.append(process.TURN))
    app = workers.hosted_app().app
    assert turns == [process.TURN]  # its threads take short turns (a test below)
    assert app.config["DATABASE"] == str(tmp_path / "hosted.sqlite")
    assert app.config["LAN_URL"] == "http://192.168.1.23:8000/"
    assert app.config["PUBLIC_URL"] == "https://companion.example.org/"  # the host's, kept


def test_a_worker_freezes_what_it_built_and_collects_young_objects_less_often():
    before = gc.get_threshold()
    try:
        process.settle_garbage_collector()
        assert gc.get_freeze_count() > 1000  # the modules, the app, its templates
        assert gc.get_threshold() == (process.YOUNG, *before[1:]) and process.YOUNG > before[0]
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_a_workers_threads_take_turns_of_half_a_millisecond():
    """The loop and granian's threads wait at most half a millisecond for a change's answer
    being rendered on the writing thread, not Python's 5 ms."""
    before = sys.getswitchinterval()
    try:
        process.take_short_turns()
        assert sys.getswitchinterval() == pytest.approx(0.0005) and before > 0.0005
    finally:
        sys.setswitchinterval(before)


def test_the_help_says_how_the_server_holds_many_phones():
    result = CliRunner().invoke(main, ["serve", "--help"])
    for option in ("--workers", "--max-connections", "--backlog", "--idle-timeout"):
        assert option in result.output


def serve_cli(*args, **kw):
    """``companion serve`` with the server replaced: returns (result, the server's call or {})."""
    calls = {}
    kw["monkeypatch"].setattr(serve, "run_server", lambda host, port, **k: calls.update(
        host=host, port=port, **k))
    return CliRunner().invoke(main, ["serve", *args]), calls


def instance_files():
    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(serve.__file__))), "instance")
    return sorted(os.listdir(folder)) if os.path.isdir(folder) else None


def test_db_keeps_the_database_and_its_key_out_of_the_instance_folder(tmp_path, monkeypatch):
    """--db PATH: the cookie key is kept beside it; the checkout's instance folder is not touched."""
    before = instance_files()
    db = tmp_path / "game.sqlite"
    result, calls = serve_cli("--port", str(free_port()), "--db", str(db), monkeypatch=monkeypatch)
    assert result.exit_code == 0, result.output
    assert calls["environ"]["COMPANION_DATABASE"] == str(db) and (tmp_path / "secret_key").exists()
    assert instance_files() == before
    monkeypatch.setattr(workers, "die_with_parent", lambda: None)
    monkeypatch.setattr(workers, "settle_garbage_collector", lambda: None)
    for name, value in calls["environ"].items():
        monkeypatch.setenv(name, value)
    worker = workers.hosted_app()  # a worker signs with the same key, kept beside the database
    assert (tmp_path / "secret_key").read_text() == worker.app.config["SECRET_KEY"]
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
    result, calls = serve_cli("--port", str(free_port()), "--db", str(db), monkeypatch=monkeypatch)
    assert result.exit_code == 1 and not calls
    assert result.output == f"Error: --db {db}: cannot be used as the database (file is not a database)\n"


def test_a_heartbeat_out_of_its_bounds_is_one_line_and_exit_1(tmp_path, monkeypatch):
    settings = tmp_path / "settings.py"
    settings.write_text("HEARTBEAT = 0.2\n")
    monkeypatch.setenv("COMPANION_SETTINGS", "")  # serve sets it: put back as it was after the test
    result, calls = serve_cli("--port", str(free_port()), "--db", str(tmp_path / "g.sqlite"),
                              "--settings", str(settings), monkeypatch=monkeypatch)
    assert result.exit_code == 1 and not calls
    assert result.output == "Error: HEARTBEAT is 0.2; it must be a number of seconds from 1 to 60\n"


def test_a_loopback_host_says_no_phone_can_reach_it(tmp_path, monkeypatch):
    result, calls = serve_cli("--host", "127.0.0.1", "--port", str(free_port()), "--db", str(tmp_path / "g.sqlite"),
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
    serve_help = " ".join(runner.invoke(main, ["serve", "--help"]).output.split())
    assert "--max-connections INTEGER RANGE Open connections each worker holds" in serve_help
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
    assert lan.lan_address().count(".") == 3


def start(db, port, *options, **popen):
    """``companion serve`` in its own process, and its start page once it answers (or what it
    said on stderr if it stopped first)."""
    with open(db.parent / f"serve-{port}.log", "w") as log:
        server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
                                   "--port", str(port), "--db", str(db), *options],
                                  stdout=subprocess.DEVNULL, stderr=log, **popen)
    deadline = time.monotonic() + 60  # a loaded machine
    while server.poll() is None and time.monotonic() < deadline:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            conn.request("GET", "/")
            return server, conn, conn.getresponse()
        except OSError:
            conn.close()
            time.sleep(0.1)
    server.kill()
    server.wait()
    raise AssertionError(f"companion serve did not start: {Path(log.name).read_text()}")


def start_anywhere(db, *options, **popen):
    """``companion serve`` on a free port: (the server, its port, a connection, the start page).
    Another port is tried if this one was taken meanwhile (the machine is shared)."""
    for _ in range(5):
        port = free_port()
        try:
            return (port, *start(db, port, *options, **popen))
        except AssertionError as err:
            if "already in use" not in str(err):
                raise
    raise AssertionError("no free port")


class Browser:
    """One browser's cookie and CSRF token, read off the start page it was answered, sent with
    every request on any server's connection (the servers share the database and the key)."""

    def __init__(self, page):
        token = re.search(r'name="csrf_token" value="([^"]+)"', page.read().decode()).group(1)
        self.headers = {"Cookie": page.getheader("Set-Cookie").split(";")[0], "X-CSRFToken": token,
                        "Content-Type": "application/x-www-form-urlencoded"}

    def ask(self, conn, method, path, body=None) -> tuple[int, str]:
        conn.request(method, path, body=body, headers=self.headers)
        answer = conn.getresponse()
        if answer.getheader("Set-Cookie"):
            self.headers["Cookie"] = answer.getheader("Set-Cookie").split(";")[0]
        return answer.status, answer.read().decode()


def stop(server, sig=signal.SIGINT):
    server.send_signal(sig)
    server.wait(20)


def test_a_write_survives_the_server_being_killed(tmp_path):
    """companion serve in its own process; a table is created; kill -9; the row is there, and
    the worker died with the command (the port is free for the next start)."""
    db = tmp_path / "killed.sqlite"
    port, server, conn, page = start_anywhere(db)
    try:
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
        stop(server, signal.SIGKILL)
    assert sqlite3.connect(db).execute("SELECT count(*) FROM tables").fetchone()[0] == 1
    again, conn, page = start(db, port)  # the killed command's worker no longer holds the port
    page.read()
    conn.close()
    stop(again)


def test_a_change_made_through_one_server_process_reaches_a_phone_listening_to_another(tmp_path):
    """Two server processes on one database (what --workers does, here on two ports so that
    each request's process is known): a table made and changed through the first; the second
    tells the change on a phone's open stream, and answers its board and a write from the
    version it shows."""
    db = tmp_path / "shared.sqlite"
    port1, first, conn1, page = start_anywhere(db)
    port2, second, conn2, start_page = start_anywhere(db, "--workers", "2")
    ports = port1, port2
    start_page.read()
    try:
        browser = Browser(page)
        ask = browser.ask

        ask(conn1, "POST", "/tables", "game=liberte&players=A%0AB%0AC&language=en")
        code = sqlite3.connect(db).execute("SELECT code FROM tables").fetchone()[0]
        ask(conn1, "POST", f"/t/{code}/seat", "player=A")
        news = http.client.HTTPConnection("127.0.0.1", ports[1], timeout=5)
        news.request("GET", f"/t/{code}/events", headers=browser.headers)
        stream = news.getresponse()
        assert stream.status == 200 and stream.getheader("Content-Type").startswith("text/event-stream")
        assert [stream.readline() for _ in range(4)] == [b"retry: 1000\n", b"id: 0\n", b"data: 0\n", b"\n"]
        assert ask(conn2, "GET", f"/liberte/{code}/")[0] == 200  # the second caches version 0
        stack = "province=3&player=A&faction=red&blocks=2&version="
        assert ask(conn1, "POST", f"/liberte/{code}/", stack + "0")[0] == 303
        assert [stream.readline() for _ in range(3)] == [b"id: 1\n", b"data: 1\n", b"\n"]
        news.close()
        assert ask(conn2, "GET", f"/t/{code}/events?once")[1].endswith("data: 1\n\n")
        status, board = ask(conn2, "GET", f"/liberte/{code}/")
        assert 'data-version="1"' in board and "Normandie" in board
        assert ask(conn2, "POST", f"/liberte/{code}/", stack.replace("=3", "=4") + "1")[0] == 303
        assert ask(conn1, "GET", f"/t/{code}/events?once")[1].endswith("data: 2\n\n")
        assert 'data-version="2"' in ask(conn1, "GET", f"/liberte/{code}/")[1]
    finally:
        conn1.close()
        conn2.close()
        stop(first)
        stop(second)


def until(condition, seconds: float, what: str):
    """Wait until ``condition()`` is true (a state of another process), at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not {what} after {seconds} s")
        time.sleep(0.02)


def table_with_a_phone(db, port, conn, page):
    """A table made through the server, and a phone's connection with its news stream open, the
    first message read."""
    cookie = page.getheader("Set-Cookie").split(";")[0]
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.read().decode()).group(1)
    conn.request("POST", "/tables", body=f"csrf_token={token}&game=liberte&players=A%0AB%0AC",
                 headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
    assert conn.getresponse().status == 303
    conn.close()
    code = sqlite3.connect(db).execute("SELECT code FROM tables").fetchone()[0]
    phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    phone.request("GET", f"/t/{code}/events")
    stream = phone.getresponse()
    assert [stream.readline() for _ in range(4)] == [b"retry: 1000\n", b"id: 0\n", b"data: 0\n", b"\n"]
    return phone, stream


def worker_of(server) -> int:
    """The pid of the one worker process ``companion serve`` started."""
    children = [int(pid) for pid in os.listdir("/proc")
                if pid.isdigit() and (stat(int(pid)) or [None, None])[1] == str(server.pid)]
    assert len(children) == 1, children
    return children[0]


def stat(pid: int) -> list[str] | None:
    """A process's state (R, S, T, Z...), parent and the rest, None once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def process_state(pid: int) -> str | None:
    """R, S, T... for a process that runs, None for one that has ended (a zombie has ended)."""
    state = (stat(pid) or ["X"])[0]
    return None if state in "ZX" else state


@pytest.mark.parametrize("ctrl_c", ["to the command", "from a terminal"])
def test_ctrl_c_ends_the_open_streams_and_stops_within_2_s(tmp_path, ctrl_c):
    """A terminal sends Ctrl-C to the command and its workers (its process group) at once; a
    service manager to the command only, which passes it on to the workers."""
    db = tmp_path / "stopped.sqlite"
    port, server, conn, page = start_anywhere(db, start_new_session=True)
    phone, stream = table_with_a_phone(db, port, conn, page)
    try:
        worker = worker_of(server)
        if ctrl_c == "from a terminal":
            os.killpg(server.pid, signal.SIGINT)
        else:
            server.send_signal(signal.SIGINT)
        assert server.wait(2) == 0
        assert stream.read() == b"" and stream.isclosed()  # ended whole, not cut
        assert process_state(worker) is None
    finally:
        phone.close()
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def test_ctrl_c_stops_within_2_s_a_worker_still_waiting_for_a_body(tmp_path):
    """A request whose body stops arriving would hold the worker for 30 s (front.BODY_TIMEOUT):
    it is not waited for more than front.GRACE."""
    db = tmp_path / "halfway.sqlite"
    port, server, conn, page = start_anywhere(db)
    page.read()
    try:
        conn.putrequest("POST", "/tables")
        conn.putheader("Content-Type", "application/x-www-form-urlencoded")
        conn.putheader("Content-Length", "1000")
        conn.endheaders(b"game=liberte&players=")  # and no more
        server.send_signal(signal.SIGINT)
        assert server.wait(2) == 0
    finally:
        conn.close()
        if server.poll() is None:
            server.kill()
            server.wait()


def test_a_second_ctrl_c_stops_at_once(tmp_path):
    """A worker that does not stop (here: stopped with SIGSTOP) is killed at the second Ctrl-C."""
    db = tmp_path / "stuck.sqlite"
    port, server, conn, page = start_anywhere(db)
    phone, _stream = table_with_a_phone(db, port, conn, page)
    worker = worker_of(server)
    try:
        os.kill(worker, signal.SIGSTOP)
        until(lambda: process_state(worker) == "T", 10, "stopped")
        server.send_signal(signal.SIGINT)
        until(lambda: sigterm_pending(worker), 10, "told to stop")  # the first Ctrl-C was heard
        with pytest.raises(subprocess.TimeoutExpired):
            server.wait(0.5)  # it waits for the worker to finish
        server.send_signal(signal.SIGINT)
        assert server.wait(2) == 0
        assert process_state(worker) is None
    finally:
        phone.close()
        if process_state(worker):
            os.kill(worker, signal.SIGKILL)
        if server.poll() is None:
            server.kill()
            server.wait()


def sigterm_pending(pid: int) -> bool:
    status = dict(line.split(":\t", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                  if ":\t" in line)
    return any(int(status[field], 16) & 1 << (signal.SIGTERM - 1) for field in ("SigPnd", "ShdPnd"))


def test_a_worker_whose_command_is_killed_ends_its_streams_and_stops(tmp_path):
    """kill -9 of ``companion serve``: its worker, told by the kernel (process.die_with_parent),
    ends the phone's stream and stops within 2 s instead of serving it on."""
    db = tmp_path / "orphan.sqlite"
    port, server, conn, page = start_anywhere(db)
    phone, stream = table_with_a_phone(db, port, conn, page)
    worker = worker_of(server)
    try:
        server.kill()
        server.wait(10)
        until(lambda: process_state(worker) is None, 2, "stopped")
        assert stream.read() == b"" and stream.isclosed()
    finally:
        phone.close()
        if process_state(worker):
            os.kill(worker, signal.SIGKILL)


def test_the_qr_opens_public_url_or_the_table_given(tmp_path, monkeypatch):
    """``PUBLIC_URL`` (a host behind its proxy) is what the QR code opens; ``--table CODE``
    opens that table's join page, ``--table`` alone the newest table's."""
    from companion import create_app
    from table_support import TableHelper
    db = tmp_path / "g.sqlite"
    app = create_app({"TESTING": True, "DATABASE": str(db), "SECRET_KEY": "k",
                      "WTF_CSRF_ENABLED": False})
    older, newer = TableHelper(app.test_client()), TableHelper(app.test_client())
    monkeypatch.setenv("COMPANION_PUBLIC_URL", "https://companion.example.org/")
    for option, code in ((["--table", older.code.lower()], older.code), (["--table"], newer.code),
                         ([], None)):
        result, calls = serve_cli("--host", "127.0.0.1", "--port", str(free_port()), "--db",
                                  str(db), *option, monkeypatch=monkeypatch)
        assert result.exit_code == 0, result.output
        link = "https://companion.example.org/" + (f"/t/{code}"[1:] if code else "")
        assert f"open {link} on a phone" in result.output and "▀" in result.output
    result, _ = serve_cli("--port", str(free_port()), "--db", str(db), "--table", "NOPE9",
                          monkeypatch=monkeypatch)
    assert result.exit_code == 1 and "--table NOPE9: there is no such table" in result.output


def test_behind_a_proxy_the_start_line_matches_the_service_unit(tmp_path, monkeypatch):
    """The unit file of docs/hosting.md listens on 127.0.0.1 behind a proxy: the start line
    says so, and does not advise --host 0.0.0.0."""
    monkeypatch.setenv("COMPANION_PROXY_HOPS", "1")
    result, calls = serve_cli("--host", "127.0.0.1", "--port", str(free_port()), "--db",
                              str(tmp_path / "g.sqlite"), monkeypatch=monkeypatch)
    assert result.exit_code == 0 and "0.0.0.0" not in result.output
    assert "to the proxy in front (PROXY_HOPS=1)" in result.output
    assert "COMPANION_LAN_URL" not in calls["environ"]  # no phone opens 127.0.0.1


def test_the_terminals_qr_is_black_on_white_with_its_quiet_zone():
    """A drawing in the terminal's own colours is inverted on a light or a dark terminal:
    each line sets black on white, and reading the half blocks back gives the code's modules
    with four light ones around them."""
    import qrcode
    from companion import qr
    drawing = qr.text("http://192.168.1.5:8000/t/ABCDE")
    lines = drawing.splitlines()
    assert all(line.startswith(qr.ON) and line.endswith(qr.OFF) for line in lines)
    halves = {char: pair for pair, char in qr.HALVES.items()}
    rows = []
    for line in lines:
        pairs = [halves[char] for char in line[len(qr.ON):-len(qr.OFF)]]
        rows += [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
    code = qrcode.QRCode(border=qr.QUIET)
    code.add_data("http://192.168.1.5:8000/t/ABCDE")
    code.make(fit=True)
    matrix = [list(row) for row in code.get_matrix()]
    assert rows[:len(matrix)] == matrix and not any(any(row) for row in rows[len(matrix):])
    assert not any(any(row) for row in matrix[:qr.QUIET])  # the quiet zone, light


def test_sighup_stops_the_server_like_ctrl_c(tmp_path):
    """Closing the terminal (SIGHUP to the command and its workers) started a new worker and
    kept serving; the next start found the port busy. It stops as Ctrl-C does."""
    db = tmp_path / "hung-up.sqlite"
    port, server, conn, page = start_anywhere(db, start_new_session=True)
    phone, stream = table_with_a_phone(db, port, conn, page)
    try:
        worker = worker_of(server)
        os.killpg(server.pid, signal.SIGHUP)
        assert server.wait(5) == 0
        assert stream.read() == b"" and stream.isclosed()
        assert process_state(worker) is None
        assert ports.port_problem("127.0.0.1", port) is None  # the port is free again
    finally:
        phone.close()
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def test_the_start_line_says_how_to_stop(tmp_path, monkeypatch):
    for host in ("0.0.0.0", "127.0.0.1"):
        result, calls = serve_cli("--host", host, "--port", str(free_port()), "--db",
                                  str(tmp_path / "g.sqlite"), monkeypatch=monkeypatch)
        assert result.exit_code == 0 and calls
        assert result.output.rstrip("\n").splitlines()[-1].endswith("; Ctrl+C to stop")


def test_log_writes_a_line_for_each_request(tmp_path, monkeypatch):
    """--log FILE: the method, path, status and time of every request; --log alone: on stderr."""
    db, log = tmp_path / "logged.sqlite", tmp_path / "requests.log"
    port, server, conn, page = start_anywhere(db, "--log", str(log))
    try:
        page.read()
        conn.request("GET", "/static/missing.css")
        conn.getresponse().read()
        conn.close()
        until(lambda: len(log.read_text().splitlines()) == 2, 10, "logged")
        first, second = log.read_text().splitlines()
        assert re.fullmatch(r"\S+ \S+ \S+ 127\.0\.0\.1 GET / 200 \d+\.\d ms", first), first
        assert re.search(r" GET /static/missing\.css 404 \d+\.\d ms$", second), second
    finally:
        stop(server)
    assert serve_cli("--port", str(free_port()), "--db", str(db), "--log",
                     monkeypatch=monkeypatch)[1]["log"] == "-"
    assert access_log.request_log("-")["handlers"]["access"]["stream"] == "ext://sys.stderr"
    missing = tmp_path / "nowhere" / "requests.log"
    result, calls = serve_cli("--port", str(free_port()), "--db", str(db), "--log", str(missing),
                              monkeypatch=monkeypatch)
    assert result.exit_code == 1 and not calls
    assert result.output == f"Error: --log {missing}: cannot be written (No such file or directory)\n"


def test_a_table_made_after_a_deleted_one_never_shows_its_state_on_another_process(tmp_path):
    """Two server processes on one database (as --workers runs them, here on two ports so that
    each request's process is known). The second shows table X, so it keeps X's position; X is
    deleted through the first, and Y is created next. Y must never be shown X's players, and a
    write for Y's own player must go through: SQLite used to give Y the deleted X's id, and the
    second process served X's cached position for it."""
    db = tmp_path / "shared.sqlite"
    _, first, conn1, page = start_anywhere(db)
    _, second, conn2, start_page = start_anywhere(db)
    start_page.read()
    try:
        ask = Browser(page).ask

        def newest_code():
            return sqlite3.connect(db).execute(
                "SELECT code FROM tables ORDER BY id DESC").fetchone()[0]

        ask(conn1, "POST", "/tables", "game=liberte&players=Alice%0ABruno%0ACarla&language=en")
        x = newest_code()
        assert "Alice" in ask(conn2, "GET", f"/liberte/{x}/")[1]  # the second keeps X at v0
        assert ask(conn1, "POST", f"/t/{x}/delete", f"confirm={x}")[0] == 303
        ask(conn1, "POST", "/tables", "game=liberte&players=Dora%0AEmil%0AFay&language=en")
        y = newest_code()
        assert y != x
        ask(conn2, "POST", f"/t/{y}/seat", "player=Dora")
        status, board = ask(conn2, "GET", f"/liberte/{y}/")
        assert status == 200 and "Dora" in board and "Alice" not in board
        tap = "province=3&player=Dora&faction=red&blocks=2&version=0"
        assert ask(conn2, "POST", f"/liberte/{y}/", tap)[0] == 303
        assert "Alice" not in ask(conn2, "GET", f"/liberte/{y}/")[1]
    finally:
        conn1.close()
        conn2.close()
        stop(first)
        stop(second)


def test_a_chunked_body_the_server_cannot_read_is_a_400(tmp_path):
    """A malformed chunk size (``zz``) or a chunk longer than it says: granian gives the front
    ``http.disconnect`` for the body, and an app that answers nothing is granian's own 500. The
    front answers 400 "the body could not be read", and nothing is stored (issue 22)."""
    db = tmp_path / "chunked.sqlite"
    port, server, conn, page = start_anywhere(db)
    page.read()
    conn.close()
    try:
        for body in (b"zz\r\nab\r\n0\r\n\r\n", b"2\r\nabcdef\r\n0\r\n\r\n", b"\xb2\r\nab\r\n0\r\n\r\n"):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
                raw.sendall(b"POST /tables HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                            b"Content-Type: application/x-www-form-urlencoded\r\n\r\n" + body)
                answer = b"".join(iter(lambda: raw.recv(4096), b""))  # it closes when done
            assert answer.startswith(b"HTTP/1.1 400 "), answer
            assert answer.endswith(b"The request's body could not be read."), answer
    finally:
        stop(server)
    assert sqlite3.connect(db).execute("SELECT count(*) FROM tables").fetchone()[0] == 0
