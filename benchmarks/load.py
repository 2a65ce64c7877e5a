"""Many tables on one machine (issue 12): the real server under N tables x 6 polling phones.

    python benchmarks/load.py --tables 1000 [--workers 2] [--duration 30] [--taps 20]

1. Starts ``companion serve`` (granian, ``--workers``) on a free loopback port with a new
   database, and builds N Liberté tables through it over HTTP: the first by taps (a realistic
   board, about 30 stacks), the others imported from its export, each with a phone seated.
2. Idle and half-open sockets (``--idle``, 500): the time of a real poll on a quiet server, then
   with that many sockets open that send nothing, half a request's headers, or half a POST's
   body (each kind in turn).
3. The load: N x 6 phones, each with its own keep-alive connection, polling on its own interval
   (uniform in 0.9-1.1 s, random phase), as htmx does: a poll due while the phone still waits
   for an answer is not sent. A phone told that its table changed fetches the board fragment, as
   the page does (naming the version it shows, so it gets only what changed when it can).
   Meanwhile ``--taps`` taps per second (a seated phone sets a stack on a random table).
   After ``--warmup`` seconds, ``--duration`` seconds are measured: polls offered and answered,
   latency p50/p95/p99, errors, taps, refreshes, and how long after a tap the other phones
   showed it. Then the server's memory (RSS per worker) and the load generator's CPU.

Loopback only; every loop is bounded in time; the server is stopped at the end.
"""
import argparse
import asyncio
import gzip
import os
import random
import re
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from http.client import HTTPConnection
from pathlib import Path

PLAYERS = ["Christie", "Joshua", "Max", "Anna"]
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_server(folder: str, port: int, workers: int, options=()) -> subprocess.Popen:
    """``companion serve`` in its own process group, ready when it answers."""
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", HOST,
                               "--port", str(port), "--db", f"{folder}/load.sqlite",
                               "--workers", str(workers), *options],
                              stdout=subprocess.DEVNULL,
                              stderr=open(f"{folder}/server.log", "w", encoding="utf-8"),
                              start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = HTTPConnection(HOST, port, timeout=5)
            conn.request("GET", "/")
            conn.getresponse().read()
            conn.close()
            return server
        except OSError:
            time.sleep(0.2)
    stop_server(server)
    raise SystemExit("the server did not start")


