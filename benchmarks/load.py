"""Many tables on one machine (issue 12): the real server under N tables x 6 phones.

    python benchmarks/load.py --tables 1000 [--workers 2] [--duration 30] [--taps 20]

1. Starts ``companion serve`` (granian, ``--workers``) on a free loopback port with a new
   database, and builds N Liberté tables through it over HTTP: the first by taps (a realistic
   board, about 30 stacks), the others imported from its export, each with a phone seated.
2. Idle and half-open sockets (``--idle``, 500): how long a phone waits for its table's version
   when it opens its news stream, on a quiet server, then with that many sockets open that send
   nothing, half a request's headers, or half a POST's body (each kind in turn).
3. The load: N x 6 phones, each as the page is (companion.js): one connection holding the
   table's news stream (Server-Sent Events, companion/server/push.py), opened at a random moment of the
   first two seconds (the whole room arriving at once), closed while the phone is hidden (for
   1-5 s, on average every ``--reopen`` seconds) and opened again when it shows, and a
   keep-alive connection on which, told a version other than the one it shows, it fetches the
   board fragment (naming the version it shows, so it gets only what changed when it can).
   Meanwhile ``--taps`` taps per second (a seated phone sets a stack on a random table). After
   ``--warmup`` seconds, ``--duration`` seconds are measured: the streams open, how long a phone
   waited for its first version (as the room arrived; when shown again), every change each
   phone was owed (a tap reaches all 6 phones of its table; a phone hidden when it was made is
   counted apart) and was told, how long after the tap was sent it was told and showed it,
   errors, taps, refreshes and the requests the server answered. Then the server's memory (RSS
   per worker), the CPU used, and how late the load generator itself was: its lateness is in
   every latency it reports. The taps come from a generator of their own, seeded (``--seed``):
   every run offers the same taps at the same moments.

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

from companion.server.serve import settle_garbage_collector

PLAYERS = ["Christie", "Joshua", "Max", "Anna"]
HOST = "127.0.0.1"
GRACE = 2  # seconds the phones stay after the measure, to hear of its last taps


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_server(folder: str, port: int, workers: int, options=()) -> subprocess.Popen:
    """``companion serve`` in its own process group, ready when it answers. Every table and
    phone comes from one loopback address: the per-address limits are lifted for it."""
    with open(f"{folder}/settings.py", "w", encoding="utf-8") as settings:
        settings.write("TABLES_PER_ADDRESS = (10 ** 6, 3600)\nSTREAMS_PER_ADDRESS = 10 ** 6\n")
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", HOST,
                               "--port", str(port), "--db", f"{folder}/load.sqlite",
                               "--workers", str(workers), "--settings",
                               f"{folder}/settings.py", *options],
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
            del self.buffer[:end + 4]
        for version in re.findall(rb"\ndata: (\d+)\n", b"\n" + bytes(self.buffer)):
            self.told(int(version))
        del self.buffer[:self.buffer.rfind(b"\n") + 1]

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


class Load:
    """The phones, the taps and what was measured."""

    def __init__(self, port, tables, version, args, server):
        self.port, self.tables, self.args, self.server = port, tables, args, server
        self.threads = []
        self.version = {t["code"]: version for t in tables}  # as the tapping phones know it
        self.tapped = {t["code"]: [] for t in tables}  # (version, time sent) of measured taps
        self.phones = {t["code"]: [] for t in tables}  # each phone's log: when it was told what
        self.measuring = False
        self.streams = 0  # open now
        self.stats = {"errors": 0, "refreshes": 0, "requests": 0, "taps offered": 0, "taps": {},
                      "tap errors": 0}
        self.first_ms, self.reopen_ms, self.refresh_ms, self.tap_ms = [], [], [], []
        self.late_ms = []
        self.error_kinds = {}
        self.taps = random.Random(args.seed)  # the taps' own: every run offers the same taps

    def error(self, kind):
        if self.measuring:
            self.stats["errors"] += 1
            self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1

    async def connect(self, protocol=Connection):
        loop = asyncio.get_running_loop()
        _, conn = await loop.create_connection(protocol, HOST, self.port)
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

        def told(version):
            if shown["latest"] is None:
                waited = (time.monotonic() - opened) * 1000
                if not reopened:
                    self.first_ms.append(waited)
                elif self.measuring:
                    self.reopen_ms.append(waited)
            shown["told"].append((version, time.monotonic()))
            shown["latest"] = version
            if not shown["fetching"]:
                loop.create_task(catch_up())

        await asyncio.sleep(random.uniform(0, min(2.0, self.args.warmup)))
        request = (f"GET /t/{code}/events HTTP/1.1\r\nHost: {HOST}\r\nAccept: text/event-stream"
                   f"\r\nCookie: {cookie}\r\n\r\n").encode()
        reopened = False
        while loop.time() < until:
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
            held = random.expovariate(1 / self.args.reopen)  # until it goes in a pocket
            done, _ = await asyncio.wait([stream.ended],
                                         timeout=max(0.0, min(until - loop.time(), held)))
            self.streams -= 1
            if done:  # the server closed it: the browser reconnects after ``retry``
                self.error(f"stream closed ({stream.ended.result()})")
                await asyncio.sleep(1)
                continue
            if stream.transport is not None:
                stream.transport.close()
            hidden = time.monotonic()
            await asyncio.sleep(random.uniform(1, 5))  # hidden: no stream
            shown["hidden"].append((hidden, time.monotonic()))
            reopened = True
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
            self.refresh_ms.append((time.perf_counter() - start) * 1000)
            self.stats["refreshes"] += 1
        page = gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body
        return int(re.search(rb'data-version="(\d+)"', page).group(1))

    async def lateness(self, until):
        """How late the load generator itself wakes (a 5 ms sleep, measured): part of every
        latency it reports is its own, not the server's."""
        loop = asyncio.get_running_loop()
        while loop.time() < until:
            start = loop.time()
            await asyncio.sleep(0.005)
            if self.measuring:
                self.late_ms.append((loop.time() - start - 0.005) * 1000)

    async def tapper(self, until):
        """``--taps`` per second, each from the seated phone of a random table (0: none)."""
        if self.args.taps <= 0:
            return
        loop = asyncio.get_running_loop()
        due = loop.time()
        pending = set()
        while due < until:
            await asyncio.sleep(max(0.0, due - loop.time()))
            due += self.taps.expovariate(self.args.taps)
            self.stats["taps offered"] += self.measuring
            task = asyncio.ensure_future(self.tap(self.taps.choice(self.tables)))
            pending.add(task)
            task.add_done_callback(pending.discard)
        await asyncio.gather(*pending, return_exceptions=True)

    async def tap(self, table):
        code = table["code"]
        body = (f"province={self.taps.randint(19, 27)}&player={PLAYERS[2]}&faction=white"
                f"&blocks={self.taps.randint(0, 3)}").encode()
        request = (f"POST /liberte/{code}/ HTTP/1.1\r\nHost: {HOST}\r\nHX-Request: true\r\n"
                   f"Cookie: {table['cookie']}\r\nX-CSRFToken: {table['token']}\r\n"
                   f"X-Table-Version: {self.version[code]}\r\nConnection: close\r\n"
                   f"Content-Type: application/x-www-form-urlencoded\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n").encode() + body
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
            self.tap_ms.append((time.perf_counter() - start) * 1000)
            self.stats["taps"][status] = self.stats["taps"].get(status, 0) + 1
        found = re.search(rb'data-version="(\d+)"', answer)
        if status == 200 and found:
            self.version[code] = max(self.version[code], int(found.group(1)))
            if measured:
                self.tapped[code].append((int(found.group(1)), sent))
        elif status >= 500:
            self.stats["tap errors"] += measured

    async def run(self):
        loop = asyncio.get_running_loop()
        start = loop.time()
        until = start + self.args.warmup + self.args.duration
        phones = [self.phone(table, until + GRACE) for table in self.tables for _ in range(6)]
        work = asyncio.gather(*phones, self.tapper(until), self.lateness(until))
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
        self.streams_at_end = self.streams
        await asyncio.sleep(GRACE)  # the phones hear of the last taps measured
        self.cpu = (used.ru_utime + used.ru_stime - cpu.ru_utime - cpu.ru_stime) / self.elapsed
        await asyncio.wait([work], timeout=30)  # the last answers; a phone still waiting then
        work.cancel()                               # is left behind (its server is stopped next)
        await asyncio.sleep(0)


