"""Push: each phone holds one connection and is told its table's version when it changes.

A phone opens ``GET /t/<code>/events`` (Server-Sent Events) and keeps it open. It is sent the
table's version at once, then again whenever the version changes, and a heartbeat (``event: beat``)
every ``HEARTBEAT`` seconds on a quiet stream (a setting, 2 by default), so that a phone whose
stream falls silent (a hung host or connection) says within 2.5 beats, and 5 s at the least, that
the host does not answer (``companion.js``). A worker beats at most ``BEATS_PER_SECOND`` times a
second (500 by default): holding more phones than that many beats allow every ``HEARTBEAT``
seconds, it beats each phone further apart, up to :data:`LONGEST_BEAT`. Each beat names the
seconds to the next one, and so does a stream's first message when they are more than
``HEARTBEAT``: the page waits 2.5 times that. The page compares each version with
the one it shows and, when they differ, asks for its live block again (``companion.js``). A table
that no longer exists is told ``event: gone`` and the stream ends. A table whose game has news
beyond its version (a number its game bumps, ``db.bump_news``, in the ``news`` table) is also told
``event: news`` with that number, at once and whenever it grows: the game's script on the phone
decides what to ask for then (``companion:news``, companion.js), instead of asking every second.
A stream whose page named its live block (``?live=``) is sent, instead of the bare version, the
block itself at that version (``event: swap``, companion.server.swap), and the page asks nothing.

One :class:`Watcher` per server process looks at the database every ``INTERVAL`` seconds, and
at once after a change this process or another worker of the server answered
(:meth:`Watcher.nudge`, companion.server.peers), and reads only when something
was committed since its last look (``PRAGMA data_version`` changes when any
other connection, in any process, commits). It reads the tables that have events newer than the
newest it saw, news newer than the newest it saw (numbered from the clock, under the write
lock) or a tombstone newer than the newest it saw (a deleted table: its phones are
told it is gone). Event ids and tombstones only grow (``AUTOINCREMENT``, writers take turns), so
a look costs the same however many phones watch. Only its first look, and a look that finds the
ids gone backwards or the database's identity changed (the file was replaced by a copy;
``companion restore`` gives it a new identity), read the news of every table its phones watch,
in one query per ``BATCH`` tables; after a replaced database every phone is told
``event: restored`` with its table's version, which the page asks for whatever version it
shows (a restored one may be older). Nothing is cached: a write through another
worker process is seen at the next look, wherever it was made. A change that a look of the
watcher's own finds is told at the next look or nudge (:meth:`Watcher.look`): one a worker of
the server answered is nudged for once what its phones are sent is made.

An idle phone costs the server a coroutine and a socket, and no request at all until its table
changes (docs/performance.md).
"""
import asyncio
import heapq
import itertools
import re

from companion.table.db import connect

PATH = re.compile(r"/t/([A-Za-z0-9]{1,16})/events")
INTERVAL = 0.1  # seconds between two looks at the database (a look that finds nothing new is one
# PRAGMA): a change this worker or another of the server answered is looked for at once (nudge,
# companion.server.peers), one another process made (companion restore) within this much
HEARTBEATS = (1, 60)  # the seconds between two heartbeats a host may set (HEARTBEAT)
BEATS = (10, 100_000)  # the heartbeats a second a host may let a worker send (BEATS_PER_SECOND)
LONGEST_BEAT = 30  # seconds: the furthest apart a worker's budget puts two beats (a proxy's read
# timeout, nginx's 60 s by default, then still sees a stream's bytes within its wait)
BATCH = 500  # tables per query (SQLite allows 32,766 parameters)
RETRY = 1000  # milliseconds a browser waits before it reconnects a stream that ended
HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"), (b"cache-control", b"no-store"),
           (b"x-content-type-options", b"nosniff"), (b"x-accel-buffering", b"no")]


def heartbeat(seconds) -> float:
    """The ``HEARTBEAT`` setting, within :data:`HEARTBEATS` (else the server does not start)."""
    low, high = HEARTBEATS
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not low <= seconds <= high:
        raise ValueError(f"HEARTBEAT is {seconds!r}; it must be a number of seconds from {low} to {high}")
    return float(seconds)


def beats_per_second(count) -> int:
    """The ``BEATS_PER_SECOND`` setting, within :data:`BEATS` (else the server does not start)."""
    low, high = BEATS
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
        raise ValueError(f"BEATS_PER_SECOND is {count!r}; it must be a whole number from {low}"
                         f" to {high}")
    return count


