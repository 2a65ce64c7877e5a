"""Many tables on one machine (issue 12): the real server under N tables x 6 phones.

    pip install -e .[bench]      # uvloop for the load generator (it runs without)
    python benchmarks/load.py --tables 3000 [--workers 2] [--duration 30] [--taps 20]

1. Starts ``companion serve`` (granian, ``--workers``) on a free loopback port with a new
   database, and builds N Liberté tables through it over HTTP: the first by taps (a realistic
   board, about 30 stacks), the others imported from its export, each with a phone seated.
2. Idle and half-open sockets (``--idle``, 500): how long a phone waits for its table's version
   when it opens its news stream, on a quiet server, then with that many sockets open that send
   nothing, half a request's headers, or half a POST's body (each kind in turn).
3. The load: N x 6 phones, each as the page is (companion.js): one connection holding the
   table's news stream (Server-Sent Events, companion/server/push.py), opened at a random
   moment of the first ``--arrival`` seconds (the whole room arriving at once), closed while
   the phone is hidden (for 1-5 s, on average every ``--reopen`` seconds; kept when that is
   less than ``--hiding``) and opened again when it shows, and a keep-alive connection on
   which, told a version other than the one it shows, it fetches the board fragment (naming
   the version it shows, so it gets only what changed when it can), unless the stream sent
   the board itself (``event: swap``, companion/server/swap.py: the stream names the board as
   its live block), which it shows as the page swaps it in. Meanwhile ``--taps`` taps per
   second (a seated phone sets a stack on a random table). Once every phone has been told its first version, ``--warmup`` seconds, then
   ``--duration`` seconds measured: the streams open, how long a phone waited for its first
   version (as the room arrived; when shown again), every change each phone was owed (a tap
   reaches all 6 phones of its table; a phone hidden before it was told is counted apart) and
   was told, how long after the tap was sent it was told and showed it, errors, taps,
   refreshes, the requests the server answered and their p95 in every 5 s. Then the server's
   memory (RSS per worker), the CPU used, and how late the load generator itself was: its
   lateness is in every latency it reports.

The phones are split over ``--processes`` (one per 3,000 phones), each from a loopback address
of its own (127.0.0.10, .11, ...: the ports of one address would not hold 60,000 connections)
and its own taps, at a lower priority (``--nice``): one process holding 18,000 phones was itself
late by up to 1.6 s, which was in the latencies it reported. The taps come from generators of
their own, seeded (``--seed``): every run with the same processes offers the same taps at the
same moments. ``--max-connections`` is set to fit the phones (a phone holds one connection,
two while it fetches a change), and run as root the open-files limit is raised to fit it.

Loopback only; every loop is bounded in time; the server is stopped at the end.
"""
import argparse
import asyncio
import gzip
import multiprocessing
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

from companion.server.process import raise_file_limit, settle_garbage_collector

PLAYERS = ["Christie", "Joshua", "Max", "Anna"]
HOST = "127.0.0.1"
GRACE = 2  # seconds the phones stay after the measure, to hear of its last taps
ARRIVAL_LIMIT = 120  # seconds the room may take to arrive before the measure starts anyway
SILENT = 1  # seconds a phone may hold a stream without its version before it is an error
PHONES_PER_PROCESS = 3000  # phones per process of the load generator (by default)
# the tree this script is in: the server measured is its companion, whatever the current
# folder or the installed one (``python -m`` puts the current folder first on the path)
TREE = Path(__file__).resolve().parents[1]
SPEED_LOOP = 3_000_000  # additions in the loop that gauges the machine's speed (machine_speed)


