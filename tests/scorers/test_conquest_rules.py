"""The conquest helper's engine: rules 15.1, 15.2, 15.4, 15.5 and 16 of the seed (docs/rules/conquest.md)."""
import random

import pytest

from companion.scorers.conquest import MODIFIERS, cede, conquest, resources, surrender
from companion.scorers.rules import RuleError


def test_conq_roll_1_all_key_areas_lost_needs_no_roll():
    result = conquest("austria", 3, 3, 0, die_value=None, rng=None)
    assert result["conquered"] and result["by"] == "key areas" and result["die"] is None
    assert result["log"][0] == "Austria has lost all 3 of its key areas: conquered without a roll (CONQ-ROLL-1)"
    assert conquest("denmark", 1, 1, 0)["log"][0] == ("Denmark has lost its 1 key area, all it had: conquered "
                                                      "without a roll (CONQ-ROLL-1)")


def test_conq_roll_2_no_roll_without_the_capital():
    result = conquest("france", 5, 4, 0, die_value=6)
    assert not result["conquered"] and result["die"] is None
    assert result["log"] == ["France: its capital is not controlled by the enemy: no conquest roll, not conquered "
                             "(CONQ-ROLL-2)"]


@pytest.mark.parametrize("nation, lost, die, total, conquered", [
    ("france", 2, 6, 6, True), ("france", 2, 5, 5, False),      # -2 (CONQ-ROLL-4)
    ("denmark", 0, 3, 6, True), ("denmark", 0, 2, 5, False),    # +3
    ("sweden", 1, 3, 6, True), ("prussia", 1, 6, 6, True),      # +2, -1
    ("turkey", 1, 6, 5, False), ("other", 0, 6, 6, True)])      # -2, none
def test_conq_roll_2_3_4_the_modified_roll(nation, lost, die, total, conquered):
    result = conquest(nation, 4, lost, 1, die_value=die)
    assert (result["total"], result["conquered"]) == (total, conquered)
    assert result["modifier"] == MODIFIERS[nation]


def test_conq_roll_3_and_4_the_arithmetic_is_said():
    result = conquest("spain", 5, 3, 1, die_value=4)
    assert result["log"] == ["Conquest roll of Spain: die 4 + 3 for key areas lost (CONQ-ROLL-3) −2 for the nation "
                             "(CONQ-ROLL-4) = 5; below 6: not conquered (CONQ-ROLL-2)"]
    assert conquest("spain", 5, 3, 1, die_value=5)["log"][1] == (
        "If several nations met the conditions together, only the one controlling the capital is the conqueror "
        "(CONQ-JOINT-1)")


def test_conq_roll_4_the_modifiers_are_the_seeds():
    assert MODIFIERS == {"denmark": 3, "sweden": 2, "prussia": -1, "austria": -1, "britain": -1, "russia": -1,
                         "france": -2, "spain": -2, "turkey": -2, "other": 0}


def test_conq_roll_5_russia_needs_both_capitals():
    one = conquest("russia", 4, 2, 1, die_value=6)
    assert not one["conquered"] and one["die"] is None and "(CONQ-ROLL-5)" in one["log"][0]
    both = conquest("russia", 4, 2, 2, die_value=5)
    assert both["conquered"] and both["total"] == 6
    assert both["log"][0] == "Russia: the enemy controls both capitals (CONQ-ROLL-5)"
    with pytest.raises(RuleError) as refused:
        conquest("france", 4, 2, 2, die_value=5)  # one capital only
    assert refused.value.rule == "CONQ-ROLL-2"


def test_conq_roll_2_the_die_is_rolled_when_not_entered():
    rolled = [conquest("prussia", 4, 1, 1, rng=random.Random(seed)) for seed in range(40)]
    assert all(r["rolled"] and 1 <= r["die"] <= 6 for r in rolled) and {r["die"] for r in rolled} == set(range(1, 7))
    assert rolled[0]["log"][0] == f"The die is rolled on screen: {rolled[0]['die']}"
    with pytest.raises(RuleError) as refused:
        conquest("prussia", 4, 1, 1)
    assert refused.value.message == "enter the die or roll it" and refused.value.rule == "CONQ-ROLL-2"


@pytest.mark.parametrize("args, rule", [
    (("poland", 4, 1, 1, 3), "CONQ-ROLL-4"), (("prussia", 4, 5, 1, 3), "CONQ-ROLL-3"),
    (("prussia", 0, 0, 1, 3), "CONQ-ROLL-3"), (("prussia", 4, 1, 1, 7), "CONQ-ROLL-2"),
    (("russia", 4, 1, 3, 3), "CONQ-ROLL-5")])
def test_bad_conquest_input_is_refused_with_its_rule(args, rule):
    with pytest.raises(RuleError) as refused:
        conquest(*args)
    assert refused.value.rule == rule


def test_conq_joint_1_the_nation_controlling_the_capital_conquers():
    result = conquest("austria", 4, 2, 1, die_value=5, controller="prussia")
    assert result["conquered"] and result["conqueror"] == "prussia"
    assert result["log"][-1] == ("Prussia controls the capital: it is the conqueror, even when others met the "
                                 "conditions with it (CONQ-JOINT-1)")
    assert conquest("austria", 4, 2, 1, die_value=1, controller="prussia")["conqueror"] is None
    with pytest.raises(RuleError) as refused:
        conquest("austria", 4, 2, 1, die_value=5, controller="austria")
    assert refused.value.rule == "CONQ-JOINT-1"


