"""The night's settings as the page sends them (query parameters), checked before the engine runs.

Every bad value is a :class:`SettingError` naming its field and VOTE-SETUP-3 ("durations are
settings"), so the page can show the message beside that field. The bounds are the engine's
(``night_script.LIMITS``), the same as the command line's.
"""
import secrets


from companion.forms import address_number, decimal_number
from companion.i18n import decimal, gettext as _
from companion.scorers.rules import RuleError
from companion.scorers.vote.night_script import LANGUAGES, LIMITS as BOUNDS, NightSettings

RULE = "VOTE-SETUP-3"
# name: (lowest, highest, default); the bounds and the defaults are the engine's
LIMITS = {name: (low, high, getattr(NightSettings, name)) for name, (low, high) in BOUNDS.items()}
SEED_MAX = 2**31 - 1


class SettingError(RuleError):
    """A setting the night refuses; ``field`` is the form field it belongs beside."""

    def __init__(self, field: str, message: str):
        super().__init__(message, RULE)
        self.field = field

    def as_json(self) -> dict:
        return dict(super().as_json(), field=self.field)


def labels() -> dict:
    """The fields' names as the page shows them (translated at request time)."""
    return {"pace": _("Pace"), "eyes_open": _("Eyes open (seconds)"),
            "pause": _("Pause between lines (seconds)"), "padding": _("Random padding (seconds)"),
            "seed": _("Seed"), "lang": _("Language")}


def number(args, name: str) -> float:
    """One duration field: empty means the default; otherwise a number within its bounds."""
    low, high, default = LIMITS[name]
    raw = (args.get(name) or "").strip()
    if not raw:
        return float(default)
    value = decimal_number(raw)
    if value is None:
        raise SettingError(name, _("%(field)s: %(value)r is not a number",
                                   field=labels()[name], value=raw[:20]))
    if not low <= value <= high:
        raise SettingError(name, _("%(field)s: %(value)s is not between %(low)s and %(high)s",
                                   field=labels()[name], value=decimal(value), low=decimal(low),
                                   high=decimal(high)))
    return value


def settings(args) -> NightSettings:
    """The :class:`NightSettings` the page asked for (the engine's defaults for empty fields)."""
    return NightSettings(**{name: number(args, name) for name in LIMITS})


def seed(args) -> int:
    """The padding's seed: the one asked for (to replay a night), else a fresh one."""
    raw = (args.get("seed") or "").strip()
    if not raw:
        return secrets.randbelow(SEED_MAX)
    value = address_number({"seed": raw}, "seed", 0, SEED_MAX)
    if value is None:
        raise SettingError("seed", _("%(field)s: a whole number from 0 to %(high)s is needed",
                                     field=labels()["seed"], high=SEED_MAX))
    return value


def language(args, default: str) -> str:
    """The script's language: the one asked for, else the page's."""
    lang = args.get("lang") or default
    if lang not in LANGUAGES:
        raise SettingError("lang", _("%(field)s: %(value)r, choose one of %(choices)s",
                                     field=labels()["lang"], value=lang[:8],
                                     choices=", ".join(LANGUAGES)))
    return lang
