"""The unchanged poll, answered in front of Flask: the cheapest request a phone makes.

Every phone at every table asks once a second whether its table changed (``GET
/t/<code>/poll?v=<version>``). Almost always it has not, and the answer is an empty 204. This
WSGI middleware gives that answer from one indexed query on the table's row, before Flask builds a
request, a session, a locale or a CSRF check: a few dozen microseconds instead of most of a
millisecond. Anything else (a change, an unknown code, a malformed version, any other address)
goes on to Flask, which answers it as before (``rooms.poll``).

Nothing is cached here: the version is read from SQLite on every poll, so a write committed by
another server process (``companion serve --workers``) is seen by the next poll, wherever it lands.
Open read connections are kept in a pool, one per poll answered at the same moment (WAL readers
never wait for the writer).
"""
import queue
import re

from companion.db import connect

PATH = re.compile(r"/t/([A-Za-z0-9]{1,16})/poll")
VERSION = re.compile(r"v=(\d{1,18})")
NO_CONTENT = ("204 No Content", [("Cache-Control", "no-store"),
                                 ("X-Content-Type-Options", "nosniff")])


class UnchangedPoll:
    """Wraps the Flask app's ``wsgi_app``; ``database`` is a callable giving the SQLite path
    (read when a connection is opened, so a test or ``companion serve`` may set it after
    ``create_app``); ``allowed(address)`` says whether a client may still look codes up
    (``guard``): one that has used up its misses goes on to Flask and its 429, so a right code
    answered here tells a guesser nothing either."""

    def __init__(self, app, database, allowed):
        self.app = app
        self.database = database
        self.allowed = allowed
        self.pool = queue.SimpleQueue()

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "GET" and \
                self.allowed(environ.get("REMOTE_ADDR") or "") and self.unchanged(environ):
            start_response(*NO_CONTENT)
            return []
        return self.app(environ, start_response)

    def unchanged(self, environ) -> bool:
        """Whether this is a poll whose table is still at the version it names."""
        path = PATH.fullmatch(environ.get("PATH_INFO", ""))
        if path is None:
            return False
        version = VERSION.fullmatch(environ.get("QUERY_STRING", ""))
        return version is not None and self.version(path.group(1).upper()) == int(version.group(1))

    def version(self, code: str) -> int | None:
        """The table's version as stored now (None when there is no such table)."""
        try:
            conn = self.pool.get_nowait()
        except queue.Empty:
            conn = connect(self.database())
        try:
            row = conn.execute("SELECT version FROM tables WHERE code = ?", (code,)).fetchone()
        finally:
            self.pool.put(conn)
        return None if row is None else row[0]
