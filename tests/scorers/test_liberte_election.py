"""Province elections, the rulebook's step A (LIB-ELEC-1..8), with its two examples."""
import pytest

from companion.scorers.rules import RuleError
from liberte_builder import awards, board_map, card, province, resolve, sentence, stack


def test_normandie_red_3_beats_2_plus_2_blue_LIB_ELEC_3():
    """Rulebook example 1 (LIB-ELEC-3): one 3-high red stack beats two blue stacks of 2; Christie keeps one
    red block as a vote and the other blocks stay in the province."""
    result = resolve(board={1: [stack("Christie", "red", 3), stack("Joshua", "blue", 2), stack("Max", "blue", 2)]})
    normandie = province(result, 1)
    assert (normandie["name"], normandie["winner"], normandie["faction"], normandie["votes"]) == \
        ("Normandie", "Christie", "red", 1)
    assert not normandie["tie"]
    assert result["votes"] == {"red": 1, "white": 0, "blue": 0}
    assert result["board_after"]["1"] == [stack("Christie", "red", 2), stack("Joshua", "blue", 2),
                                          stack("Max", "blue", 2)]
    assert sentence(result, "1 Normandie").startswith("1 Normandie: red 3 (Christie) beats blue 2 (Joshua), blue 2 (Max)")


def test_paris_with_marat_LIB_ELEC_6_and_LIB_ELEC_5():
    """Rulebook example 2: Paris red 3 (Christie) / red 3 (Joshua) / white 1 (Max). Christie, first in
    play order, advances Marat (red 3), Joshua passes: she takes all 3 blocks as 3 red votes (LIB-ELEC-6),
    every other block, Max's white one too, returns to the supply (LIB-ELEC-5), and Marat is discarded."""
    result = resolve(
        board={8: [stack("Christie", "red", 3), stack("Joshua", "red", 3), stack("Max", "white", 1)]},
        displays={"Christie": [card("marat", "red", 3)], "Joshua": [card("j2", "red", 2)]},
        advances={"province:8": [{"Christie": "marat"}]})
    paris = province(result, 8)
    assert (paris["winner"], paris["votes"], paris["tie"]) == ("Christie", 3, True)
    assert result["votes"]["red"] == 3
    assert "8" not in result["board_after"]
    assert result["displays_after"]["Christie"] == []
    assert result["displays_after"]["Joshua"] == [card("j2", "red", 2)]
    assert result["supply_after"] == {"red": 28, "white": 22, "blue": 26}  # turn 1: 2 of each set aside
    assert "Christie advances marat (red 3)" in sentence(result, "8 Île de France")


def test_provinces_are_resolved_in_number_order_LIB_ELEC_1():
    """LIB-ELEC-1: 1 to 27 in order, so a card advanced in province 3 is gone by province 5."""
    board = {n: [stack("Christie", "red", 2), stack("Joshua", "blue", 2)] for n in (5, 3)}
    displays = {"Christie": [card("c", "red", 1)]}
    result = resolve(board=board, displays=displays, advances={"province:3": [{"Christie": "c"}]})
    assert [p["number"] for p in result["provinces"]] == list(range(1, 28))
    assert province(result, 3)["winner"] == "Christie"
    assert province(result, 5)["winner"] is None
    with pytest.raises(RuleError, match="already advanced in province:3") as err:
        resolve(board=board, displays=displays,
                advances={"province:5": [{"Christie": "c"}], "province:3": [{"Christie": "c"}]})
    assert err.value.rule == "LIB-ELEC-4"


def test_an_empty_province_returns_no_vote_LIB_ELEC_2():
    result = resolve(board={})
    assert all(p["winner"] is None and p["votes"] == 0 for p in result["provinces"])
    assert sentence(result, "1 Normandie") == "1 Normandie: empty, no vote (LIB-ELEC-2)"


