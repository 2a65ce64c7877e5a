"""``check``: control of every province (LIB-CTRL-1) and the meters of the position."""
from companion.scorers.liberte import DEFAULT_PROFILE, read_profile
from liberte_builder import board_map, check, stack


def test_a_strictly_highest_stack_controls_LIB_CTRL_1():
    result = check(board={1: [stack("Christie", "red", 3), stack("Joshua", "blue", 2)],
                          2: [stack("Christie", "red", 2), stack("Joshua", "red", 2)],
                          3: [stack("Max", "white", 1)],
                          4: [stack("Christie", "red", 2), stack("Joshua", "red", 2), stack("Max", "blue", 3)]})
    assert [result["control"][str(n)] for n in (1, 2, 3, 4, 5)] == ["Christie", None, "Max", "Max", None]
    assert list(result["control"]) == [str(n) for n in range(1, 28)]


def test_check_answers_the_formats_fields_LIB_CR_1():
    result = check(turn=3, board={2: [stack("Max", "white", 2)]}, map=board_map([2, 3]))
    assert set(result) >= {"control", "counter_revolution", "supply", "action_phase_over"}
    assert result["counter_revolution"] | {} == {
        "count": 1, "needed": 7, "active": True, "triggered": False, "provinces": [2], "lost_battles": 0,
        "winners": [], "points": {}, "standings": [], "decided": None}


def test_the_default_profile_knows_only_the_rulebooks_facts():
    assert DEFAULT_PROFILE.provinces[1].name == "Normandie"
    assert DEFAULT_PROFILE.paris == 8 and DEFAULT_PROFILE.provinces[8].name == "Île de France"
    assert DEFAULT_PROFILE.fleur_de_lis == []
    assert DEFAULT_PROFILE.battle_vp == {2: 4, 3: None, 4: None}


def test_a_profile_round_trips_through_json():
    profile = read_profile(board_map([2, 5], vp={14: 2}))
    assert read_profile(profile.as_json()) == profile
    assert profile.provinces[8].paris  # Paris stays 8 when a map does not say


def test_a_profile_may_name_the_region_of_each_province_LIB_ELEC_1():
    import pytest
    from companion.scorers.rules import RuleError
    profile = read_profile({"provinces": {"14": {"name": "Vendée", "region": " Ouest "}}})
    assert profile.provinces[14].region == "Ouest" and profile.provinces[13].region is None
    assert profile.as_json()["provinces"]["14"]["region"] == "Ouest"
    assert read_profile(profile.as_json()) == profile
    with pytest.raises(RuleError, match="region must be text"):
        read_profile({"provinces": {"14": {"region": 3}}})
