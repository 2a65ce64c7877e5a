"""The turn around the election: play order, the turn-1 set-aside, the end of the action phase and of the
game (LIB-TURN-1..3, LIB-END-1)."""
import random

from companion.scorers.liberte.turn import draw_play_order, play_order_groups
from liberte_builder import card, check, resolve, stack, votes


def test_next_play_order_goes_by_vps_ties_drawn_with_the_given_generator_LIB_TURN_1():
    """LIB-TURN-1: most VPs first; equal VPs in an order drawn from the seeded generator passed in."""
    result = resolve(turn=2, board=votes("Max", "red", [1]), vp={"Christie": 3, "Joshua": 8})
    assert result["vp"] == {"Christie": 3, "Joshua": 8, "Max": 5}
    assert result["next_play_order"] == [["Joshua"], ["Max"], ["Christie"]]
    groups = play_order_groups({"A": 5, "B": 7, "C": 5, "D": 5}, ["A", "B", "C", "D"])
    assert groups == [["B"], ["A", "C", "D"]]
    orders = {tuple(draw_play_order(groups, random.Random(seed))) for seed in range(30)}
    assert all(order[0] == "B" for order in orders) and len(orders) > 1
    assert draw_play_order(groups, random.Random(7)) == draw_play_order(groups, random.Random(7))


def test_six_set_aside_blocks_return_at_the_start_of_turn_2_LIB_TURN_2():
    """LIB-TURN-2: in turn 1 two blocks of each colour are out of the supply; from turn 2 they are back."""
    board = {1: [stack("Christie", "red", 3)]}
    assert check(turn=1, board=board)["supply"] == {"red": 25, "white": 22, "blue": 26}
    assert check(turn=2, board=board)["supply"] == {"red": 27, "white": 24, "blue": 28}


def test_the_action_phase_ends_when_a_supply_is_empty_LIB_TURN_3():
    """LIB-TURN-3: the 28th blue block placed empties the blue supply and ends the action phase."""
    board = {n: [stack("Christie", "blue", 3)] for n in range(1, 10)}  # 27 blue
    assert check(turn=2, board=board)["action_phase_over"] is False
    board[10] = [stack("Christie", "blue", 1)]
    assert check(turn=2, board=board)["supply"]["blue"] == 0
    assert check(turn=2, board=board)["action_phase_over"] is True


def test_after_turn_4_most_vps_wins_LIB_END_1():
    result = resolve(turn=4, board=votes("Christie", "red", [1]), vp={"Christie": 20, "Joshua": 24},
                     battle={}, map={"battle_vp": {"4": 6}})
    assert result["ended"] is None
    assert result["final"]["winners"] == ["Christie"]  # 20 + 5 = 25 beats 24
    assert result["final"]["vp"] == 25


def test_equal_vps_go_to_the_highest_display_then_shared_and_every_player_is_ranked_LIB_END_3():
    displays = {"Christie": [card("a", "red", 3)], "Joshua": [card("b", "blue", 2), card("c", "white", 2)]}
    result = resolve(turn=4, vp={"Christie": 20, "Joshua": 20}, displays=displays)
    assert result["final"]["winners"] == ["Joshua"]
    assert result["final"]["display_value"] == {"Christie": 3, "Joshua": 4}
    assert result["final"]["decided"] == {"by": "display-value", "players": ["Joshua", "Christie"],
                                          "detail": {"display_value": {"Joshua": 4, "Christie": 3}}}
    assert [(s["player"], s["vp"], s["rank"]) for s in result["final"]["standings"]] == [
        ("Joshua", 20, 1), ("Christie", 20, 2), ("Max", 0, 3)]
    assert result["log"][-1].endswith("Joshua, Christie tie at 20 VP; the highest total value on the display "
                                      "decides (Joshua 4, Christie 3): Joshua wins (LIB-END-1)")
    displays["Christie"].append(card("d", "red", 1))
    assert resolve(turn=4, vp={"Christie": 20, "Joshua": 20}, displays=displays)["final"]["winners"] == \
        ["Christie", "Joshua"]


def test_no_final_scoring_before_turn_4_LIB_END_1():
    assert resolve(turn=3)["final"] is None