def commit(tree: Path) -> str:
    """The commit checked out in ``tree``, marked when its files differ from it."""
    try:
        head = subprocess.run(["git", "-C", str(tree), "describe", "--always", "--dirty"],
                              capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        head = ""
    return head or "no git checkout"


def machine_speed() -> str:
    """How fast this machine runs Python now: the best of five runs of a fixed loop. The same
    build measured on two days differs by as much as the machine does (a VM's speed moves with
    its neighbours), so a report names it at its start and its end."""
    def additions():
        total = 0
        for number in range(SPEED_LOOP):
            total += number
        return total
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        additions()
        best = min(best, time.perf_counter() - start)
    return (f"a fixed loop ({SPEED_LOOP:,} additions, Python {sys.version.split()[0]}) in"
            f" {best * 1000:.0f} ms")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_server(folder: str, port: int, workers: int, options=(),
                 extra_settings=()) -> subprocess.Popen:
    """``companion serve`` in its own process group, ready when it answers. The tables and
    phones come from a few loopback addresses: the per-address limits are lifted for them;
    ``extra_settings``: more lines of its settings file.
    Run as root, the open-files limit is raised to fit the ``--max-connections`` asked."""
    if "--max-connections" in options:
        wanted = int(options[options.index("--max-connections") + 1]) + 256
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if wanted > hard and os.geteuid() == 0:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (soft, wanted))
            except (ValueError, OSError):  # a container without CAP_SYS_RESOURCE
                print(f"the open-files limit stays at {hard} a process (not raised to {wanted})")
    with open(f"{folder}/settings.py", "w", encoding="utf-8") as settings:
        settings.write("TABLES_PER_ADDRESS = (10 ** 6, 3600)\nSTREAMS_PER_ADDRESS = 10 ** 6\n"
                       "TAPS_PER_ADDRESS = (10 ** 6, 3600)\n" + "".join(extra_settings))
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", HOST,
                               "--port", str(port), "--db", f"{folder}/load.sqlite",
                               "--workers", str(workers), "--settings",
                               f"{folder}/settings.py", *options],
                              cwd=TREE, stdout=subprocess.DEVNULL,
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


def thread_seconds(server: subprocess.Popen) -> dict[str, float]:
    """CPU time (user + system) used so far by the threads of all the server's workers, summed
    by what each does: ``loop`` (the worker's event loop, its main thread), the threads the
    worker names (``flask-write``, ``flask-push``: process.name_thread), granian's own
    (``tokio-rt-worker``) and ``other``."""
    ticks = os.sysconf("SC_CLK_TCK")
    used: dict[str, float] = {}
    for child in Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split():
        for task in Path(f"/proc/{child}/task").iterdir():
            try:
                name = (task / "comm").read_text().strip()
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # a thread that ended meanwhile
                continue
            label = "loop" if task.name == child else "other" if name == "python" else name
            used[label] = used.get(label, 0.0) + (int(fields[11]) + int(fields[12])) / ticks
    return used


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


