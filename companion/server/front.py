"""The front of a server worker (``companion serve``): an ASGI app around the Flask app.

granian runs it in an event loop, one per worker process, and everything happens there:

- a phone's push stream (``GET /t/<code>/events``, ``companion.server.push``) is held open in the loop,
  thousands of them at no cost until their table changes;
- a request's body is read in the loop (up to MAX_CONTENT_LENGTH, within ``BODY_TIMEOUT``), so a
  client that sends half a body holds a coroutine, nothing more;
- the whole request then goes to Flask, run right there, one request at a time. Flask builds
  the whole answer (the app's pages are small), handed to granian once.

Python runs one thread at a time anyway, and the loop's own work (streams, the watcher) is
small. Flask in a thread beside the loop would take turns with it at the GIL, each database
read or gzip in a request letting the other run meanwhile, so that every request waits longer
than in the loop (docs/performance.md, "Load benchmark"). Two kinds of request run on a thread
instead, so that what they wait for holds up nothing else:

- a write (any request but ``GET`` and ``HEAD``) on the worker's writing thread: it may wait for
  the database's write lock, which another worker holds for two statements and a commit, and
  for its own commit's sync to the disk (``events.append``). Waiting in the loop, it would stop
  every stream and every read of the worker for as long as the disk takes, which on a busy
  host's disk is tens of milliseconds; on the thread, the wait lets the loop run (SQLite lets go
  of Python's lock while it waits). Writes take turns at the lock anyway: one thread is enough;
- a request with a large body (an imported table, a board profile: over ``LARGE_BODY`` bytes)
  on a thread of its own, so that the time a long log takes to check does not hold up the
  phones' taps.

A changed table's live block, pushed to its phones' streams, is rendered by Flask on a thread
of its own too (``companion.server.swap``), once for all the phones that see it alike. A change
whose answer is that same block for every phone (``live.share``) is told to its phones, and rung
to the other workers, as soon as the writing thread has rendered it (:meth:`Front.tell`), before
the tapping phone's toast and headers are made.

A stream whose code is unknown, or asked by a client that has used up its ration of join-code
misses (``guard``, shared by the workers in the database), goes on to Flask too, which answers
404 or 429 as for any other address: a right code answered here tells a guesser nothing.

A change (a POST) from an address out of its rations is refused before its body is read
(``companion.server.door``: ``TAPS_PER_ADDRESS``, counted here, and what Flask last refused it).

One client address holds at most ``STREAMS_PER_ADDRESS`` streams in each worker (counted here,
per process: with two workers an address holds at most twice that); one more is answered 429
and closed, and the page asks ``?once`` instead (companion.js). The client's address is the
socket's, or what a trusted proxy says (``PROXY_HOPS``, security.forwarded_client).
"""
import asyncio
import contextvars
import functools
import io
import os
import signal
import threading

from a2wsgi.wsgi import build_environ

from companion.server import door, peers, push, swap
from companion.server.process import one_thread
from companion.table import guard, live
from companion.security import forwarded_client

BODY_TIMEOUT = 30  # seconds a request's body may take to arrive
LARGE_BODY = 16 * 1024  # bytes: far above a tap's form, far below an imported table's log
GRACE = 0.5  # seconds a stopping worker gives the requests under way before it exits anyway
TELLING = 0.05  # seconds the thread answering a change waits for its phones to be sent it


