"""Where the narrating phone is in the night (VOTE-SETUP-3), held by the server for the caption phones.

The narrator posts each change of step: which line (by index, so every phone can caption it in its
own language), what is happening (the line is spoken, the silence after it, the eyes-open
countdown, stopped, done) and, for the countdown, how many seconds are left. The server keeps the
latest report per table (one row of ``nights``, shared by all server processes) with a sequence
number, the table's news (``db.bump_news``), which its stream tells every phone (companion.server.push); a caption phone asks
for the new caption with the number it shows (204 if it already shows it). Nothing here
is a game event: the night changes no position, so it stays out of the log. Should two phones
narrate at once, the captions follow whichever reported last. Loyalty is never asked for nor stored.
"""
import time
from dataclasses import dataclass

from companion.table.db import bump_news, get_db, transaction

PHASES = ("speaking", "pause", "countdown", "stopped", "done")
SCHEMA = {"nights": ({"table_id": int, "seq": int, "run": str, "line": int, "phase": str,
                      "until": float}, {"pk": "table_id"})}  # a table's latest report


@dataclass(frozen=True)
class Progress:
    """One report of the narrator: ``run`` tells one Start from the next; ``until`` is the
    time (``time.time()``, the same clock for every server process) at which the countdown
    ends (None outside it)."""

    seq: int
    run: str
    line: int
    phase: str
    until: float | None = None

    def remaining(self) -> float | None:
        """Seconds left on the countdown, as the server sees it now."""
        if self.until is None:
            return None
        return max(0.0, round(self.until - time.time(), 1))


class NightBoard:
    """The latest :class:`Progress` of each table, kept in the database (table ``nights``) so
    that every server process answers the caption phones alike (``companion serve --workers``):
    the narrator's report may reach one worker and a caption phone's ask another.
    ``connection`` gives the database connection to use."""

    def __init__(self, connection):
        self.connection = connection

    def get(self, table_id: int) -> Progress | None:
        row = self.connection().execute("SELECT seq, run, line, phase, until FROM nights"
                                        " WHERE table_id = ?", (table_id,)).fetchone()
        return None if row is None else Progress(*row)

    def report(self, table_id: int, run: str, line: int, phase: str,
               seconds: float | None = None) -> Progress:
        """Keep the narrator's new report; the caption phones see its higher ``seq`` (from the
        clock, in milliseconds, and always above the last one)."""
        if phase not in PHASES:
            raise ValueError(f"phase {phase!r}: one of {', '.join(PHASES)}")
        until = time.time() + seconds if phase == "countdown" and seconds else None
        conn = self.connection()
        with transaction(conn):
            progress = Progress(bump_news(conn, table_id), run, line, phase, until)
            conn.execute("INSERT OR REPLACE INTO nights (table_id, seq, run, line, phase, until)"
                         " VALUES (?, ?, ?, ?, ?, ?)", (table_id, progress.seq, run, line, phase,
                                                        until))
        return progress

    def seq(self, table_id: int) -> int:
        """The number a caption phone compares with (0 before any report)."""
        progress = self.get(table_id)
        return progress.seq if progress else 0


def board() -> NightBoard:
    """The board of this request's database."""
    return NightBoard(get_db)
