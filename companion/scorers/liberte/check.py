"""The position as it stands (docs/formats.md ``check``): control, the counter-revolution meter, the supply."""
from companion.scorers.liberte.board import PROVINCES
from companion.scorers.liberte.control import controlling_stack
from companion.scorers.liberte.sudden_death import counter_revolution
from companion.scorers.liberte.supply import action_phase_over, supply


def check_position(scenario) -> dict:
    """Who controls each province (LIB-CTRL-1), the counter-revolution count against 7 and whether it
    applies this turn (LIB-CR-1/2), the supply of each colour (LIB-PLACE-4, LIB-TURN-2) and whether
    the action phase is over (LIB-TURN-3)."""
    control = {}
    for number in PROVINCES:
        stack = controlling_stack(scenario.board.get(number, []))
        control[str(number)] = stack.player if stack else None
    left = supply(scenario.board, scenario.turn, scenario.lost_battles, waiting=scenario.battle_blocks_waiting)
    return {
        "turn": scenario.turn,
        "control": control,
        "counter_revolution": counter_revolution(scenario.turn, scenario.board, scenario.profile,
                                                 scenario.lost_battles, scenario.players, scenario.displays,
                                                 scenario.hands, scenario.vp),
        "supply": left,
        "action_phase_over": action_phase_over(left),
    }
