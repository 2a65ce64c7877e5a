"""Two phones at once at a VOTE! table: what commutes gets through, the game's moves do not.

Each player rolls his own dice on his phone at the same moment, or somebody taps the discussion
timer while the President nominates: both writes are stored. Two moves of the round made from the
same version (a nomination, then another) are a real conflict: 409 with what changed.
"""
from companion.games.vote import position
from table_support import DICE


def test_dice_of_two_players_entered_at_once_are_both_kept_VOTE_SETUP_4(app, vote_table):
    base = vote_table.version
    assert vote_table.dice("Ann", 1, 2, version=base).status_code == 200
    assert vote_table.dice("Bob", 3, 4, version=base).status_code == 200
    assert vote_table.position(app)["dice"] == {"Ann": [1, 2], "Bob": [3, 4]}


def test_the_same_players_dice_twice_from_one_version_is_a_conflict(vote_table):
    base = vote_table.version
    vote_table.dice("Ann", 1, 2, version=base)
    answer = vote_table.dice("Ann", 5, 5, version=base)
    assert answer.status_code == 409
    assert "dice entered: Ann 1 and 2" in answer.get_data(as_text=True)


def test_a_timer_tap_during_a_nomination_does_not_refuse_it_VOTE_GOV_2(app, vote_table):
    vote_table.start(DICE)
    president = vote_table.position(app)["game"].president
    candidate = next(n for n in vote_table.players if n != president)
    base = vote_table.version
    assert vote_table.timer("start", 120, version=base).status_code == 200
    assert vote_table.nominate(candidate, version=base).status_code == 200
    p = vote_table.position(app)
    assert p["game"].candidate == candidate and p["timer"]["state"] == "running"


def test_two_moves_of_the_round_from_one_version_conflict_VOTE_GOV_2(app, vote_table):
    vote_table.start(DICE)
    president = vote_table.position(app)["game"].president
    first, second = [n for n in vote_table.players if n != president][:2]
    base = vote_table.version
    assert vote_table.nominate(first, version=base).status_code == 200
    assert vote_table.nominate(second, version=base).status_code == 409
    assert vote_table.position(app)["game"].candidate == first


def test_start_reads_every_die_so_a_late_die_conflicts_with_it_and_rolls_for_the_rest_overlap():
    conflicts = __import__("companion.games.vote", fromlist=["GAME"]).GAME.conflicts
    dice = {"kind": "dice", "data": {"dice": {"Ann": [1, 1]}}}
    assert conflicts(dice, [{"kind": "start", "data": {}}])
    assert not conflicts(dice, [{"kind": "dice", "data": {"dice": {"Bob": [2, 2]}}}])
    rolled_for_the_rest = {"kind": "dice", "data": {"dice": {"Ann": [3, 3], "Cid": [4, 4]}}}
    assert conflicts(dice, [rolled_for_the_rest])
    assert set(position.SCOPES) == {"dice", "timer", "options", "play"}
