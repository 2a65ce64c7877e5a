"""The change itself on the news stream: a table's live block rendered once per version for each
audience, and pushed to the phones that show it as the fragment to swap (``event: swap``).

A page names its live block when it opens its stream (``GET /t/<code>/events?live=<path>``: the
``hx-get`` of its ``#live``, companion.js). When the table's version changes, each such phone is
sent what its own ``GET <path>?since=<version it was told last>`` would answer, rendered by Flask
in a thread of the front (:class:`Fragments`), never in the event loop: a block that can answer
with only what changed since a version (a board after other phones' stacks: its changed
provinces and meters, a few kilobytes) says so (``HX-Reswap: none``, its parts swapped out of
band), and the page applies it only if it shows that very version; any other block is sent whole.
A phone told version 41 that shows 41 is one of many: every phone of a table is told the same
versions, so one rendering serves all the phones of an audience at a change. The answer depends on who asks: the
:func:`audience` is what of the phone's request a table's page reads: the language it is shown
in, the seat it sits at, whether it holds the host's rights, and whatever else a game keeps in
the phone's session (a board profile's keeper), whole. Phones with the same audience at the same
version of the same block share one rendering (the "pushed fragments" cache); a phone of
another audience, seat or table never gets it, as the key holds all of that.

A block's answer may say that it is the same for every phone of the table (``live.share``: a
game board's changes, which each page marks for its own seat): it is then kept under the
table, the versions, the block's address and the language alone (:func:`shared_key`), and a
phone whose page names its language (``lang=``) is sent it without its audience being read; so
is the answer to the tap that made the change, kept as the front sends it (:meth:`Fragments.keep`),
so that after a tap no phone of its worker renders anything. A look can find the change before
it is kept (the worker's look every ``push.INTERVAL``, while the answer is still being made): a
phone whose last block was such a one waits a moment for it (:data:`EXPECTED`) before it
renders its own.

Two things of a phone's session are left out of the key, both read by no live block the same
way twice: its CSRF token, rendered empty (the page puts in its own before swapping: the
forms of a pushed block are never another phone's), and its phone id, which only marks on the
room page a seat taken by another phone (the same for every phone sitting at that seat).

What fails falls back to the version message (``push.message``), on which the page asks for its
live block as it always did: a block that does not answer 200, that is another table's, or a
phone whose audience could not be read.
"""
import asyncio
import functools
import io
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from a2wsgi.wsgi import build_environ
from flask import g, session
from flask_babel import get_locale

from companion.i18n import LANGUAGES
from companion.server.process import one_thread
from companion.table import caches, live, tables

WAIT = 2.0  # seconds a phone waits for its block before it is told the version instead (its
# stream is silent meanwhile: with a heartbeat every 2 s, under the 5 s a page waits for one)
EXPECTED = 0.05  # seconds a phone last sent a block alike to every phone waits for the next one
# (a look may find a change before its worker, or another, has made what the phones are sent)
PLACEHOLDER = ""  # the CSRF token of a pushed block: the page fills in its own
LEFT_OUT = frozenset({"csrf_token", "phone", "seats", "hosts", "lang", "_permanent"})
FORWARDED = frozenset({b"cookie", b"accept-language", b"user-agent", b"host",
                       b"x-forwarded-for", b"x-forwarded-proto", b"x-forwarded-host"})

KEPT = caches.PUSHED


def live_path(query: bytes) -> str | None:
    """The address of the live block the stream's page shows (``live=``), if it is one of this
    app's paths."""
    found = parse_qs(query.decode("latin-1")).get("live")
    if not found:
        return None
    path = found[0]
    parts = urlsplit(path)
    if (not path.startswith("/") or path.startswith("//") or "\\" in path or parts.scheme
            or parts.netloc or len(path) > 300 or not path.isprintable()):
        return None
    return path


def page_language(query: bytes) -> str | None:
    """The language the stream's page is shown in (``lang=``), if it is one of the app's."""
    found = parse_qs(query.decode("latin-1")).get("lang")
    return found[0] if found and found[0] in LANGUAGES else None


