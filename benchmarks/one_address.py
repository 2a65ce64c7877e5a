"""One address against the rest (issue 22): how long a new phone waits for its board while one
client address holds 20,000 news streams, or 20,000 sockets that never send a byte.

    python benchmarks/one_address.py            # --streams 20000 --silent 20000 --samples 20

Starts ``companion serve --workers 2`` with its default limits on a free loopback port and a new
database. A phone at 127.0.0.2 creates a Liberté table and sits down. Then, for each phase
(quiet; the attacker's streams; the attacker's silent sockets), a new phone opens a connection,
loads its board page, opens its table's news stream and waits for the first version: each
sample is timed from the connection's start. The attacker is 127.0.0.1, in two processes (the
open-files limit is 20,000 a process); it reopens each socket the server closes, as fast as it
can, until the phase ends. Loopback only; every loop is bounded in time; the server and the
attackers are stopped at the end.
"""
import argparse
import asyncio
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from load import TREE, free_port, stop_server  # a sibling script: benchmarks/ is on the path

HOST, PHONE, ATTACKER = "127.0.0.1", "127.0.0.2", "127.0.0.1"



async def ask(port: int, request: bytes, until: bytes | None = None, timeout=20.0):
    """Send ``request`` from the phone's address on a new connection: the answer (headers and
    body, read until ``until`` appears or the server closes) and the seconds it took."""
    start = time.perf_counter()
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection(HOST, port, local_addr=(PHONE, 0)), timeout)
    try:
        writer.write(request)
        received = b""
        async with asyncio.timeout(timeout):
            while True:
                chunk = await reader.read(65536)
                received += chunk
                if not chunk or (until and until in received):
                    break
                head, _, body = received.partition(b"\r\n\r\n")
                length = re.search(rb"content-length: (\d+)", head, re.I)
                if until is None and length and len(body) >= int(length.group(1)):
                    break
        return received, time.perf_counter() - start
    finally:
        writer.close()


def get(path: str, cookie: str = "") -> bytes:
    return (f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
            + (f"Cookie: {cookie}\r\n" if cookie else "") + "\r\n").encode()


def post(path: str, form: str, cookie: str) -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\nCookie: {cookie}\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(form)}\r\n\r\n{form}").encode()


def cookie_of(answer: bytes, old: str = "") -> str:
    found = re.search(rb"set-cookie: (session=[^;]+)", answer, re.I)
    return found.group(1).decode() if found else old


async def seated_phone(port: int) -> tuple[str, str]:
    """A table made by the phone, which sits as its first player: (code, cookie)."""
    page, _ = await ask(port, get("/"))
    cookie = cookie_of(page)
    token = re.search(rb'name="csrf_token" value="([^"]+)"', page).group(1).decode()
    made, _ = await ask(port, post("/tables", f"csrf_token={token}&game=liberte&language=en&"
                                   "players=Ann%0ABob%0ACid", cookie))
    code = re.search(rb"location: /t/(\w+)/room", made, re.I).group(1).decode()
    cookie = cookie_of(made, cookie)
    sat, _ = await ask(port, post(f"/t/{code}/seat", f"csrf_token={token}&player=Ann", cookie))
    assert b"303" in sat.split(b"\r\n", 1)[0], sat[:200]
    return code, cookie_of(sat, cookie)


async def sample(port: int, code: str, cookie: str) -> tuple[float, float]:
    """A new phone's board page, then its stream's first version: seconds each (inf: failed)."""
    try:
        board, board_time = await ask(port, get(f"/liberte/{code}/", cookie))
        if b" 200 " not in board.split(b"\r\n", 1)[0] + b" ":
            board_time = float("inf")
    except (OSError, TimeoutError):
        board_time = float("inf")
    try:
        stream, stream_time = await ask(port, get(f"/t/{code}/events", cookie), until=b"data: ")
        if b"data: " not in stream:
            stream_time = float("inf")
    except (OSError, TimeoutError):
        stream_time = float("inf")
    return board_time, stream_time