def test_tie_goes_to_the_highest_card_of_the_stacks_colour_LIB_ELEC_4():
    """LIB-ELEC-4: tied stacks of any colours; each advances a card matching his own stack; highest wins."""
    result = resolve(board={4: [stack("Christie", "red", 2), stack("Joshua", "blue", 2)]},
                     displays={"Christie": [card("r2", "red", 2)], "Joshua": [card("b3", "blue", 3)]},
                     advances={"province:4": [{"Christie": "r2", "Joshua": "b3"}]})
    four = province(result, 4)
    assert (four["winner"], four["faction"], four["votes"], four["tie"]) == ("Joshua", "blue", 1, True)
    assert [(a["player"], a["card"]) for a in four["advanced"]] == [("Christie", "r2"), ("Joshua", "b3")]


def test_tie_between_stacks_of_the_same_colour_LIB_ELEC_4():
    result = resolve(board={2: [stack("Christie", "white", 3), stack("Max", "white", 3)]},
                     displays={"Max": [card("w1", "white", 1)]}, advances={"province:2": [{"Max": "w1"}]})
    assert province(result, 2)["winner"] == "Max"


@pytest.mark.parametrize("advances", [{}, {"province:4": [{"Christie": "r2", "Joshua": "b2"}]}])
def test_no_card_or_equal_cards_leave_the_tie_without_a_vote_LIB_ELEC_4(advances):
    result = resolve(board={4: [stack("Christie", "red", 2), stack("Joshua", "blue", 2)]},
                     displays={"Christie": [card("r2", "red", 2)], "Joshua": [card("b2", "blue", 2)]},
                     advances=advances)
    assert province(result, 4)["winner"] is None
    assert result["votes"] == {"red": 0, "white": 0, "blue": 0}
    assert "4" not in result["board_after"]


def test_a_card_of_the_wrong_colour_cannot_be_advanced_LIB_ELEC_4():
    """LIB-ELEC-4: the card's faction colour must match the tied stack (background colour is irrelevant)."""
    with pytest.raises(RuleError, match="cannot be advanced here") as err:
        resolve(board={4: [stack("Christie", "red", 2), stack("Joshua", "blue", 2)]},
                displays={"Christie": [card("b1", "blue", 1)]}, advances={"province:4": [{"Christie": "b1"}]})
    assert err.value.rule == "LIB-ELEC-4"


def test_only_tied_players_may_advance_LIB_ELEC_4():
    with pytest.raises(RuleError, match="Max may not advance there") as err:
        resolve(board={4: [stack("Christie", "red", 2), stack("Joshua", "blue", 2), stack("Max", "red", 1)]},
                displays={"Max": [card("m", "red", 3)]}, advances={"province:4": [{"Max": "m"}]})
    assert err.value.rule == "LIB-ELEC-4"


def test_outside_paris_a_tie_is_fought_for_one_round_only_LIB_ELEC_4():
    displays = {"Christie": [card("a", "red", 2), card("b", "red", 1)], "Joshua": [card("c", "blue", 2)]}
    result = resolve(board={4: [stack("Christie", "red", 2), stack("Joshua", "blue", 2)]}, displays=displays,
                     advances={"province:4": [{"Christie": "a", "Joshua": "c"}, {"Christie": "b"}]})
    assert province(result, 4)["winner"] is None
    assert result["displays_after"]["Christie"] == [card("b", "red", 1)]
    assert result["log"][-1] == "Advances given but not needed (no such tie): province:4 round 2"


def test_after_a_tie_every_block_returns_to_the_supply_LIB_ELEC_5():
    """LIB-ELEC-5: the winner keeps one block as a vote; all others, of tied and untied players, go."""
    result = resolve(board={4: [stack("Christie", "red", 3), stack("Joshua", "blue", 3), stack("Max", "white", 2)]},
                     displays={"Joshua": [card("b", "blue", 1)]}, advances={"province:4": [{"Joshua": "b"}]})
    assert province(result, 4)["winner"] == "Joshua"
    assert "4" not in result["board_after"]
    assert result["supply_after"] == {"red": 28, "white": 22, "blue": 26}
    assert "the remaining 7 blocks return to the supply (LIB-ELEC-5)" in sentence(result, "4:")


