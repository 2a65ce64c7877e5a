"""Every cache the companion keeps, in one list: each with its bound, its key and its reason.

A cache is kept only where it measurably matters under load (docs/performance.md); a lookup that
costs a fraction of a millisecond is made again rather than kept. A key holds whatever changes
the answer (the table's identity and version, the language, the phone's rights), and never an
object's ``id()``, which Python gives to another object once the first is gone.

:class:`LRU` is the one cache class: bounded, least recently used first out, safe across
threads. Making one registers it (:data:`REGISTRY`); :func:`describe` registers a cache that is
not an LRU: the facts a game derives from a position (:func:`fact`), which live on the cached
positions.
"""
import functools
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


def fact(method):
    """A method of a game's position type (:class:`companion.table.games.Position`) giving what
    the game derives from it (a board's check, an election preview): computed on the first ask,
    at most once per instance, and kept in the instance's attribute ``_facts``, never in its keys
    (see the "position facts" entry). A position never changes once built, so a fact never goes
    stale; the next version is another instance, with facts of its own."""
    name = method.__name__

    @functools.wraps(method)
    def asked(position):
        facts = getattr(position, "_facts", None)
        if facts is not None and name in facts:
            return facts[name]
        with _lock(position):  # phones asking at the same moment: one computes, the others wait
            facts = getattr(position, "_facts", None)
            if facts is None:
                facts = position._facts = {}
            if name not in facts:
                facts[name] = method(position)
            return facts[name]
    return asked


def known(position, name: str, value) -> None:
    """Keep ``value`` as the fact ``name`` of ``position``, worked out where it was made (the
    reading its judgment made): the position's method then answers it without working it out
    again. Only on a position no other thread sees yet."""
    facts = getattr(position, "_facts", None)
    if facts is None:
        facts = position._facts = {}
    facts[name] = value


_LOCKS = threading.Lock()


def _lock(position) -> threading.RLock:
    """The position's own lock for its facts, made on the first ask (a fact may ask another)."""
    lock = getattr(position, "_lock", None)
    if lock is None:
        with _LOCKS:
            lock = getattr(position, "_lock", None)
            if lock is None:
                lock = position._lock = threading.RLock()
    return lock


describe(
    "position facts", "as many as the positions the position cache keeps (they live on them)",
    "the position itself, so the table's identity, version and stamp (the position cache's key);"
    " the name of the fact",
    "what a game derives from a position (a board's check, an election preview, the tie"
    " answers that still fit) is asked for by every phone after each change and reads the same"
    " on each: computed once per version, on the position's methods (companion.table.games."
    "Position), kept in its attributes. A position never changes once built, so a fact cannot"
    " go stale. Nothing rendered is kept there (see \"rendered per version\")")


RENDERED = LRU(
    "rendered per version", 1024,
    "the table's id and join code, its version and that version's stamp (the position cache's"
    " key, so a database restored under the server never matches), the part's name and the"
    " language",
    "a part of a page that every phone of a table asks for after each change and that reads the"
    " same on each phone of one language (a board's meters): rendered once per version and"
    " language rather than once per phone, its figures being the position's facts. Only a"
    " table's newest version is asked for: the bound holds the parts of the tables in use, a"
    " few KB each")


def rendered(table, name: str, language: str, make) -> str:
    """The part ``name`` of ``table``'s pages at its version in ``language`` (:data:`RENDERED`),
    made by ``make()`` when it is not kept; made each time for a table row without a stamp."""
    stamped = getattr(table, "stamp", None)
    if not stamped:
        return make()
    return RENDERED.kept((table.id, table.code, table.version, stamped, name, language), make)


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