def rss_mb(server: subprocess.Popen) -> list[int]:
    """The resident memory of the server's workers, MB."""
    out = subprocess.run(["ps", "-o", "rss=", "--ppid", str(server.pid)], capture_output=True,
                         text=True).stdout.split()
    return [int(kb) // 1024 for kb in out]


# --- the attacker ------------------------------------------------------------------------------

async def attack(port: int, kind: str, count: int, seconds: float, code: str) -> None:
    """Hold ``count`` sockets from the attacker's address for ``seconds``: news streams of the
    table, or sockets that send nothing; reopen each one the server closes."""
    deadline = time.monotonic() + seconds
    opened = refused = closed = 0
    request = get(f"/t/{code}/events").replace(b"Connection: close\r\n", b"")
    opening = asyncio.Semaphore(256)

    async def hold():
        nonlocal opened, refused, closed
        while time.monotonic() < deadline:
            try:
                async with opening:
                    reader, writer = await asyncio.wait_for(asyncio.open_connection(
                        HOST, port, local_addr=(ATTACKER, 0)), 10)
                opened += 1
            except (OSError, TimeoutError):
                await asyncio.sleep(0.1)
                continue
            try:
                if kind == "streams":
                    writer.write(request)
                    first = await asyncio.wait_for(reader.read(64), deadline - time.monotonic())
                    refused += first.startswith(b"HTTP/1.1 429")
                while await asyncio.wait_for(reader.read(4096), deadline - time.monotonic()):
                    pass
                closed += 1
            except (OSError, TimeoutError):
                pass
            finally:
                writer.close()

    async def report():
        while time.monotonic() < deadline:
            print(f"{kind}: opened {opened}, refused {refused}, closed by the server {closed}",
                  flush=True)
            await asyncio.sleep(2)
    await asyncio.gather(report(), *(hold() for _ in range(count)))


def attackers(port: int, kind: str, count: int, seconds: float, code: str, folder: str):
    """Two attacker processes of ``count / 2`` sockets each."""
    return [subprocess.Popen([sys.executable, __file__, "--attack", kind, "--port", str(port),
                              "--count", str(count // 2), "--seconds", str(seconds),
                              "--code", code],
                             stdout=open(f"{folder}/{kind}{n}.log", "w"),
                             stderr=subprocess.STDOUT, start_new_session=True)
            for n in range(2)]


def last_line(path: str) -> str:
    lines = open(path, encoding="utf-8").read().strip().splitlines()
    return lines[-1] if lines else ""


def figures(name: str, samples: list, server) -> None:
    def ms(values):
        done = sorted(v for v in values if v != float("inf"))
        failed = len(values) - len(done)
        if not done:
            return f"all {failed} failed"
        return (f"p50 {statistics.median(done) * 1000:.0f} ms, max {done[-1] * 1000:.0f} ms"
                + (f", {failed} failed (20 s)" if failed else ""))
    print(f"{name}: board page {ms([s[0] for s in samples])}; stream's first version "
          f"{ms([s[1] for s in samples])}; workers' RSS {rss_mb(server)} MB", flush=True)


async def measure(args) -> None:
    folder = tempfile.mkdtemp(prefix="one-address-")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", HOST,
                               "--port", str(port), "--db", f"{folder}/db.sqlite",
                               "--workers", "2"], cwd=TREE, stdout=subprocess.DEVNULL,
                              stderr=open(f"{folder}/server.log", "w"), start_new_session=True)
    running = []
    try:
        for _ in range(300):
            try:
                await ask(port, get("/"), timeout=2)
                break
            except (OSError, TimeoutError):
                await asyncio.sleep(0.1)
        code, cookie = await seated_phone(port)
        print(f"load average at the start: {os.getloadavg()[0]:.1f}", flush=True)

        async def phase(name):
            samples = []
            for _ in range(args.samples):
                samples.append(await sample(port, code, cookie))
                await asyncio.sleep(0.2)
            figures(name, samples, server)
        await phase("quiet")
        for kind, count in (("streams", args.streams), ("silent", args.silent)):
            if not count:
                continue
            running = attackers(port, kind, count, args.seconds, code, folder)
            await asyncio.sleep(args.settle)  # the attacker opens its sockets
            await phase(f"{count} {kind} from {ATTACKER}")
            for n in range(2):
                print("  attacker", n, last_line(f"{folder}/{kind}{n}.log"), flush=True)
            for attacker in running:
                attacker.send_signal(signal.SIGTERM)
                attacker.wait(20)
            running = []
            await asyncio.sleep(2)
    finally:
        for attacker in running:
            attacker.kill()
        stop_server(server)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=20000)
    parser.add_argument("--silent", type=int, default=20000)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--settle", type=float, default=15, help="seconds to open the sockets")
    parser.add_argument("--seconds", type=float, default=60, help="an attacker's whole life")
    parser.add_argument("--attack", choices=["streams", "silent"])
    parser.add_argument("--port", type=int)
    parser.add_argument("--count", type=int)
    parser.add_argument("--code")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.attack:
        asyncio.run(attack(args.port, args.attack, args.count, args.seconds, args.code))
    else:
        asyncio.run(measure(args))


if __name__ == "__main__":
    main()