class Front:
    """The ASGI app of one worker around the Flask ``app``."""

    def __init__(self, app):
        self.app = app
        self.large = one_thread("flask-large")
        self.writing = one_thread("flask-write")
        self.limit = app.config["MAX_CONTENT_LENGTH"]
        self.misses = guard.misses(app)
        self.hops, self.cap = app.config["PROXY_HOPS"], app.config["STREAMS_PER_ADDRESS"]
        self.streams: dict[str, int] = {}  # client address -> streams it holds open here
        self.watcher = push.Watcher(lambda: app.config["DATABASE"],
                                    push.heartbeat(app.config["HEARTBEAT"]),
                                    push.beats_per_second(app.config["BEATS_PER_SECOND"]))
        self.fragments = swap.Fragments(app)
        self.exit_timer: threading.Timer | None = None
        self.door = door.Door(app)
        self.peers: peers.Peers | None = None  # the other workers of the server, if any

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            return await self.lifespan(receive, send)
        if scope["type"] != "http":
            return None
        if scope["method"] == "GET":
            path = push.PATH.fullmatch(scope["path"])
            if path and await self.events(scope, path.group(1).upper(), receive, send):
                return None
        elif scope["method"] == "POST":  # a change: its address's rations, from memory
            judged = self.door.judge(scope)
            if judged:
                return await self.door.refuse(scope, judged, send)
            send = self.door.heard(scope, send)
        return await self.run(scope, receive, send)

    async def lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self.stop_on_signals()
                if self.app.config.get("PEERS_FOLDER"):  # companion serve --workers 2 or more
                    self.peers = peers.Peers(self.app.config["PEERS_FOLDER"])
                    self.peers.listen(asyncio.get_running_loop(), self.rung)
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if self.peers is not None:
                    self.peers.close()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def rung(self, kept) -> None:
        """Another worker answered a change: its phones here are told now, sent what it sent
        (``kept``, when every phone is sent the same) rather than rendering it again."""
        if kept is None:
            return self.watcher.nudge()
        self.fragments.hold(kept)
        self.watcher.changed(kept.code, kept.version)

    def stop_on_signals(self) -> None:
        """SIGTERM (``companion serve`` stopping at Ctrl-C, or dead: ``process.die_with_parent``)
        ends every open stream at once, and the worker within ``GRACE`` seconds whatever it is
        doing. granian stops a worker only once all its connections have ended, and a phone's
        stream does not end by itself: a worker holding one would never stop.

        The Ctrl-C of a terminal, and its SIGHUP when it is closed, reach the workers too: they
        leave them to the command, which tells each to stop (a worker that stopped first would
        be taken for one that crashed: an error, exit 1). Set once the server has started, after
        granian's handlers; its SIGTERM one still runs (CPython writes each signal to the event
        loop's wake-up file before it calls the handler set here)."""
        loop = asyncio.get_running_loop()
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)  # a closed terminal: the command stops us
        signal.signal(signal.SIGTERM, functools.partial(
            self.stopping, loop, signal.getsignal(signal.SIGTERM)))

    def stopping(self, loop, before, signum, frame) -> None:
        if self.exit_timer is None:
            self.exit_timer = threading.Timer(GRACE, os._exit, (1,))
            self.exit_timer.daemon = True  # a worker that stops in time does not wait for it
            self.exit_timer.start()
            loop.call_soon_threadsafe(self.watcher.hang_up)
        if callable(before):
            before(signum, frame)

    async def events(self, scope, code: str, receive, send) -> bool:
        """Answer a known table's push stream here; False leaves the request to Flask."""
        client = forwarded_client(scope.get("headers", ()), self.hops,
                                  (scope.get("client") or ("",))[0] or "")
        now = self.watcher.news(code)
        if now is None or not self.misses.allowed(self.watcher.conn, client):
            return False
        if b"once" in scope.get("query_string", b"").split(b"&"):
            await push.once(now, send)
            return True
        held = self.streams.get(client, 0)
        if held >= self.cap:
            await refuse(send, 429, b"Too many news streams from this address.")
            return True
        self.streams[client] = held + 1
        try:
            await push.stream(self.watcher, code, now, receive, send,
                              self.fragments.phone(scope, code))
        finally:
            held = self.streams.pop(client) - 1
            if held:
                self.streams[client] = held
        return True

    async def run(self, scope, receive, send):
        """The request to Flask once its whole body has arrived (a body announced larger than
        the limit is left to Flask, which refuses it without reading it)."""
        length = announced(scope)
        if length > self.limit or (length == 0 and scope["method"] in ("GET", "HEAD")):
            return await self.flask(scope, b"", send)  # a GET's body would be ignored anyway
        try:
            async with asyncio.timeout(BODY_TIMEOUT):
                body = await read_body(receive, self.limit)
        except TimeoutError:
            return await refuse(send, 408, b"The request took too long to arrive.")
        except TooLarge:
            return await refuse(send, 413, b"The request is too large.")
        if body is None:  # the client went away, or sent a body granian could not read (a
            # malformed chunk size): answered, else granian's own 500 (harmless if it has gone)
            return await refuse(send, 400, b"The request's body could not be read.")
        return await self.flask(with_length(scope, len(body)), body, send)

    async def flask(self, scope, body: bytes, send) -> None:
        """Flask's answer to the request, built here in the loop (a write, a large body: on their
        threads). Each request runs in a context of its own, where Flask keeps its request and
        ``g``."""
        environ = build_environ(scope, io.BytesIO(body))
        loop = asyncio.get_running_loop()
        if scope["method"] == "POST":
            environ[live.TELL] = functools.partial(self.tell_soon, loop)
        run = functools.partial(contextvars.Context().run, answer, self.app, environ)
        thread = (self.large if len(body) > LARGE_BODY
                  else None if scope["method"] in ("GET", "HEAD") else self.writing)
        if thread is None:
            status, headers, content = run()
        else:
            status, headers, content = await loop.run_in_executor(thread, run)
        told = live.SHARED in environ  # told as soon as it was rendered (tell_soon)
        changed = scope["method"] == "POST" and status < 400 and not told
        if changed and self.peers is not None:
            self.peers.ring(None)  # the others look at their tables now
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})
        if changed:
            self.watcher.nudge()  # a change answered: its table's phones here are told at once

    def tell_soon(self, loop, shared: live.Shared) -> None:
        """From the thread answering a change: :meth:`tell` it in the loop, and wait until its
        phones here have been sent it (within ``TELLING``). The thread would otherwise go on
        with the answer while the loop takes its turns at Python's lock between its steps, and
        the phones would hear of the change only once it is done."""
        sent = threading.Event()
        try:
            loop.call_soon_threadsafe(self.tell, shared, sent)
        except RuntimeError:  # the loop is closed: the worker is stopping, its phones gone
            return
        sent.wait(TELLING)

    def tell(self, shared: live.Shared, sent: threading.Event) -> None:
        """A committed change, rendered once for every phone of its table (``live.share``): the
        other workers are rung with it and its phones here sent it (``sent`` set once the
        streams have taken their turn), while the phone that made it is still being answered."""
        try:
            kept = self.fragments.keep(shared)
            if self.peers is not None:
                self.peers.ring(kept)
            self.watcher.changed(kept.code, kept.version)
        finally:  # once the phones' streams, woken just now, have taken a step
            asyncio.get_running_loop().call_soon(sent.set)


