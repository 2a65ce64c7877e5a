"""Entered positions are checked as the placement rules say (LIB-PLACE-1..5); every refusal names the
place and the rule, and nothing is resolved."""
import pytest

from companion.scorers.liberte import read_profile
from companion.scorers.liberte.scenario import read_province
from companion.scorers.rules import RuleError
from liberte_builder import card, resolve, stack


def refused(**fields):
    with pytest.raises(RuleError) as err:
        resolve(**fields)
    return err.value


@pytest.mark.parametrize("blocks", [0, 4, 2.5, True])
def test_a_stack_holds_1_to_3_blocks_LIB_PLACE_1(blocks):
    err = refused(board={5: [stack("Joshua", "blue", blocks)]})
    assert err.rule == "LIB-PLACE-1"
    assert "province 5, stack 1 (Joshua): blocks" in err.message


@pytest.mark.parametrize("faction", ["purple", ["red", "blue"], "red+blue", None])
def test_a_stack_is_one_faction_colour_LIB_PLACE_1(faction):
    err = refused(board={5: [stack("Joshua", faction, 2)]})
    assert err.rule == "LIB-PLACE-1"
    assert "one faction colour" in err.message


def test_a_province_holds_at_most_3_stacks_LIB_PLACE_2():
    err = refused(players=["A", "B", "C", "D"],
                  board={3: [stack(p, "red", 1) for p in "ABCD"]})
    assert (err.rule, err.message) == ("LIB-PLACE-2", "province 3: 4 stacks; a province holds at most 3")


def test_a_player_owns_one_stack_in_a_province_LIB_PLACE_3():
    err = refused(board={3: [stack("Max", "red", 1), stack("Max", "white", 2)]})
    assert err.rule == "LIB-PLACE-3"
    assert "province 3: two stacks of Max" in err.message


def test_no_more_blocks_than_the_box_holds_LIB_PLACE_4():
    """28 blue in the box; in turn 1 two are set aside, so 27 on the board is refused then, not in turn 2."""
    board = {n: [stack("Christie", "blue", 3)] for n in range(1, 10)}
    board[10] = [stack("Joshua", "blue", 1)]  # 28 blue
    assert resolve(turn=2, board=board)
    err = refused(turn=1, board=board)
    assert err.rule == "LIB-PLACE-4"
    assert err.message == ("board: 28 blue blocks, but only 26 can be in play (28 in the box, 2 set aside in turn 1)")
    board[11] = [stack("Max", "blue", 1)]
    assert refused(turn=2, board=board).rule == "LIB-PLACE-4"


def test_white_blocks_on_lost_battles_are_out_of_play_LIB_PLACE_4():
    board = {n: [stack("Max", "white", 3)] for n in range(1, 9)}  # 24 white
    assert resolve(turn=3, board=board, lost_battles=0)
    assert refused(turn=3, board=board, lost_battles=1).rule == "LIB-PLACE-4"


def test_a_refused_position_names_the_province_stack_and_rule_LIB_PLACE_5():
    err = refused(board={"12": [stack("Joshua", "red", 2), stack("Nobody", "red", 1)]})
    assert (err.rule, err.message) == ("LIB-PLACE-5", "province 12, stack 2: unknown player 'Nobody' "
                                                      "(players are Christie, Joshua, Max)")
    assert str(err).endswith("(LIB-PLACE-5)")


@pytest.mark.parametrize("key", ["0", "28", "Paris", "-1"])
def test_unknown_province_LIB_ELEC_1(key):
    err = refused(board={key: [stack("Joshua", "red", 2)]})
    assert err.rule == "LIB-ELEC-1"
    assert repr(key) in err.message


@pytest.mark.parametrize("turn", [0, 5, "3", None])
def test_turn_outside_1_to_4_LIB_TURN_1(turn):
    assert refused(turn=turn).rule == "LIB-TURN-1"


@pytest.mark.parametrize("where", ["vp", "battle", "displays", "hands"])
def test_unknown_player_anywhere_LIB_TURN_1(where):
    value = [card("x", "red", 1)] if where in ("displays", "hands") else 1
    err = refused(**{where: {"Napoleon": value}})
    assert "unknown player 'Napoleon'" in err.message


def test_players_are_named_once_LIB_TURN_1():
    assert refused(players=["A", "B", "A"]).rule == "LIB-TURN-1"


def test_advanced_card_not_on_the_players_display_LIB_ELEC_4():
    err = refused(board={4: [stack("Christie", "red", 2), stack("Joshua", "red", 2)]},
                  displays={"Joshua": [card("marat", "red", 3)]}, advances={"province:4": [{"Christie": "marat"}]})
    assert err.rule == "LIB-ELEC-4"
    assert "Christie has no card 'marat' on the display" in err.message


