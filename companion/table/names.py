"""Players' names: one reading for every way a name comes in (the new-table form, a table file).

A name is kept in Unicode's composed form (NFC), so that «Amélie» typed on two keyboards is one
name. A name that shows nothing (only spaces, zero-width or other invisible characters) is
refused, and so is a control character (NUL among them). Two names are the same name when they
differ only by invisible characters, by case or by canonical equivalence (:func:`key`): «Ann» and
«Ann» with a zero-width space cannot sit at one table. A name that holds right-to-left letters or
bidirectional controls is kept between Unicode's isolates (FSI … PDI, the text form of HTML's
``<bdi>``): wherever it is shown, in a page, a sentence of the history, a toast or an exported
file, it cannot reorder the text around it (a name starting with U+202E would otherwise reverse
its whole history line, "12 VP" included). The ``bdi`` filter isolates a name in a page's markup.
"""
import unicodedata

from markupsafe import Markup, escape

from companion.i18n import gettext as _
from companion.scorers.rules import RuleError

LONGEST = 24  # characters in a name
FSI, PDI = "\u2068", "\u2069"  # first strong isolate, pop directional isolate
BIDI = {"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
# shown as nothing though not of the invisible categories: fillers, the combining grapheme
# joiner and the variation selectors
BLANK = set("\u115f\u1160\u3164\uffa0\u2800\u034f\u180b\u180c\u180d\u180e\u180f") | {
    chr(c) for c in [*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]}


def invisible(ch: str) -> bool:
    """Whether ``ch`` shows nothing: a space, a format character (zero-width space, joiners,
    bidirectional controls, the byte order mark) or one of :data:`BLANK`."""
    return ch in BLANK or ch.isspace() or unicodedata.category(ch) in ("Cf", "Zs", "Zl", "Zp")


def bare(name: str) -> str:
    """``name`` without the isolates this module put around it."""
    return name[1:-1] if len(name) >= 2 and name[0] == FSI and name[-1] == PDI else name


def read(name: str) -> str:
    """A player's name as it is kept (RuleError TABLE-PLAYERS when it may not be one)."""
    name = unicodedata.normalize("NFC", bare(name.strip()).strip())
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        raise RuleError(_("a player's name holds a control character"), "TABLE-PLAYERS")
    if all(invisible(ch) for ch in name):
        raise RuleError(_("a player's name shows nothing: it has only invisible characters"),
                        "TABLE-PLAYERS")
    if len(name) > LONGEST:
        raise RuleError(_("a player's name is longer than 24 characters"), "TABLE-PLAYERS")
    if any(unicodedata.bidirectional(ch) in BIDI for ch in name):
        return FSI + name + PDI
    return name


def key(name: str) -> str:
    """What two names that are the same name share: without invisible characters, case-folded,
    composed."""
    seen = "".join(ch for ch in unicodedata.normalize("NFC", bare(name)) if not invisible(ch))
    return unicodedata.normalize("NFC", seen.casefold())


def bdi(name) -> Markup:
    """The ``bdi`` filter: a name isolated from the text around it in a page."""
    return Markup("<bdi>%s</bdi>") % escape(name)
