"""The one place the web layer meets the Liberté engine (``companion.scorers.liberte``).

The table's position *is* a formats.md scenario (plus the table's board profile as ``map``), so
these are thin: they hand it over and return the engine's JSON; RuleError passes through.
"""
import json

from companion.scorers.liberte import DEFAULT_PROFILE, check_json, read_profile, resolve_json
from companion.scorers.liberte.board import FLEUR_DE_LIS_IN_REVIEWS, PARIS, PROVINCES, VP_PROVINCES_IN_REVIEWS
from companion.scorers.liberte.cards import FACTIONS
from companion.scorers.liberte.sudden_death import LANDSLIDE_VOTES

__all__ = ["FACTIONS", "FLEUR_DE_LIS_IN_REVIEWS", "LANDSLIDE_VOTES", "PARIS", "PROVINCES",
           "VP_PROVINCES_IN_REVIEWS", "check", "profile", "resolve"]
WEB_ONLY = ("last_result", "over")


def scenario(position: dict) -> dict:
    """The position without the keys only the web app keeps (and its memos, ``_…``)."""
    return {key: value for key, value in position.items()
            if key not in WEB_ONLY and not key.startswith("_")}


def check(position: dict) -> dict:
    """Control, the counter-revolution meter, the supply (validates placement, LIB-PLACE)."""
    return check_json(scenario(position))


def resolve(position: dict, interactive: bool = True) -> dict:
    """The end of the turn; interactive: stops at the first tie decision not yet given."""
    return resolve_json(scenario(position), interactive=interactive)


def memo(position: dict, key: str, compute):
    """A result derived from a stored position, kept on it (positions are never changed in
    place once stored: each event makes a new one, so the memo cannot go stale)."""
    if key not in position:
        position[key] = compute(position)
    return position[key]


def profile(data: dict | None) -> dict:
    """A board profile validated and completed (all 27 provinces); the default when None."""
    key = json.dumps(data, sort_keys=True, ensure_ascii=False)
    if key not in _PROFILES:
        if len(_PROFILES) > 64:
            _PROFILES.clear()
        _PROFILES[key] = _profile(data)
    return _PROFILES[key]


_PROFILES: dict = {}


def _profile(data: dict | None) -> dict:
    read = DEFAULT_PROFILE if data is None else read_profile(data)
    return {"name": read.name, "battle_vp": {str(t): v for t, v in read.battle_vp.items()},
            "provinces": {str(n): {"name": p.name, "fleur_de_lis": p.fleur_de_lis, "vp": p.vp,
                                   "paris": p.paris, "label": p.label}
                          for n, p in read.provinces.items()},
            "json": read.as_json()}
