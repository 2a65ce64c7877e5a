"""Every cache the companion keeps, in one list: each with its bound, its key and its reason.

A cache is kept only where it measurably matters under load (docs/performance.md); a lookup that
costs a fraction of a millisecond is made again rather than kept. A key holds whatever changes
the answer (the table's identity and version, the language, the phone's rights), and never an
object's ``id()``, which Python gives to another object once the first is gone.

:class:`LRU` is the one cache class: bounded, least recently used first out, safe across
threads. Making one registers it (:data:`REGISTRY`); :func:`describe` registers a cache that is
not an LRU (the position memos, which live on the cached positions).
"""
import threading
from collections import OrderedDict
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    """What :data:`REGISTRY` says of a cache: its ``name``, its ``bound`` (entries, or the
    sentence that bounds it), its ``key`` and its ``reason``."""

    name: str
    bound: int | str
    key: str
    reason: str


REGISTRY: dict[str, Entry] = {}


def describe(name: str, bound: int | str, key: str, reason: str) -> Entry:
    """Register the cache ``name`` (a later registration under the same name replaces it: an
    app made again, in the tests, makes its position cache again)."""
    entry = REGISTRY[name] = Entry(name, bound, key, reason)
    return entry


class LRU:
    """At most ``bound`` entries, the least recently used dropped first."""

    def __init__(self, name: str, bound: int, key: str, reason: str):
        if bound < 1:
            raise ValueError(f"cache {name!r}: bound {bound!r} is not a positive count")
        self.entry = describe(name, bound, key, reason)
        self.bound = bound
        self.lock = threading.Lock()
        self.items: OrderedDict = OrderedDict()

    def get(self, key, default=None):
        with self.lock:
            hit = self.items.get(key, default)
            if key in self.items:
                self.items.move_to_end(key)
            return hit

    def __setitem__(self, key, value) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.bound:
                self.items.popitem(last=False)

    def pop(self, key, default=None):
        with self.lock:
            return self.items.pop(key, default)

    def __len__(self) -> int:
        return len(self.items)

    def kept(self, key, make):
        """The entry under ``key``, made by ``make()`` when there is none."""
        hit = self.get(key, _MISSING)
        if hit is _MISSING:
            hit = make()
            self[key] = hit
        return hit


_MISSING = object()


def memo(position: dict, name: str, compute):
    """A result derived from a stored position, kept on it under ``name`` (a key starting with
    ``_``): see the "position memos" entry."""
    if name not in position:
        position[name] = compute(position)
    return position[name]


describe(
    "position memos", "as many as the positions the position cache keeps (they live on them)",
    "the position itself, so the table's identity and version; the name of a memo that depends"
    " on the language holds it (_meters:ru)",
    "what a game derives from a position (a board's check, its election preview, its meters'"
    " HTML) is asked for by every phone after each change and read the same on each: computed"
    " once per version."
    " Positions are never changed in place once stored, and every event drops the memos of the"
    " position it starts from (games.fold_event), so a memo cannot go stale")


PUSHED = LRU(
    "pushed fragments", 1024,
    "the table's join code, the version its phones were told last and the version now, the"
    " block's address, and the audience: language, seat,"
    " host's rights, and the rest of the phone's session but its CSRF token and phone id"
    " (companion.server.swap)",
    "after a change every phone of a table showing the same block to the same audience is sent"
    " the same bytes: rendered once in the server's front, not once per phone. Only a table's"
    " newest version is asked for, at the moment it changes: the bound holds the blocks of the"
    " tables changing at one moment")
