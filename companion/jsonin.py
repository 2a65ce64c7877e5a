"""Reading JSON sent by strangers (the API's bodies, table and profile files): one reader that
refuses, with a RuleError naming the rule, what would otherwise break the code behind it.

A file nested deeper than :data:`MAX_DEPTH` (Python's parser and everything that walks the result
recurse), a number with more digits than Python converts (``sys.get_int_max_str_digits``, 4,300),
``NaN``/``Infinity`` and floats too large to be finite are refused here, before anything reads them;
so is text that is not valid Unicode (a lone surrogate, ``"\\ud800"``, which JSON may write but
UTF-8 cannot: the page or the database that met it failed), in a value or a key.
"""
import json
import math


from companion.i18n import gettext as _
from companion.scorers.rules import RuleError

MAX_DEPTH = 16  # the deepest real table file (a card inside an event's data) is 7 levels deep


def loads(raw: bytes | str, rule: str):
    """The JSON value of ``raw``, or RuleError(``rule``) saying what is wrong and where."""
    try:
        value = json.loads(raw, parse_constant=_constant, parse_float=_float)
    except json.JSONDecodeError as err:
        raise RuleError(_("the file is not JSON (line %(line)s, column %(column)s)",
                          line=err.lineno, column=err.colno), rule) from None
    except UnicodeDecodeError:
        raise RuleError(_("the file is not JSON: it is not text"), rule) from None
    except RecursionError:
        raise RuleError(_("the file is nested more than %(n)s levels deep", n=MAX_DEPTH),
                        rule) from None
    except ValueError:  # an integer longer than Python converts, a float that is not finite
        raise RuleError(_("the file holds a number too long to be a real one"), rule) from None
    if depth(value) > MAX_DEPTH:
        raise RuleError(_("the file is nested more than %(n)s levels deep", n=MAX_DEPTH), rule)
    if not unicode(value):
        raise RuleError(_("the file holds text that is not valid Unicode"), rule)
    return value


def unicode(value) -> bool:
    """Whether every text in ``value`` (its keys too) is valid Unicode: no lone surrogate
    (walked without recursion, after :func:`depth`)."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if not valid(item):
                return False
        elif isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return True


def valid(text: str) -> bool:
    """Whether ``text`` can be written in UTF-8 (has no lone surrogate)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def depth(value) -> int:
    """How deeply lists and objects nest in ``value`` (walked without recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(
            item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if level <= MAX_DEPTH:
            todo.extend((child, level + 1) for child in children)
    return deepest


def _constant(name: str):
    raise ValueError(name)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value
