"""One address out of its rations against another table's taps (issue 35): a phone's tap p95,
quiet and then while eight loops from another address ask as fast as they are answered.

    python benchmarks/out_of_ration.py                  # imports out of their ration
    python benchmarks/out_of_ration.py --flood taps     # taps out of theirs
    python benchmarks/out_of_ration.py --flood taps --taps "(600, 600)"   # another ration
    python benchmarks/out_of_ration.py --flood alive    # GET /alive, the cheapest answer
    python benchmarks/out_of_ration.py --elsewhere      # the imports sent to a server apart
    python benchmarks/out_of_ration.py --source DIR     # the server run from another checkout

Starts ``companion serve --workers 2`` on a free loopback port with a new database,
``PROXY_HOPS = 1`` (each client names its address in ``X-Forwarded-For``) and
``TABLES_PER_ADDRESS = (1, 1)``. A phone (203.0.113.1) makes a Liberté table, sits down and
taps a stack every 50 ms for ``--seconds``; then for ``--seconds`` more while ``--loops`` loops
from 203.0.113.66 post, each on its own connection, a table file of 4,999 events (460 KB) to
``/tables/import`` (its address has spent its one table first), or a tap at the phone's table
from a browser with no seat (``--flood taps``, the address's taps spent first: up to 3,000),
or ask ``GET /alive``. With ``--elsewhere`` the loops send the same requests to another process
on another port, which answers each 429 at once without reading it (a few lines of asyncio):
the phone's taps then show what the load generator and the loopback cost the machine's cores,
with no work of the server's. Reported: the answers the loops got, one answer's time in a
loop's view, the phone's tap p50 / p95 quiet and during, the workers' CPU seconds and the load
generator's, and the workers' CPU per answer of the flood (their CPU during, less the quiet
phase's, over the answers). Loopback only; the server is stopped at the end.
"""
import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from load import TREE, free_port, stop_server  # a sibling script: benchmarks/ is on the path

HOST, PHONE, FLOOD = "127.0.0.1", "203.0.113.1", "203.0.113.66"



async def ask(port: int, request: bytes, timeout=30.0) -> tuple[bytes, float]:
    """``request`` on a new connection: the whole answer and the seconds it took."""
    start = time.perf_counter()
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(request)
        received = b""
        async with asyncio.timeout(timeout):
            while True:
                chunk = await reader.read(65536)
                received += chunk
                head, _, body = received.partition(b"\r\n\r\n")
                length = re.search(rb"content-length: (\d+)", head, re.I)
                if not chunk or (length and len(body) >= int(length.group(1))):
                    break
        return received, time.perf_counter() - start
    finally:
        writer.close()


def request(method: str, path: str, address: str, cookie="", body=b"", kind="", extra="") -> bytes:
    return (f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n"
            f"X-Forwarded-For: {address}\r\n" + (f"Cookie: {cookie}\r\n" if cookie else "")
            + (f"Content-Type: {kind}\r\nContent-Length: {len(body)}\r\n" if method == "POST"
               else "") + extra + "\r\n").encode() + body


def cookie_of(answer: bytes, old: str = "") -> str:
    found = re.search(rb"set-cookie: (session=[^;]+)", answer, re.I)
    return found.group(1).decode() if found else old


def status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0


async def browser(port: int, address: str) -> tuple[str, str]:
    """A new browser's cookie and CSRF token."""
    page, _ = await ask(port, request("GET", "/", address))
    token = re.search(rb'name="csrf_token" value="([^"]+)"', page).group(1).decode()
    return cookie_of(page), token


async def new_table(port: int, address: str, cookie: str, token: str) -> tuple[bytes, str]:
    form = f"csrf_token={token}&game=liberte&language=en&players=Ann%0ABob%0ACid".encode()
    made, _ = await ask(port, request("POST", "/tables", address, cookie, form,
                                      "application/x-www-form-urlencoded"))
    return made, cookie_of(made, cookie)


def table_file(events: int) -> bytes:
    return json.dumps({"format": "companion-table/1", "game": "liberte", "language": "en",
                       "setup": {"players": ["Ann", "Bob", "Cid"]},
                       "events": [{"kind": "undo", "data": {}}] * events}).encode()


def multipart(token: str, content: bytes) -> tuple[bytes, str]:
    boundary = "b0undaryOutOfRation"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{token}"
            f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; "
            f"filename=\"t.json\"\r\nContent-Type: application/json\r\n\r\n").encode() + content \
        + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