def shared_key(code: str, since: int, version: int, path: str, language: str) -> tuple:
    """What a :class:`companion.table.live.Shared` answer is kept under: no audience, only the
    language (a 2-tuple where an audience is a 4-tuple: the two never meet)."""
    return code, since, version, path, ("language", language)


def render_scope(scope: dict, path: str) -> dict:
    """The stream's request made into htmx's ``GET path`` of the live block: the same phone
    (its cookies, language, address), nothing else of the stream's headers."""
    parts = urlsplit(path)
    headers = [(k, v) for k, v in scope.get("headers", ()) if k.lower() in FORWARDED]
    return {**{k: v for k, v in scope.items() if k not in ("raw_path", "query_string", "path")},
            "method": "GET", "path": parts.path, "query_string": parts.query.encode("latin-1"),
            "headers": headers + [(b"hx-request", b"true")]}


def audience(app, scope: dict, code: str):
    """What of this phone's request a page of table ``code`` reads (see the module): the key
    its blocks are shared under; None when it cannot be read (no such table, out of misses)."""
    environ = build_environ(scope, io.BytesIO(b""))
    try:
        with app.request_context(environ):
            table = g.table = tables.get(code)
            rest = tuple(sorted((k, repr(v)) for k, v in session.items() if k not in LEFT_OUT))
            return str(get_locale()), tables.seat(table), tables.is_host(table), rest
    except Exception:  # noqa: BLE001 - a 404 or 429 abort: this phone is told versions only
        return None


def since_scope(scope: dict, told: int) -> dict:
    """The block's request naming the version the phone was told last (``since``)."""
    query = scope["query_string"]
    return {**scope, "query_string": (query + b"&" if query else b"") + b"since=%d" % told}


def render(app, scope: dict, code: str):
    """The live block as the phone's own ``GET`` answers it: (version, changes, html, shared),
    or None when it is not a block of table ``code`` at a version (another page, an error, a
    redirect). ``changes``: the answer holds only what changed since the version the request
    named (``HX-Reswap: none``: its parts are swapped out of band), else the whole block;
    ``shared``: it is the same for every phone of the table (``live.share``), else None."""
    from companion.server.front import answer  # the front imports this module
    environ = build_environ(scope, io.BytesIO(b""))
    with app.app_context():
        g.csrf_token = PLACEHOLDER  # flask_wtf's csrf_token() gives what g holds
        try:
            status, headers, body = answer(app, environ)
        except Exception:  # noqa: BLE001 - the phone asks for itself, and is answered then
            return None
        table = g.get("table")
    hx = {name.lower(): value for name, value in headers if name.lower().startswith(b"hx-")}
    changes = hx.pop(b"hx-reswap", None) == b"none"
    if status != 200 or hx or table is None or table.code != code:
        return None  # an answer that steers the page (a table finished: HX-Redirect) is asked for
    return table.version, changes, body.decode("utf-8"), environ.get(live.SHARED)


def message(version: int, path: str, html: str, since: int | None = None) -> bytes:
    """One ``event: swap``: the version as its id; the data's first line the block's address,
    its second ``since N`` (the changes since version N, swapped out of band) or ``block`` (the
    whole block); then the HTML."""
    lines = "".join(f"data: {line}\n" for line in html.replace("\r", "").split("\n"))
    what = "block" if since is None else f"since {since}"
    return f"event: swap\nid: {version}\ndata: {path}\ndata: {what}\n{lines}\n".encode()


@dataclass(frozen=True)
class Kept:
    """What the phones of table ``code`` showing ``path`` from version ``since`` in ``language``
    are sent for ``version``, alike (a :class:`companion.table.live.Shared` answer made the
    ``event: swap`` ``message``)."""

    code: str
    path: str
    since: int
    version: int
    language: str
    message: bytes

    @property
    def key(self) -> tuple:
        return shared_key(self.code, self.since, self.version, self.path, self.language)


