"""The one place the web layer meets the Liberté engine (``companion.scorers.liberte``).

The table's position *is* a docs/formats.md scenario (plus the table's board profile as ``map``), so
these are thin: they hand it over and return the engine's JSON; RuleError passes through. They
keep nothing: a stored position asks them through its methods (``Position.scenario()``,
``.check()``, ``.fitting()``, ``.interactive()``, companion.games.liberte.position), which keep
each answer once per version and hand the ones already made to the next (``read``, ``fitting``).
"""
import json
from dataclasses import replace
from typing import Callable

from companion.table.caches import LRU
from companion.scorers.liberte import (DEFAULT_PROFILE, check_position, read_accepted,
                                       read_profile, read_scenario, resolve as resolve_scenario)
from companion.scorers.liberte.board import FLEUR_DE_LIS_IN_REVIEWS, PARIS, PROVINCES, VP_PROVINCES_IN_REVIEWS
from companion.scorers.liberte.cards import FACTIONS
from companion.scorers.liberte.control import controlling_stack
from companion.scorers.liberte.scenario import Stack, read_province
from companion.scorers.liberte.sudden_death import (COUNTER_REVOLUTION_PROVINCES, COUNTER_REVOLUTION_TURNS,
                                                   LANDSLIDE_VOTES, white_controlled)
from companion.scorers.liberte.supply import check_box_counts
from companion.scorers.rules import RuleError

__all__ = ["DEFAULT_PROFILE", "FACTIONS", "FLEUR_DE_LIS_IN_REVIEWS", "LANDSLIDE_VOTES", "PARIS",
           "PROVINCES", "VP_PROVINCES_IN_REVIEWS", "check", "control", "fitting_contests", "profile",
           "read", "resolution", "resolve", "validate", "validate_province"]
WEB_ONLY = ("last_result", "over", "map", "election")


def scenario(position: dict) -> dict:
    """The position without the keys only the web app keeps; the board profile (``map``) is
    handed to the engine already read (:func:`board_profile`)."""
    return {key: value for key, value in position.items() if key not in WEB_ONLY}


def validate(position: dict):
    """The engine's reading of the position: refuses what the placement rules forbid
    (LIB-PLACE, with RuleError)."""
    return read_scenario(scenario(position), board_profile(position.get("map")))


def read(position: dict):
    """The engine's reading of a position the rules have accepted: every position of a table,
    whose each change was judged when it was made (:func:`validate`, :func:`validate_province`).
    The same reading as :func:`validate`'s, made without the placement checks."""
    return read_accepted(scenario(position), board_profile(position.get("map")))


def validate_province(position: dict, number: str) -> None:
    """The placement rules after a change in one province only (the rest of the position was
    read when it was stored): the engine reads that province's stacks (LIB-PLACE-1..3) and
    counts the whole board against the box (LIB-PLACE-4)."""
    read_province(int(number), position["board"].get(number, []), position["players"])
    check_box_counts({n: [Stack(s["player"], s["faction"], s["blocks"]) for s in stacks]
                      for n, stacks in position["board"].items()},
                     position["turn"], position["lost_battles"], position.get("battle_blocks_waiting", 0))


def check(position: dict, read=None) -> dict:
    """Control, the counter-revolution meter, the supply (docs/formats.md ``check``), from the
    position's reading ``read`` when it is made already."""
    return check_position(read or validate(position))


def counter_revolution_reached(position: dict, checked: Callable[[], dict]) -> bool:
    """LIB-CR-1, LIB-CR-2: the board as entered reached the counter-revolution during the actions
    of turns 3-4, which ends the game at once. Counted first on the fleur-de-lis provinces alone
    (every change of those turns asks), the whole check (``checked()``, the position's
    :func:`check`) only when they reach it."""
    if position["turn"] not in COUNTER_REVOLUTION_TURNS:
        return False
    read = board_profile(position.get("map"))
    board = {n: [Stack(s["player"], s["faction"], s["blocks"]) for s in position["board"].get(str(n), [])]
             for n in read.fleur_de_lis}
    if not read.fleur_de_lis or len(white_controlled(board, read)) + position["lost_battles"] < \
            COUNTER_REVOLUTION_PROVINCES:
        return False
    return checked()["counter_revolution"]["triggered"]


def resolve(position: dict, interactive: bool = True) -> dict:
    """The end of the turn (docs/formats.md ``resolve``); interactive: stops at the first tie
    decision not yet given."""
    return resolution(position, interactive).as_json()