def test_one_block_left_after_a_tie_is_one_block_LIB_ELEC_5():
    result = resolve(board={4: [stack("Christie", "red", 1), stack("Joshua", "blue", 1)]},
                     displays={"Joshua": [card("b", "blue", 1)]}, advances={"province:4": [{"Joshua": "b"}]})
    assert "the remaining 1 block returns to the supply (LIB-ELEC-5)" in sentence(result, "4:")


def test_paris_without_a_tie_takes_the_whole_stack_and_leaves_the_rest_LIB_ELEC_6():
    result = resolve(board={8: [stack("Max", "white", 3), stack("Joshua", "blue", 2)]})
    assert (province(result, 8)["winner"], province(result, 8)["votes"]) == ("Max", 3)
    assert result["board_after"]["8"] == [stack("Joshua", "blue", 2)]


def test_paris_ties_repeat_among_those_still_tied_LIB_ELEC_7():
    """LIB-ELEC-7: round 1 both advance 2 (still tied); round 2 Joshua advances 1 and Christie passes."""
    displays = {"Christie": [card("c2", "red", 2), card("c1", "red", 1)],
                "Joshua": [card("j2", "blue", 2), card("j1", "blue", 1)]}
    result = resolve(board={8: [stack("Christie", "red", 2), stack("Joshua", "blue", 2)]}, displays=displays,
                     advances={"province:8": [{"Christie": "c2", "Joshua": "j2"}, {"Joshua": "j1"}]})
    paris = province(result, 8)
    assert (paris["winner"], paris["votes"]) == ("Joshua", 2)
    assert [(a["round"], a["player"]) for a in paris["advanced"]] == [(1, "Christie"), (1, "Joshua"), (2, "Joshua")]
    assert "Joshua advances j1 (blue 1) in round 2" in sentence(result, "8 Île de France")


def test_paris_unresolved_when_nobody_advances_again_LIB_ELEC_7():
    displays = {"Christie": [card("c2", "red", 2)], "Joshua": [card("j2", "blue", 2)]}
    result = resolve(board={8: [stack("Christie", "red", 2), stack("Joshua", "blue", 2), stack("Max", "white", 1)]},
                     displays=displays, advances={"province:8": [{"Christie": "c2", "Joshua": "j2"}]})
    assert province(result, 8)["winner"] is None
    assert "8" not in result["board_after"]


def test_paris_round_two_is_only_for_those_still_tied_LIB_ELEC_7():
    displays = {"Christie": [card("c2", "red", 2)], "Joshua": [card("j1", "blue", 1)],
                "Max": [card("m2", "white", 2), card("m1", "white", 1)]}
    board = {8: [stack("Christie", "red", 2), stack("Joshua", "blue", 2), stack("Max", "white", 2)]}
    with pytest.raises(RuleError, match="Joshua may not advance there") as err:
        resolve(board=board, displays=displays, advances={"province:8": [
            {"Christie": "c2", "Joshua": "j1", "Max": "m2"}, {"Joshua": "j1"}]})
    assert err.value.rule == "LIB-ELEC-7"


@pytest.mark.parametrize("turn, scored", [(2, 0), (3, 2), (4, 2)])
def test_vp_provinces_score_in_turns_3_and_4_only_LIB_ELEC_8(turn, scored):
    result = resolve(turn=turn, board={14: [stack("Max", "white", 2)]}, map=board_map(vp={14: 2}))
    assert province(result, 14)["vp"] == scored
    assert awards(result, "province") == ({"Max": 2} if scored else {})


def test_a_vp_province_without_a_winner_scores_nothing_LIB_ELEC_8():
    result = resolve(turn=3, board={14: [stack("Max", "white", 2), stack("Joshua", "blue", 2)]},
                     map=board_map(vp={14: 2}))
    assert province(result, 14)["vp"] == 0
    assert [a for a in result["awards"] if a["reason"] == "province"] == []
