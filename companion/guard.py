"""Join codes cannot be guessed: each client may miss only so often.

A join code is all a stranger needs to find a table, so answering "no such table" is rationed per
client address (a token bucket: ``BURST`` misses at once, then one every ``60 / PER_MINUTE``
seconds). A client out of misses gets 429 for every code, found or not, so a guess that would have
hit tells it nothing. At 6 a minute, finding one of 10 live 5-character tables (31^5 codes) takes a
single address about 160 days on average (:data:`companion.tables.CODE_LENGTH`). Memory is bounded:
at most ``CLIENTS`` buckets are kept, the least recently used dropped first (a dropped client only
gets a full bucket back).
"""
import threading
import time
from collections import OrderedDict

from flask import abort, current_app, request

BURST, PER_MINUTE, CLIENTS = 30, 6, 4096


class MissLimiter:
    """Token buckets of misses per client, at most ``clients`` of them."""

    def __init__(self, burst: int = BURST, per_minute: float = PER_MINUTE,
                 clients: int = CLIENTS):
        self.burst, self.rate, self.clients = burst, per_minute / 60, clients
        self.buckets: OrderedDict = OrderedDict()  # client -> (tokens, when)
        self.lock = threading.Lock()

    def _tokens(self, client: str, now: float) -> float:
        tokens, when = self.buckets.get(client, (self.burst, now))
        return min(self.burst, tokens + (now - when) * self.rate)

    def allowed(self, client: str, now: float | None = None) -> bool:
        """Whether ``client`` has a miss left (it may look a code up)."""
        with self.lock:
            return self._tokens(client, time.monotonic() if now is None else now) >= 1

    def missed(self, client: str, now: float | None = None) -> None:
        """``client`` asked for a code that leads nowhere."""
        now = time.monotonic() if now is None else now
        with self.lock:
            self.buckets[client] = (self._tokens(client, now) - 1, now)
            self.buckets.move_to_end(client)
            while len(self.buckets) > self.clients:
                self.buckets.popitem(last=False)


def limiter_of(app) -> MissLimiter:
    return app.extensions["companion.guard"]


def limiter() -> MissLimiter:
    return limiter_of(current_app)


def check() -> None:
    """429 for a client that has used up its misses (before any code is looked up)."""
    if not limiter().allowed(request.remote_addr or ""):
        abort(429)


def miss() -> None:
    """Count a code that leads nowhere against this client, then answer 404."""
    limiter().missed(request.remote_addr or "")
    abort(404)


def init_app(app) -> None:
    burst, per_minute = app.config.get("JOIN_GUESSES", (BURST, PER_MINUTE))
    app.extensions["companion.guard"] = MissLimiter(burst, per_minute)
