"""Form fields every game reads the same way; bad input is a RuleError naming the field and rule."""
from flask_babel import gettext as _

from companion.scorers.rules import RuleError


def whole(form, name: str, label, rule: str, low: int, high: int) -> int:
    """The whole number in field ``name`` (called ``label`` in the message), within [low, high].

    ``label`` may be a function that gives it, called only for a refusal: a tap reads two fields
    and need not look up their names in the catalog.
    """
    raw = form.get(name, "").strip().replace("−", "-")
    try:
        value = int(raw)
    except ValueError:
        raise RuleError(_("%(f)s: a whole number is needed, not %(v)r", f=said(label), v=raw),
                        rule) from None
    if not low <= value <= high:
        raise RuleError(_("%(f)s: %(v)s is not between %(lo)s and %(hi)s", f=said(label),
                          v=value, lo=low, hi=high), rule)
    return value


def said(label) -> str:
    """``label``, or what the function ``label`` gives."""
    return label() if callable(label) else label