def test_conq_cede_1_and_2_the_die_and_the_alternating_choice():
    result = cede(4)
    assert result["ceded"] == 4 and result["picks"] == ["conqueror", "victim", "conqueror", "victim"]
    assert result["log"][0].endswith("the die says 4: 4 provinces pass (CONQ-CEDE-1)")
    assert result["log"][1] == ("They choose in turn, the conqueror first, and the conqueror places a flag in each: "
                                "1 conqueror, 2 victim, 3 conqueror, 4 victim (CONQ-CEDE-2)")
    assert cede(1)["log"][0].endswith("the die says 1: 1 province passes (CONQ-CEDE-1)")
    rolled = cede(None, random.Random(3))
    assert rolled["rolled"] and rolled["ceded"] == rolled["die"]


def test_conq_cede_3_never_the_capital():
    result = cede(5, provinces=2)
    assert result["ceded"] == 2 and result["picks"] == ["conqueror", "victim"]
    assert ("The victim has only 2 home provinces besides its capital: all of them pass (CONQ-CEDE-3)"
            in result["log"])
    assert result["log"][-1] == "The capital is never ceded (CONQ-CEDE-3)"
    nothing = cede(5, provinces=0)  # not «only 0 home provinces: all of them pass»
    assert nothing["picks"] == [] and nothing["ceded"] == 0
    assert ("The victim has no home province besides its capital: none passes (CONQ-CEDE-3)"
            in nothing["log"])
    assert not any("only 0" in str(line) for line in nothing["log"])
    with pytest.raises(RuleError) as refused:
        cede(9)
    assert refused.value.rule == "CONQ-CEDE-1"


def test_conq_surr_1_fewer_units_than_the_aggressors_together():
    assert surrender(5, {"prussia": 3, "austria": 3})["may"]           # 5 < 6
    refused = surrender(6, {"prussia": 3, "austria": 3})
    assert not refused["may"] and refused["log"] == [
        "6 units and generals in play against 6 of the aggressors on its territory: not fewer, so it may not "
        "surrender (CONQ-SURR-1)"]
    assert not surrender(1, {})["may"]  # no aggressor: answered, not refused (test_conquest_aftermath)


def test_conq_surr_2_to_the_aggressor_with_the_most_troops():
    result = surrender(2, {"prussia": 4, "russia": 6})
    assert result["to"] == "russia"
    assert result["log"][1] == "It surrenders to Russia, the aggressor with the most troops there (6) (CONQ-SURR-2)"
    tie = surrender(2, {"prussia": 4, "russia": 4})
    assert tie["to"] is None and tie["tied"] == ["prussia", "russia"] and "(CONQ-SURR-2)" in tie["log"][1]


def test_conq_surr_3_a_minor_country_never_surrenders_of_its_own_will():
    forced = surrender(0, {"sweden": 3, "denmark": 1}, minor=True)
    assert not forced["may"] and forced["to"] == "sweden"
    assert forced["log"] == ["A minor country cannot surrender of its own will (CONQ-SURR-3)",
                             "Forced to surrender (6.12–6.13), it counts as conquered by Sweden, the nation with the "
                             "most troops on its territory (3) (CONQ-SURR-3)"]
    alone = surrender(0, {"sweden": 0}, minor=True)
    assert alone["to"] is None and "unaligned and neutral (CONQ-SURR-3)" in alone["log"][1]


def test_conq_res_1_and_2_a_conquest_moves_the_track():
    result = resources({"prussia": 2, "austria": {"resources": 3, "marker": True}}, "conquest", "prussia", "austria")
    assert result["track"]["prussia"] == {"resources": 3, "marker": False}
    assert result["track"]["austria"] == {"resources": 0, "marker": False}
    assert result["log"][:2] == [
        "Prussia conquers Austria: Prussia moves its resources marker up one box (2 → 3) (CONQ-RES-1)",
        "Austria loses all its resources (3 → 0) and its +1 key-area marker (CONQ-RES-2)"]


def test_conq_res_1_an_accepted_surrender_counts_too():
    result = resources({}, "surrender", "britain", "france")
    assert result["track"]["britain"]["resources"] == 1
    assert result["log"][:2] == ["France surrenders to Britain, who accepts: Britain moves its resources marker up "
                                 "one box (0 → 1) (CONQ-RES-1)", "France loses all its resources (0 → 0) (CONQ-RES-2)"]
    with pytest.raises(RuleError) as refused:
        resources({}, "surrender", "britain", "britain")
    assert refused.value.rule == "CONQ-RES-1"


def test_conq_res_3_each_unused_resource_is_a_point():
    result = resources({"russia": 2, "spain": 1}, "score")
    assert result["points"]["russia"] == 2 and result["points"]["spain"] == 1 and result["points"]["turkey"] == 0
    assert result["log"] == ["Russia: 2 unused resources, 2 VP at the end of the game (CONQ-RES-3)",
                             "Spain: 1 unused resource, 1 VP at the end of the game (CONQ-RES-3)"]
    assert resources({}, "score")["log"] == ["No nation holds a resource: no VP from resources (CONQ-RES-3)"]


def test_conq_res_4_spending_a_resource():
    result = resources({"sweden": 1}, "spend", "sweden")
    assert result["track"]["sweden"]["resources"] == 0
    assert result["log"][0] == "Sweden spends a resource to draw a card from the deck (1 → 0) (CONQ-RES-4)"
    with pytest.raises(RuleError) as refused:
        resources({}, "spend", "sweden")
    assert refused.value.rule == "CONQ-RES-4"


@pytest.mark.parametrize("track, action, rule", [({"poland": 1}, "score", "CONQ-RES-1"),
                                                 ({"spain": 100}, "score", "CONQ-RES-1"),
                                                 ({}, "loot", "CONQ-RES-1")])
def test_a_bad_track_or_action_is_refused(track, action, rule):
    with pytest.raises(RuleError) as refused:
        resources(track, action)
    assert refused.value.rule == rule