def delays(tapped, phones, key) -> tuple[int, list[float], int]:
    """For every measured tap and every phone of its table shown when the tap was sent: whether
    the phone was told of it (``key`` "told") or showed it ("shown"), and after how many seconds
    from the tap's sending; and how many phones were hidden then."""
    owed, delays, hidden = 0, [], 0
    for code, taps in tapped.items():
        for version, sent in taps:
            for phone in phones[code]:
                if any(start <= sent <= end for start, end in phone["hidden"]):
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


def report(load: Load, server, args) -> list[str]:
    s, seconds = load.stats, load.elapsed
    phones = len(load.tables) * 6
    owed, told, hidden = delays(load.tapped, load.phones, "told")
    _, shown, _ = delays(load.tapped, load.phones, "shown")
    return [
        f"phones {phones} ({len(load.tables)} tables x 6), measured {seconds:.0f} s after "
        f"{args.warmup} s of warm-up",
        f"news streams open at the end of the measure: {load.streams_at_end} of {phones} (the "
        f"others hidden for 1-5 s); a phone's first version when the room arrived (ms): "
        f"{percentiles(load.first_ms)}",
        f"phones shown again {len(load.reopen_ms) / seconds:.0f}/s, their first version after "
        f"(ms): {percentiles(load.reopen_ms)}",
        f"changes owed to the phones shown {owed}, told {len(told)} "
        f"({len(told) / max(owed, 1):.1%}) after (ms, from the tap's sending): "
        f"{percentiles([t * 1000 for t in told])}; to phones hidden then: {hidden}",
        f"errors: {s['errors']} {load.error_kinds or ''}",
        f"board refreshes after a change {s['refreshes'] / seconds:.0f}/s, latency ms: "
        f"{percentiles(load.refresh_ms)}",
        f"taps offered {s['taps offered'] / seconds:.1f}/s, answers {dict(sorted(s['taps'].items()))}"
        f", errors {s['tap errors']}, latency ms: {percentiles(load.tap_ms)}",
        f"all requests answered (taps and refreshes), latency ms: "
        f"{percentiles(load.refresh_ms + load.tap_ms)}",
        f"a tap shown by the table's phones: {len(shown)} of {owed}, after (s): "
        f"{percentiles(shown)}",
        f"requests the server answered (taps and refreshes; the streams ask nothing): "
        f"{s['requests'] / seconds:.0f}/s",
        f"server RSS per worker (MB): {', '.join(f'{r / 1024:.0f}' for r in workers(server, 'VmRSS'))}"
        f"; threads per worker now: {', '.join(map(str, workers(server, 'Threads')))}, "
        f"at most {', '.join(map(str, load.threads))}",
        f"CPU used: server workers {', '.join(f'{c:.0%}' for c in load.server_cpu)} of one core"
        f", load generator {load.cpu:.0%}",
        f"the load generator's own lateness (woken after a 5 ms sleep, ms): "
        f"{percentiles(load.late_ms)}",
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--duration", type=float, default=30, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--taps", type=float, default=20, help="taps per second, all tables "
                        "(0: none, the phones only hold their streams)")
    parser.add_argument("--idle", type=int, default=500, help="idle/half-open sockets (0: skip)")
    parser.add_argument("--reopen", type=float, default=60, help="seconds a phone holds its "
                        "stream, on average, before it is hidden for 1-5 s and shown again")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--server", default="", help="more options for companion serve, "
                        "e.g. '--idle-timeout 5'")
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
                for line in idle_check(port, tables[0], args.idle):
                    print(line)
            load = Load(port, tables, version, args, server)
            # The load generator's collector as a worker's: a full collection of its 6,000
            # phones (some 300 ms) would delay every answer awaited then, against the server.
            settle_garbage_collector()
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