def test_advanced_card_twice_LIB_ELEC_7():
    err = refused(board={8: [stack("Christie", "red", 2), stack("Joshua", "red", 2)]},
                  displays={"Christie": [card("c", "red", 2)], "Joshua": [card("j", "red", 2)]},
                  advances={"province:8": [{"Christie": "c", "Joshua": "j"}, {"Christie": "c"}]})
    assert err.rule == "LIB-ELEC-7"
    assert "already advanced in province:8" in err.message


def test_unknown_contest_or_player_in_advances_LIB_ELEC_4():
    assert "unknown contest" in refused(advances={"province:8:round2": [{}]}).message
    assert refused(advances={"province:31": [{}]}).rule == "LIB-ELEC-1"
    assert refused(advances={"battle": [{"Napoleon": None}]}).rule == "LIB-ELEC-4"


def test_display_limit_4_or_5_with_sans_culottes_LIB_PLACE_5():
    five = [card(str(i), "red", 1) for i in range(5)]
    assert refused(displays={"Max": five}).rule == "LIB-PLACE-5"
    five[0]["sans_culottes"] = True
    assert resolve(displays={"Max": five})


@pytest.mark.parametrize("bad", [{"faction": "green", "value": 1}, {"faction": "red", "value": 4},
                                 {"faction": "red", "value": 1, "general": "yes"}])
def test_cards_are_checked(bad):
    assert isinstance(refused(hands={"Max": [bad]}), RuleError)


def test_board_profiles_are_checked_LIB_ELEC_8():
    assert read_profile({"provinces": {"14": {"vp": 2}}}).provinces[14].vp == 2
    for bad, rule in [({"provinces": {"14": {"vp": 5}}}, "LIB-ELEC-8"), ({"provinces": {"30": {}}}, "LIB-ELEC-1"),
                      ({"provinces": {"3": {"paris": True}, "8": {"paris": True}}}, "LIB-ELEC-6"),
                      ({"battle_vp": {"1": 3}}, "LIB-BAT-1"), ({"provinces": {"2": {"fleur_de_lis": 1}}}, "LIB-CR-1")]:
        with pytest.raises(RuleError) as err:
            read_profile(bad)
        assert err.value.rule == rule


@pytest.mark.parametrize("stacks, rule", [
    ([stack("Max", "red", 1), stack("Max", "white", 2)], "LIB-PLACE-3"),
    ([stack(p, "red", 1) for p in ("Christie", "Joshua", "Max", "Christie")], "LIB-PLACE-2"),
    ([stack("Joshua", "red", 4)], "LIB-PLACE-1"),
    ([stack("Nobody", "red", 1)], "LIB-PLACE-5"),
])
def test_one_province_is_refused_as_the_whole_board_refuses_it_LIB_PLACE_1_2_3(stacks, rule):
    """A tap's check (read_province) says what read_scenario says of that province."""
    with pytest.raises(RuleError) as alone:
        read_province(7, stacks, ["Christie", "Joshua", "Max"])
    assert (alone.value.rule, alone.value.message) == (refused(board={7: stacks}).rule,
                                                       refused(board={7: stacks}).message)
    assert alone.value.rule == rule


def test_one_province_read_gives_its_stacks_LIB_PLACE_1():
    read = read_province(7, [stack("Max", "red", 2)], ["Max"])
    assert [s.as_json() for s in read] == [{"player": "Max", "faction": "red", "blocks": 2}]


def test_a_board_read_without_a_refusal_makes_no_refusal_sentence(monkeypatch):
    """A board is read on every change: the sentences naming the place of a refusal are made
    only when a stack is refused, and then say where (LIB-PLACE-1)."""
    from companion.scorers.liberte import checks, scenario
    made = []
    for module in (scenario, checks):
        real = module.sentence
        monkeypatch.setattr(module, "sentence", lambda *a, real=real, **k: made.append(a[0]) or real(*a, **k))
    stacks = [{"player": "Ann", "faction": "red", "blocks": 2}, {"player": "Bob", "faction": "blue", "blocks": 1}]
    assert len(scenario.read_province(7, stacks, ["Ann", "Bob"])) == 2 and made == []
    with pytest.raises(RuleError) as refused:
        scenario.read_province(7, [{"player": "Bob", "faction": "blue", "blocks": 4}], ["Ann", "Bob"])
    assert refused.value.rule == "LIB-PLACE-1"
    assert str(refused.value.message) == "province 7, stack 1 (Bob): blocks: 4 is out of range (1 to 3)"
