"""Form fields every game reads the same way; bad input is a RuleError naming the field and rule.

A stored event is checked by the same readers as the form it comes from (``Game.check``): its data
is put back into the fields the form sends (:func:`fields`), and the form's reader reads them. So
an imported file meets exactly the rules and limits a phone meets, and what is stored is what the
reader gives: only the keys the game defines.
"""

from companion.i18n import gettext as _
from companion.scorers.rules import RuleError


def whole(form, name: str, label, rule: str, low: int, high: int) -> int:
    """The whole number in field ``name`` (called ``label`` in the message), within [low, high].

    ``label`` may be a function that gives it, called only for a refusal: a tap reads two fields
    and need not look up their names in the catalog.
    """
    raw = form.get(name, "").strip().replace("−", "-")
    if not raw:  # an empty field is asked for its number, not told it is «''»
        raise RuleError(_("%(f)s: a whole number is needed", f=said(label)), rule)
    try:
        value = int(raw)
    except ValueError:
        raise RuleError(_("%(f)s: a whole number is needed, not %(v)r", f=said(label), v=raw),
                        rule) from None
    if not low <= value <= high:
        raise RuleError(_("%(f)s: %(v)s is not between %(lo)s and %(hi)s", f=said(label),
                          v=value, lo=low, hi=high), rule)
    return value


def address_number(values, name: str, low: int, high: int) -> int | None:
    """The whole number in parameter ``name`` of an address's query string (or of ``values``,
    any mapping: ``request.args``, ``request.values``), within [low, high]; None when it is
    missing or anything else. Every number a page reads from its address is read here.

    Only ASCII digits count: ``str.isdigit`` accepts '²', which ``int`` refuses, and ``int``
    accepts '٣' (3), ' 3', '+3' and '1_0'; and no more digits than ``high`` has, so that ``int``
    never meets the 4,301 digits it refuses with a ValueError.
    """
    raw = values.get(name) or ""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > len(str(high)):
        return None
    value = int(raw)
    return value if low <= value <= high else None


def decimal_number(raw: str, most: int = 12) -> float | None:
    """The number ``raw`` writes with ASCII digits, at most one decimal point or comma and an
    optional minus sign (``2``, ``0.5``, ``1,5``, ``-1``), of at most ``most`` characters; None
    for anything else.

    ``float`` alone reads ``1e25``, ``inf``, ``nan``, ``٣`` and ``1_0``, and a number that large
    broke the page that wrote it back (Babel's decimal format); every fractional number read
    from an address or a form is read here, and its bounds checked by the caller."""
    raw = raw.strip().replace(",", ".").replace("−", "-")
    digits = raw.removeprefix("-").replace(".", "", 1)
    if not (0 < len(raw) <= most and digits.isascii() and digits.isdigit()):
        return None
    return float(raw)


def said(label) -> str:
    """``label``, or what the function ``label`` gives."""
    return label() if callable(label) else label


LONGEST = 100  # no field of any form is longer (a name is 24 characters, a profile's 60)


def fields(rule: str, **values) -> dict:
    """Event data as the form fields that would send it: text as it is, whole numbers as their
    digits, True as a ticked box, False and None as no field. Anything else (a fraction, a list,
    an object where a field is expected, text longer than any form sends) is refused with
    ``rule``, naming the field."""
    found = {}
    for name, value in values.items():
        if value is None or value is False:
            continue
        if value is True:
            found[name] = "1"
        elif isinstance(value, int):
            found[name] = str(value)
        elif isinstance(value, str) and len(value) <= LONGEST:
            found[name] = value
        else:
            raise RuleError(_("%(f)s: a value of the wrong kind", f=name), rule)
    return found
