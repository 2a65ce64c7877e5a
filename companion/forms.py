"""Form fields every game reads the same way; bad input is a RuleError naming the field and rule."""
from flask_babel import gettext as _

from companion.scorers.rules import RuleError


def whole(form, name: str, label: str, rule: str, low: int, high: int) -> int:
    """The whole number in field ``name`` (called ``label`` in the message), within [low, high]."""
    raw = form.get(name, "").strip().replace("−", "-")
    try:
        value = int(raw)
    except ValueError:
        raise RuleError(_("%(f)s: a whole number is needed, not %(v)r", f=label, v=raw),
                        rule) from None
    if not low <= value <= high:
        raise RuleError(_("%(f)s: %(v)s is not between %(lo)s and %(hi)s", f=label, v=value,
                          lo=low, hi=high), rule)
    return value