def tap_request(table: dict, version: int, rng: random.Random) -> bytes:
    """The seated phone of ``table`` sets a white stack (0 to 3 blocks, ``rng``'s) in one of the
    provinces 19-27, as the page posts it from ``version``, on a connection it then closes."""
    body = (f"province={rng.randint(19, 27)}&player={PLAYERS[2]}&faction=white"
            f"&blocks={rng.randint(0, 3)}").encode()
    return (f"POST /liberte/{table['code']}/ HTTP/1.1\r\nHost: {HOST}\r\nHX-Request: true\r\n"
            f"Cookie: {table['cookie']}\r\nX-CSRFToken: {table['token']}\r\n"
            f"X-Table-Version: {version}\r\nConnection: close\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


def first_times(port, code, count=40) -> list[float]:
    """Milliseconds until a new news stream tells its table's version, ``count`` streams one
    after another."""
    times = []
    for _ in range(count):
        conn = HTTPConnection(HOST, port, timeout=30)
        start = time.perf_counter()
        conn.request("GET", f"/t/{code}/events")
        response = conn.getresponse()
        assert response.status == 200, response.status
        while not response.fp.readline().startswith(b"data: "):
            pass
        times.append((time.perf_counter() - start) * 1000)
        conn.close()
        time.sleep(0.01)
    return times


HALF = {"idle": b"",
        "half headers": b"GET / HTTP/1.1\r\nHost: phone\r\nUser-Agent: half",
        "half body": (b"POST /tables HTTP/1.1\r\nHost: phone\r\nContent-Type: "
                      b"application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ngame=li")}


def idle_check(port, table, count) -> list[str]:
    """A phone's wait for its first version with ``count`` sockets of each kind open (one kind
    at a time)."""
    quiet = first_times(port, table["code"])
    lines = [f"quiet server: first version p50 {statistics.median(quiet):.1f} ms, "
             f"max {max(quiet):.1f} ms"]
    for kind, data in HALF.items():
        sockets = []
        for _ in range(count):
            sock = socket.create_connection((HOST, port))
            if data:
                sock.sendall(data)
            sockets.append(sock)
        time.sleep(0.5)
        times = first_times(port, table["code"])
        delay = max(times) - statistics.median(quiet)
        lines.append(f"{count} sockets, {kind}: first version p50 {statistics.median(times):.1f} ms, max "
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


class Stream(asyncio.Protocol):
    """A phone's news stream: ``told(version)`` for each version it is sent; ``ended`` is set
    when the server closes it (or the table is gone)."""

    def __init__(self, told):
        self.told, self.buffer, self.head, self.transport = told, bytearray(), None, None
        self.text, self.chunked = self.buffer, False  # the stream's text: the body, dechunked
        self.ended = asyncio.get_running_loop().create_future()
        self.status = None

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.buffer += data
        if self.head is None:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            self.head = bytes(self.buffer[:end])
            self.status = int(self.head[9:12])
            self.chunked = b"transfer-encoding: chunked" in self.head.lower()
            self.text = bytearray() if self.chunked else self.buffer
            del self.buffer[:end + 4]
        if self.chunked:
            self.dechunk()
        end = self.text.rfind(b"\n\n")
        if end < 0:
            return
        for message in bytes(self.text[:end]).split(b"\n\n"):
            if message.startswith(b"event: swap\n"):  # the board itself, its version the id
                self.told(int(message[16:message.index(b"\n", 16)]), True)
            elif message.startswith((b"data: ", b"id: ", b"retry: ", b"event: restored\n")):
                found = re.search(rb"^data: (\d+)$", message, re.M)
                if found:
                    self.told(int(found.group(1)))
        del self.text[:end + 2]

    def dechunk(self):
        """The stream's whole chunks moved from ``buffer`` to ``text``."""
        while True:
            line = self.buffer.find(b"\r\n")
            if line < 0:
                return
            size = int(bytes(self.buffer[:line]).split(b";")[0] or b"0", 16)
            if len(self.buffer) < line + 2 + size + 2:
                return
            self.text += self.buffer[line + 2:line + 2 + size]
            del self.buffer[:line + 2 + size + 2]

    def connection_lost(self, exc):
        self.transport = None
        if not self.ended.done():
            self.ended.set_result(self.status)


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


class Shard:
    """The phones of some of the tables, in a process of their own and from a loopback address
    of their own, and the taps on those tables; what it measured, as plain data (``run``).

    The load is split so that the generator is not what limits the measure: one event loop
    holding 18,000 phones was itself up to 1.6 s late at 3,000 tables (docs/performance.md)."""

    def __init__(self, number, port, tables, version, args, source):
        self.number, self.port, self.tables, self.args = number, port, tables, args
        self.source = source  # the loopback address its sockets come from
        self.version = {t["code"]: version for t in tables}  # as the tapping phones know it
        self.tapped = {t["code"]: [] for t in tables}  # (version, time sent) of measured taps
        self.phones = {t["code"]: [] for t in tables}  # each phone's log: when it was told what
        self.measuring = False
        self.began = self.cpu = None
        self.streams = 0  # open now
        self.waiting = len(tables) * 6  # phones not yet told their first version
        self.arrived = asyncio.get_running_loop().create_future()  # every phone told it
        self.opened = []  # when each phone first opened its stream
        self.stats = {"errors": 0, "refreshes": 0, "requests": 0, "taps offered": 0, "taps": {},
                      "tap errors": 0, "swapped": 0}
        self.first_ms, self.reopen_ms, self.refresh_ms, self.tap_ms = [], [], [], []
        self.late_ms, self.timeline = [], []  # timeline: (seconds into the measure, ms)
        self.error_kinds = {}
        # the taps' own generator: every run (same --seed and --processes) offers the same taps
        self.taps = random.Random(args.seed * 1000 + number)

    def error(self, kind):
        if self.measuring:
            self.stats["errors"] += 1
            self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1

    def answered(self, ms: float, kind: list) -> None:
        """A request of the measure answered after ``ms``."""
        kind.append(ms)
        self.timeline.append((time.monotonic() - self.began, ms))

    async def connect(self, protocol=Connection):
        loop = asyncio.get_running_loop()
        _, conn = await loop.create_connection(protocol, HOST, self.port,
                                               local_addr=(self.source, 0))
        return conn

    async def phone(self, table, until):
        """One phone: holds its table's news stream; fetches the board when told of a change."""
        code, cookie = table["code"], table["cookie"]
        shown = {"version": self.version[code], "latest": None, "fetching": False,
                 "told": [], "shown": [],  # (version, time) as it was told, as it showed it
                 "hidden": []}  # (from, to): its stream closed
        self.phones[code].append(shown)
        loop = asyncio.get_running_loop()
        conn = None

        async def catch_up():
            nonlocal conn
            shown["fetching"] = True
            retried = False
            try:
                while shown["latest"] is not None and shown["latest"] != shown["version"]:
                    if conn is None or conn.transport is None:
                        conn = await self.connect()
                    try:
                        shown["version"] = await self.refresh(conn, code, cookie, shown["version"])
                    except ConnectionError:  # the server closed it as it went: a browser asks
                        if retried:          # again on a new connection, once
                            raise
                        conn, retried = None, True
                    shown["shown"].append((shown["version"], time.monotonic()))
            except (OSError, ConnectionError) as err:
                self.error(f"board {type(err).__name__}")
                conn = None
            finally:
                shown["fetching"] = False

        def told(version, block=False):
            """Told ``version``; ``block``: with the board itself (``event: swap``), which the
            page swaps in without asking."""
            if shown["latest"] is None:
                waited = (time.monotonic() - opened) * 1000
                if not shown["told"]:
                    self.first_ms.append(waited)
                    self.waiting -= 1
                    if not self.waiting:
                        self.arrived.set_result(time.monotonic())
                elif self.measuring:
                    self.reopen_ms.append(waited)
            shown["told"].append((version, time.monotonic()))
            shown["latest"] = version
            if block and version > shown["version"] and not shown["fetching"]:
                shown["version"] = version
                shown["shown"].append((version, time.monotonic()))
                self.stats["swapped"] += self.measuring
            elif not shown["fetching"]:
                loop.create_task(catch_up())

        await asyncio.sleep(random.uniform(0, self.args.arrival))
        request = (f"GET /t/{code}/events?live=%2Fliberte%2F{code}%2F&lang=en HTTP/1.1\r\n"
                   f"Host: {HOST}\r\n"
                   f"Accept: text/event-stream"
                   f"\r\nCookie: {cookie}\r\n\r\n").encode()
        self.opened.append(time.monotonic())
        while loop.time() < until():
            opened = time.monotonic()
            shown["latest"] = None
            try:
                stream = await self.connect(lambda: Stream(told))
            except OSError as err:
                self.error(f"stream {type(err).__name__}")
                await asyncio.sleep(1)
                continue
            stream.transport.write(request)
            self.streams += 1
            while True:
                held = random.expovariate(1 / self.args.reopen)  # until it goes in a pocket
                await asyncio.wait([stream.ended], timeout=held)
                away = random.uniform(1, 5)
                if stream.ended.done() or away >= self.args.hiding or loop.time() >= until():
                    break
                await asyncio.wait([stream.ended], timeout=away)  # hidden a moment: kept open
            self.streams -= 1
            if shown["latest"] is None and time.monotonic() - opened >= SILENT:
                self.error(f"stream silent for {SILENT} s ({stream.status})")
            if stream.ended.done():  # the server closed it: the browser reconnects after ``retry``
                self.error(f"stream closed ({stream.ended.result()})")
                await asyncio.sleep(1)
                continue
            if stream.transport is not None:
                stream.transport.close()
            hidden = [time.monotonic(), float("inf")]  # until shown again
            shown["hidden"].append(hidden)
            await asyncio.sleep(away)  # hidden: no stream
            hidden[1] = time.monotonic()
        if conn is not None and conn.transport is not None:
            conn.transport.close()

    async def refresh(self, conn, code, cookie, version):
        """The board as the page asks for it, naming the version it shows: the version it shows
        next."""
        board = (f"GET /liberte/{code}/?since={version} HTTP/1.1\r\nHost: {HOST}\r\n"
                 f"HX-Request: true\r\nAccept-Encoding: gzip\r\nCookie: {cookie}\r\n\r\n"
                 ).encode()
        start = time.perf_counter()
        status, _, body = await conn.ask(board)
        self.stats["requests"] += self.measuring
        if status != 200:
            self.error(f"board {status}")
            return version
        if self.measuring:
            self.answered((time.perf_counter() - start) * 1000, self.refresh_ms)
            self.stats["refreshes"] += 1
        page = gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body
        return int(re.search(rb'data-version="(\d+)"', page).group(1))

    async def lateness(self, until):
        """How late this process itself wakes (a 5 ms sleep, measured): part of every latency
        it reports is its own, not the server's."""
        loop = asyncio.get_running_loop()
        while loop.time() < until():
            start = time.perf_counter()  # uvloop's loop.time() counts whole milliseconds
            await asyncio.sleep(0.005)
            if self.measuring:
                self.late_ms.append((time.perf_counter() - start - 0.005) * 1000)

    async def tapper(self, until):
        """This process's share of ``--taps`` per second, each from the seated phone of a
        random table of its own (0: none)."""
        rate = self.args.taps / self.args.processes
        if rate <= 0:
            return
        loop = asyncio.get_running_loop()
        due = loop.time()
        pending = set()
        while due < until():
            await asyncio.sleep(max(0.0, due - loop.time()))
            due += self.taps.expovariate(rate)
            self.stats["taps offered"] += self.measuring
            task = asyncio.ensure_future(self.tap(self.taps.choice(self.tables)))
            pending.add(task)
            task.add_done_callback(pending.discard)
        await asyncio.gather(*pending, return_exceptions=True)

    async def tap(self, table):
        code = table["code"]
        request = tap_request(table, self.version[code], self.taps)
        measured, sent = self.measuring, time.monotonic()
        try:
            conn = await self.connect()
            start = time.perf_counter()
            status, _, answer = await conn.ask(request)
            if conn.transport is not None:
                conn.transport.close()
        except (OSError, ConnectionError):
            self.stats["tap errors"] += measured
            return
        self.stats["requests"] += measured
        if measured:
            self.answered((time.perf_counter() - start) * 1000, self.tap_ms)
            self.stats["taps"][status] = self.stats["taps"].get(status, 0) + 1
        found = re.search(rb'data-version="(\d+)"', answer)
        if status == 200 and found:
            self.version[code] = max(self.version[code], int(found.group(1)))
            if measured:
                self.tapped[code].append((int(found.group(1)), sent))
        elif status >= 500:
            self.stats["tap errors"] += measured

    def begin(self):
        self.measuring, self.began = True, time.monotonic()
        self.cpu = resource.getrusage(resource.RUSAGE_SELF)

    def finish(self):
        self.measuring = False
        used = resource.getrusage(resource.RUSAGE_SELF)
        self.cpu = used.ru_utime + used.ru_stime - self.cpu.ru_utime - self.cpu.ru_stime
        self.streams_at_end = self.streams

    async def run(self, pipe) -> dict:
        """Arrive, tell the coordinator when every phone has its first version (or after
        ``ARRIVAL_LIMIT`` seconds), measure from the moment it names, and return what was
        measured."""
        loop = asyncio.get_running_loop()
        end = [float("inf")]  # known once the coordinator has named the measure

        def until():
            return end[0] + GRACE  # the phones stay to hear of the measure's last taps

        phones = [self.phone(table, until) for table in self.tables for _ in range(6)]
        work = asyncio.gather(*phones, self.tapper(lambda: end[0]),
                              self.lateness(lambda: end[0]))
        try:
            arrived = await asyncio.wait_for(asyncio.shield(self.arrived), ARRIVAL_LIMIT)
        except TimeoutError:
            arrived = None
        used = resource.getrusage(resource.RUSAGE_SELF)
        pipe.send(("arrived", min(self.opened, default=None), arrived, self.waiting,
                   used.ru_utime + used.ru_stime))
        start, end[0] = await loop.run_in_executor(None, pipe.recv)
        loop.call_at(start, self.begin)
        loop.call_at(end[0], self.finish)
        await asyncio.sleep(until() - loop.time())
        work.cancel()  # the phones still holding their streams (the server is stopped next)
        await asyncio.gather(work, return_exceptions=True)
        owed, told, hidden = delays(self.tapped, self.phones, "told")
        _, shown, _ = delays(self.tapped, self.phones, "shown")
        return {"first_ms": self.first_ms, "reopen_ms": self.reopen_ms,
                "refresh_ms": self.refresh_ms, "tap_ms": self.tap_ms, "late_ms": self.late_ms,
                "timeline": self.timeline, "stats": self.stats, "error_kinds": self.error_kinds,
                "owed": owed, "told": told, "hidden": hidden, "shown": shown,
                "streams_at_end": self.streams_at_end, "cpu": self.cpu}


def shard_process(number, port, tables, version, args, source, pipe) -> None:
    """One process of the load generator: its shard's phones, and what they measured sent back
    through ``pipe``."""
    # Its collector as a worker's: a full collection of thousands of phones would delay every
    # answer awaited then, against the server.
    settle_garbage_collector()
    raise_file_limit(len(tables) * 6 * 2 + 100)
    os.nice(args.nice)

    async def run():
        return await Shard(number, port, tables, version, args, source).run(pipe)
    pipe.send(("done", loop_module().run(run())))


def loop_module():
    """uvloop where installed (``pip install -e .[bench]``): at 10,000 tables it takes a third
    less of the cores the server needs than Python's own loop (docs/performance.md, "3,000 and
    10,000 tables")."""
    try:
        import uvloop
        return uvloop
    except ImportError:
        return asyncio


def delays(tapped, phones, key) -> tuple[int, list[float], int]:
    """For every measured tap and every phone of its table shown from the tap's sending until
    it was told: whether the phone was told of it (``key`` "told") or showed it ("shown"), and
    after how many seconds from the tap's sending; and how many phones were hidden meanwhile
    (one hidden a moment after the tap was sent hears of it only when shown again)."""
    owed, delays, hidden = 0, [], 0
    for code, taps in tapped.items():
        for version, sent in taps:
            for phone in phones[code]:
                told = next((t for v, t in phone["told"] if v >= version), float("inf"))
                if any(start <= told and sent <= end for start, end in phone["hidden"]):
                    hidden += 1
                    continue
                owed += 1
                when = next((t for v, t in phone[key] if v >= version), None)
                if when is not None:
                    delays.append(when - sent)
    return owed, delays, hidden


def percentiles(values, points=(50, 95, 99)) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    return ", ".join(f"p{p} {ordered[min(len(ordered) - 1, len(ordered) * p // 100)]:.1f}"
                     for p in points) + f", max {ordered[-1]:.1f}"


def window(timeline, start, length=5) -> str:
    """The p95 of the requests answered in ``length`` seconds from ``start`` of the measure."""
    values = sorted(ms for at, ms in timeline if start <= at < start + length)
    return f"{values[len(values) * 95 // 100]:.0f}" if values else "-"


class Measure:
    """What the shards measured, merged."""

    def __init__(self, results: list[dict]):
        self.results = results

    def __getattr__(self, name):
        merged = [value for result in self.results for value in result[name]]
        return merged

    def total(self, name) -> int:
        return sum(result[name] for result in self.results)

    def stat(self, name):
        values = [result["stats"][name] for result in self.results]
        if isinstance(values[0], dict):
            merged = {}
            for value in values:
                for key, count in value.items():
                    merged[key] = merged.get(key, 0) + count
            return dict(sorted(merged.items()))
        return sum(values)


def report(measure: Measure, arrival: dict, server: dict, args, tables: int) -> list[str]:
    seconds = args.duration
    phones = tables * 6
    told, owed = measure.told, measure.total("owed")
    errors = {}
    for result in measure.results:
        for kind, count in result["error_kinds"].items():
            errors[kind] = errors.get(kind, 0) + count
    requests = measure.refresh_ms + measure.tap_ms
    return [
        f"phones {phones} ({tables} tables x 6) from {args.processes} processes "
        f"({loop_module().__name__}), measured "
        f"{seconds:.0f} s after {args.warmup} s of warm-up once the room had arrived",
        f"the room arriving (every phone opening its stream within {args.arrival:g} s): the "
        f"last phone told its version {arrival['all']} after the first opened"
        f"{arrival['missing']}; a phone's first version (ms): {percentiles(measure.first_ms)}"
        f"; CPU seconds until then: server workers {arrival['cpu'][0]:.1f}, load generator "
        f"{arrival['cpu'][1]:.1f}",
        f"news streams open at the end of the measure: {measure.total('streams_at_end')} of "
        f"{phones} (the others hidden for 1-5 s)",
        f"phones shown again {len(measure.reopen_ms) / seconds:.0f}/s, their first version "
        f"after (ms): {percentiles(measure.reopen_ms)}",
        f"changes owed to the phones shown {owed}, told {len(told)} "
        f"({len(told) / max(owed, 1):.1%}) after (ms, from the tap's sending): "
        f"{percentiles([t * 1000 for t in told])}; to phones hidden then: "
        f"{measure.total('hidden')}",
        f"errors: {measure.stat('errors')} {errors or ''}",
        f"boards swapped in from the stream {measure.stat('swapped') / seconds:.0f}/s",
        f"board refreshes after a change {measure.stat('refreshes') / seconds:.0f}/s, "
        f"latency ms: {percentiles(measure.refresh_ms)}",
        f"taps offered {measure.stat('taps offered') / seconds:.1f}/s, answers "
        f"{measure.stat('taps')}, errors {measure.stat('tap errors')}, latency ms: "
        f"{percentiles(measure.tap_ms)}",
        f"all requests answered (taps and refreshes), latency ms: {percentiles(requests)}",
        "all requests, p95 in each 5 s of the measure (ms): " + ", ".join(
            window(measure.timeline, start) for start in range(0, int(seconds), 5)),
        f"a tap shown by the table's phones: {len(measure.shown)} of {owed}, after (s): "
        f"{percentiles(measure.shown)}",
        f"requests the server answered (taps and refreshes; the streams ask nothing): "
        f"{measure.stat('requests') / seconds:.0f}/s",
        f"server RSS per worker (MB): {', '.join(f'{r / 1024:.0f}' for r in server['rss'])}"
        f"; threads per worker at most {', '.join(map(str, server['threads']))}",
        f"server CPU per change answered (both workers' CPU seconds over the taps answered "
        f"200): {per_change(server['cpu'], measure, seconds)}; by thread (ms per change): "
        + ", ".join(f"{name} {used * 1000 / max(answered(measure), 1):.1f}"
                    for name, used in sorted(server["by_thread"].items(), key=lambda i: -i[1])),
        f"CPU used: server workers {', '.join(f'{c:.0%}' for c in server['cpu'])} of one core"
        f", load generator {sum(r['cpu'] for r in measure.results) / seconds:.0%} in all "
        f"(the busiest process {max(r['cpu'] for r in measure.results) / seconds:.0%})",
        f"the load generator's own lateness (woken after a 5 ms sleep, ms): "
        f"{percentiles(measure.late_ms)}",
    ]


def answered(measure: Measure) -> int:
    """The measured taps the server answered 200 (a change made)."""
    return measure.stat("taps").get(200, 0)


def per_change(cpu: list[float], measure: Measure, seconds: float) -> str:
    """The workers' CPU over the measure (``cpu``: each worker's share of a core) per tap
    answered 200, in milliseconds."""
    taps = answered(measure)
    return f"{sum(cpu) * seconds * 1000 / taps:.1f} ms" if taps else "no change answered"


def measure(port, tables, version, args, server) -> tuple[Measure, dict, dict]:
    """The load from ``args.processes`` processes: the room arrives; once every phone has its
    first version, ``--warmup`` seconds and then ``--duration`` measured, the same seconds in
    every process (the monotonic clock is the machine's)."""
    context = multiprocessing.get_context("fork")
    pipes, processes = [], []
    server_before = cpu_seconds(server)
    for number in range(args.processes):
        ours, theirs = context.Pipe()
        shard = tables[number::args.processes]
        process = context.Process(target=shard_process, daemon=True, args=(
            number, port, shard, version, args, f"127.0.0.{10 + number}", theirs))
        process.start()
        pipes.append(ours)
        processes.append(process)
    try:
        arrivals = [receive(pipe, ARRIVAL_LIMIT + 30) for pipe in pipes]
        first = min(a[1] for a in arrivals if a[1] is not None)
        missing = sum(a[3] for a in arrivals)
        arrival = {"all": "never" if missing else
                   f"{max(a[2] for a in arrivals) - first:.1f} s",
                   "missing": f" ({missing} phones had none after {ARRIVAL_LIMIT} s)"
                   if missing else "",
                   "cpu": (sum(cpu_seconds(server)) - sum(server_before),
                           sum(a[4] for a in arrivals))}
        start = time.monotonic() + args.warmup
        end = start + args.duration
        for pipe in pipes:
            pipe.send((start, end))
        time.sleep(max(0.0, start - time.monotonic()))
        before, threads, by_thread = cpu_seconds(server), [], thread_seconds(server)
        while time.monotonic() < end:
            time.sleep(min(1.0, end - time.monotonic()))
            threads = list(map(max, zip(workers(server, "Threads"), threads or [0] * 64)))
        used = [(after - before) / args.duration
                for before, after in zip(before, cpu_seconds(server))]
        by_thread = {name: seconds - by_thread.get(name, 0.0)
                     for name, seconds in thread_seconds(server).items()}
        rss = workers(server, "VmRSS")
        results = [receive(pipe, GRACE + 60)[1] for pipe in pipes]
    finally:
        for process in processes:
            process.join(5)
            if process.is_alive():
                process.kill()
    return Measure(results), arrival, {"cpu": used, "rss": rss, "threads": threads,
                                       "by_thread": by_thread}


def receive(pipe, timeout):
    if not pipe.poll(timeout):
        raise SystemExit("a process of the load generator did not answer")
    return pipe.recv()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--duration", type=float, default=30, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=5, help="seconds between the room's "
                        "arrival and the measure")
    parser.add_argument("--arrival", type=float, default=2, help="seconds over which the "
                        "phones open their streams at first (the room arriving)")
    parser.add_argument("--taps", type=float, default=20, help="taps per second, all tables "
                        "(0: none, the phones only hold their streams)")
    parser.add_argument("--idle", type=int, default=500, help="idle/half-open sockets (0: skip)")
    parser.add_argument("--hiding", type=float, default=30, help="seconds a hidden page keeps "
                        "its stream (companion.js HIDING; 0: it closes it at once)")
    parser.add_argument("--reopen", type=float, default=60, help="seconds a phone holds its "
                        "stream, on average, before it is hidden for 1-5 s and shown again")
    parser.add_argument("--processes", type=int, default=0, help="processes of the load "
                        f"generator (0: one per {PHONES_PER_PROCESS} phones)")
    parser.add_argument("--nice", type=int, default=10, help="the load generator's processes "
                        "yield the cores to the server's workers (os.nice): on a machine too "
                        "small for both, the server is measured with the CPU it needs, and the "
                        "generator's lateness, printed, grows instead")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--heartbeat", type=float, default=0, help="the server's HEARTBEAT "
                        "(seconds between two beats on a quiet stream; 0: its default)")
    parser.add_argument("--server", default="", help="more options for companion serve, "
                        "e.g. '--idle-timeout 5'")
    args = parser.parse_args()
    args.processes = args.processes or -(-args.tables * 6 // PHONES_PER_PROCESS)
    random.seed(args.seed)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} "
          f"{os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}; {machine_speed()}")
    print(f"server: the companion of {TREE} ({commit(TREE)})")
    options = args.server.split()
    if "--max-connections" not in options:  # a phone holds one, two while it fetches a change
        options += ["--max-connections", str(max(10000, args.tables * 6 * 3 // 2 // args.workers))]
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(folder, port, args.workers, options,
                              [f"HEARTBEAT = {args.heartbeat}\n"] if args.heartbeat else [])
        try:
            began = time.perf_counter()
            tables, version = build(port, args.tables)
            print(f"built {len(tables)} tables of {version} events through the app in "
                  f"{time.perf_counter() - began:.0f} s")
            if args.idle:
                for line in idle_check(port, tables[0], args.idle):
                    print(line)
            for line in report(*measure(port, tables, version, args, server), args, len(tables)):
                print(line)
            print(f"machine load average after: {os.getloadavg()[0]:.2f}; {machine_speed()}")
            problems = [line for line in Path(f"{folder}/server.log").read_text().splitlines()
                        if "error" in line.lower() or "locked" in line]
            print(f"server log: {len(problems)} error lines", *problems[-5:], sep="\n  ")
        finally:
            stop_server(server)


if __name__ == "__main__":
    main()