class Fragments:
    """The renderings of one server process: one thread renders, a rendering under way is
    awaited by every phone that wants it, a finished one is kept (:data:`KEPT`)."""

    def __init__(self, app):
        self.app = app
        self.thread = one_thread("flask-push")
        self.pending: dict[tuple, asyncio.Future] = {}
        self.expected: dict[tuple, asyncio.Future] = {}  # shared keys phones wait for

    def keep(self, shared: live.Shared) -> Kept:
        """Keep a :class:`~companion.table.live.Shared` answer for the phones it is to be sent
        to, as the message they are sent (:meth:`hold`)."""
        kept = Kept(shared.code, shared.path, shared.since, shared.version, shared.language,
                    message(shared.version, shared.path, shared.html, shared.since))
        self.hold(kept)
        return kept

    def hold(self, kept: Kept) -> None:
        """Keep a message sent alike (made here, or by another worker: companion.server.peers)
        for its phones; those waiting for it are woken."""
        found = kept.version, kept.message
        KEPT[kept.key] = found
        waiting = self.expected.pop(kept.key, None)
        if waiting is not None and not waiting.done():
            waiting.set_result(found)

    async def expect(self, key: tuple) -> tuple[int, bytes] | None:
        """The shared answer ``key`` once it is kept, if within :data:`EXPECTED`; else None."""
        waiting = self.expected.get(key)
        if waiting is None:
            waiting = self.expected[key] = asyncio.get_running_loop().create_future()
        try:
            async with asyncio.timeout(EXPECTED):
                return await asyncio.shield(waiting)
        except TimeoutError:
            if self.expected.get(key) is waiting:
                del self.expected[key]
            return None

    def phone(self, scope: dict, code: str):
        """The ``fragment(version)`` of one stream (``push.Phone.fragment``), or None when its
        page named no live block."""
        query = scope.get("query_string", b"")
        path, language = live_path(query), page_language(query)
        if path is None:
            return None
        scope = render_scope(scope, path)
        who, alike = None, False  # alike: the last block it was sent was the same for all

        async def fragment(told: int, version: int) -> tuple[int, bytes] | None:
            nonlocal who, alike
            if language is not None:  # the same for every phone: no audience to read
                key = shared_key(code, told, version, path, language)
                found = KEPT.get(key) or (await self.expect(key) if alike else None)
                alike = found is not None
                if found is not None:
                    return found
            if who is None:  # read at the first change: a phone that sees none costs nothing
                who = asyncio.get_running_loop().run_in_executor(
                    self.thread, audience, self.app, scope, code)
            try:
                async with asyncio.timeout(WAIT):
                    heard = await asyncio.shield(who)
                    if heard is None:
                        return None
                    found = await asyncio.shield(
                        self.get((code, told, version, path, heard), scope))
            except TimeoutError:  # the thread is behind: the phone asks, as without a block
                return None
            alike = language is not None and KEPT.get(key) is not None  # rendered alike
            return found
        return fragment

    async def get(self, key: tuple, scope: dict) -> tuple[int, bytes] | None:
        """(version, message) for ``key``: kept, under way, or rendered now."""
        found = KEPT.get(key)
        if found is not None:
            return found
        pending = self.pending.get(key)
        if pending is None:
            pending = self.pending[key] = asyncio.ensure_future(self.make(key, scope))
        return await pending

    async def make(self, key: tuple, scope: dict) -> tuple[int, bytes] | None:
        """Render ``key``'s block, the changes since the version ``told`` when the block can
        answer so, and keep it (under the version it was rendered at too: a look may not have
        seen that one yet), before the phones that wait for it are woken."""
        code, told, version, path, heard = key
        try:
            rendered = await asyncio.get_running_loop().run_in_executor(
                self.thread, functools.partial(render, self.app, since_scope(scope, told), code))
            if rendered is None:
                return None
            at, changes, html, shared = rendered
            found = at, message(at, path, html, told if changes else None)
            KEPT[key] = KEPT[(code, told, at, path, heard)] = found
            if shared is not None:
                self.keep(shared)
            return found
        finally:
            self.pending.pop(key, None)
