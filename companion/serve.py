"""``companion serve``: the app on the LAN with waitress, the join address printed as a QR code.

What stops the server from starting (a busy port, a ``--db`` in a missing folder) is said in one
line, exit 1, before any address or QR code is printed.
"""
import errno
import ipaddress
import os
import socket
import sqlite3

import click


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


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only (127.x, ::1, localhost)."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def port_problem(host: str, port: int) -> str | None:
    """Why waitress could not listen on ``host:port`` (tried with the same SO_REUSEADDR), or None."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as err:
            return {
                errno.EADDRINUSE: f"port {port} is already in use (another companion serve?): "
                                  f"choose another with --port",
                errno.EACCES: f"port {port} needs administrator rights: choose one above 1023 with --port",
                errno.EADDRNOTAVAIL: f"{host} is not an address of this machine: leave --host out to "
                                     f"listen on all of them",
            }.get(err.errno, f"cannot listen on {host}:{port}: {err.strerror or err}")
    return None


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


def make_app(url: str, db_path: str | None):
    """The app with its public address; ``--db`` keeps the database (and the cookie key) there
    instead of the instance folder."""
    from companion import create_app
    settings = {"PUBLIC_URL": url}
    if db_path:
        settings["DATABASE"] = db_path
    try:
        return create_app(settings=settings)
    except sqlite3.DatabaseError as err:
        raise click.ClickException(f"--db {db_path}: cannot be used as the database ({err})") from None


def announce(url: str, host: str, database: str) -> None:
    """The join address for the phones, with its QR code; a loopback address has no QR (no phone
    can reach it)."""
    from companion.qr import text
    if is_loopback(host):
        click.echo(f"companion: open {url} on this computer only: no phone can reach {host} "
                   f"(use --host 0.0.0.0 to let the phones at the table in) (database {database})")
        return
    click.echo(text(url))
    click.echo(f"companion: open {url} on a phone on the same network (database {database})")


@click.command(short_help="Host the tables on the LAN, with a QR code to join.")
@click.option("--host", default="0.0.0.0", show_default=True,
              help="Address to listen on (0.0.0.0: every network of this machine; 127.0.0.1: this computer only).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
              help="SQLite file, kept with its cookie key (secret_key) in its folder (default: the instance folder).")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1, 64),
              help="Requests answered at the same time (each phone asks every second or two).")
def serve(host, port, db_path, threads):
    """Host the tables on the LAN (waitress), with a QR code to join.

    Prints the address the phones open, with its QR code, and serves until Ctrl-C. What stops it
    from starting (a busy port, a --db in a missing folder) is said in one line, exit 1.
    """
    import waitress

    problem = database_problem(db_path) or port_problem(host, port)
    if problem:
        raise click.ClickException(problem)
    address = lan_address() if host in ("0.0.0.0", "") else host
    url = f"http://{address}:{port}/"
    app = make_app(url, db_path)
    announce(url, host, app.config["DATABASE"])
    waitress.serve(app, host=host, port=port, threads=threads, ident="companion")
