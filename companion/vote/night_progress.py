"""Where the narrating phone is in the night (VOTE-SETUP-3), held by the server for the caption phones.

The narrator posts each change of step: which line (by index, so every phone can caption it in its
own language), what is happening (the line is spoken, the silence after it, the eyes-open
countdown, stopped, done) and, for the countdown, how many seconds are left. The server keeps the
latest report per table in memory with a sequence number; a caption phone polls with the number it
shows and gets 204 until it changes. Nothing here is a game event: the night changes no position,
so it stays out of the log, and a restart of the server only forgets where the night was (the
narrator's next report brings it back). Should two phones narrate at once, the captions follow
whichever reported last. Loyalty is never asked for nor stored.
"""
import threading
import time
from dataclasses import dataclass

from flask import current_app

PHASES = ("speaking", "pause", "countdown", "stopped", "done")


@dataclass(frozen=True)
class Progress:
    """One report of the narrator: ``run`` tells one Start from the next; ``until`` is the
    server's ``time.monotonic()`` at which the countdown ends (None outside it)."""

    seq: int
    run: str
    line: int
    phase: str
    until: float | None = None

    def remaining(self) -> float | None:
        """Seconds left on the countdown, as the server sees it now."""
        if self.until is None:
            return None
        return max(0.0, round(self.until - time.monotonic(), 1))


class NightBoard:
    """The latest :class:`Progress` of each table, safe to share between server threads."""

    def __init__(self):
        self._lock = threading.Lock()
        self._latest: dict[int, Progress] = {}
        # Start from the clock so that a caption phone that polled an earlier server process
        # never meets the same number again after a restart.
        self._seq = int(time.time() * 1000)

    def get(self, table_id: int) -> Progress | None:
        with self._lock:
            return self._latest.get(table_id)

    def report(self, table_id: int, run: str, line: int, phase: str,
               seconds: float | None = None) -> Progress:
        """Keep the narrator's new report; the caption phones see its higher ``seq``."""
        if phase not in PHASES:
            raise ValueError(f"phase {phase!r}: one of {', '.join(PHASES)}")
        until = time.monotonic() + seconds if phase == "countdown" and seconds else None
        with self._lock:
            self._seq += 1
            progress = Progress(self._seq, run, line, phase, until)
            self._latest[table_id] = progress
        return progress

    def seq(self, table_id: int) -> int:
        """The number a caption phone compares with (0 before any report)."""
        progress = self.get(table_id)
        return progress.seq if progress else 0


def board() -> NightBoard:
    """This app's board (one per app, so each test app starts empty)."""
    return current_app.extensions.setdefault("companion.night", NightBoard())
