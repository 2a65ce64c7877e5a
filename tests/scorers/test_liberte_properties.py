"""Properties of the Liberté engine on random legal boards, with tie decisions drawn at random from the
questions the engine itself asks (hypothesis)."""
import copy
import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.scorers.liberte import check_json, resolve_json

DENSE = Path(__file__).resolve().parents[2] / "examples" / "liberte-dense.json"
NAMES = ["Anne", "Bruno", "Chloé", "Didier", "Elise", "Fabien"]
FACTIONS = ["red", "white", "blue"]
LIMIT = {"red": 30, "white": 24, "blue": 28}


FLEURS = ["2", "4", "6", "10", "14", "17", "20", "23"]


@st.composite
def positions(draw):
    """A legal position: 1-3 stacks per province of distinct owners, within the box (less the white
    blocks on lost battles), with displays and hands; sometimes white-heavy, with fleur-de-lis provinces
    marked, so that the supply runs out and the counter-revolution comes."""
    players = NAMES[:draw(st.integers(3, 6))]
    turn = draw(st.integers(2, 4))
    lost = draw(st.integers(0, turn - 2))
    limit = dict(LIMIT, white=LIMIT["white"] - lost)
    colours = draw(st.sampled_from([FACTIONS, ["white", "white", "white", "red", "blue"]]))
    used = dict.fromkeys(FACTIONS, 0)
    board = {}
    for number in range(1, 28):
        owners = draw(st.lists(st.sampled_from(players), max_size=3, unique=True))
        stacks = []
        for owner in owners:
            faction, blocks = draw(st.sampled_from(colours)), draw(st.integers(1, 3))
            if used[faction] + blocks <= limit[faction]:
                used[faction] += blocks
                stacks.append({"player": owner, "faction": faction, "blocks": blocks})
        if stacks:
            board[str(number)] = stacks
    displays = {p: [{"id": f"{p}-{i}", "faction": draw(st.sampled_from(FACTIONS)), "value": draw(st.integers(1, 3)),
                     "general": draw(st.booleans())} for i in range(draw(st.integers(0, 4)))] for p in players}
    hands = {p: [{"faction": draw(st.sampled_from(FACTIONS)), "value": draw(st.integers(1, 3))}
                 for _ in range(draw(st.integers(0, 2)))] for p in players}
    provinces = {"14": {"vp": 2}}
    if draw(st.booleans()):
        provinces.update({n: dict(provinces.get(n, {}), fleur_de_lis=True) for n in FLEURS})
    return {"turn": turn, "players": players, "board": board, "displays": displays, "hands": hands,
            "battle": {p: draw(st.integers(0, 3)) for p in players}, "lost_battles": lost,
            "map": {"provinces": provinces, "battle_vp": {"2": 4, "3": 5, "4": 6}},
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


def colours(board) -> dict:
    counts = dict.fromkeys(FACTIONS, 0)
    for stacks in board.values():
        for stack in stacks:
            counts[stack["faction"]] += stack["blocks"]
    return counts


def ranked(ending, players):
    """A recorded end's places: every player once, ranks from 1 in order, the winners those of rank 1."""
    ranks = [s["rank"] for s in ending["standings"]]
    assert sorted(s["player"] for s in ending["standings"]) == sorted(players)
    assert ranks == sorted(ranks) and ranks[0] == 1 and all(1 <= r <= len(players) for r in ranks)
    assert ending["winners"] == [s["player"] for s in ending["standings"] if s["rank"] == 1]


@settings(max_examples=50, deadline=None)
@given(positions(), st.data())
def test_every_answer_stays_within_the_games_components(data, drawn):
    """LIB-PLACE-4, LIB-BAT-3, LIB-END-3: whatever the position and the tie answers, the answer never
    holds more blocks, cards, stacks, votes or lost battles than the game has, nor fewer than none: the
    supply is never negative (a lost battle's white block that no supply can give waits for one), and
    the blocks of each colour on the board, in the supply and on the lost battles add up to the box."""
    data, result = play_out(data, drawn.draw)
    players, turn = data["players"], data["turn"]
    on_board = colours(result["board_after"])
    waiting = result["battle_blocks_waiting"]
    assert result["lost_battles"] <= turn - 1 and 0 <= waiting <= result["lost_battles"] - data["lost_battles"]
    for faction in FACTIONS:
        assert 0 <= result["supply_after"][faction] <= LIMIT[faction]
        on_battles = result["lost_battles"] - waiting if faction == "white" else 0
        assert on_board[faction] + result["supply_after"][faction] + on_battles == LIMIT[faction]
    for number, stacks in result["board_after"].items():
        assert 1 <= int(number) <= 27 and 1 <= len(stacks) <= 3
        assert len({s["player"] for s in stacks}) == len(stacks) and all(1 <= s["blocks"] <= 3 for s in stacks)
    for player, cards in result["displays_after"].items():
        assert len(cards) <= 5 and {c["id"] for c in cards} <= {c["id"] for c in data["displays"][player]}
    if result["votes"] is not None:
        assert sum(result["votes"].values()) <= 27 + 2  # one vote a province, Paris up to three
        assert all(0 <= result["votes"][f] <= LIMIT[f] for f in FACTIONS)
    if result["track"] is not None:
        assert all(-1 <= result["track"][f] <= result["votes"][f] for f in FACTIONS)
    assert all(result["vp"][p] >= data["vp"][p] for p in players)
    for ending in (result["ended"], result["final"]):
        if ending:
            ranked(ending, players)
    cr = result["counter_revolution"]
    if cr and cr["count"] is not None:
        assert cr["count"] <= len(FLEURS) + result["lost_battles"]
    check = check_json(data)
    assert all(0 <= check["supply"][f] <= LIMIT[f] for f in FACTIONS)


def test_a_lost_battle_whose_white_block_must_wait_leaves_no_negative_supply_LIB_BAT_3():
    """R l. 346: the battle is lost and all 24 white blocks stand on the board, each under a higher
    stack, so no election gives one back: the block waits, the supply says 0, not -1."""
    board = {str(n): [{"player": "Anne", "faction": "white", "blocks": 1},
                      {"player": "Bruno", "faction": "red" if n <= 14 else "blue", "blocks": 2}]
             for n in range(1, 25)}
    result = resolve_json({"turn": 2, "players": ["Anne", "Bruno", "Chloé"], "board": board})
    assert result["battle"]["lost"] and result["lost_battles"] == 1
    assert result["supply_after"]["white"] == 0 and result["battle_blocks_waiting"] == 1
    assert "No white block is in the supply: place it on the battle after the elections (LIB-BAT-3)" in \
        result["log"][0] + " " + result["log"][1]


def test_the_benchmarks_dense_board_ties_everywhere_and_paris_three_times():
    """examples/liberte-dense.json, the board benchmarks/bench_liberte.py times: 27 provinces of 3 stacks,
    a tie in every one, Paris decided in the third round (LIB-ELEC-7)."""
    result = resolve_json(json.loads(DENSE.read_text(encoding="utf-8")))
    assert len(result["provinces"]) == 27 and all(p["tie"] for p in result["provinces"])
    paris = result["provinces"][7]
    assert paris["winner"] == "Anne" and max(a["round"] for a in paris["advanced"]) == 3


@settings(max_examples=60, deadline=None)
@given(positions(), st.data())
def test_a_preview_of_the_election_is_the_whole_turns_end_up_to_the_votes(data, drawn):
    """A preview of the election (as the board's meters show it: up to the votes and the
    landslide, its provinces unsaid) counts the votes, judges the landslide and ends the game
    as the whole turn's end does, with every tie decision given or passed (LIB-ELEC-1,
    LIB-LAND-1, LIB-CR-1)."""
    from companion.scorers.liberte import read_scenario, resolve
    from companion.scorers.liberte.board import read_profile
    data, _result = play_out(data, drawn.draw)
    profile = read_profile(data.get("map"))
    scenario = read_scenario({k: v for k, v in data.items() if k != "map"}, profile)
    for interactive in (False, True):
        whole, votes = resolve(scenario, interactive), resolve(scenario, interactive, preview=True)
        assert (votes.votes, votes.landslide, votes.ended, votes.lost_battles) == \
               (whole.votes, whole.landslide, whole.ended, whole.lost_battles)
        assert [p.as_json() for p in votes.provinces] == [p.as_json() for p in whole.provinces]
        assert votes.government is None  # nor the Opposition, nor the VPs of the turn's end
        assert not any(p.sentence for p in votes.provinces)


@settings(max_examples=80, deadline=None)
@given(positions(), st.data())
def test_a_position_the_rules_accepted_reads_the_same_without_its_checks(data, drawn):
    """A table's position, whose every change was judged when it was made, is read without the
    placement checks (read_accepted): the same reading as read_scenario's, cards, tie answers,
    play order and all (LIB-PLACE-1)."""
    from companion.scorers.liberte import read_accepted, read_scenario
    from companion.scorers.liberte.board import read_profile
    data, _result = play_out(data, drawn.draw)
    for cards in (*data["displays"].values(), *data["hands"].values()):
        for card in cards:
            card.update({flag: True for flag in ("sans_culottes", "cannon") if drawn.draw(st.booleans())})
            kind = drawn.draw(st.sampled_from([None, "club", "personality"]))
            if kind:
                card["kind"] = kind
    empty = drawn.draw(st.sampled_from([str(n) for n in range(1, 28)]))
    data["board"].setdefault(empty, [])  # a province left empty is no province of the reading
    data["battle_blocks_waiting"] = drawn.draw(st.integers(0, data["lost_battles"]))
    data["government"] = drawn.draw(st.sampled_from([None, *FACTIONS]))
    data["present"] = drawn.draw(st.lists(st.sampled_from(data["players"]), unique=True))
    data["options"] = {"government_tie": drawn.draw(st.sampled_from(["highest", "total"]))}
    profile = read_profile(data.pop("map"))
    assert read_accepted(data, profile) == read_scenario(data, profile)