def beat_message(every: float) -> bytes:
    """A heartbeat, naming the seconds to the next one (an event the page hears: a comment never
    reaches its script)."""
    return f"event: beat\ndata: {every:g}\n\n".encode()


def message(version: int | None) -> bytes:
    """One event of the stream: the table's version (its id, too), or ``gone``."""
    if version is None:
        return b"event: gone\ndata: gone\n\n"
    return f"id: {version}\ndata: {version}\n\n".encode()


def news_message(seq: int) -> bytes:
    """The number of the table's latest news beyond its version (``db.bump_news``)."""
    return f"event: news\ndata: {seq}\n\n".encode()


def restored_message(version: int | None) -> bytes:
    """The table's version in a database put in place under the server: the page asks for its
    live block whatever version it shows (a restored version may be older)."""
    if version is None:
        return message(None)
    return f"event: restored\ndata: {version}\n\n".encode()


def first_message(version: int, seq: int = 0, every: float | None = None) -> bytes:
    """What a stream starts with: how long to wait before reconnecting, the version now and, on
    a table whose game told news, the number of its latest; ``every``: the seconds to the first
    heartbeat, when they are more than the page knows (``HEARTBEAT``, #shown)."""
    start = f"retry: {RETRY}\n".encode() + message(version)
    if seq:
        start += news_message(seq)
    return start + beat_message(every) if every else start


NEWS = ("SELECT t.code, t.version, coalesce(n.seq, 0) FROM tables t"
        " LEFT JOIN news n ON n.table_id = t.id")
NEWEST = ("SELECT (SELECT coalesce(max(id), 0) FROM events), (SELECT coalesce(max(seq), 0) FROM"
          " news), (SELECT coalesce(max(seq), 0) FROM deleted), (SELECT token FROM identity)")


def news(conn, code: str) -> tuple[int, int] | None:
    """A table's news as stored now: its version and the number of its game's latest news (0
    for none); None when there is no such table."""
    row = conn.execute(f"{NEWS} WHERE t.code = ?", (code,)).fetchone()
    return None if row is None else (row[1], row[2])


class Phone:
    """One open stream: the last version and news it was told, the ones to tell,
    and a bell rung when there is news or the phone has hung up.

    Waiting costs one future and nothing raises: a worker holds thousands of streams, and a task
    cancelled at each wake-up left an exception, its traceback and its frame for the garbage
    collector, whose pauses stop the whole worker (docs/performance.md, "Load benchmark"). No
    phone has a timer of its own: the watcher rings the bell of a phone due a heartbeat
    (``due``, :meth:`Watcher.quiet`), from one queue for all its phones."""

    def __init__(self, version: int, seq: int = 0, fragment=None):
        self.told, self.seq_told = version, seq
        self.fragment = fragment  # async (told, version) -> (version, event: swap) or None (swap.py)
        self.version: int | None = version
        self.seq = seq
        self.hung_up = False
        self.replaced = False  # the database was replaced: tell the version even if unchanged
        self.bell: asyncio.Future | None = None
        self.due = 0.0  # when (the loop's clock) a heartbeat is owed if nothing else is sent
        self.every = 0.0  # the seconds between two beats, as the phone was last told

    def tell(self, version: int | None, seq: int = 0) -> None:
        if (version, seq) != (self.told, self.seq_told):
            self.version, self.seq = version, seq
            self.ring(True)

    def restore(self, version: int | None, seq: int = 0) -> None:
        """The database was replaced: the phone is told its table's version as restored."""
        self.version, self.seq, self.replaced = version, seq, True
        self.ring(True)

    def hang_up(self) -> None:
        self.hung_up = True
        self.ring(True)

    def ring(self, news: bool) -> None:
        if self.bell is not None and not self.bell.done():
            self.bell.set_result(news)

    async def wait(self) -> bool:
        """Until the bell rings: True for news, False for a heartbeat owed."""
        self.bell = asyncio.get_running_loop().create_future()
        return await self.bell


