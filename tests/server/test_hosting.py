"""Past one machine: two ``companion serve`` instances behind nginx, with the configuration of
docs/hosting.md, each table routed to its instance by its code. Needs Debian's nginx (CI
installs it; elsewhere the test skips without it)."""
import http.client
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from browser_support import free_port

DOCS = Path(__file__).resolve().parents[2] / "docs"
CONF = DOCS / "hosting" / "nginx-instances.conf"
LIMITS = DOCS / "hosting" / "nginx-limits.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def stop(processes: list) -> None:
    """nginx and the servers stopped as their users stop them (SIGTERM, Ctrl-C), the last first;
    one that does not stop within 20 s is killed."""
    for process in reversed(processes):
        process.send_signal(signal.SIGTERM if process.args[0] == NGINX else signal.SIGINT)
    for process in processes:
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()




def answers(port: int) -> bool:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", "/")
        conn.getresponse().read()
        return True
    except OSError:
        return False
    finally:
        conn.close()


def started(process, port, what):
    for _ in range(200):
        if answers(port):
            return process
        if process.poll() is not None:
            break
        time.sleep(0.1)
    process.kill()
    pytest.fail(f"{what} did not start")


def serving(command, env, what):
    """``command(port)`` started on a free port, and the port: another is tried when the one
    found free was taken meanwhile (the process ends at once, its port busy)."""
    for _ in range(5):
        port = free_port()
        process = subprocess.Popen(command(port), env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        for _ in range(200):
            if process.poll() is not None:
                break
            if answers(port):
                return process, port
            time.sleep(0.1)
        else:
            process.kill()
            pytest.fail(f"{what} did not start")
    pytest.fail(f"{what} found no free port")


@pytest.fixture
def instances(tmp_path):
    """Instances A and B (their own databases, one cookie key) and nginx in front of them, as
    docs/hosting.md configures them; yields (the proxy's port, {prefix: database})."""
    if not os.path.exists(NGINX):
        if os.environ.get("CI") == "true":
            pytest.fail("no nginx: CI must run the hosting test (apt-get install nginx-light)")
        pytest.skip("no nginx")
    ports = {}
    proxy = free_port()
    databases, processes = {}, []
    try:
        for prefix in ("A", "B"):
            folder = tmp_path / prefix
            folder.mkdir()
            databases[prefix] = folder / "companion.sqlite"
            env = dict(os.environ, COMPANION_CODE_PREFIX=prefix, COMPANION_JOIN_CODE_LENGTH="6",
                       COMPANION_SECRET_KEY="one-key-for-every-instance", COMPANION_PROXY_HOPS="1")
            process, ports[prefix] = serving(lambda port: [
                sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port",
                str(port), "--db", str(databases[prefix])], env, f"instance {prefix}")
            processes.append(process)
        site = (CONF.read_text().replace("127.0.0.1:8001", f"127.0.0.1:{ports['A']}")
                .replace("127.0.0.1:8002", f"127.0.0.1:{ports['B']}")
                .replace("listen 80;", f"listen 127.0.0.1:{proxy};"))
        (tmp_path / "companion.conf").write_text(site)
        temp = "\n".join(f"  {kind}_temp_path {tmp_path}/{kind};"
                         for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (tmp_path / "nginx.conf").write_text(
            ("user root;\n" if os.geteuid() == 0 else "")
            + f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\n"
            + LIMITS.read_text()
            + f"http {{\n  access_log off;\n{temp}\n  include {tmp_path}/companion.conf;\n}}\n")
        processes.append(started(subprocess.Popen(
            [NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), proxy, "nginx"))
        yield proxy, databases
    finally:
        stop(processes)


class Phone:
    """One browser's cookies, talking to the proxy only."""

    def __init__(self, port):
        self.port, self.headers = port, {}
        status, page, _ = self.ask("GET", "/")
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        self.headers.update({"X-CSRFToken": token,
                             "Content-Type": "application/x-www-form-urlencoded"})

    def ask(self, method, path, body=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            conn.request(method, path, body=body, headers=self.headers)
            answer = conn.getresponse()
            if answer.getheader("Set-Cookie"):
                self.headers["Cookie"] = answer.getheader("Set-Cookie").split(";")[0]
            return answer.status, answer.read().decode(), answer.getheader("Location")
        finally:
            conn.close()

    def stream(self, code):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.request("GET", f"/t/{code}/events", headers=self.headers)
        answer = conn.getresponse()
        assert answer.status == 200
        return conn, answer


def test_the_docs_give_the_configuration_the_test_runs():
    assert CONF.read_text().strip() in (DOCS / "hosting.md").read_text()
    assert LIMITS.read_text().strip() in (DOCS / "hosting.md").read_text()


def test_a_table_on_each_instance_plays_through_the_proxy(instances):
    """Tables are created through the proxy (on whichever instance), then joined, tapped,
    told and exported through it: each lives in its own instance's database alone."""
    proxy, databases = instances
    host = Phone(proxy)
    codes = {}
    for _ in range(12):  # the proxy takes turns between the instances
        status, _, where = host.ask("POST", "/tables", "game=liberte&players=Ann%0ABen%0ACleo"
                                                       "&language=en")
        assert status == 303
        code = where.rstrip("/").split("/")[-2]
        codes.setdefault(code[0], code)
        if len(codes) == 2:
            break
    assert sorted(codes) == ["A", "B"]
    for prefix, code in codes.items():
        player = Phone(proxy)
        assert player.ask("POST", f"/t/{code}/seat", "player=Ben")[0] == 303
        news, stream = player.stream(code)
        assert [stream.readline() for _ in range(4)] == [b"retry: 1000\n", b"id: 0\n",
                                                         b"data: 0\n", b"\n"]
        tap = "province=3&player=Ben&faction=red&blocks=2&version=0"
        assert player.ask("POST", f"/liberte/{code}/", tap)[0] == 303
        assert [stream.readline() for _ in range(3)] == [b"id: 1\n", b"data: 1\n", b"\n"]
        news.close()
        status, exported, _ = host.ask("GET", f"/t/{code}/export.json")
        assert status == 200 and [e["kind"] for e in json.loads(exported)["events"]] == ["stack"]
        for other, database in databases.items():
            held = sqlite3.connect(database).execute(
                "SELECT count(*) FROM tables WHERE code = ?", (code,)).fetchone()[0]
            assert held == (other == prefix), (code, other)


def test_the_proxy_holds_more_streams_than_nginx_gives_by_default(instances):
    """600 phones hold their table's news stream through nginx at once: 1,200 connections in
    nginx (each stream is the phone's and the instance's), more than its default 512 a worker
    (Debian's 768), which the documented limits raise. Every one is told the table's change.
    The phones come from six loopback addresses, as a room's would come from its own: each
    instance trusts the proxy's X-Forwarded-For (PROXY_HOPS), so that no address holds more
    than STREAMS_PER_ADDRESS."""
    proxy, _ = instances
    host = Phone(proxy)
    status, _, where = host.ask("POST", "/tables", "game=liberte&players=Ann%0ABen%0ACleo"
                                     "&language=en")
    assert status == 303, status
    code = where.rstrip("/").split("/")[-2]
    assert host.ask("POST", f"/t/{code}/seat", "player=Ann")[0] == 303
    request = f"GET /t/{code}/events HTTP/1.1\r\nHost: phone\r\n\r\n".encode()
    phones = []
    try:
        for n in range(600):
            phone = socket.create_connection(("127.0.0.1", proxy), timeout=20,
                                             source_address=(f"127.0.0.{2 + n % 6}", 0))
            phones.append(phone)
            phone.sendall(request)
        for phone in phones:
            assert b"data: 0\n" in told(phone, b"data: 0\n")
        tap = "province=3&player=Ann&faction=red&blocks=2&version=0"
        assert host.ask("POST", f"/liberte/{code}/", tap)[0] == 303
        for phone in phones:
            assert b"data: 1\n" in told(phone, b"data: 1\n")
    finally:
        for phone in phones:  # reset, not closed: no 600 sockets left in TIME_WAIT for the
            phone.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            phone.close()     # next tests' ports (browser_support.free_port)


def told(phone: socket.socket, until: bytes) -> bytes:
    """What the stream sent until ``until`` (or it ended)."""
    received = b""
    while until not in received:
        chunk = phone.recv(4096)
        if not chunk:
            break
        received += chunk
    return received


LAN_HTTPS = DOCS / "hosting" / "nginx-lan-https.conf"


def test_the_docs_give_the_lan_https_configuration_the_test_runs():
    assert LAN_HTTPS.read_text().strip() in (DOCS / "hosting.md").read_text()


def test_behind_nginx_with_tls_the_join_link_is_the_proxys_host_and_scheme(tmp_path):
    """The LAN recipe of docs/hosting.md, run: nginx with a certificate in front of a companion
    listening on 127.0.0.1 with PROXY_HOPS=1. The room's join link (and its QR code) read
    https://companion.lan:PORT/t/CODE, not the http://127.0.0.1 address nginx reached."""
    import ssl
    if not os.path.exists(NGINX) or not shutil.which("openssl"):
        if os.environ.get("CI") == "true":
            pytest.fail("no nginx: CI must run the hosting test (apt-get install nginx-light)")
        pytest.skip("no nginx or openssl")
    crt, key = tmp_path / "companion.lan.crt", tmp_path / "companion.lan.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", str(key), "-out",
                    str(crt), "-days", "1", "-subj", "/CN=companion.lan"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = dict(os.environ, COMPANION_PROXY_HOPS="1")
    env.pop("COMPANION_PUBLIC_URL", None)
    processes = []
    try:
        process, port = serving(lambda port: [
            sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port",
            str(port), "--db", str(tmp_path / "companion.sqlite")], env, "companion")
        processes.append(process)
        proxy = free_port()
        site = (LAN_HTTPS.read_text().replace("127.0.0.1:8000", f"127.0.0.1:{port}")
                .replace("listen 443 ssl;", f"listen 127.0.0.1:{proxy} ssl;")
                .replace("/etc/ssl/companion/companion.lan.crt", str(crt))
                .replace("/etc/ssl/companion/companion.lan.key", str(key)))
        temp = "\n".join(f"  {kind}_temp_path {tmp_path}/{kind};"
                         for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (tmp_path / "nginx.conf").write_text(
            ("user root;\n" if os.geteuid() == 0 else "")
            + f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
            + f"http {{\n  access_log off;\n{temp}\n{site}\n}}\n")
        nginx = subprocess.Popen([NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"),
                                  "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        processes.append(nginx)
        origin = f"https://companion.lan:{proxy}"
        headers = {"Host": f"companion.lan:{proxy}", "Referer": origin + "/"}

        def ask(method, path, body=None):
            conn = http.client.HTTPSConnection("127.0.0.1", proxy, timeout=10,
                                               context=ssl._create_unverified_context())
            try:
                conn.request(method, path, body=body, headers=headers)
                answer = conn.getresponse()
                if answer.getheader("Set-Cookie"):
                    headers["Cookie"] = answer.getheader("Set-Cookie").split(";")[0]
                return answer, answer.read().decode()
            finally:
                conn.close()
        for _ in range(200):  # nginx starting
            try:
                answer, page = ask("GET", "/")
                break
            except OSError:
                assert nginx.poll() is None, (tmp_path / "error.log").read_text()
                time.sleep(0.05)
        assert "Secure" in answer.getheader("Set-Cookie")  # the proxy said https
        headers["X-CSRFToken"] = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        made, _ = ask("POST", "/tables", "game=liberte&players=Ann%0ABen%0ACleo&language=en")
        assert made.status == 303, made.status
        code = made.getheader("Location").rstrip("/").split("/")[-2]
        answer, room = ask("GET", f"/t/{code}/room")
        assert f'href="{origin}/t/{code}"' in room
    finally:
        stop(processes)
