"""The Radical landslide (LIB-LAND-1..3) and the Royalist counter-revolution (LIB-CR-1..3)."""
from liberte_builder import board_map, card, check, resolve, stack, votes

FLEURS = [2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16]


def red_votes(n, player="Christie"):
    return votes(player, "red", [p for p in range(1, 28) if p != 8][:n])


def test_17_red_votes_end_the_game_at_once_LIB_LAND_1():
    result = resolve(turn=2, board=red_votes(17))
    assert result["ended"]["how"] == "landslide"
    assert result["government"] is None and result["awards"] == [] and result["present"] == []
    assert result["vp"] == {"Christie": 0, "Joshua": 0, "Max": 0}


def test_16_red_votes_are_not_a_landslide_LIB_LAND_1():
    result = resolve(board=red_votes(16))
    assert result["landslide"] is None and result["ended"] is None
    assert result["government"] == "red"


def test_red_points_count_votes_board_hand_and_display_LIB_LAND_2():
    """LIB-LAND-2. Christie: 10 red votes + 0 on the board + 0 on cards = 10. Joshua: 7 votes + 2 left in a stack of 3
    + a red 3 in hand + a red 1 on display = 13 (his blue card counts nothing)."""
    board = {**red_votes(10), **votes("Joshua", "red", [17, 18, 19, 20, 21, 22]), 23: [stack("Joshua", "red", 3)]}
    result = resolve(board=board, hands={"Joshua": [card("h", "red", 3), card("b", "blue", 3)]},
                     displays={"Joshua": [card("d", "red", 1)]})
    assert result["votes"]["red"] == 17
    assert result["landslide"]["points"] == {"Christie": 10, "Joshua": 13, "Max": 0}
    assert result["landslide"]["winners"] == ["Joshua"]
    assert (result["ended"]["how"], result["ended"]["winners"]) == ("landslide", ["Joshua"])
    assert [(s["player"], s["rank"], s["points"]) for s in result["ended"]["standings"]] == [
        ("Joshua", 1, 13), ("Christie", 2, 10), ("Max", 3, 0)]
    assert result["board_after"]["23"] == [stack("Joshua", "red", 2)]


def test_landslide_tie_goes_to_most_red_on_cards_then_shared_LIB_LAND_3():
    """LIB-LAND-3: equal red points go to the most red on cards in hand and display; then shared."""
    board = {**red_votes(9), **votes("Joshua", "red", [17, 18, 19, 20, 21, 22, 23, 24])}
    displays = {"Christie": [card("c", "red", 1)], "Joshua": [card("j", "red", 2)]}
    result = resolve(board=board, displays=displays)
    assert result["landslide"]["points"] == {"Christie": 10, "Joshua": 10, "Max": 0}
    assert result["landslide"]["winners"] == ["Joshua"]
    # Joshua: 8 votes + 1 block left of a stack of 2 + 1 on cards = 10, like Christie's 9 + 1: shared.
    board = {**red_votes(9), **votes("Joshua", "red", [17, 18, 19, 20, 21, 22, 23]), 24: [stack("Joshua", "red", 2)]}
    shared = resolve(board=board, displays={"Christie": [card("c", "red", 1)], "Joshua": [card("j", "red", 1)]})
    assert shared["landslide"]["points"] == {"Christie": 10, "Joshua": 10, "Max": 0}
    assert shared["landslide"]["winners"] == ["Christie", "Joshua"]


def white_in(provinces, player="Max", blocks=1):
    return {n: [stack(player, "white", blocks)] for n in provinces}


def test_seven_white_fleur_de_lis_provinces_end_the_game_LIB_CR_1():
    result = resolve(turn=3, board=white_in(FLEURS[:7]), map=board_map(FLEURS, battle_vp={"3": 5}),
                     battle={"Joshua": 1}, displays={"Joshua": [card("g", "blue", 1, general=True)]})
    assert result["counter_revolution"]["count"] == 7
    assert result["counter_revolution"]["triggered"]
    assert (result["ended"]["how"], result["ended"]["winners"]) == ("counter-revolution", ["Max"])
    assert result["provinces"] == [] and result["votes"] is None and result["government"] is None


