"""``companion serve``: the app on the LAN with granian, the join address printed as a QR code.

The server holds many phones: every phone keeps one connection open, on which it is told when its
table changes (``companion.server.push``). granian (a maintained production server whose HTTP side is
written in Rust) runs each worker's front (``companion.server.front``) in an event loop: the phones'
streams wait there at no cost, and Flask runs there too, once a request has arrived whole.
Workers share the listening socket and the SQLite file (``companion.server.workers``).

What stops the server from starting (a busy port, a ``--db`` in a missing folder) is said in one
line, exit 1, before any address or QR code is printed. Ctrl-C, SIGTERM and SIGHUP (the
terminal closed) end the phones' open streams and stop it within 2 s
(``front.Front.stop_on_signals``); a second Ctrl-C stops it at once.

The QR code printed opens ``PUBLIC_URL`` when the host set it (the address behind its proxy),
else the LAN address; ``--table`` makes it open a table's join page. The pages build their join
link the same way, from the address the phone used (companion.table.rooms.public_base).
"""
import os
import shutil
import sqlite3
import tempfile

import click

from companion.server.access_log import log_problem
from companion.server.lan import is_loopback, lan_address
from companion.server.ports import port_problem
from companion.server.process import raise_file_limit
from companion.server.workers import run_server


def database_problem(db_path: str | None) -> str | None:
    """Why the database file given with ``--db`` cannot be kept where it is asked, or None."""
    if db_path is None:
        return None
    folder = os.path.dirname(os.path.abspath(db_path))
    if not os.path.isdir(folder):
        return f"--db {db_path}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK):
        return f"--db {db_path}: cannot write in the folder {folder}"
    return None


def make_app(url: str | None, db_path: str | None):
    """The app with the LAN address the phones can open (``LAN_URL``, None on a loopback
    address); ``--db`` keeps the database (and the cookie key) there instead of the instance
    folder."""
    from companion import create_app
    settings = {"LAN_URL": url} if url else {}
    if db_path:
        settings["DATABASE"] = db_path
    from companion.server.push import beats_per_second, heartbeat
    try:
        app = create_app(settings=settings)
        heartbeat(app.config["HEARTBEAT"])  # checked here, before any worker starts
        beats_per_second(app.config["BEATS_PER_SECOND"])
        return app
    except sqlite3.DatabaseError as err:
        raise click.ClickException(f"--db {db_path}: cannot be used as the database ({err})") from None
    except ValueError as err:  # a setting no table could use (CODE_PREFIX, HEARTBEAT, ...)
        raise click.ClickException(str(err)) from None


def table_link(database: str, base: str, code: str | None) -> str:
    """What the terminal's QR code opens: ``base`` (the start page), or the join page of the
    table ``code`` (``--table CODE``; ``--table`` alone: the newest table)."""
    if code is None:
        return base
    conn = sqlite3.connect(database)
    try:
        row = (conn.execute("SELECT code FROM tables ORDER BY id DESC LIMIT 1").fetchone()
               if code == NEWEST else
               conn.execute("SELECT code FROM tables WHERE code = ?", (code.upper(),)).fetchone())
    finally:
        conn.close()
    if row is None:
        raise click.ClickException("--table: there is no table yet" if code == NEWEST else
                                   f"--table {code}: there is no such table in {database}")
    return base.rstrip("/") + f"/t/{row[0]}"


NEWEST = "newest"  # --table without a code


def announce(link: str | None, host: str, database: str, hops: int, url: str) -> None:
    """The join address for the phones, with its QR code (``link``: ``PUBLIC_URL`` or the LAN
    address, or the table's join page on it; None when no phone can reach this address: a
    loopback one, with no ``PUBLIC_URL``). The advice matches the service unit of
    docs/hosting.md: behind a proxy the server listens on 127.0.0.1 on purpose."""
    from companion.qr import text
    if link is None and hops:
        click.echo(f"companion: serving {url} to the proxy in front (PROXY_HOPS={hops}): the "
                   f"phones join at the proxy's address; set PUBLIC_URL to print its QR code "
                   f"here (database {database}); Ctrl+C to stop")
        return
    if link is None:
        click.echo(f"companion: open {url} on this computer only: no phone can reach {host} "
                   f"(leave --host out to let the phones at the table in, or put a TLS proxy in "
                   f"front with PROXY_HOPS=1: docs/hosting.md) (database {database}); "
                   f"Ctrl+C to stop")
        return
    click.echo(text(link), nl=False)
    click.echo(f"companion: open {link} on a phone (database {database}); Ctrl+C to stop")


