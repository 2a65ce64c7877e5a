"""Properties of the Liberté engine on random legal boards, with tie decisions drawn at random from the
questions the engine itself asks (hypothesis)."""
import copy
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.scorers.liberte import resolve_json

DENSE = Path(__file__).resolve().parents[2] / "examples" / "liberte-dense.json"
NAMES = ["Anne", "Bruno", "Chloé", "Didier", "Elise", "Fabien"]
FACTIONS = ["red", "white", "blue"]
LIMIT = {"red": 30, "white": 24, "blue": 28}


@st.composite
def positions(draw):
    """A legal position: 1-3 stacks per province of distinct owners, within the box, with displays."""
    players = NAMES[:draw(st.integers(3, 6))]
    turn = draw(st.integers(2, 4))
    used = dict.fromkeys(FACTIONS, 0)
    board = {}
    for number in range(1, 28):
        owners = draw(st.lists(st.sampled_from(players), max_size=3, unique=True))
        stacks = []
        for owner in owners:
            faction, blocks = draw(st.sampled_from(FACTIONS)), draw(st.integers(1, 3))
            if used[faction] + blocks <= LIMIT[faction]:
                used[faction] += blocks
                stacks.append({"player": owner, "faction": faction, "blocks": blocks})
        if stacks:
            board[str(number)] = stacks
    displays = {p: [{"id": f"{p}-{i}", "faction": draw(st.sampled_from(FACTIONS)), "value": draw(st.integers(1, 3)),
                     "general": draw(st.booleans())} for i in range(draw(st.integers(0, 4)))] for p in players}
    return {"turn": turn, "players": players, "board": board, "displays": displays,
            "battle": {p: draw(st.integers(0, 3)) for p in players},
            "map": {"provinces": {"14": {"vp": 2}}, "battle_vp": {"2": 4, "3": 5, "4": 6}},
            "vp": {p: draw(st.integers(0, 20)) for p in players}}


def play_out(data, draw):
    """Answer every question the engine asks (a random card or a pass); returns the finished result."""
    data = copy.deepcopy(data)
    while (result := resolve_json(data, interactive=True))["pending"]:
        pending = result["pending"]
        choice = draw(st.sampled_from([None] + [c["id"] for c in pending["cards"]]))
        rounds = data.setdefault("advances", {}).setdefault(pending["contest"], [])
        rounds.extend({} for _ in range(pending["round"] - len(rounds)))
        rounds[pending["round"] - 1][pending["player"]] = choice
    return data, result


def blocks(board):
    return sum(s["blocks"] for stacks in board.values() for s in stacks)


@settings(max_examples=60, deadline=None)
@given(positions(), st.data())
def test_blocks_are_conserved(data, drawn):
    """Board before = board after + votes taken + blocks cleared by ties (LIB-ELEC-3, LIB-ELEC-5, LIB-VP-6)."""
    data, result = play_out(data, drawn.draw)
    if result["provinces"]:
        taken = sum(p["votes"] for p in result["provinces"])
        cleared = sum(p["cleared"] for p in result["provinces"])
        assert blocks(data["board"]) == blocks(result["board_after"]) + taken + cleared


@settings(max_examples=60, deadline=None)
@given(positions(), st.data())
def test_votes_on_the_track_are_the_votes_players_hold(data, drawn):
    data, result = play_out(data, drawn.draw)
    if result["votes"] is not None:
        for faction in FACTIONS:
            assert result["votes"][faction] == sum(held[faction] for held in result["votes_held"].values())


@settings(max_examples=60, deadline=None)
@given(positions(), st.data(), st.randoms(use_true_random=False))
def test_the_order_stacks_are_listed_in_does_not_matter(data, drawn, rnd):
    data, result = play_out(data, drawn.draw)
    shuffled = copy.deepcopy(data)
    for stacks in shuffled["board"].values():
        rnd.shuffle(stacks)
    assert resolve_json(shuffled) == result


@settings(max_examples=40, deadline=None)
@given(positions(), st.data())
def test_the_same_scenario_always_gives_the_same_result(data, drawn):
    data, result = play_out(data, drawn.draw)
    again = json.loads(json.dumps(data))
    assert resolve_json(again) == result == resolve_json(data, interactive=True)


def test_the_benchmarks_dense_board_ties_everywhere_and_paris_three_times():
    """examples/liberte-dense.json, the board benchmarks/bench_liberte.py times: 27 provinces of 3 stacks,
    a tie in every one, Paris decided in the third round (LIB-ELEC-7)."""
    result = resolve_json(json.loads(DENSE.read_text(encoding="utf-8")))
    assert len(result["provinces"]) == 27 and all(p["tie"] for p in result["provinces"])
    paris = result["provinces"][7]
    assert paris["winner"] == "Anne" and max(a["round"] for a in paris["advanced"]) == 3