class Phone:
    """The phone at its table: a tap every ``every`` seconds, each timed."""

    def __init__(self, port, code, cookie, token):
        self.port, self.code, self.cookie, self.token = port, code, cookie, token
        self.version, self.blocks = 0, 2

    async def tap(self) -> tuple[float, int]:
        self.blocks = 5 - self.blocks  # 2, 3, 2...
        form = (f"province=3&player=Ann&faction=red&blocks={self.blocks}&version={self.version}"
                f"&csrf_token={self.token}").encode()
        answer, took = await ask(self.port, request(
            "POST", f"/liberte/{self.code}/", PHONE, self.cookie, form,
            "application/x-www-form-urlencoded", "HX-Request: true\r\n"))
        shown = re.search(rb'data-version="(\d+)"', answer) or re.search(
            rb'name="version" value="(\d+)"', answer)
        if shown:
            self.version = int(shown.group(1))
        return took, status(answer)

    async def taps(self, seconds: float, every: float) -> list[tuple[float, int]]:
        timed, deadline = [], time.monotonic() + seconds
        while time.monotonic() < deadline:
            started = time.monotonic()
            timed.append(await self.tap())
            await asyncio.sleep(max(0.0, every - (time.monotonic() - started)))
        return timed


async def prepare(port, kind, loops, code) -> bytes:
    """The request the loops send from FLOOD, its address out of its ration by then: its one
    table made, or its taps spent in every worker (by the loops, until ten answers in a row
    are 429 or 3,000 were sent: a server without a tap ration answers 403, no seat)."""
    cookie, token = await browser(port, FLOOD)
    if kind == "imports":
        made, cookie = await new_table(port, FLOOD, cookie, token)
        body, form = multipart(token, table_file(4999))
        return request("POST", "/tables/import", FLOOD, cookie, body, form)
    if kind == "alive":
        return request("GET", "/alive", FLOOD)
    form = f"province=3&player=Ann&faction=red&blocks=2&version=0&csrf_token={token}"
    asked = request("POST", f"/liberte/{code}/", FLOOD, cookie, form.encode(),
                    "application/x-www-form-urlencoded", "HX-Request: true\r\n")
    refused, sent = [0], [0]

    async def spend():
        while refused[0] < 10 and sent[0] < 3000:
            sent[0] += 1
            answered = status((await ask(port, asked))[0])
            refused[0] = refused[0] + 1 if answered == 429 else 0
    await asyncio.gather(*(spend() for _ in range(loops)))
    return asked


async def flood(port, asked, loops, seconds) -> list[tuple[float, int]]:
    """``loops`` loops from FLOOD sending ``asked`` as fast as they are answered."""
    answers, deadline = [], time.monotonic() + seconds

    async def loop():
        while time.monotonic() < deadline:
            try:
                answer, took = await ask(port, asked)
                answers.append((took, status(answer)))
            except (OSError, TimeoutError):
                answers.append((float("inf"), 0))
    await asyncio.gather(*(loop() for _ in range(loops)))
    return answers


def refuse_everything(port: int) -> None:
    """A server that answers every request 429 at once, reading nothing (``--elsewhere``)."""
    async def answer(reader, writer):
        await reader.read(4096)
        writer.write(b"HTTP/1.1 429 Too Many Requests\r\nContent-Length: 0\r\n"
                     b"Connection: close\r\n\r\n")
        writer.close()

    async def serve():
        async with await asyncio.start_server(answer, HOST, port, backlog=4096) as server:
            await server.serve_forever()
    asyncio.run(serve())


def cpu_seconds(pids) -> float:
    """User and system CPU seconds of the processes ``pids`` so far."""
    total = 0.0
    for pid in pids:
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except OSError:
            pass
    return total


def workers(server) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True, text=True)
    return [int(pid) for pid in out.stdout.split()]


def ms(values, point) -> float:
    done = sorted(v for v in values if v != float("inf"))
    return statistics.quantiles(done, n=100)[point - 1] * 1000 if len(done) > 1 else float("nan")


