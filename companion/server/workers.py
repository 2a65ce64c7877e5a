"""granian and its workers: the server ``companion serve`` runs, and the app each worker process
builds around its front (``companion.server.front``). Workers share the listening socket and the
SQLite file; nothing in the app assumes one process (docs/performance.md, "What makes many tables
cheap")."""
import os
import signal

from companion.server.access_log import ACCESS_LOG, request_log
from companion.server.process import (die_with_parent, settle_garbage_collector,
                                      take_short_turns)

TARGET = "companion.server.workers:hosted_app"  # what each worker process imports and calls


def hosted_app():
    """The app as each worker process builds it, from what the command put in the environment
    (``COMPANION_DATABASE``, ``COMPANION_LAN_URL``, read as every ``COMPANION_`` setting)."""
    die_with_parent()
    try:  # a closed terminal hangs up the workers too: the command stops them
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    except ValueError:  # not the main thread
        pass
    from companion import create_app
    from companion.server.front import Front
    settings = {}
    if os.environ.get("COMPANION_DATABASE"):
        settings["DATABASE"] = os.environ["COMPANION_DATABASE"]
    front = Front(create_app(settings=settings))
    settle_garbage_collector()
    take_short_turns()
    return front



def run_server(host, port, *, environ, workers, connections, backlog, idle_timeout, log=None):
    """granian with the settings ``companion serve`` documents (blocks until Ctrl-C); the
    workers it starts inherit ``environ``; ``log``: the request log (``--log``)."""
    from granian.constants import HTTPModes, Interfaces, Loops
    from granian.http import HTTP1Settings
    from granian.log import LogLevels
    from granian.server import Server

    class Host(Server):
        """granian's server, whose second Ctrl-C kills the workers instead of waiting for
        them to finish the requests under way."""

        def signal_handler_interrupt(self, *args, **kwargs):
            if self.interrupt_signal:
                for worker in list(self.wrks):
                    worker.kill()
            super().signal_handler_interrupt(*args, **kwargs)

        def signal_handler_reload(self, *args, **kwargs):
            """SIGHUP (the terminal closed) stops the server as Ctrl-C does: granian's
            reload would start new workers and keep serving with nobody watching."""
            self.signal_handler_interrupt(*args, **kwargs)

    os.environ.update(environ)
    # HTTP/1.1 only: in its "auto" mode granian waits for a connection's first bytes (to tell
    # HTTP/2 from 1.1) with no time limit, so a socket that never sends a byte would stay open
    # whatever --idle-timeout says; in HTTP/1.1 mode the header timeout runs from the
    # connection's start (tests/server/test_limits.py). Browsers speak HTTP/2 only over TLS, which a
    # proxy in front ends anyway.
    # Python's own event loop, named: granian's "auto" would take uvloop or rloop whenever one
    # happens to be installed, and the server measured would not be the one run
    # (docs/performance.md).
    Host(TARGET, address=host, port=port, interface=Interfaces.ASGI, factory=True,
         loop=Loops.asyncio, http=HTTPModes.http1, workers=workers, backpressure=connections, backlog=backlog,
         http1_settings=HTTP1Settings(header_read_timeout=idle_timeout * 1000),
         respawn_failed_workers=True, log_level=LogLevels.error,
         log_access=log is not None, log_access_format=ACCESS_LOG,
         log_dictconfig=request_log(log)).serve()
