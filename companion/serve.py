"""``companion serve``: the app on the LAN with granian, the join address printed as a QR code.

The server holds many phones: every phone keeps one connection open and polls on it once a
second. granian (a maintained production server whose HTTP side is written in Rust) keeps those
connections in an event loop (epoll) at no cost to Python, and calls the app only for complete
requests, from a pool of threads in each worker process. Workers share the listening socket and
the SQLite file; nothing in the app assumes one process (README, "Hosting many tables").
"""
import os
import resource
import signal
import socket

import click

TARGET = "companion.serve:hosted_app"  # what each worker process imports and calls
WAITING = 512  # threads per worker, most of them waiting for slow clients (companion.admission)


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent), or 127.0.0.1."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def hosted_app():
    """The app as each worker process builds it, from what the command put in the environment
    (``COMPANION_DATABASE``, ``COMPANION_PUBLIC_URL``, ``COMPANION_THREADS``)."""
    die_with_parent()
    from companion import create_app
    from companion.admission import Admission
    app = create_app()
    app.config["PUBLIC_URL"] = os.environ.get("COMPANION_PUBLIC_URL")
    if os.environ.get("COMPANION_DATABASE"):
        app.config["DATABASE"] = os.environ["COMPANION_DATABASE"]
    app.wsgi_app = Admission(app.wsgi_app, int(os.environ.get("COMPANION_THREADS", "8")),
                             app.config["MAX_CONTENT_LENGTH"])
    return app


def die_with_parent() -> None:
    """A worker ends when the command that started it does, even if that one was killed
    (Linux): otherwise it would keep the port and the next ``companion serve`` could not start."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def raise_file_limit(connections: int) -> int:
    """Let each worker hold ``connections`` sockets (plus its files): the soft limit on open
    files is raised as far as the hard one allows. Returns the connections that fit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 256
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if wanted > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return max(resource.getrlimit(resource.RLIMIT_NOFILE)[0] - 256, 0)


def run_server(host, port, *, environ, workers, connections, backlog, idle_timeout):
    """granian with the settings ``companion serve`` documents (blocks until Ctrl-C); the
    workers it starts inherit ``environ``."""
    from granian.constants import Interfaces
    from granian.http import HTTP1Settings
    from granian.log import LogLevels
    from granian.server import Server
    os.environ.update(environ)
    Server(TARGET, address=host, port=port, interface=Interfaces.WSGI, factory=True,
           workers=workers, blocking_threads=WAITING, backpressure=connections, backlog=backlog,
           http1_settings=HTTP1Settings(header_read_timeout=idle_timeout * 1000),
           respawn_failed_workers=True, log_level=LogLevels.error).serve()


@click.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
              help="SQLite file (default: companion.sqlite in the instance folder).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Server processes sharing the port and the database: 1 is plenty for a few "
                   "tables; give a hosted instance one per core.")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1, 256),
              help="Requests each worker runs at once (one runs Python at a time, the others "
                   "wait for the database). Up to 512 more threads per worker wait for slow "
                   "clients: a request is run only once its body has arrived.")
@click.option("--max-connections", default=10000, show_default=True,
              type=click.IntRange(16, 1_000_000),
              help="Open connections each worker holds; more wait to be accepted (its "
                   "open-files limit is raised to fit). A phone keeps one, sometimes two: "
                   "1,000 tables of 6 phones on 2 workers need about 6,000 each.")
@click.option("--backlog", default=4096, show_default=True, type=click.IntRange(128, 65535),
              help="Connections waiting to be accepted (a room of phones arriving at once).")
@click.option("--idle-timeout", default=10, show_default=True, type=click.IntRange(1, 60),
              help="Seconds a connection may wait between requests, or take to send a "
                   "request's headers, before it is closed: a phone gone quiet (it reconnects "
                   "by itself when it polls again) or a half-sent request.")
def serve(host, port, db_path, workers, threads, max_connections, backlog, idle_timeout):
    """Serve the companion to the phones at the tables (production server: granian).

    Every phone keeps its connection open and polls once a second; an unchanged poll is
    answered before the web framework runs. For a hosted instance with many tables, one
    worker per core:

    \b
        companion serve --workers 2 --db /srv/companion/companion.sqlite
    """
    from companion import create_app
    from companion.db import init_db
    from companion.qr import text
    address = lan_address() if host in ("0.0.0.0", "") else host
    url = f"http://{address}:{port}/"
    app = create_app()
    database = db_path or app.config["DATABASE"]
    init_db(database)
    fits = min(raise_file_limit(max_connections), max_connections)
    click.echo(text(url))
    click.echo(f"companion: open {url} on a phone on the same network (database {database})")
    if fits < max_connections:
        click.echo(f"companion: the open-files limit lets each worker hold {fits} connections, "
                   f"not {max_connections} (raise it with ulimit -n)", err=True)
    run_server(host, port, environ={"COMPANION_PUBLIC_URL": url, "COMPANION_DATABASE": database,
                                    "COMPANION_THREADS": str(threads)},
               workers=workers, connections=fits, backlog=backlog, idle_timeout=idle_timeout)
