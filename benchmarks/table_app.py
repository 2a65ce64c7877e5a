"""The companion's performance figures (issue 4), measured on this machine.

    python benchmarks/table_app.py [--rounds N]

1. A fragment write+render request (a tap on a block, htmx) against a bare Flask route, both over
   HTTP to the same waitress server in the same run: medians and their ratio (target <= 1.5).
   The app runs as ``companion serve`` runs it (CSRF on) and the requests are a phone's (session
   cookie, gzip accepted, the CSRF token in a header as htmx sends it). A second yardstick, a
   POST that only reads its form, shows what any write costs before the app does anything.
2. The table's news (companion.server.push): one look of a worker at the database after a commit, for
   the phones of 1,000 tables (a worker looks at most 50 times a second, 20 ms of which this
   must be a small part), the look at all their tables it makes once a second, and the version
   read that starts a phone's stream.
3. The first page a phone loads (board page + htmx + CSS + JS + icon), the bodies gzipped
   (<= 60 KB); docs/performance.md's figure, on the wire, is ``benchmarks/first_load.py``'s.
"""
import argparse
import gzip
import http.client
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
import waitress  # noqa: E402
from flask import request  # noqa: E402

from companion import create_app
from companion.server import push
from companion.table import events, games, live, tables  # noqa: E402
from companion.table.db import get_db  # noqa: E402
from companion.games.liberte import check  # noqa: E402
from table_support import TableHelper  # noqa: E402


def stop_waitress(srv, thread) -> None:
    """Stop a waitress server running in ``thread`` without a race.

    First the worker threads finish their tasks and end (a worker that has just sent its
    answer still pulls the loop's trigger, so the trigger must outlive them). Then the sockets
    are closed from waitress's own loop thread, so its ``select`` never sees a closed descriptor
    (closing them from this thread made CI fail with EBADF after every test passed); with
    nothing left to watch, the loop returns and the thread ends."""
    srv.task_dispatcher.shutdown(cancel_pending=True, timeout=10)

    def close_all():
        for channel in list(srv._map.values()):
            channel.close()
    srv.trigger.pull_trigger(close_all)
    thread.join(timeout=10)
    assert not thread.is_alive(), "waitress did not stop"


def make_app(folder):
    app = create_app({"DATABASE": f"{folder}/bench.sqlite", "SECRET_KEY": "bench"})

    @app.get("/bench/bare")
    def bare():
        """A bare Flask route: the yardstick."""
        return "ok"

    @app.post("/bench/form")
    def form():
        """A POST that reads its form and does nothing else (CSRF-checked as every POST)."""
        return "ok" if request.form else "empty"

    @app.post("/bench/write/<code>")
    def write(code):
        """A tap without its answer: the table, the form, the rules check and the appended event."""
        table = live.load(code)
        events.append(get_db(), table, games.get(table.game), "stack",
                      lambda p: check.read(p, "stack", request.form), base=table.version,
                      seat=tables.seat(table))
        return str(table.version)
    return app


def make_tables(app, counts):
    """Tables with ``counts`` events each, entered through the app (CSRF off while they are)."""
    app.config["WTF_CSRF_ENABLED"] = False
    made = []
    for count in counts:
        table = TableHelper(app.test_client())
        table.sit()
        board(table, count)
        made.append(table)
    app.config["WTF_CSRF_ENABLED"] = True
    return made


def board(table, events):
    """A table with a realistic board, then taps until it has ``events`` events."""
    for n in range(1, 10):
        for player, faction, blocks in (("Christie", "red", 2), ("Joshua", "blue", 1)):
            if table.version < events:
                table.stack(n, player, faction, blocks)
    while table.version < events:
        table.stack(20, "Max", "white", 1 + table.version % 3)


def phone_headers(table) -> dict:
    """What htmx on a phone sends: the session cookie, the CSRF token the page gave it, gzip."""
    page = table.client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    return {"Cookie": f"session={table.client.get_cookie('session').value}",
            "HX-Request": "true", "X-CSRFToken": token, "Accept-Encoding": "gzip",
            "Content-Type": "application/x-www-form-urlencoded"}


