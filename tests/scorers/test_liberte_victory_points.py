"""Victory points for Government and Opposition, step C (LIB-VP-1..6), with the rulebook's example."""
from liberte_builder import awards, card, resolve, sentence, stack, votes


def test_the_rulebooks_12_to_8_example_LIB_VP_1():
    """Red 12 votes, blue 8. Christie holds the most red (5 VP), Joshua the second most red (2 VP) and the
    most blue (3 VP)."""
    board = {**votes("Christie", "red", range(1, 8)), **votes("Joshua", "red", range(9, 14)),
             **votes("Joshua", "blue", range(14, 22)), **votes("Max", "white", range(22, 25))}
    result = resolve(turn=2, board=board, vp={"Christie": 9, "Joshua": 7, "Max": 4})
    assert result["votes"] == {"red": 12, "white": 3, "blue": 8}
    assert (result["government"], result["opposition"]) == ("red", "blue")
    assert [(a["player"], a["vp"], a["reason"]) for a in result["awards"]] == [
        ("Christie", 5, "government-first"), ("Joshua", 2, "government-second"), ("Joshua", 3, "opposition-first")]
    assert result["vp"] == {"Christie": 14, "Joshua": 12, "Max": 4}


def test_a_player_without_a_vote_of_the_colour_takes_no_place_LIB_VP_1():
    result = resolve(board={**votes("Christie", "red", [1, 2]), **votes("Joshua", "white", [3])})
    assert awards(result) == {"Christie": 5, "Joshua": 3}
    assert "Nobody" not in " ".join(result["log"])
    result = resolve(board=votes("Christie", "red", [1, 2]))
    assert awards(result) == {"Christie": 5}
    assert sentence(result, "Nobody holds a blue vote") == "Nobody holds a blue vote: no Opposition VPs (LIB-VP-1)"


def test_first_place_tie_broken_the_loser_takes_second_LIB_VP_2_LIB_VP_3():
    """LIB-VP-2, LIB-VP-3: Christie's red 3 beats Joshua's red 1; Joshua takes second, Max nothing."""
    board = {**votes("Christie", "red", [1, 2]), **votes("Joshua", "red", [3, 4]), **votes("Max", "red", [5])}
    result = resolve(board=board, displays={"Christie": [card("c", "red", 3)], "Joshua": [card("j", "red", 1)]},
                     advances={"vp:government:first": [{"Christie": "c", "Joshua": "j"}]})
    assert awards(result) == {"Christie": 5, "Joshua": 2}
    assert "Joshua holds second place (LIB-VP-3)" in sentence(result, "Tie for the most red votes")


def test_several_losers_are_again_tied_for_second_LIB_VP_3():
    """LIB-VP-3: Christie wins first place; Joshua and Max, both losers, fight for second (LIB-VP-2)."""
    board = {**votes("Christie", "red", [1, 2]), **votes("Joshua", "red", [3, 4]), **votes("Max", "red", [5, 6])}
    displays = {"Christie": [card("c", "red", 3)], "Max": [card("m", "red", 1)]}
    result = resolve(board=board, displays=displays, advances={
        "vp:government:first": [{"Christie": "c"}], "vp:government:second": [{"Max": "m"}]})
    assert awards(result) == {"Christie": 5, "Max": 2}


def test_vp_ties_repeat_among_those_still_tied_LIB_VP_2():
    """LIB-VP-2: red 2 against red 2 is still a tie; in round 2 Christie alone advances and wins."""
    board = {**votes("Christie", "red", [1, 2]), **votes("Joshua", "red", [3, 4])}
    displays = {"Christie": [card("c2", "red", 2), card("c1", "red", 1)], "Joshua": [card("j2", "red", 2)]}
    result = resolve(board=board, displays=displays,
                     advances={"vp:government:first": [{"Christie": "c2", "Joshua": "j2"}, {"Christie": "c1"}]})
    assert awards(result) == {"Christie": 5, "Joshua": 2}


def test_unbroken_first_place_scores_3_each_and_second_is_still_awarded_LIB_VP_4():
    """LIB-VP-4: nobody advances; Christie and Joshua score 3 each, Max, next with 1 red vote, scores 2."""
    board = {**votes("Christie", "red", [1, 2]), **votes("Joshua", "red", [3, 4]), **votes("Max", "red", [5])}
    result = resolve(board=board)
    assert awards(result) == {"Christie": 3, "Joshua": 3, "Max": 2}


def test_unbroken_second_place_scores_1_each_LIB_VP_4():
    """LIB-VP-4: Joshua and Max tie for second with 1 red vote each and nobody advances: 1 VP each."""
    board = {**votes("Christie", "red", [1, 2, 3]), **votes("Joshua", "red", [4]), **votes("Max", "red", [5])}
    result = resolve(board=board)
    assert awards(result) == {"Christie": 5, "Joshua": 1, "Max": 1}


def test_unbroken_opposition_place_scores_2_each_LIB_VP_4():
    """LIB-VP-4: an unbroken tie for the most Opposition votes scores 2 VP each."""
    board = {**votes("Christie", "red", [1, 2, 3]), **votes("Joshua", "blue", [4]), **votes("Max", "blue", [5])}
    result = resolve(board=board)
    assert awards(result, "opposition-first") == {"Joshua": 2, "Max": 2}


def test_every_holder_of_a_government_vote_is_present_LIB_VP_5():
    """LIB-VP-5: one red vote is enough to be present in the red Government; Joshua holds only blue."""
    board = {**votes("Christie", "red", [1, 2, 3]), **votes("Max", "red", [4]), **votes("Joshua", "blue", [5])}
    result = resolve(board=board)
    assert result["present"] == ["Christie", "Max"]


def test_votes_return_to_the_supply_and_the_board_stays_LIB_VP_6():
    """LIB-VP-6: the votes go back to the supply, the blocks left in the provinces stay."""
    result = resolve(turn=2, board={1: [stack("Christie", "red", 3)], 2: [stack("Joshua", "blue", 2)]})
    assert result["board_after"] == {"1": [stack("Christie", "red", 2)], "2": [stack("Joshua", "blue", 1)]}
    assert result["supply_after"] == {"red": 28, "white": 23, "blue": 27}  # white: turn 2's battle was lost
    assert "All votes return to the supply" in sentence(result, "Present in the red Government")
