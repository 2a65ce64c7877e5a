"""The Virgin Queen's event checker (``Game.check``): every event, from a phone or from a table
file, is read by the reader of the form that makes it, so a file meets the limits a phone meets
and only the keys the game defines are stored. The take's seed is the server's (drawn by the
view); a file's seed must be one the server could have drawn.
"""

from companion.forms import fields, whole
from companion.i18n import gettext as _
from companion.scorers.rules import RuleError
from companion.scorers.virgin_queen import LAST_TURN, POWERS, step

RULE = "docs/formats.md"
ACTIONS = ("play", "pass")
NAME, NAMES = 60, 99  # a card's or a treasure's name, and how many the take's form keeps


def tick(form, p) -> dict:
    """A step of the sequence ticked off, or back on (``done=0``) (VQ-SEQ-2)."""
    key = form.get("step", "")
    step(key)
    return {"step": key, "done": form.get("done") != "0"}


def impulse(form, p) -> dict:
    """The power whose impulse it is plays a card or passes (VQ-SEQ-6, VQ-SEQ-11)."""
    power, action = form.get("power", ""), form.get("action", "")
    if power not in POWERS or action not in ACTIONS:
        raise RuleError(_("an impulse is a power playing a card or passing"), "VQ-SEQ-6")
    return {"power": power, "action": action}


def turn(form, p) -> dict:
    """The turn a new turn starts (VQ-SEQ-1: at most 7; the position checks it is the next)."""
    return {"turn": whole(form, "turn", lambda: _("turn"), "VQ-SEQ-1", 2, LAST_TURN)}


def draw(form, p) -> dict:
    """The take: the power, its counts (0 to 99), the optional names one per line, the seed the
    server drew (VQ-DRAW-1); the engine checks the names against the counts when it is applied."""
    if form.get("power") not in POWERS:
        raise beside("power", RuleError(_("choose the power that loses the card"), "VQ-DRAW-1"))
    return {"power": form["power"],
            "cards": count(form, "cards", lambda: _("Cards")),
            "treasures": count(form, "treasures", lambda: _("Treasures")),
            "card_names": lines(form.get("card_names", "")),
            "treasure_names": lines(form.get("treasure_names", "")),
            "seed": whole(form, "seed", lambda: "seed", RULE, 0, 2**32 - 1)}


def count(form, name: str, label) -> int:
    """A count of the take's form (0 to 99), refused beside its own field."""
    try:
        return whole(form, name, label, "VQ-DRAW-1", 0, 99)
    except RuleError as err:
        raise beside(name, err) from None


def beside(name: str, err: RuleError) -> RuleError:
    """``err``, to be shown beside the take's field ``name`` (``live.write`` reads ``field``)."""
    err.field = f"draw-{name}"
    return err


def lines(text: str) -> list[str]:
    return [line.strip()[:NAME] for line in text.splitlines() if line.strip()][:NAMES]


READERS = {"tick": tick, "impulse": impulse, "turn": turn, "draw": draw}


def check(position: dict, kind: str, data) -> dict:
    """The data of a Virgin Queen event of ``kind`` made on ``position``, as its form reads it."""
    if not isinstance(data, dict) or kind not in READERS:
        raise RuleError(_("unknown %(g)s event %(k)r", g="The Virgin Queen", k=str(kind)[:40]), RULE)
    if kind == "tick":
        form = fields(RULE, step=data.get("step"), done="1" if data.get("done", True) else "0")
    elif kind == "draw":
        form = fields(RULE, **{k: data.get(k) for k in ("power", "cards", "treasures", "seed")},
                      card_names=names(data.get("card_names")),
                      treasure_names=names(data.get("treasure_names")))
    else:
        form = fields(RULE, **{k: data.get(k) for k in ("power", "action", "turn")})
    return READERS[kind](form, position)


def names(listed) -> str | None:
    """A take's names as the form's text (one per line); a list of short texts, or nothing."""
    if listed is None:
        return None
    if not isinstance(listed, list) or len(listed) > NAMES or not all(
            isinstance(n, str) and "\n" not in n and len(n) <= NAME for n in listed):
        raise RuleError(_("the names are a list of at most 99 short texts"), "VQ-DRAW-1")
    return "\n".join(listed) or None
