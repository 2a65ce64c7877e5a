"""The discussion timer: its deadline is held by the server, in the event log.

Every ``timer`` event carries the server's clock (``at``, seconds since the epoch) when it was
written, so replaying the log gives the same deadline and every phone shows the same remaining
time: a page renders the seconds left at that moment, and ``static/timer.js`` counts down from
them locally (phones' own clocks never matter). Without JavaScript the page shows the time left
when it was rendered.
"""
import time


from companion.forms import whole
from companion.i18n import gettext as _
from companion.scorers.rules import RuleError

IDLE = {"state": "idle", "deadline": None, "left": None, "length": 0}
ACTIONS = ("start", "pause", "resume", "extend", "stop")
LENGTHS = (60, 120, 180, 300)     # the start buttons, in seconds
LONGEST = 60 * 60                 # a timer of more than an hour is a typo
RULE = "TABLE-TIMER"


def now() -> float:
    """The server's clock, seconds since the epoch (tests replace it)."""
    return time.time()


def read(form, at: float) -> dict:
    """A timer action from its form (``action``; ``seconds`` to start or extend) at the server's
    clock ``at``; an unknown action or a length out of range is refused (TABLE-TIMER)."""
    action = form.get("action", "")
    if action not in ACTIONS:
        raise RuleError(_("unknown timer action %(a)r", a=action[:20]), RULE)
    found = {"action": action, "at": at}
    if action in ("start", "extend"):
        found["seconds"] = whole(form, "seconds", _("seconds"), RULE, 1, LONGEST)
    return found


def apply(timer: dict, data: dict) -> dict:
    """The timer after one action (``data``: ``action``, ``at``, and ``seconds`` for start and
    extend); refused with TABLE-TIMER when the action makes no sense now."""
    action, at = data["action"], float(data["at"])
    state = timer["state"]
    if action not in ACTIONS:
        raise RuleError(_("unknown timer action %(a)r", a=action), RULE)
    if action == "start":
        seconds = _seconds(data)
        return {"state": "running", "deadline": at + seconds, "left": None, "length": seconds}
    if action == "stop":
        return dict(IDLE)
    if action == "pause":
        if state != "running":
            raise RuleError(_("the timer is not running"), RULE)
        return dict(timer, state="paused", deadline=None, left=max(0.0, timer["deadline"] - at))
    if action == "resume":
        if state != "paused":
            raise RuleError(_("the timer is not paused"), RULE)
        return dict(timer, state="running", deadline=at + timer["left"], left=None)
    seconds = _seconds(data)  # extend
    if state == "running":
        return dict(timer, deadline=max(timer["deadline"], at) + seconds)
    if state == "paused":
        return dict(timer, left=timer["left"] + seconds)
    raise RuleError(_("start the timer first"), RULE)


def _seconds(data: dict) -> int:
    seconds = data.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not 1 <= seconds <= LONGEST:
        raise RuleError(_("a timer lasts 1 second to 60 minutes, not %(s)r", s=seconds), RULE)
    return seconds


def left(timer: dict, now: float) -> float | None:
    """Seconds left at ``now`` (0 when time is up), or None when the timer is idle."""
    if timer["state"] == "running":
        return max(0.0, timer["deadline"] - now)
    if timer["state"] == "paused":
        return timer["left"]
    return None


def clock(seconds: float | None) -> str:
    """``m:ss`` for the page (rounded up, as a countdown shows it)."""
    if seconds is None:
        return ""
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"
