"""The rations of an address judged in the front's memory, before Flask does any work.

Every change a phone makes at a table (a POST to a page of the table: a game's tap, the table
core's undo or reset, a seat taken) spends one of its address's ``TAPS_PER_ADDRESS`` (a token
bucket: so many at once, then so many a minute). They are counted here, in each worker process,
like the news streams (``STREAMS_PER_ADDRESS``): with N workers an address makes at most N times
its ration. Counting them in the database that the workers share would cost every tap a
statement more.

An address out of a ration the database keeps (``TABLES_PER_ADDRESS``: guard, tables.admit) is
told so by Flask once: a 429 with ``Retry-After`` to a POST. The front remembers it and, until
then, refuses that address the same request itself: no other worker can have given it back any.

A refusal here reads neither the body nor the database and never enters Flask. It is answered
after ``HOLD`` (a coroutine waiting, no work), so that a client that waits for each answer, as a
loop does, asks once a second rather than as fast as the front can refuse; an address with
``HELD`` refusals waiting in a worker is answered at once. The answer is a 429 with
``Retry-After`` and the players' sentence in their language (the language they chose in this
browser, as the session cookie says, else their browser's). For htmx the sentence goes to the
toast, as Flask's own refusals do; a form gets a short page with a way back to the start page.
"""
import asyncio
import base64
import json
import math
import os
import time
import zlib
from http.cookies import CookieError, SimpleCookie

from babel.support import Translations
from markupsafe import escape
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_accept_header

from companion.i18n import LANGUAGES
from companion.security import CSP, forwarded_client
from companion.table.logbook import NEW_TABLES

TRANSLATIONS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "translations")
clock = time.monotonic  # the buckets' clock (a test moves it by hand)
SWEEP = 60  # seconds between two sweeps of the buckets that are full again
HOLD = 1.0  # seconds a refusal waits before it is answered (a waiting coroutine, no work)
REMEMBERED = 100_000  # refusals of Flask's a worker repeats at most (a few MB)
HELD = 32  # refusals held at a time per address in a worker; past them, answered at once

TAPS = ("this device has made as many changes as the host allows for now: try again in"
        " %(num)s second",
        "this device has made as many changes as the host allows for now: try again in"
        " %(num)s seconds")
TABLES = ("this device has created or imported as many tables as the host allows for now:"
          " try again in %(num)s minute",
          "this device has created or imported as many tables as the host allows for now:"
          " try again in %(num)s minutes")


class Buckets:
    """A token bucket per client, in memory: ``burst`` at once, then ``rate`` a second."""

    def __init__(self, burst: float, rate: float):
        self.burst, self.rate = burst, rate
        self.held: dict[str, tuple[float, float]] = {}  # client -> (tokens, when)
        self.swept = clock()

    def take(self, client: str, now: float) -> float:
        """Spend one for ``client``: 0, or the seconds until it has one again (nothing spent)."""
        tokens, at = self.held.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if tokens < 1:
            return (1 - tokens) / self.rate if self.rate > 0 else 3600.0
        self.held[client] = (tokens - 1, now)
        if now - self.swept > SWEEP:
            self.sweep(now)
        return 0.0

    def sweep(self, now: float) -> None:
        """Forget the clients whose bucket is full again (they are given no more than full)."""
        self.swept = now
        self.held = {client: (tokens, at) for client, (tokens, at) in self.held.items()
                     if tokens + (now - at) * self.rate < self.burst}