class Watcher:
    """The phones of one server process, by table code, and the look at the database."""

    def __init__(self, database, heartbeat: float = 2, beats: int = 500):
        self.database = database  # a callable giving the SQLite path (read at first use)
        self.heartbeat = heartbeat  # seconds between two beats on a quiet stream
        self.beats = beats  # the most heartbeats a second this process sends (BEATS_PER_SECOND)
        self.conn = None
        self.phones: dict[str, set[Phone]] = {}
        self.count = 0  # the phones in ``phones``
        self.seen = None  # PRAGMA data_version at the last look
        self.newest = None  # the newest event, news and tombstone at the last look
        self.looking: asyncio.Task | None = None
        self.stopping = False  # the server is stopping: no stream is held any more
        self.held: dict[str, tuple[int, int]] = {}  # changes a look of its own found (look)
        self.owed: list[tuple[float, int, Phone]] = []  # a heap of (due, number, phone)
        self.numbers = itertools.count()  # tell apart two entries due at the same moment

    def news(self, code: str) -> tuple[int, int] | None:
        """The table's version and latest news now (None when there is no such table)."""
        if self.conn is None:
            self.conn = connect(self.database())
        return news(self.conn, code)

    def watch(self, code: str, phone: Phone) -> None:
        if self.stopping:
            return phone.hang_up()
        watching = self.phones.setdefault(code, set())
        if phone not in watching:
            watching.add(phone)
            self.count += 1
        if self.looking is None or self.looking.done():
            self.looking = asyncio.get_running_loop().create_task(self.look_while_watched())

    def forget(self, code: str, phone: Phone) -> None:
        watching = self.phones.get(code)
        if watching is not None and phone in watching:
            watching.discard(phone)
            self.count -= 1
            if not watching:
                del self.phones[code]

    def hang_up(self) -> None:
        """The server is stopping: end every open stream now, and each one opened from now on
        once it has told the table's news (its browser asks again after ``RETRY``)."""
        self.stopping = True
        for phones in self.phones.values():
            for phone in phones:
                phone.hang_up()

    def every(self) -> float:
        """The seconds between two beats of a quiet stream now: ``heartbeat``, or as far apart
        as this process's phones need to be beaten within ``beats`` a second, up to
        :data:`LONGEST_BEAT` (a host's ``HEARTBEAT`` longer than that stays as it is)."""
        return max(self.heartbeat, min(self.count / self.beats, LONGEST_BEAT))

    def quiet(self, phone: Phone) -> None:
        """``phone`` was just sent something: it is owed a heartbeat ``phone.every`` seconds
        from now (what it was last told), unless something else is sent first. An entry a
        later message made stale is skipped when it comes up."""
        phone.due = asyncio.get_running_loop().time() + phone.every
        heapq.heappush(self.owed, (phone.due, next(self.numbers), phone))

    def beat(self) -> None:
        """Ring the bell of every phone owed a heartbeat now (it sends the beat itself)."""
        owed, now = self.owed, asyncio.get_running_loop().time()
        while owed and owed[0][0] <= now:
            due, _number, phone = heapq.heappop(owed)
            if phone.due == due and not phone.hung_up:
                phone.ring(False)

    def nudge(self) -> None:
        """This process, or another worker of the server, has just answered a change: its
        phones are told it now, not at the next look."""
        if self.conn is not None and self.phones:
            self.look()

    def changed(self, code: str, version: int) -> None:
        """A worker of this server has just answered the change that brought table ``code``
        to ``version``: its phones are told it now, without reading the database (its looks
        read it all the same)."""
        for phone in self.phones.get(code, ()):
            if phone.version is not None and version > phone.version:
                phone.tell(version, phone.seq)

    async def look_while_watched(self) -> None:
        while self.phones:
            await asyncio.sleep(INTERVAL)
            self.look(nudged=False)
            self.beat()
        self.owed.clear()

    def look(self, nudged: bool = True) -> None:
        """Tell every phone whose table changed since the last look (or is gone) its news.

        A look of the watcher's own (``nudged`` False: every ``INTERVAL``) holds the changes it
        finds until the next look. A change a worker of this server answered is nudged for as
        soon as what its phones are sent is made (companion.server.swap, peers): told before,
        they would render it again for themselves. One another process made (``companion
        restore``, the command line) is told one look later; a deleted table and a replaced
        database at once."""
        held, self.held = self.held, {}
        committed = self.conn.execute("PRAGMA data_version").fetchone()[0]
        if committed == self.seen:
            self.tell(held)
            return
        self.seen = committed
        self.conn.execute("BEGIN")  # the newest ids and the news from one snapshot
        try:
            newest = tuple(self.conn.execute(NEWEST).fetchone())
            replaced = self.newest is not None and (newest[3] != self.newest[3] or any(
                now < then for now, then in zip(newest[:3], self.newest[:3])))
            if self.newest is None or replaced:
                codes, found = list(self.phones), self.read(list(self.phones))
                gone = [code for code in codes if code not in found]
            else:
                found = {code: (version, seq) for code, version, seq in self.conn.execute(
                    f"{NEWS} WHERE t.id IN (SELECT table_id FROM events WHERE id > ?"
                    " UNION SELECT table_id FROM news WHERE seq > ?)", self.newest[:2])}
                gone = [code for code, in self.conn.execute(
                    "SELECT code FROM deleted WHERE seq > ?", self.newest[2:3])]
        finally:
            self.conn.execute("COMMIT")
        self.newest = newest
        if replaced:
            for code, phones in self.phones.items():
                for phone in phones:
                    phone.restore(*found.get(code, (None, 0)))
            return
        if nudged:
            self.tell({**held, **found, **dict.fromkeys(gone, (None, 0))})
        else:
            self.held = {code: news for code, news in found.items() if code in self.phones}
            self.tell({**{code: news for code, news in held.items() if code not in found},
                       **dict.fromkeys(gone, (None, 0))})

    def tell(self, changed: dict[str, tuple[int | None, int]]) -> None:
        """Tell each table's phones its news (a version of None: the table is gone)."""
        for code, news in changed.items():
            for phone in self.phones.get(code, ()):
                phone.tell(*news)

    def read(self, codes: list[str]) -> dict[str, tuple[int, int]]:
        """The news of the tables ``codes`` (those that exist)."""
        found = {}
        for start in range(0, len(codes), BATCH):
            batch = codes[start:start + BATCH]
            marks = ",".join("?" * len(batch))
            found.update((code, (version, seq)) for code, version, seq in self.conn.execute(
                f"{NEWS} WHERE t.code IN ({marks})", batch).fetchall())
        return found