@click.command(short_help="Host the tables on the LAN, with a QR code to join.")
@click.option("--host", default="0.0.0.0", show_default=True,
              help="Address to listen on (0.0.0.0: every network of this machine; 127.0.0.1: this "
                   "computer only).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535),
              help="Port to listen on.")
@click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
              help="SQLite file, kept with its cookie key (secret_key) in its folder (default: the "
                   "instance folder).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Server processes sharing the port and the database: 1 is plenty for a few "
                   "tables; give a hosted instance one per core.")
@click.option("--max-connections", default=15000, show_default=True,
              type=click.IntRange(16, 1_000_000),
              help="Open connections each worker holds; more wait to be accepted (its "
                   "open-files limit is raised to fit). A phone keeps one (its table's news), "
                   "two while it fetches a change: "
                   "3,000 tables of 6 phones on 2 workers need about 10,000 each.")
@click.option("--backlog", default=4096, show_default=True, type=click.IntRange(128, 65535),
              help="Connections waiting to be accepted (a room of phones arriving at once).")
@click.option("--idle-timeout", default=10, show_default=True, type=click.IntRange(1, 60),
              help="Seconds a connection may wait between requests, or take to send a "
                   "request's headers, before it is closed: a socket that sends nothing, a "
                   "half-sent request, or the second connection of a phone gone quiet. A "
                   "phone's news stream is kept open, and a request's body may take 30 s.")
@click.option("--settings", "settings_path", default=None,
              type=click.Path(exists=True, dir_okay=False),
              help="A Python file of settings (the limits in docs/hosting.md, "
                   "PROXY_HOPS, JOIN_CODE_LENGTH) read after the instance's config.py.")
@click.option("--log", is_flag=False, flag_value="-", default=None, metavar="[FILE]",
              help="Log every request, one line each (time, address, method, path, status, "
                   "milliseconds; a news stream when it ends), to stderr or appended to FILE.")
@click.option("--table", "table_code", is_flag=False, flag_value=NEWEST, default=None,
              metavar="[CODE]",
              help="The QR code opens this table's join page (--table alone: the newest "
                   "table) instead of the start page.")
def serve(host, port, db_path, workers, max_connections, backlog, idle_timeout, settings_path,
          log, table_code):
    """Serve the companion to the phones at the tables (production server: granian).

    Every phone keeps one connection open and is told on it when its table changes (Server-Sent
    Events): an idle phone costs no request. What stops it from starting (a busy port, a --db in
    a missing folder) is said in one line, exit 1. Ctrl+C (or closing the terminal) ends the
    open streams and stops it within 2 s; a second Ctrl+C stops it at once. For a hosted instance with many tables, one
    worker per core, its database in a folder that exists:

    \b
        mkdir -p ~/companion
        companion serve --workers 2 --db ~/companion/companion.sqlite
    """
    from companion.table.db import init_db
    problem = database_problem(db_path) or port_problem(host, port) or log_problem(log)
    if problem:
        raise click.ClickException(problem)
    if settings_path:  # read by this process's app and by each worker's (create_app)
        os.environ["COMPANION_SETTINGS"] = os.path.abspath(settings_path)
    address = lan_address() if host in ("0.0.0.0", "") else host
    url = f"http://{address}:{port}/"
    lan = None if is_loopback(address) else url
    config = make_app(lan, db_path).config
    database = config["DATABASE"]
    init_db(database)
    base = config.get("PUBLIC_URL") or lan
    link = table_link(database, base or url, table_code)
    fits = min(raise_file_limit(max_connections), max_connections)
    announce(link if base else None, host, database, config["PROXY_HOPS"], url)
    if fits < max_connections:
        click.echo(f"companion: the open-files limit lets each worker hold {fits} connections, "
                   f"not {max_connections} (raise it with ulimit -n)", err=True)
    environ = {"COMPANION_DATABASE": database} | ({"COMPANION_LAN_URL": lan} if lan else {})
    peers = tempfile.mkdtemp(prefix="companion-peers-") if workers > 1 else None
    if peers:  # the workers' sockets, to tell each other of changes (companion.server.peers)
        environ["COMPANION_PEERS_FOLDER"] = peers
    try:
        run_server(host, port, environ=environ, workers=workers, connections=fits,
                   backlog=backlog, idle_timeout=idle_timeout, log=log)
    finally:
        if peers:
            shutil.rmtree(peers, ignore_errors=True)