class Door:
    """What one worker's front refuses before Flask: :meth:`judge` each POST, :meth:`heard`
    Flask's answers."""

    def __init__(self, app):
        burst, per_minute = app.config["TAPS_PER_ADDRESS"]
        self.taps = Buckets(burst, per_minute / 60)
        self.hops = app.config["PROXY_HOPS"]
        self.cookie = app.config["SESSION_COOKIE_NAME"]
        self.routes = app.url_map.bind("localhost")
        self.refused: dict[tuple[str, str], float] = {}  # (client, endpoint) -> refused until
        self.held: dict[str, int] = {}  # client -> its refusals waiting to be answered
        self.forgot = clock()  # when the refusals whose time had passed were last forgotten
        self.words = {code: Translations.load(TRANSLATIONS, [code], "messages")
                      for code in LANGUAGES}
        with app.test_request_context():  # the pages' own head: style sheet, icons
            from flask import render_template
            self.head = render_template("_app_head.html")

    def judge(self, scope) -> tuple[str, dict, str, float] | None:
        """None for a POST Flask should answer; else the client, the route's values, the
        sentences' kind and the seconds to wait."""
        try:
            endpoint, values = self.routes.match(scope["path"], "POST")
        except HTTPException:
            return None
        client = forwarded_client(scope.get("headers", ()), self.hops,
                                  (scope.get("client") or ("",))[0] or "")
        now = clock()
        until = self.refused.get((client, endpoint))
        if until is not None:
            if until > now:
                return client, values, endpoint, until - now
            del self.refused[(client, endpoint)]
        if "code" not in values:  # no table's page: a new table, a language, a computation
            return None
        wait = self.taps.take(client, now)
        return (client, values, endpoint, wait) if wait else None

    def heard(self, scope, send):
        """``send``, noting a 429 with ``Retry-After`` that Flask answers to this POST."""
        async def noting(message):
            if message["type"] == "http.response.start" and message["status"] == 429:
                retry = dict(message.get("headers", ())).get(b"retry-after", b"")
                if retry.isdigit():
                    try:
                        endpoint, _values = self.routes.match(scope["path"], "POST")
                    except HTTPException:
                        endpoint = None
                    if endpoint:
                        client = forwarded_client(scope.get("headers", ()), self.hops,
                                                  (scope.get("client") or ("",))[0] or "")
                        if len(self.refused) >= REMEMBERED and clock() - self.forgot > 1:
                            self.forget()
                        if len(self.refused) < REMEMBERED:  # else Flask refuses it again
                            self.refused[(client, endpoint)] = clock() + int(retry)
            await send(message)
        return noting

    def forget(self) -> None:
        """Forget the refusals whose time has passed (at most once a second)."""
        now = self.forgot = clock()
        self.refused = {key: until for key, until in self.refused.items() if until > now}

    async def refuse(self, scope, judged, send) -> None:
        """The 429 for ``judged`` (:meth:`judge`), in the players' words."""
        client, values, endpoint, wait = judged
        held = self.held.get(client, 0)
        if held < HELD:  # a client that waits for its answers, as a loop does, asks less often
            self.held[client] = held + 1
            try:
                await asyncio.sleep(HOLD)
            finally:
                held = self.held.pop(client) - 1
                if held:
                    self.held[client] = held
        headers = dict(scope.get("headers", ()))
        language = self.language(headers.get(b"cookie", b""), headers.get(b"accept-language", b""),
                                 values.get("code"))
        tables = endpoint in NEW_TABLES
        htmx = headers.get(b"hx-request") == b"true"
        number = math.ceil(wait / 60) if tables else math.ceil(wait)
        answer = [(b"content-type", b"text/html; charset=utf-8"),
                  (b"retry-after", str(math.ceil(wait)).encode()),
                  (b"content-security-policy", CSP.encode()),
                  (b"x-content-type-options", b"nosniff"), (b"connection", b"close")]
        if htmx:
            answer += [(b"hx-retarget", b"#toast"), (b"hx-reswap", b"innerHTML")]
        await send({"type": "http.response.start", "status": 429, "headers": answer})
        await send({"type": "http.response.body",
                    "body": self.page(language, tables, number, htmx)})

    def page(self, language: str, tables: bool, number: int, htmx: bool) -> bytes:
        """The refusal's sentence (for htmx, to the toast), or a short page around it."""
        words = self.words[language]
        (one, many), rule = (TABLES, "HOST-TABLES") if tables else (TAPS, "HOST-TAPS")
        said = words.ngettext(one, many, number) % {"num": number}
        said = escape(said[:1].upper() + said[1:])
        line = f'<p class="error">{said} <span class="rule">({rule})</span></p>'
        if not htmx:
            line = (f'<!doctype html>\n<html lang="{language}">'
                    f"<head>{self.head}<title>429</title></head><body><main>"
                    f"<h1>{escape(words.gettext('Sorry'))}</h1>{line}"
                    f'<p><a class="button" href="/">{escape(words.gettext("Start page"))}</a>'
                    "</p></main></body></html>")
        return line.encode()

    def language(self, cookie: bytes, accepted: bytes, code: str | None) -> str:
        """The language this browser chose for the table ``code`` or anywhere (read from its
        session cookie, unchecked: a forged one changes only the language of its own
        refusal), else the best of its Accept-Language, else English."""
        chosen = session_of(cookie, self.cookie).get("lang")
        if isinstance(chosen, dict):
            for key in (code, ""):
                said = chosen.get(key)
                if isinstance(said, str) and said in LANGUAGES:
                    return said
        return parse_accept_header(accepted.decode("latin-1"), LanguageAccept).best_match(
            LANGUAGES) or "en"


def session_of(cookie: bytes, name: str) -> dict:
    """The content of Flask's session cookie ``name`` in a Cookie header, unchecked ({} for
    none or one that cannot be read)."""
    try:
        morsel = SimpleCookie(cookie.decode("latin-1")).get(name)
        if morsel is None:
            return {}
        payload = morsel.value
        packed = payload.startswith(".")
        data = payload.lstrip(".").split(".", 1)[0]
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        if packed:
            raw = zlib.decompressobj().decompress(raw, 64 * 1024)
        found = json.loads(raw)
    except (CookieError, ValueError, zlib.error):
        return {}
    return found if isinstance(found, dict) else {}