async def stream(watcher: Watcher, code: str, now: tuple[int, int], receive, send,
                 fragment=None) -> None:
    """Hold one phone's stream until it goes away (``http.disconnect``: granian drops what is
    sent after that without an error), its table is deleted or the server stops
    (``Watcher.hang_up``); ``now``: the table's news. ``fragment``: the phone's live block at
    a version (companion.server.swap), sent instead of the version when there is one."""
    phone = Phone(*now, fragment=fragment)
    watcher.watch(code, phone)
    phone.every = watcher.every()
    listening = asyncio.ensure_future(listen(receive, phone))
    try:
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        stretched = phone.every if phone.every > watcher.heartbeat else None
        await send({"type": "http.response.body", "body": first_message(*now, every=stretched),
                    "more_body": True})
        while not phone.hung_up:
            if phone.replaced:
                phone.replaced, phone.told, phone.seq_told = False, phone.version, phone.seq
                await send({"type": "http.response.body", "body": restored_message(phone.told),
                            "more_body": phone.told is not None})
                if phone.told is None:
                    return
            elif phone.version != phone.told:
                swapped = None
                if phone.version is not None and phone.fragment is not None:
                    swapped = await phone.fragment(phone.told, phone.version)
                phone.told, body = swapped or (phone.version, message(phone.version))
                if phone.version is not None and phone.version < phone.told:
                    phone.version = phone.told  # rendered at a version the look has not seen yet
                await send({"type": "http.response.body", "body": body,
                            "more_body": phone.told is not None})
                if phone.told is None:
                    return
            elif phone.seq != phone.seq_told:
                phone.seq_told = phone.seq
                await send({"type": "http.response.body", "body": news_message(phone.seq),
                            "more_body": True})
            else:
                watcher.quiet(phone)  # owed a heartbeat from now if nothing comes
                if not await phone.wait():
                    phone.every = watcher.every()
                    await send({"type": "http.response.body", "body": beat_message(phone.every),
                                "more_body": True})
        await send({"type": "http.response.body", "body": b""})  # the end (unheard if it went away)
    finally:
        if not listening.done():
            listening.cancel()  # the server ends the stream (table deleted, server stopping)
        watcher.forget(code, phone)


async def listen(receive, phone: Phone) -> None:
    """Hang the phone up when its browser goes away."""
    while (await receive())["type"] != "http.disconnect":
        pass
    phone.hang_up()


async def once(now: tuple[int, int], send) -> None:
    """The news and the end of the stream (``?once``: a browser without EventSource polls)."""
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
    await send({"type": "http.response.body", "body": first_message(*now)})
