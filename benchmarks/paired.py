"""Two builds side by side: how soon another phone is told a tap, and when the tapper is answered.

    python benchmarks/paired.py TREE [TREE ...] [--taps 150] [--tables 40] [--workers 1]

Each TREE is a checkout of the companion (this one by default, and always first when none is
given): its own ``benchmarks/load.py`` starts its own server (``companion serve``, loopback, a new
database) and builds ``--tables`` Liberté tables through it. Then one tap after another, each
build in turn in a shuffled order: a phone of the table opens its news stream and is told its
version, the seated phone taps a stack, and the clock runs from the tap's sending to the moment
the stream sends the change (told) and to the tap's whole answer (answered).

The servers are quiet (one tap at a time): what it measures is the path a tap takes, not how the
taps crowd each other (that is ``load.py``). The builds share every moment of the machine, so a
machine that speeds up or slows down between two minutes (a VM's neighbours) moves them alike:
the median of the paired differences against the first build is the figure to read
(docs/performance.md).
"""
import argparse
import importlib.util
import random
import re
import select
import socket
import statistics
import tempfile
import time
from pathlib import Path

import load

TREE = Path(__file__).resolve().parents[1]
WAIT = 5  # seconds a tap's answer or its news may take before the run stops with an error


def load_module(tree: Path, number: int):
    """The ``benchmarks/load.py`` of ``tree``: it starts that tree's server."""
    spec = importlib.util.spec_from_file_location(f"load_{number}", tree / "benchmarks" / "load.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Build:
    """One tree's server, its tables and what its taps measured."""

    def __init__(self, tree: Path, number: int, tables: int, workers: int):
        self.tree, self.load = tree, load_module(tree, number)
        self.port = self.load.free_port()
        self.server = self.load.start_server(tempfile.mkdtemp(), self.port, workers)
        self.tables, version = self.load.build(self.port, tables)
        self.version = {table["code"]: version for table in self.tables}
        self.told: list[float] = []
        self.answered: list[float] = []

    def tap(self, number: int, rng: random.Random) -> None:
        table = self.tables[number % len(self.tables)]
        code = table["code"]
        with socket.create_connection((self.load.HOST, self.port), timeout=WAIT) as stream, \
                socket.create_connection((self.load.HOST, self.port), timeout=WAIT) as tapper:
            stream.sendall(f"GET /t/{code}/events?live=/liberte/{code}/&lang=en HTTP/1.1\r\n"
                           f"Host: {self.load.HOST}\r\nCookie: {table['cookie']}\r\n\r\n".encode())
            heard = until(stream, lambda got: re.search(rb"\ndata: \d+\n\n", got))
            request = load.tap_request(table, self.version[code], rng)  # as this tree taps
            sent = time.perf_counter()
            tapper.sendall(request)
            told, answered, answer = told_and_answered(stream, tapper, len(heard))
        found = re.search(rb'data-version="(\d+)"', answer)
        if not answer.startswith(b"HTTP/1.1 200") or not found:
            raise SystemExit(f"{self.tree}: a tap was answered {answer[:60]!r}")
        self.version[code] = int(found.group(1))
        self.told.append((told - sent) * 1000)
        self.answered.append((answered - sent) * 1000)


def until(sock, done, got=b"") -> bytes:
    """What ``sock`` sends until ``done(what it sent)`` holds (within ``WAIT``)."""
    deadline = time.monotonic() + WAIT
    while not done(got):
        if not select.select([sock], [], [], max(0.0, deadline - time.monotonic()))[0]:
            raise SystemExit("the server sent nothing for too long")
        chunk = sock.recv(65536)
        if not chunk:
            raise SystemExit("the server closed a connection too soon")
        got += chunk
    return got


def told_and_answered(stream, tapper, heard: int) -> tuple[float, float, bytes]:
    """When the stream sent the change (its next message after the first ``heard`` bytes), when
    the tap's whole answer had arrived, and that answer."""
    told = answered = None
    news, answer = b"", b""
    deadline = time.monotonic() + WAIT
    while told is None or answered is None:
        waiting = [sock for sock, at in ((stream, told), (tapper, answered)) if at is None]
        ready = select.select(waiting, [], [], max(0.0, deadline - time.monotonic()))[0]
        if not ready:
            raise SystemExit("a tap was not answered, or its phone not told, in time")
        for sock in ready:
            chunk, now = sock.recv(65536), time.perf_counter()
            if sock is stream:
                news += chunk
                *whole, _ = news[heard:].split(b"\n\n")  # the messages sent whole so far
                if any(not message.startswith(b"event: beat") for message in whole):
                    told = now
            else:
                answer += chunk
                head, _, rest = answer.partition(b"\r\n\r\n")
                length = re.search(rb"(?i)\r\ncontent-length: (\d+)", head)
                if not chunk or (length and len(rest) >= int(length.group(1))):
                    answered = now
    return told, answered, answer


def report(builds: list[Build]) -> list[str]:
    first = builds[0]
    lines = []
    for build in builds:
        told, answered = sorted(build.told), sorted(build.answered)
        apart = statistics.median(a - b for a, b in zip(build.told, first.told))
        lines.append(f"{build.tree} ({build.load.commit(build.tree)}): told p50 "
                     f"{told[len(told) // 2]:.2f} ms, p90 {told[len(told) * 9 // 10]:.2f}; "
                     f"answered p50 {answered[len(answered) // 2]:.2f} ms, p90 "
                     f"{answered[len(answered) * 9 // 10]:.2f}; told against the first, "
                     f"median of the pairs {apart:+.2f} ms")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trees", nargs="*", type=Path, help="checkouts of the companion")
    parser.add_argument("--taps", type=int, default=150, help="taps to each build")
    parser.add_argument("--tables", type=int, default=40, help="tables each build serves")
    parser.add_argument("--workers", type=int, default=1, help="server workers of each build")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    builds = []
    try:
        for number, tree in enumerate(args.trees or [TREE]):
            builds.append(Build(tree.resolve(), number, args.tables, args.workers))
        rng = random.Random(args.seed)
        for number in range(args.taps):
            for build in rng.sample(builds, len(builds)):
                build.tap(number, rng)
        print(f"{args.taps} taps to each build, one at a time, on {args.tables} tables, "
              f"{args.workers} worker(s) each")
        print("\n".join(report(builds)))
    finally:
        for build in builds:
            build.load.stop_server(build.server)


if __name__ == "__main__":
    main()
