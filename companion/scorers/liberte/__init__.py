"""The Liberté rules engine: the end of a turn, from the position a table enters.

Read it beside the rulebook: ``election.py`` (LIB-ELEC), ``battle.py`` (LIB-BAT), ``government.py``
(LIB-GOV), ``victory_points.py`` (LIB-VP), ``sudden_death.py`` (LIB-LAND, LIB-CR), ``turn.py``
(LIB-TURN, LIB-END), ``special_cards.py`` (LIB-SPEC), placement in ``scenario.py`` and ``supply.py``
(LIB-PLACE), control in ``control.py`` (LIB-CTRL), ties in ``ties.py``; ``resolve.py`` runs them in order.
"""
from companion.scorers.liberte.board import DEFAULT_PROFILE, BoardProfile, read_profile
from companion.scorers.liberte.check import check_position
from companion.scorers.liberte.resolve import Resolution, resolve
from companion.scorers.liberte.scenario import Scenario, read_accepted, read_scenario
from companion.scorers.liberte.special_cards import play_json
from companion.scorers.liberte.ties import Question

__all__ = ["DEFAULT_PROFILE", "BoardProfile", "Question", "Resolution", "Scenario", "check_json",
           "check_position", "play_special_json", "read_accepted", "read_profile", "read_scenario",
           "resolve", "resolve_json"]


def resolve_json(data: dict, *, interactive: bool = False, profile: BoardProfile = DEFAULT_PROFILE) -> dict:
    """A docs/formats.md Liberté scenario in, the resolve result out; RuleError on bad input."""
    return resolve(read_scenario(data, profile), interactive).as_json()


def check_json(data: dict, profile: BoardProfile = DEFAULT_PROFILE) -> dict:
    """A docs/formats.md Liberté scenario in, the check answer out; RuleError on bad input."""
    return check_position(read_scenario(data, profile))


def play_special_json(data: dict, profile: BoardProfile = DEFAULT_PROFILE) -> dict:
    """A docs/formats.md Liberté scenario with its ``special`` cards in, the board and displays
    after them out (LIB-SPEC); RuleError on bad input or a card the rules refuse."""
    return play_json(read_scenario({k: v for k, v in data.items() if k != "special"}, profile),
                     data.get("special"))
