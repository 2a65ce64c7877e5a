"""How many requests run the app at once in a server worker, whatever the number of its threads.

granian hands each request to a thread of the worker and lets the app read the body from that
thread, so a client that sends half a body holds its thread until it sends the rest or goes away:
a worker needs many threads to outlast such clients. But only one thread runs Python at a time
(the GIL), and each thread that comes back from SQLite waits for it behind all the others: with
hundreds of threads busy, a write would hold the database's lock for seconds while it waits, and
the other workers' writes would time out. So the request's body is read first, in its own thread,
and only then does the request take one of a few ``slots`` to run the app; the threads waiting for
a slot sleep and do not compete for the GIL.
"""
import io
import threading


class Admission:
    """Wraps a WSGI app: the body is read before the app runs; at most ``slots`` run at once.

    A body larger than ``limit`` (the app's MAX_CONTENT_LENGTH) is left to the app, which refuses
    it without reading it."""

    def __init__(self, app, slots: int, limit: int):
        self.app = app
        self.limit = limit
        self.slots = threading.BoundedSemaphore(slots)

    def __call__(self, environ, start_response):
        length = environ.get("CONTENT_LENGTH") or ""
        if length.isdigit() and 0 < int(length) <= self.limit:
            body = read(environ["wsgi.input"], int(length))
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
        with self.slots:
            return self.app(environ, start_response)


def read(stream, length: int) -> bytes:
    """``length`` bytes of ``stream``, or what came before it ended (a read may return less)."""
    chunks = []
    while length > 0:
        chunk = stream.read(length)
        if not chunk:
            break
        chunks.append(chunk)
        length -= len(chunk)
    return b"".join(chunks)