def under_way(position: dict) -> bool:
    """Whether this turn's election was started (held in one tap, or a tie answered step by step)."""
    return not position.get("over") and (position.get("election") or {}).get("turn") == position["turn"]


def resolution(position: dict, interactive: bool = True, read=None, fitting=None,
               preview: bool = False):
    """The engine's Resolution object (its steps keep their own sentences), with the tie answers
    that still fit the board (:func:`fitting_contests`); ``read`` and ``fitting``: the position's
    reading and those contests when they are made already; ``preview``: what a preview of the
    election shows, up to the votes and the landslide (the engine's ``resolve``)."""
    read = read or validate(position)
    fitting = fitting_contests(position, read) if fitting is None else fitting
    return resolve_scenario(_with_advances(read, fitting), interactive, preview)


# The order in which ties are asked (docs/formats.md: battle, the provinces 1..27, Government and
# Opposition, then the VPs).
CONTEST_ORDER = ("battle", "province", "government", "opposition", "vp:government:first",
                 "vp:government:second", "vp:opposition:first")


def _play_order(contest: str) -> tuple:
    kind, _, number = contest.partition(":")
    if kind == "province":
        return CONTEST_ORDER.index(kind), int(number)
    return CONTEST_ORDER.index(contest), 0


def fitting_contests(position: dict, read=None) -> list[str]:
    """The contests whose tie answers still fit the position, in the order they are asked.

    An answer is given for the board of its moment. A change made after it (a stack's colour, a
    card discarded, a player's stack removed) can make it impossible: the card may not be
    advanced there any more, or the player is no longer in the tie (LIB-ELEC-4). Then that
    contest and every one after it are dropped, to be asked again: later answers were given
    knowing its outcome and which cards were spent. ``read``: the position's reading when it
    is made already.
    """
    def fits(contests):
        try:
            resolve_scenario(_with_advances(scenario, contests), interactive=True)
        except RuleError:
            return False
        return True

    scenario = read or validate(position)
    contests = sorted(scenario.advances, key=_play_order)
    return next((contests[:k] for k in range(len(contests), -1, -1) if k == 0 or fits(contests[:k])),
                [])


def _with_advances(scenario, contests: list[str]):
    """The scenario with the answers of ``contests`` only."""
    if len(contests) == len(scenario.advances):
        return scenario
    return replace(scenario, advances={c: scenario.advances[c] for c in contests})


def control(stacks: list[dict]) -> str | None:
    """Who controls a province with these stacks (LIB-CTRL-1), without checking the board."""
    stack = controlling_stack([Stack(s["player"], s["faction"], s["blocks"]) for s in stacks])
    return stack.player if stack else None


def board_profile(data: dict | None):
    """The engine's BoardProfile for a profile in docs/rules/liberte-board.md form (validated, cached)."""
    return DEFAULT_PROFILE if data is None else _cached(data)[0]


def profile(data: dict | None) -> dict:
    """A board profile validated and completed (all 27 provinces); the default when None."""
    return _cached(data)[1]


PROFILES = LRU(
    "liberte board profiles", 64,
    "the profile's JSON text (sorted keys): equal profiles share an entry, whichever table"
    " holds them",
    "a profile read and completed costs several times its JSON text: the board, the"
    " displays and each tap's answer ask for the table's profile (a host serves a few tables,"
    " each with a profile or two; a profile file may be 200 KB, 64 of them stay within ~15 MB)")


def _cached(data: dict | None) -> tuple:
    """The engine's BoardProfile and the completed profile of ``data`` (:data:`PROFILES`)."""
    if data is None:
        return DEFAULT_PROFILE, DEFAULT
    return PROFILES.kept(json.dumps(data, sort_keys=True, ensure_ascii=False),
                         lambda: _read(data))


def _read(data: dict) -> tuple:
    """A profile read and completed."""
    read = read_profile(data)
    return read, _profile(read)


def _profile(read) -> dict:
    return {"name": read.name, "battle_vp": {str(t): v for t, v in read.battle_vp.items()},
            "provinces": {str(n): {"name": p.name, "fleur_de_lis": p.fleur_de_lis, "vp": p.vp,
                                   "paris": p.paris, "label": p.label, "region": p.region}
                          for n, p in read.provinces.items()},
            "json": read.as_json()}


DEFAULT = _profile(DEFAULT_PROFILE)
