"""The new Government and Opposition, step B (LIB-GOV-1..3)."""
import pytest

from companion.scorers.rules import RuleError
from liberte_builder import card, resolve, sentence, votes

RED_2_BLUE_2_WHITE_1 = {**votes("Christie", "red", [2, 3]), **votes("Joshua", "blue", [4, 5]),
                        **votes("Max", "white", [6])}
DISPLAYS = {"Christie": [card("r2", "red", 2), card("r1", "red", 1)],
            "Joshua": [card("b2", "blue", 2)],
            "Max": [card("b3", "blue", 3), card("b1", "blue", 1), card("w1", "white", 1)]}


def test_most_votes_forms_the_government_second_is_the_opposition_LIB_GOV_1():
    result = resolve(board={**votes("Christie", "red", [2, 3, 4]), **votes("Joshua", "blue", [5, 6]),
                            **votes("Max", "white", [7])})
    assert (result["government"], result["opposition"]) == ("red", "blue")
    assert result["votes"] == {"red": 3, "white": 1, "blue": 2}
    assert sentence(result, "Government:") == "Government: red with 3 votes (LIB-GOV-1)"


def test_one_vote_is_said_in_the_singular_LIB_GOV_1():
    result = resolve(board={**votes("Christie", "red", [2, 3]), **votes("Joshua", "blue", [5])})
    assert sentence(result, "Opposition:") == "Opposition: blue with 1 vote (LIB-GOV-1)"


def test_any_player_may_advance_and_the_highest_card_wins_the_tie_LIB_GOV_2():
    """LIB-GOV-2: Max holds no red or blue vote yet may advance; blue 3 beats red 2. Red and white, at the
    same or a lower level, move back a space: red 1 still beats white 0 for the Opposition."""
    result = resolve(board=RED_2_BLUE_2_WHITE_1, displays=DISPLAYS,
                     advances={"government": [{"Christie": "r2", "Max": "b3"}]})
    assert (result["government"], result["opposition"]) == ("blue", "red")
    assert result["track"] == {"red": 1, "white": 0, "blue": 2}
    assert "(LIB-GOV-2)" in sentence(result, "Government: tie at 2 votes between red, blue")


def test_unresolved_government_tie_red_beats_blue_beats_white_and_nobody_moves_back_LIB_GOV_2():
    """R l. 410 moves the other factions back behind the card that wins; a tie no card won is settled by
    the colour order, which the log names, and the track stays as the votes put it."""
    result = resolve(board=RED_2_BLUE_2_WHITE_1, displays=DISPLAYS)
    assert (result["government"], result["opposition"]) == ("red", "blue")
    assert result["track"] == {"red": 2, "white": 1, "blue": 2}
    assert ("still tied, so red beats blue and blue beats white; red wins and no faction moves back, "
            "as no card won the tie (LIB-GOV-2)") in sentence(result, "Government: tie at 2 votes")
    result = resolve(board={**votes("Joshua", "blue", [4]), **votes("Max", "white", [6])})
    assert (result["government"], result["opposition"]) == ("blue", "white")
    assert result["track"] == {"red": 0, "white": 1, "blue": 1}


def test_a_marker_moved_back_goes_no_further_than_behind_space_0_LIB_GOV_2():
    """Blue wins the Government tie at 0 with a card given: red and white move behind space 0, then tie
    there for the Opposition; a card given settles it and white stays behind 0, not below."""
    displays = {"Joshua": [card("b1", "blue", 1)], "Max": [card("r1", "red", 1)]}
    result = resolve(displays=displays, advances={"government": [{"Joshua": "b1"}], "opposition": [{"Max": "r1"}]})
    assert (result["government"], result["opposition"]) == ("blue", "red")
    assert result["track"] == {"red": -1, "white": -1, "blue": 0}


def test_the_government_tie_repeats_while_somebody_advances_LIB_GOV_2():
    result = resolve(board=RED_2_BLUE_2_WHITE_1, displays=DISPLAYS,
                     advances={"government": [{"Christie": "r2", "Joshua": "b2"}, {"Christie": "r1", "Max": "b1"}]})
    assert result["government"] == "red"  # round 2: red 1 and blue 1 tie again; nobody left: precedence
    result = resolve(board=RED_2_BLUE_2_WHITE_1, displays=DISPLAYS,
                     advances={"government": [{"Christie": "r2", "Joshua": "b2"}, {"Max": "b1"}]})
    assert result["government"] == "blue"


def test_only_cards_of_a_tied_faction_may_be_advanced_LIB_GOV_2():
    with pytest.raises(RuleError, match="w1") as err:
        resolve(board=RED_2_BLUE_2_WHITE_1, displays=DISPLAYS, advances={"government": [{"Max": "w1"}]})
    assert err.value.rule == "LIB-GOV-2"


def test_opposition_tie_is_fought_out_the_same_way_LIB_GOV_2():
    result = resolve(board={**votes("Christie", "red", [2, 3, 4]), **votes("Joshua", "blue", [5]),
                            **votes("Max", "white", [6])},
                     displays=DISPLAYS, advances={"opposition": [{"Max": "w1"}]})
    assert (result["government"], result["opposition"]) == ("red", "white")
    assert result["track"] == {"red": 3, "white": 1, "blue": 0}


def test_a_three_way_tie_then_an_opposition_tie_LIB_GOV_2():
    board = {**votes("Christie", "red", [2]), **votes("Joshua", "blue", [4]), **votes("Max", "white", [6])}
    result = resolve(board=board, displays=DISPLAYS, advances={"government": [{"Joshua": "b2"}]})
    assert (result["government"], result["opposition"]) == ("blue", "red")
    assert "Opposition: tie at 0 votes between red, white" in sentence(result, "Opposition")


@pytest.mark.parametrize("variant, government", [("highest", "blue"), ("total", "red")])
def test_government_tie_variant_highest_card_or_highest_total_LIB_GOV_3(variant, government):
    """LIB-GOV-3: red 2 + red 2 against blue 3: the rulebook's highest card gives blue, the Italian aid's
    total gives red (4). The variant is named in the result."""
    displays = {"Christie": [card("r2", "red", 2)], "Joshua": [card("j2", "red", 2)], "Max": [card("b3", "blue", 3)]}
    result = resolve(board=RED_2_BLUE_2_WHITE_1, displays=displays, options={"government_tie": variant},
                     advances={"government": [{"Christie": "r2", "Joshua": "j2", "Max": "b3"}]})
    assert result["government"] == government
    assert result["government_tie"] == variant


def test_an_unknown_government_tie_variant_is_refused_LIB_GOV_3():
    with pytest.raises(RuleError) as err:
        resolve(options={"government_tie": "dice"})
    assert err.value.rule == "LIB-GOV-3"