def stop_server(server: subprocess.Popen) -> None:
    os.killpg(server.pid, signal.SIGINT)
    try:
        server.wait(15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def workers(server: subprocess.Popen, field: str) -> list[int]:
    """A field of /proc/PID/status (VmRSS in kB, Threads) for each of the server's workers."""
    values = []
    for child in Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split():
        status = Path(f"/proc/{child}/status").read_text()
        values.append(int(re.search(rf"{field}:\s+(\d+)", status).group(1)))
    return values


def cpu_seconds(server: subprocess.Popen) -> list[float]:
    """CPU time (user + system) each of the server's workers has used so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    times = []
    for child in Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split():
        fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        times.append((int(fields[11]) + int(fields[12])) / ticks)
    return times


class Phone:
    """A browser session over HTTP/1.1 keep-alive (http.client): its cookie and CSRF token."""

    def __init__(self, port):
        self.conn = HTTPConnection(HOST, port, timeout=30)
        self.cookie, self.token = "", ""

    def send(self, method, path, body=b"", headers=None):
        headers = dict(headers or {}, Cookie=self.cookie, **{"X-CSRFToken": self.token})
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response, data

    def start(self):
        """The start page gives the session and its CSRF token."""
        _, page = self.send("GET", "/")
        self.token = re.search(rb'name="csrf_token" value="([^"]+)"', page).group(1).decode()

    def form(self, path, fields, htmx=False):
        body = "&".join(f"{k}={v}" for k, v in fields.items()).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if htmx:
            headers["HX-Request"] = "true"
        return self.send("POST", path, body, headers)


def first_table(port) -> tuple[bytes, int]:
    """A table built tap by tap, as its host would: its export file and its version."""
    phone = Phone(port)
    phone.start()
    response, _ = phone.form("/tables", {"game": "liberte", "players": "%0A".join(PLAYERS),
                                         "language": "en"})
    code = response.getheader("Location").split("/")[2]
    phone.form(f"/t/{code}/seat", {"player": PLAYERS[0]})
    version = 0
    taps = [(n, "Christie", "red", 2) for n in range(1, 13)]
    taps += [(n, "Joshua", "blue", 1) for n in range(1, 13)]
    taps += [(n, "Max", "white", 1 + n % 2) for n in range(13, 19)]
    for province, player, faction, blocks in taps:
        response, _ = phone.form(f"/liberte/{code}/", {
            "version": version, "province": province, "player": player, "faction": faction,
            "blocks": blocks})
        assert response.status == 303, (response.status, province, player)
        version += 1
    _, export = phone.send("GET", f"/t/{code}/export.json")
    return export, version


def imported_table(port, export: bytes) -> dict:
    """A table imported from ``export`` by a new phone, which sits as the first player."""
    phone = Phone(port)
    phone.start()
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; "
            f"filename=\"table.json\"\r\nContent-Type: application/json\r\n\r\n").encode()
    body += export + f"\r\n--{boundary}--\r\n".encode()
    response, _ = phone.send("POST", "/tables/import", body,
                             {"Content-Type": f"multipart/form-data; boundary={boundary}"})
    assert response.status == 303, response.status
    code = response.getheader("Location").split("/")[2]
    phone.form(f"/t/{code}/seat", {"player": PLAYERS[2]})
    phone.conn.close()
    return {"code": code, "cookie": phone.cookie, "token": phone.token}


def build(port, count) -> tuple[list[dict], int]:
    export, version = first_table(port)
    return [imported_table(port, export) for _ in range(count)], version


def poll_times(port, code, version, count=40) -> list[float]:
    """Milliseconds of ``count`` polls, one after another on one keep-alive connection."""
    conn = HTTPConnection(HOST, port, timeout=30)
    times = []
    for _ in range(count):
        start = time.perf_counter()
        conn.request("GET", f"/t/{code}/poll?v={version}")
        response = conn.getresponse()
        response.read()
        times.append((time.perf_counter() - start) * 1000)
        assert response.status == 204, response.status
        time.sleep(0.01)
    conn.close()
    return times


HALF = {"idle": b"",
        "half headers": b"GET / HTTP/1.1\r\nHost: phone\r\nUser-Agent: half",
        "half body": (b"POST /tables HTTP/1.1\r\nHost: phone\r\nContent-Type: "
                      b"application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ngame=li")}


def idle_check(port, table, version, count) -> list[str]:
    """A real poll's time with ``count`` sockets of each kind open (one kind at a time)."""
    quiet = poll_times(port, table["code"], version)
    lines = [f"quiet server: poll p50 {statistics.median(quiet):.1f} ms, max {max(quiet):.1f} ms"]
    for kind, data in HALF.items():
        sockets = []
        for _ in range(count):
            sock = socket.create_connection((HOST, port))
            if data:
                sock.sendall(data)
            sockets.append(sock)
        time.sleep(0.5)
        times = poll_times(port, table["code"], version)
        delay = max(times) - statistics.median(quiet)
        lines.append(f"{count} sockets, {kind}: poll p50 {statistics.median(times):.1f} ms, max "
                     f"{max(times):.1f} ms (delay {delay:.1f} ms, goal <= 100)")
        for sock in sockets:
            sock.close()
    return lines


class Connection(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection of the load: one request at a time."""

    def __init__(self):
        self.buffer = bytearray()
        self.waiter = None
        self.transport = None

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.buffer += data
        if self.waiter is not None and not self.waiter.done():
            answer = parse(self.buffer)
            if answer is not None:
                self.waiter.set_result(answer)

    def connection_lost(self, exc):
        self.transport = None
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(ConnectionError("closed by the server"))

    async def ask(self, request: bytes):
        self.waiter = asyncio.get_running_loop().create_future()
        self.transport.write(request)
        return await self.waiter


def parse(buffer: bytearray):
    """(status, head, body) of the first whole answer in ``buffer`` (removed from it), or None."""
    end = buffer.find(b"\r\n\r\n")
    if end < 0:
        return None
    head = bytes(buffer[:end]).lower()
    at = head.find(b"content-length:")
    if at >= 0:
        line_end = head.find(b"\r\n", at)
        stop = end + 4 + int(head[at + 15:line_end if line_end >= 0 else None])
        if len(buffer) < stop:
            return None
        body = bytes(buffer[end + 4:stop])
    elif b"transfer-encoding: chunked" in head:
        body, stop = chunks(buffer, end + 4)
        if body is None:
            return None
    else:
        body, stop = b"", end + 4
    del buffer[:stop]
    return int(head[9:12]), head, body


def chunks(buffer: bytearray, at: int):
    body = bytearray()
    while True:
        line = buffer.find(b"\r\n", at)
        if line < 0:
            return None, 0
        size = int(buffer[at:line].split(b";")[0], 16)
        if len(buffer) < line + 2 + size + 2:
            return None, 0
        body += buffer[line + 2:line + 2 + size]
        at = line + 2 + size + 2
        if size == 0:
            return bytes(body), at


class Load:
    """The phones, the taps and what was measured."""

    def __init__(self, port, tables, version, args, server):
        self.port, self.tables, self.args, self.server = port, tables, args, server
        self.threads = []
        self.rate = 0.0  # polls a second the phones offer: each on its own interval
        self.version = {t["code"]: version for t in tables}  # as the tapping phones know it
        self.taps = {t["code"]: [] for t in tables}  # (version, time it was answered)
        self.measuring = False
        self.stats = {"offered": 0, "sent": 0, "answered": 0, "skipped": 0, "errors": 0,
                      "refreshes": 0, "taps offered": 0, "taps": {}, "tap errors": 0}
        self.poll_ms, self.refresh_ms, self.tap_ms, self.seen_s = [], [], [], []
        self.error_kinds = {}

    def error(self, kind):
        if self.measuring:
            self.stats["errors"] += 1
            self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1

    async def connect(self):
        loop = asyncio.get_running_loop()
        _, conn = await loop.create_connection(Connection, HOST, self.port)
        return conn

    async def phone(self, table, until):
        """One phone: polls on its own interval; fetches the board when the table changed."""
        interval = random.uniform(0.9, 1.1)
        self.rate += 1 / interval
        code, cookie = table["code"], table["cookie"]
        version = self.version[code]
        def poll_request(version):
            return (f"GET /t/{code}/poll?v={version} HTTP/1.1\r\nHost: {HOST}\r\n"
                    f"HX-Request: true\r\nCookie: {cookie}\r\n\r\n").encode()
        def board_request(version):  # the board names the version it shows (companion.js)
            return (f"GET /liberte/{code}/?since={version} HTTP/1.1\r\nHost: {HOST}\r\n"
                    f"HX-Request: true\r\nAccept-Encoding: gzip\r\nCookie: {cookie}\r\n\r\n"
                    ).encode()
        poll = poll_request(version)
        loop = asyncio.get_running_loop()
        due = loop.time() + random.uniform(0, interval)
        conn = None
        while due < until:
            await asyncio.sleep(max(0.0, due - loop.time()))
            due += interval
            measured = self.measuring
            try:
                if conn is None or conn.transport is None:
                    conn = await self.connect()
                start = time.perf_counter()
                status, head, _ = await conn.ask(poll)
                if measured:
                    self.poll_ms.append((time.perf_counter() - start) * 1000)
                    self.stats["answered"] += status in (200, 204)
                if status == 200 and b"table-changed" in head:
                    version = await self.refresh(conn, board_request(version), code, version)
                    poll = poll_request(version)
                elif status != 204:
                    self.error(f"poll {status}")
            except (OSError, ConnectionError) as err:
                self.error(type(err).__name__)
                conn = None
            while due < loop.time():  # htmx does not send a poll while one is out
                due += interval
                self.stats["skipped"] += self.measuring
        if conn is not None and conn.transport is not None:
            conn.transport.close()

    async def refresh(self, conn, board, code, version):
        start = time.perf_counter()
        status, _, body = await conn.ask(board)
        if status != 200:
            self.error(f"board {status}")
            return version
        if self.measuring:
            self.refresh_ms.append((time.perf_counter() - start) * 1000)
            self.stats["refreshes"] += 1
        page = gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body
        new = int(re.search(rb'data-version="(\d+)"', page).group(1))
        now = time.monotonic()
        for tapped, when in self.taps[code]:
            if version < tapped <= new and self.measuring:
                self.seen_s.append(now - when)
        return new

    async def tapper(self, until):
        """``--taps`` per second, each from the seated phone of a random table."""
        loop = asyncio.get_running_loop()
        due = loop.time()
        pending = set()
        while due < until:
            await asyncio.sleep(max(0.0, due - loop.time()))
            due += random.expovariate(self.args.taps)
            self.stats["taps offered"] += self.measuring
            task = asyncio.ensure_future(self.tap(random.choice(self.tables)))
            pending.add(task)
            task.add_done_callback(pending.discard)
        await asyncio.gather(*pending, return_exceptions=True)

    async def tap(self, table):
        code = table["code"]
        body = (f"province={random.randint(19, 27)}&player={PLAYERS[2]}&faction=white"
                f"&blocks={random.randint(0, 3)}").encode()
        request = (f"POST /liberte/{code}/ HTTP/1.1\r\nHost: {HOST}\r\nHX-Request: true\r\n"
                   f"Cookie: {table['cookie']}\r\nX-CSRFToken: {table['token']}\r\n"
                   f"X-Table-Version: {self.version[code]}\r\nConnection: close\r\n"
                   f"Content-Type: application/x-www-form-urlencoded\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        measured = self.measuring
        try:
            conn = await self.connect()
            start = time.perf_counter()
            status, _, answer = await conn.ask(request)
            if conn.transport is not None:
                conn.transport.close()
        except (OSError, ConnectionError):
            self.stats["tap errors"] += measured
            return
        if measured:
            self.tap_ms.append((time.perf_counter() - start) * 1000)
            self.stats["taps"][status] = self.stats["taps"].get(status, 0) + 1
        found = re.search(rb'data-version="(\d+)"', answer)
        if status == 200 and found:
            self.version[code] = max(self.version[code], int(found.group(1)))
            self.taps[code].append((int(found.group(1)), time.monotonic()))
            del self.taps[code][:-20]
        elif status >= 500:
            self.stats["tap errors"] += measured

    async def run(self):
        loop = asyncio.get_running_loop()
        start = loop.time()
        until = start + self.args.warmup + self.args.duration
        phones = [self.phone(table, until) for table in self.tables for _ in range(6)]
        work = asyncio.gather(*phones, self.tapper(until))
        await asyncio.sleep(self.args.warmup)
        self.measuring, began = True, time.perf_counter()
        cpu = resource.getrusage(resource.RUSAGE_SELF)
        server_cpu = cpu_seconds(self.server)
        end = loop.time() + self.args.duration
        while loop.time() < end:
            await asyncio.sleep(min(1.0, end - loop.time()))
            self.threads = list(map(max, zip(workers(self.server, "Threads"),
                                              self.threads or [0] * 64)))
        self.measuring = False
        used = resource.getrusage(resource.RUSAGE_SELF)
        self.elapsed = time.perf_counter() - began
        self.server_cpu = [(after - before) / self.elapsed
                           for before, after in zip(server_cpu, cpu_seconds(self.server))]
        self.stats["offered"] = round(self.rate * self.elapsed)
        self.cpu = (used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime) / self.elapsed
        await asyncio.wait([work], timeout=30)  # the last answers; a phone still waiting then
        work.cancel()                               # is left behind (its server is stopped next)


def percentiles(values, points=(50, 95, 99)) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    return ", ".join(f"p{p} {ordered[min(len(ordered) - 1, len(ordered) * p // 100)]:.1f}"
                     for p in points) + f", max {ordered[-1]:.1f}"


def report(load: Load, server, args) -> list[str]:
    s, seconds = load.stats, load.elapsed
    phones = len(load.tables) * 6
    answered = s["answered"] / s["offered"] if s["offered"] else 0
    return [
        f"phones {phones} ({len(load.tables)} tables x 6), measured {seconds:.0f} s after "
        f"{args.warmup} s of warm-up",
        f"polls offered {s['offered'] / seconds:.0f}/s, answered {s['answered'] / seconds:.0f}/s "
        f"({answered:.1%}; due while the phone still waited, so not sent: {s['skipped']})",
        f"poll latency ms: {percentiles(load.poll_ms)}",
        f"errors: {s['errors']} {load.error_kinds or ''}",
        f"board refreshes after a change {s['refreshes'] / seconds:.0f}/s, latency ms: "
        f"{percentiles(load.refresh_ms)}",
        f"taps offered {s['taps offered'] / seconds:.1f}/s, answers {dict(sorted(s['taps'].items()))}"
        f", errors {s['tap errors']}, latency ms: {percentiles(load.tap_ms)}",
        f"a tap seen by the table's phones after (s): {percentiles(load.seen_s)}",
        f"server RSS per worker (MB): {', '.join(f'{r / 1024:.0f}' for r in workers(server, 'VmRSS'))}"
        f"; threads per worker now: {', '.join(map(str, workers(server, 'Threads')))}, "
        f"at most {', '.join(map(str, load.threads))}",
        f"CPU used: server workers {', '.join(f'{c:.0%}' for c in load.server_cpu)} of one core"
        f", load generator {load.cpu:.0%}",
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--duration", type=float, default=30, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--taps", type=float, default=20, help="taps per second, all tables")
    parser.add_argument("--idle", type=int, default=500, help="idle/half-open sockets (0: skip)")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--server", default="", help="more options for companion serve, "
                        "e.g. '--threads 32'")
    args = parser.parse_args()
    random.seed(args.seed)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} "
          f"{os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(folder, port, args.workers, args.server.split())
        try:
            began = time.perf_counter()
            tables, version = build(port, args.tables)
            print(f"built {len(tables)} tables of {version} events through the app in "
                  f"{time.perf_counter() - began:.0f} s")
            if args.idle:
                for line in idle_check(port, tables[0], version, args.idle):
                    print(line)
            load = Load(port, tables, version, args, server)
            asyncio.run(load.run())
            for line in report(load, server, args):
                print(line)
            print(f"machine load average after: {os.getloadavg()[0]:.2f}")
            problems = [line for line in Path(f"{folder}/server.log").read_text().splitlines()
                        if "error" in line.lower() or "locked" in line]
            print(f"server log: {len(problems)} error lines", *problems[-5:], sep="\n  ")
        finally:
            stop_server(server)


if __name__ == "__main__":
    main()