def http_medians(app, table, rounds):
    """Medians of the bare route, the form-only POST, the write alone and the tap, in turns."""
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    conn = http.client.HTTPConnection("127.0.0.1", server.effective_port)
    headers = phone_headers(table)
    times = {"bare": [], "form": [], "write": [], "tap": []}
    version = table.version

    def timed(name, method, path, body=None):
        start = time.perf_counter()
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        times[name].append(time.perf_counter() - start)
        assert response.status == 200, (name, response.status, data[:300])
        return gzip.decompress(data) if response.getheader("Content-Encoding") else data

    for i in range(rounds):
        body = f"version={version}&province=21&player=Max&faction=white&blocks={1 + i % 3}"
        timed("bare", "GET", "/bench/bare")
        timed("form", "POST", "/bench/form", body)
        version = int(timed("write", "POST", f"/bench/write/{table.code}", body))
        body = f"version={version}&province=21&player=Max&faction=white&blocks={1 + (i + 1) % 3}"
        data = timed("tap", "POST", f"/liberte/{table.code}/", body)
        version = int(re.search(rb'data-version="(\d+)"', data).group(1))
    conn.close()
    stop_waitress(server, thread)
    table.version = version
    return {name: statistics.median(values) for name, values in times.items()}


def news_medians(app, codes, rounds):
    """Seconds of one look for the phones of ``codes`` (codes that match no table cost the same
    index lookup): a full look (every watched table: a worker's first) and a look after one change
    (the tables with new events); and of one version read; no network, no event loop."""
    watcher = push.Watcher(lambda: app.config["DATABASE"])
    for code in codes:
        watcher.phones[code] = {push.Phone(0)}
    full, changed, reads = [], [], []
    for _ in range(rounds):
        start = time.perf_counter()
        watcher.news(codes[0])
        reads.append(time.perf_counter() - start)
        for kind, times in (("full", full), ("changed", changed)):
            watcher.seen = None  # as after a commit
            if kind == "changed":  # as if the newest event were new
                watcher.newest = (watcher.newest[0] - 1, *watcher.newest[1:])
            start = time.perf_counter()
            watcher.look()
            times.append(time.perf_counter() - start)
            watcher.newest = None if kind == "changed" else watcher.newest
    return statistics.median(full), statistics.median(changed), statistics.median(reads)


def first_page(client, code):
    gz = {"Accept-Encoding": "gzip"}
    sizes = {"board page": len(client.get(f"/liberte/{code}/", headers=gz).data),
             "htmx.min.js": len(client.get("/vendor/htmx.min.js", headers=gz).data)}
    for name in ("companion.css", "companion.js", "icon.svg"):
        response = client.get(f"/static/{name}")
        sizes[name] = len(gzip.compress(response.data))
        response.close()
    return sizes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(folder)
        (taps,) = make_tables(app, (10,))
        m = http_medians(app, taps, args.rounds)
        print(f"1. bare route {m['bare'] * 1000:.2f} ms, write+fragment {m['tap'] * 1000:.2f} ms "
              f"(median of {args.rounds}, HTTP/waitress): ratio {m['tap'] / m['bare']:.2f} "
              "(target <= 1.5)")
        for name, what in (("form", "a POST that only reads its form"),
                           ("write", "the tap without its answer (form, rules, event)")):
            print(f"   {what}: {m[name] * 1000:.2f} ms, ratio {m[name] / m['bare']:.2f}")
        codes = [taps.code] + [f"Z{n:04d}" for n in range(999)]
        full, changed, read = news_medians(app, codes, args.rounds)
        print(f"2. the news, for the phones of 1,000 tables: one look after a change "
              f"{changed * 1000:.3f} ms (at most {1 / push.INTERVAL:.0f} a second), one look at "
              f"them all {full * 1000:.2f} ms (at most one a second); a stream's first version "
              f"{read * 1000:.3f} ms")
        sizes = first_page(taps.client, taps.code)
        total = sum(sizes.values())
        detail = ", ".join(f"{k} {v / 1024:.1f} KB" for k, v in sizes.items())
        print(f"3. first page with gzip: {total / 1024:.1f} KB ({detail}) (target <= 60 KB)")


if __name__ == "__main__":
    main()
