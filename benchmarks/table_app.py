"""The companion's performance figures (issue 4), measured on this machine.

    python benchmarks/table_app.py [--rounds N]

1. A fragment write+render request (a tap on a block, htmx) against a bare Flask route, both over
   HTTP to the same waitress server in the same run: medians and their ratio (target <= 1.5).
2. An "unchanged" poll: server time (in-process WSGI call) on a table with 10 and with 2,000
   events (target <= 1 ms, ratio <= 1.2).
3. The first page a phone loads (board page + htmx + CSS + JS) over the wire with gzip (<= 60 KB).
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

from companion import create_app  # noqa: E402
from browser_support import stop_waitress  # noqa: E402
from conftest import TableHelper  # noqa: E402


def make_app(folder):
    app = create_app({"DATABASE": f"{folder}/bench.sqlite", "SECRET_KEY": "bench",
                      "WTF_CSRF_ENABLED": False})

    @app.get("/bench/bare")
    def bare():
        """A bare Flask route: the yardstick."""
        return "ok"
    return app


def board(table, events):
    """A table with a realistic board, then taps until it has ``events`` events."""
    for n in range(1, 10):
        for player, faction, blocks in (("Christie", "red", 2), ("Joshua", "blue", 1)):
            if table.version < events:
                table.stack(n, player, faction, blocks)
    while table.version < events:
        table.stack(20, "Max", "white", 1 + table.version % 3)


def http_medians(app, table, rounds):
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    conn = http.client.HTTPConnection("127.0.0.1", server.effective_port)
    cookie = table.client.get_cookie("session").value
    headers = {"Cookie": f"session={cookie}", "HX-Request": "true",
               "Content-Type": "application/x-www-form-urlencoded"}
    bare, write = [], []
    version = table.version
    for i in range(rounds):
        start = time.perf_counter()
        conn.request("GET", "/bench/bare", headers=headers)
        conn.getresponse().read()
        bare.append(time.perf_counter() - start)
        body = f"version={version}&province=21&player=Max&faction=white&blocks={1 + i % 3}"
        start = time.perf_counter()
        conn.request("POST", f"/liberte/{table.code}/", body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        write.append(time.perf_counter() - start)
        assert response.status == 200, (response.status, data[:300])
        version = int(re.search(rb'name="version" value="(\d+)"', data).group(1))
    conn.close()
    stop_waitress(server, thread)
    table.version = version
    return statistics.median(bare), statistics.median(write)



def poll_median(app, code, version, rounds):
    """Server time of an unchanged poll: one WSGI call, no network."""
    client = app.test_client()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        response = client.get(f"/t/{code}/poll?v={version}")
        times.append(time.perf_counter() - start)
        assert response.status_code == 204
    return statistics.median(times)


def first_page(client, code):
    gz = {"Accept-Encoding": "gzip"}
    sizes = {"board page": len(client.get(f"/liberte/{code}/", headers=gz).data),
             "htmx.min.js": len(client.get("/vendor/htmx.min.js", headers=gz).data)}
    for name in ("companion.css", "companion.js"):
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
        small, big, taps = (TableHelper(app.test_client()) for _ in range(3))
        for table, events in ((small, 10), (big, 2000), (taps, 10)):
            table.sit()
            board(table, events)
        bare, write = http_medians(app, taps, args.rounds)
        print(f"1. bare route {bare * 1000:.2f} ms, write+fragment {write * 1000:.2f} ms "
              f"(median of {args.rounds}, HTTP/waitress): ratio {write / bare:.2f} (target <= 1.5)")
        p10 = poll_median(app, small.code, small.version, args.rounds * 3)
        p2000 = poll_median(app, big.code, big.version, args.rounds * 3)
        print(f"2. unchanged poll: {p10 * 1000:.3f} ms at {small.version} events, "
              f"{p2000 * 1000:.3f} ms at {big.version} events: ratio {p2000 / p10:.2f} "
              "(targets <= 1 ms, <= 1.2)")
        sizes = first_page(taps.client, taps.code)
        total = sum(sizes.values())
        detail = ", ".join(f"{k} {v / 1024:.1f} KB" for k, v in sizes.items())
        print(f"3. first page with gzip: {total / 1024:.1f} KB ({detail}) (target <= 60 KB)")


if __name__ == "__main__":
    main()
