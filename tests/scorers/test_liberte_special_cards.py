"""Special cards: what the companion lets a player do with them (LIB-SPEC-1..6)."""
import pytest

from companion.scorers.liberte import read_scenario
from companion.scorers.liberte.special_cards import Play, play_special_card
from companion.scorers.rules import RuleError
from liberte_builder import card, scenario, stack

BOARD = {3: [stack("Christie", "red", 2), stack("Joshua", "blue", 3)], 5: [stack("Max", "white", 1)]}
DISPLAYS = {"Joshua": [card("danton", "red", 2, kind="personality"), card("club", "blue", 1, kind="club")],
            "Max": [card("royal", "white", 3, kind="personality")]}


def position(turn=2, government="red", present=("Christie",)):
    return read_scenario(scenario(turn=turn, board=BOARD, displays=DISPLAYS, government=government,
                                  present=list(present)))


def refused(play, **kwargs):
    with pytest.raises(RuleError) as err:
        play_special_card(position(**kwargs), play)
    return err.value.rule


def test_lack_of_bread_takes_a_block_of_the_government_colour_LIB_SPEC_1():
    after, sentence = play_special_card(position(), Play("lack_of_bread", "Max", 3, "Christie"))
    assert after.board[3][0].blocks == 1
    assert "(LIB-SPEC-1)" in sentence
    assert refused(Play("lack_of_bread", "Max", 3, "Joshua")) == "LIB-SPEC-1"
    after, _ = play_special_card(position(turn=1, government=None), Play("lack_of_bread", "Max", 3, "Joshua"))
    assert after.board[3][1].blocks == 2  # turn 1: any colour


def test_emigration_discards_a_white_personality_LIB_SPEC_2():
    after, _ = play_special_card(position(), Play("emigration", "Christie", target="Max", card="royal"))
    assert after.displays["Max"] == []
    assert refused(Play("emigration", "Christie", target="Joshua", card="danton")) == "LIB-SPEC-2"


def test_religious_problems_remove_a_blue_or_red_block_LIB_SPEC_3():
    after, _ = play_special_card(position(), Play("religious_problems", "Max", 3, "Joshua"))
    assert after.board[3][1].blocks == 2
    assert refused(Play("religious_problems", "Joshua", 5, "Max")) == "LIB-SPEC-3"


def test_a_last_block_removed_takes_the_stack_away_LIB_SPEC_1():
    after, _ = play_special_card(position(government="white"), Play("lack_of_bread", "Joshua", 5, "Max"))
    assert 5 not in after.board


def test_the_guillotine_takes_any_personality_LIB_SPEC_4():
    after, _ = play_special_card(position(), Play("guillotine", "Max", target="Joshua", card="danton"))
    assert [c.id for c in after.displays["Joshua"]] == ["club"]
    assert refused(Play("guillotine", "Max", target="Joshua", card="club")) == "LIB-SPEC-4"


def test_purge_only_by_a_player_present_in_the_government_LIB_SPEC_5():
    after, _ = play_special_card(position(), Play("purge", "Christie", target="Joshua", card="club"))
    assert [c.id for c in after.displays["Joshua"]] == ["danton"]
    assert refused(Play("purge", "Max", target="Joshua", card="club")) == "LIB-SPEC-5"


def test_terror_only_in_a_red_government_on_a_province_with_a_red_stack_LIB_SPEC_6():
    after, sentence = play_special_card(position(), Play("terror", "Christie", 3, "Joshua", card="danton"))
    assert [s.player for s in after.board[3]] == ["Christie"]
    assert [c.id for c in after.displays["Joshua"]] == ["club"]
    assert "(LIB-SPEC-6)" in sentence
    after, _ = play_special_card(position(), Play("terror", "Christie", 3, "Christie"))  # the red stack itself
    assert [s.player for s in after.board[3]] == ["Joshua"]
    assert refused(Play("terror", "Christie", 5, "Max")) == "LIB-SPEC-6"  # no red stack there
    assert refused(Play("terror", "Christie", 3, "Joshua"), government="blue") == "LIB-SPEC-6"
    assert refused(Play("terror", "Joshua", 3, "Christie")) == "LIB-SPEC-6"  # not present


def test_the_targets_offered_are_the_plays_the_rules_allow_LIB_SPEC_3():
    from companion.scorers.liberte.special_cards import targets
    assert [(p.province, p.target) for p in targets(position(), "religious_problems", "Max")] == [
        (3, "Christie"), (3, "Joshua")]  # not Max's white block in 5
    assert [(p.target, p.card) for p in targets(position(), "emigration", "Max")] == [("Max", "royal")]
    assert [(p.province, p.target) for p in targets(position(), "terror", "Christie")] == [
        (3, "Christie"), (3, "Joshua")]


def test_who_may_play_is_said_before_any_target_LIB_SPEC_5():
    from companion.scorers.liberte.special_cards import may_play, targets
    with pytest.raises(RuleError) as err:
        targets(position(), "purge", "Max")
    assert err.value.rule == "LIB-SPEC-5"
    with pytest.raises(RuleError) as err:
        may_play(position(turn=2, government=None), "lack_of_bread", "Max")
    assert err.value.rule == "LIB-SPEC-1"
    may_play(position(turn=1, government=None), "lack_of_bread", "Max")  # turn 1: any colour


def test_terror_may_take_a_card_of_another_player_than_the_stacks_LIB_SPEC_6():
    after, _ = play_special_card(position(), Play("terror", "Christie", 3, "Joshua", card="royal", owner="Max"))
    assert after.displays["Max"] == [] and [c.id for c in after.displays["Joshua"]] == ["danton", "club"]