def test_two_equal_highest_white_stacks_control_nothing_LIB_CR_1():
    board = {**white_in(FLEURS[:6]), FLEURS[6]: [stack("Max", "white", 2), stack("Joshua", "white", 2)]}
    result = check(turn=3, board=board, map=board_map(FLEURS))
    assert result["counter_revolution"]["count"] == 6
    assert result["control"][str(FLEURS[6])] is None


def test_lost_battles_count_as_provinces_LIB_CR_1():
    result = check(turn=4, board=white_in(FLEURS[:5]), lost_battles=2, map=board_map(FLEURS))
    assert result["counter_revolution"]["count"] == 7
    assert result["counter_revolution"]["triggered"]


def test_a_white_stack_that_does_not_control_does_not_count_LIB_CR_1():
    board = {**white_in(FLEURS[:6]), FLEURS[6]: [stack("Max", "white", 1), stack("Joshua", "blue", 2)]}
    assert check(turn=3, board=board, map=board_map(FLEURS))["counter_revolution"]["count"] == 6


def test_counter_revolution_only_in_turns_3_and_4_LIB_CR_2():
    """LIB-CR-2: the same seven provinces end the game in turns 3 and 4, never in turns 1 and 2."""
    for turn, active in [(1, False), (2, False), (3, True), (4, True)]:
        cr = check(turn=turn, board=white_in(FLEURS[:7]), map=board_map(FLEURS))["counter_revolution"]
        assert (cr["count"], cr["active"], cr["triggered"]) == (7, active, active)
    assert resolve(turn=2, board=white_in(FLEURS[:7]), map=board_map(FLEURS))["ended"] is None


def test_the_check_cannot_judge_without_fleur_de_lis_provinces_LIB_CR_2():
    """LIB-CR-2 is checked on every change, so it must never report 0 when it cannot know: count None."""
    cr = check(turn=3, board=white_in(FLEURS[:7]))["counter_revolution"]
    assert cr["count"] is None and not cr["triggered"]


def test_white_points_and_their_ties_LIB_CR_3():
    """LIB-CR-3. White points: blocks in one's white stacks + white blocks on cards in hand and display. Max 7 + 0;
    Joshua 6 on the board + 1 card = 7: tie, Joshua has more white on cards and wins."""
    board = {**white_in(FLEURS[:7]), 20: [stack("Joshua", "white", 3)], 21: [stack("Joshua", "white", 3)]}
    result = resolve(turn=3, board=board, map=board_map(FLEURS), hands={"Joshua": [card("w", "white", 1)]})
    assert result["counter_revolution"]["points"] == {"Christie": 0, "Joshua": 7, "Max": 7}
    assert result["counter_revolution"]["winners"] == ["Joshua"]
    assert result["ended"]["decided"] == {"by": "white-cards", "players": ["Joshua", "Max"],
                                          "detail": {"white": {"Joshua": 1, "Max": 0}}}
    assert [(s["player"], s["rank"]) for s in result["ended"]["standings"]] == [
        ("Joshua", 1), ("Max", 2), ("Christie", 3)]
    assert ("Joshua, Max tie at 7 white points; the white blocks on the cards in hand and on the display decide "
            "(Joshua 1, Max 0): Joshua wins (LIB-CR-3)") in result["log"]
    board[22] = [stack("Joshua", "white", 1)]  # Joshua 7 + 1, Max 7 + 1: equal points, equal cards
    result = resolve(turn=3, board=board, map=board_map(FLEURS), hands={"Joshua": [card("w", "white", 1)]},
                     displays={"Max": [card("m", "white", 1)]})
    assert result["counter_revolution"]["winners"] == ["Joshua", "Max"]