async def measure(args) -> None:
    folder = tempfile.mkdtemp(prefix="out-of-ration-")
    port = free_port()
    with open(f"{folder}/settings.py", "w") as settings:
        settings.write("PROXY_HOPS = 1\nTABLES_PER_ADDRESS = (1, 1)\n"
                       + (f"TAPS_PER_ADDRESS = {args.taps}\n" if args.taps else ""))
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", HOST,
                               "--port", str(port), "--db", f"{folder}/db.sqlite",
                               "--workers", "2", "--settings", f"{folder}/settings.py"],
                              cwd=args.source or TREE, stdout=subprocess.DEVNULL,
                              stderr=open(f"{folder}/server.log", "w"), start_new_session=True)
    try:
        for _ in range(300):
            try:
                await ask(port, request("GET", "/alive", PHONE), timeout=2)
                break
            except (OSError, TimeoutError):
                await asyncio.sleep(0.1)
        cookie, token = await browser(port, PHONE)
        made, cookie = await new_table(port, PHONE, cookie, token)
        code = re.search(rb"location: /t/(\w+)/room", made, re.I).group(1).decode()
        sat, _ = await ask(port, request("POST", f"/t/{code}/seat", PHONE, cookie,
                                         f"csrf_token={token}&player=Ann".encode(),
                                         "application/x-www-form-urlencoded"))
        phone = Phone(port, code, cookie_of(sat, cookie), token)
        pids, me, other = workers(server), [os.getpid()], None
        if args.elsewhere:
            elsewhere = free_port()
            other = subprocess.Popen([sys.executable, __file__, "--refuse", str(elsewhere)])
            await asyncio.sleep(1)
            me.append(other.pid)
        print(f"load average at the start: {os.getloadavg()[0]:.1f}", flush=True)
        cpu, own = cpu_seconds(pids), cpu_seconds(me)
        quiet = await phone.taps(args.seconds, 0.05)
        cpu_quiet, own_quiet = cpu_seconds(pids) - cpu, cpu_seconds(me) - own
        asked = await prepare(port, args.flood, args.loops, code)
        cpu, own = cpu_seconds(pids), cpu_seconds(me)
        during, flooded = await asyncio.gather(
            phone.taps(args.seconds, 0.05),
            flood(elsewhere if other else port, asked, args.loops, args.seconds))
        cpu_during, own_during = cpu_seconds(pids) - cpu, cpu_seconds(me) - own
        kinds = {}
        for _took, answered in flooded:
            kinds[answered] = kinds.get(answered, 0) + 1
        extra = cpu_during - cpu_quiet * len(during) / max(1, len(quiet))
        print(f"the {args.loops} loops ({args.flood}): answered {kinds} in {args.seconds:.0f} s;"
              f" one answer p50 {ms([t for t, _ in flooded], 50):.1f} ms (a loop's view)")
        print(f"the phone's tap: quiet p50 {ms([t for t, _ in quiet], 50):.1f} ms, p95 "
              f"{ms([t for t, _ in quiet], 95):.1f} ms ({len(quiet)} taps, statuses "
              f"{sorted({s for _, s in quiet})}); during p50 {ms([t for t, _ in during], 50):.1f}"
              f" ms, p95 {ms([t for t, _ in during], 95):.1f} ms ({len(during)} taps, statuses "
              f"{sorted({s for _, s in during})})")
        apart = " and the server apart" if other else ""
        print(f"workers' CPU: quiet {cpu_quiet:.2f} s, during {cpu_during:.2f} s; the load "
              f"generator's{apart}: quiet {own_quiet:.2f} s, during {own_during:.2f} s; "
              f"workers' CPU per"
              f" answer of the flood {extra / max(1, len(flooded)) * 1000:.2f} ms")
        print(f"load average at the end: {os.getloadavg()[0]:.1f}", flush=True)
    finally:
        if other:
            other.terminate()
            other.wait(20)
        stop_server(server)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flood", choices=["imports", "taps", "alive"], default="imports")
    parser.add_argument("--loops", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--source", default="", help="the checkout whose companion is served (by default this script's)")
    parser.add_argument("--taps", default="", help="TAPS_PER_ADDRESS, e.g. '(600, 600)'")
    parser.add_argument("--elsewhere", action="store_true",
                        help="flood a server apart that refuses everything, not companion")
    parser.add_argument("--refuse", type=int, help=argparse.SUPPRESS)  # that server's port
    args = parser.parse_args()
    if args.refuse:
        refuse_everything(args.refuse)
    else:
        asyncio.run(measure(args))


if __name__ == "__main__":
    main()
