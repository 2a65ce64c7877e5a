"""The battle of turns 2-4 (LIB-BAT-1..4), with the rulebook's Valmy example."""
import pytest

from companion.scorers.rules import RuleError
from liberte_builder import board_map, card, check, general, resolve, sentence, stack

VALMY = {"battle": {"Christie": 1, "Joshua": 2, "Max": 3},
         "displays": {"Christie": [general("cg", "blue", 1)], "Joshua": [general("jg", "red", 2)]}}


def test_valmy_max_3_tokens_without_a_general_do_not_count_LIB_BAT_1():
    """Turn 2, the battle of Valmy (4 VP): Max has 3 tokens but no General, so Joshua (2 tokens, a General)
    leads the army, scores 4 VP and keeps his General (LIB-BAT-4)."""
    result = resolve(turn=2, **VALMY)
    assert result["battle"]["winner"] == "Joshua"
    assert (result["battle"]["vp"], result["battle"]["lost"]) == (4, False)
    assert result["awards"][0] == {"player": "Joshua", "vp": 4, "reason": "battle"}
    assert result["displays_after"]["Joshua"] == [general("jg", "red", 2)]
    assert "Max's 3 tokens do not count without a General (LIB-BAT-1)" in sentence(result, "Battle of turn 2")


def test_no_battle_in_turn_1_LIB_TURN_1():
    assert resolve(turn=1, displays=VALMY["displays"])["battle"] is None


def test_battle_box_tokens_in_turn_1_are_refused_LIB_TURN_1():
    """A cannon places a token in the Battle box only in turns 2-4 (seed 000: "пропускается на Ходе 1"),
    so tokens entered in turn 1 are refused, as the turn-1 supply is (LIB-PLACE-4), not ignored."""
    with pytest.raises(RuleError) as err:
        resolve(turn=1, **VALMY)
    assert err.value.rule == "LIB-TURN-1"
    assert err.value.message == ("battle: tokens in the Battle box in turn 1 (Christie 1, Joshua 2, Max 3), but a "
                                 "token goes there only from turn 2 on: turn 1 has no battle")
    assert resolve(turn=1, battle={"Max": 0})["battle"] is None  # none placed: nothing to refuse


@pytest.mark.parametrize("turn, most", [(1, 0), (2, 0), (3, 1), (4, 2)])
def test_lost_battles_are_at_most_the_battles_fought_before_the_turn_LIB_BAT_3(turn, most):
    """One battle a turn, in turns 2-4 only: before turn t at most t - 2 can have been lost. One more is
    refused (it could end a game by a counter-revolution no game could reach, LIB-CR-1)."""
    assert check(turn=turn, lost_battles=most)["counter_revolution"]["lost_battles"] == most
    with pytest.raises(RuleError) as err:
        check(turn=turn, lost_battles=most + 1)
    assert err.value.rule == "LIB-BAT-3"
    battles = "battle" if most == 1 else "battles"
    assert err.value.message == (f"lost_battles: {most + 1} before turn {turn}, but at most {most} {battles} can be "
                                 "lost by then (one battle a turn, in turns 2 to 4)")


def test_equal_tokens_the_highest_general_advanced_wins_LIB_BAT_2():
    displays = {"Christie": [general("cg", "blue", 2)], "Joshua": [general("jg", "red", 1), card("r3", "red", 3)]}
    result = resolve(turn=2, battle={"Christie": 2, "Joshua": 2}, displays=displays,
                     advances={"battle": [{"Christie": "cg", "Joshua": "jg"}]})
    assert result["battle"]["winner"] == "Christie"
    assert result["displays_after"] == {"Christie": [], "Joshua": [card("r3", "red", 3)]}


def test_only_a_general_may_be_advanced_in_a_battle_LIB_BAT_2():
    displays = {"Christie": [general("cg", "blue", 2)], "Joshua": [general("jg", "red", 1), card("r3", "red", 3)]}
    with pytest.raises(RuleError, match="r3") as err:
        resolve(turn=2, battle={"Christie": 2, "Joshua": 2}, displays=displays, advances={"battle": [{"Joshua": "r3"}]})
    assert err.value.rule == "LIB-BAT-2"


def test_still_tied_nobody_leads_and_the_battle_is_lost_LIB_BAT_2_LIB_BAT_3():
    displays = {"Christie": [general("cg", "blue", 2)], "Joshua": [general("jg", "red", 2)]}
    result = resolve(turn=2, battle={"Christie": 2, "Joshua": 2}, displays=displays, lost_battles=0,
                     advances={"battle": [{"Christie": "cg", "Joshua": "jg"}]})
    assert result["battle"] == {"winner": None, "vp": 0, "lost": True, "advanced": [
        {"round": 1, "player": "Christie", "card": "cg", "value": 2},
        {"round": 1, "player": "Joshua", "card": "jg", "value": 2}]}
    assert result["lost_battles"] == 1
    assert result["supply_after"]["white"] == 23  # the white block on the lost battle leaves the supply


def test_a_lost_battle_counts_for_the_counter_revolution_this_turn_LIB_BAT_3():
    """Six white fleur-de-lis provinces and a battle nobody wins make seven (LIB-BAT-3, LIB-CR-1)."""
    fleurs = [2, 3, 4, 5, 6, 7]
    result = resolve(turn=3, board={n: [stack("Max", "white", 1)] for n in fleurs}, map=board_map(fleurs))
    assert result["battle"]["lost"]
    assert result["counter_revolution"]["count"] == 7
    assert (result["ended"]["how"], result["ended"]["winners"]) == ("counter-revolution", ["Max"])


def test_a_counter_revolution_before_the_battle_ended_the_game_no_battle_is_fought_LIB_CR_2():
    """Seven white fleur-de-lis provinces when the actions end: the counter-revolution came during the
    actions and the game ended "at once" (LIB-CR-1; R VI.3, l. 521: «в любой Фазе кроме Фазы Выборов»),
    so the battle Joshua would have won is not fought, scores nothing and takes no General."""
    fleurs = [2, 3, 4, 5, 6, 7, 8]
    result = resolve(turn=3, board={n: [stack("Max", "white", 1)] for n in fleurs}, map=board_map(fleurs),
                     **VALMY)
    assert result["battle"] is None and result["awards"] == []
    assert result["displays_after"] == VALMY["displays"]
    assert (result["ended"]["how"], result["ended"]["winners"]) == ("counter-revolution", ["Max"])
    assert "The counter-revolution ended the game during the actions: no battle is fought (LIB-CR-1, LIB-CR-2)" \
        in result["log"]


def test_no_general_advanced_no_card_discarded_LIB_BAT_4():
    displays = {"Christie": [general("cg", "blue", 2)], "Joshua": [general("jg", "red", 2)]}
    result = resolve(turn=3, battle={"Christie": 2, "Joshua": 2}, displays=displays, map=board_map())
    assert result["displays_after"] == displays
    assert "no General was advanced, no card is discarded (LIB-BAT-4)" in sentence(result, "Battle of turn 3")


def test_battle_vps_come_from_the_board_profile_LIB_BAT_1():
    """Turn 3's battle VPs are not published: the default profile does not invent them."""
    assert resolve(turn=3, **VALMY)["battle"]["vp"] is None
    assert resolve(turn=3, map=board_map(battle_vp={"3": 5}), **VALMY)["vp"]["Joshua"] == 5
