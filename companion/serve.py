"""``companion serve``: the app on the LAN with waitress, the join address printed as a QR code."""
import socket

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


@click.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
              help="SQLite file (default: companion.sqlite in the instance folder).")
@click.option("--threads", default=8, show_default=True, type=int)
def serve(host, port, db_path, threads):
    """Serve the companion to the phones at the table (production server, waitress)."""
    import waitress

    from companion import create_app
    from companion.qr import text
    address = lan_address() if host in ("0.0.0.0", "") else host
    url = f"http://{address}:{port}/"
    config = {"PUBLIC_URL": url}
    if db_path:
        config["DATABASE"] = db_path
    app = create_app()
    app.config.update(config)
    if db_path:
        from companion.db import init_db
        init_db(db_path)
    click.echo(text(url))
    click.echo(f"companion: open {url} on a phone on the same network (database {app.config['DATABASE']})")
    waitress.serve(app, host=host, port=port, threads=threads, ident="companion")