def answer(app, environ) -> tuple[int, list, bytes]:
    """Call the WSGI ``app``: its status, headers (as ASGI wants them) and whole body."""
    started, chunks = [], []

    def start_response(status, headers, exc_info=None):
        started[:] = [int(status.split(" ", 1)[0]),
                      [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]]
        return chunks.append
    body = app(environ, start_response)
    try:
        chunks.extend(body)
    finally:
        if hasattr(body, "close"):
            body.close()
    return started[0], started[1], b"".join(chunks)


def announced(scope) -> int:
    """The body's Content-Length (0 when there is none or it is not a number)."""
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length":
            return int(value) if value.isdigit() else 0
    return 0


def with_length(scope, length: int) -> dict:
    """The request as read whole: its Content-Length is the body's (a chunked body has none, and
    Flask would read nothing)."""
    headers = [(k, v) for k, v in scope.get("headers", ()) if k.lower() != b"content-length"]
    return dict(scope, headers=headers + [(b"content-length", str(length).encode())])


class TooLarge(Exception):
    pass


async def read_body(receive, limit: int) -> bytes | None:
    """The request's whole body (None if the client went away first, or granian could not
    read it: a malformed chunk size is told as ``http.disconnect``)."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise TooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


async def refuse(send, status: int, text: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": text})
