"""Interactive ties: the resolution stops at each decision, names who may advance which cards, and goes
on from the answer, the way the web app asks one phone at a time (docs/formats.md, LIB-ELEC-4/7, LIB-BAT-2)."""
from companion.scorers.liberte import resolve_json
from liberte_builder import card, general, scenario, stack

PARIS = scenario(board={8: [stack("Christie", "red", 3), stack("Joshua", "red", 3), stack("Max", "white", 1)]},
                 displays={"Christie": [card("marat", "red", 3), card("b", "blue", 3)],
                           "Joshua": [card("j2", "red", 2), card("j1", "red", 1)],
                           "Max": [card("w", "white", 2)]})


def answer(data, pending, card_id):
    rounds = data.setdefault("advances", {}).setdefault(pending["contest"], [])
    while len(rounds) < pending["round"]:
        rounds.append({})
    rounds[pending["round"] - 1][pending["player"]] = card_id


def test_paris_asks_each_tied_player_in_play_order_for_matching_cards_LIB_ELEC_7():
    data = dict(PARIS)
    first = resolve_json(data, interactive=True)
    assert first["pending"]["contest"] == "province:8" and first["pending"]["round"] == 1
    assert first["pending"]["player"] == "Christie"
    assert [c["id"] for c in first["pending"]["cards"]] == ["marat"]  # only red: her stack's colour
    assert [p["number"] for p in first["provinces"]] == list(range(1, 8))  # 1-7 resolved, Paris waits
    assert first["government"] is None and first["vp"] == {"Christie": 0, "Joshua": 0, "Max": 0}
    answer(data, first["pending"], "marat")
    second = resolve_json(data, interactive=True)
    assert second["pending"]["player"] == "Joshua"
    assert [c["id"] for c in second["pending"]["cards"]] == ["j2", "j1"]
    answer(data, second["pending"], "j2")
    done = resolve_json(data, interactive=True)
    assert done["pending"] is None
    assert done["provinces"][7]["winner"] == "Christie"
    assert done == resolve_json(data)  # the same as batch resolution of the same decisions


def test_a_pass_is_an_explicit_answer_LIB_ELEC_4():
    data = dict(PARIS)
    data["advances"] = {"province:8": [{"Christie": None, "Joshua": None}]}
    done = resolve_json(data, interactive=True)
    assert done["pending"] is None and done["provinces"][7]["winner"] is None


def test_players_without_a_matching_card_are_not_asked_LIB_ELEC_4():
    data = scenario(board={4: [stack("Christie", "red", 2), stack("Max", "white", 2)]},
                    displays={"Christie": [card("b", "blue", 3)], "Max": [card("w", "white", 1)]})
    assert resolve_json(data, interactive=True)["pending"]["player"] == "Max"


def test_battle_questions_offer_only_generals_LIB_BAT_2():
    data = scenario(turn=2, battle={"Christie": 1, "Joshua": 1},
                    displays={"Christie": [general("g", "blue", 1), card("r", "red", 3)],
                              "Joshua": [general("h", "red", 2)]})
    pending = resolve_json(data, interactive=True)["pending"]
    assert (pending["contest"], pending["player"], [c["id"] for c in pending["cards"]]) == ("battle", "Christie", ["g"])
    assert "Tie in the battle" in pending["question"]


def test_a_tie_at_zero_votes_is_not_asked_but_given_advances_count_LIB_GOV_2():
    """Red 3, blue 0, white 0: nobody is asked to spend a card on an Opposition nobody holds a vote of;
    precedence makes blue the Opposition. A decision given in the scenario is still honoured."""
    data = scenario(board={1: [stack("Christie", "red", 3)]}, displays={"Max": [card("w", "white", 2)]})
    done = resolve_json(data, interactive=True)
    assert (done["pending"], done["opposition"]) == (None, "blue")
    data["advances"] = {"opposition": [{"Max": "w"}]}
    assert resolve_json(data, interactive=True)["opposition"] == "white"


def test_the_question_names_the_round_and_who_is_not_asked_LIB_ELEC_4():
    """The question lists the round's tied players in play order and those of them who have no
    card they may advance there (so the table can be told why nobody asks them)."""
    data = scenario(board={3: [stack("Christie", "white", 2), stack("Joshua", "white", 2),
                               stack("Max", "white", 2)]},
                    displays={"Joshua": [card("fouche", "white", 1)], "Max": [card("b", "blue", 3)]})
    pending = resolve_json(data, interactive=True)["pending"]
    assert pending["player"] == "Joshua" and pending["players"] == ["Christie", "Joshua", "Max"]
    assert pending["unable"] == ["Christie", "Max"]
