"""The Virgin Queen's engine: the card-or-treasure take (VQ-DRAW-*), the sequence of play
(VQ-SEQ-*) and the arrival notes (VQ-ARR-*), against the seed's text (docs/rules/virgin-queen.md)."""
import random

import pytest

from companion.scorers.rules import RuleError
from companion.scorers.virgin_queen import (ARRIVALS, IMPULSE_ORDER, PHASES, START, checklist, draw, impulse,
                                            next_turn, pile, tick)

ALL_STEPS = [s.key for phase in PHASES for s in phase.steps]


@pytest.mark.parametrize("cards, treasures, expected", [
    (3, 2, "cards"), (1, 0, "cards"), (9, 8, "cards"),          # VQ-DRAW-2
    (2, 3, "treasures"), (0, 1, "treasures"),                    # VQ-DRAW-3: more treasures
    (2, 2, "treasures"), (1, 1, "treasures"),                    # VQ-DRAW-3: as many
    (0, 0, None)])                                               # VQ-DRAW-1: nothing to take
def test_the_counts_decide_the_pile(cards, treasures, expected):
    assert pile(cards, treasures) == expected


def test_vq_draw_2_more_cards_draws_a_card_and_says_why():
    result = draw("england", 3, 2, random.Random(7), ["Mary", "Drake", "Armada"])
    assert result["pile"] == "cards" and result["of"] == 3 and 1 <= result["number"] <= 3
    assert result["item"] == ["Mary", "Drake", "Armada"][result["number"] - 1]
    assert result["reason"] == ("England: 3 cards and 2 treasures; more cards than treasures, so the take comes "
                                "from the cards, ignoring the treasures (VQ-DRAW-2)")
    assert result["drawn"] == f"Drawn at random: {result['item']} (card {result['number']} of 3)"


@pytest.mark.parametrize("cards, treasures, why", [(2, 2, "as many treasures as cards"),
                                                   (1, 4, "more treasures than cards")])
def test_vq_draw_3_more_or_as_many_treasures_draws_a_treasure(cards, treasures, why):
    result = draw("spain", cards, treasures, random.Random(1))
    assert result["pile"] == "treasures" and result["of"] == treasures and result["item"] is None
    assert why in result["reason"] and result["reason"].endswith("ignoring the cards (VQ-DRAW-3)")
    assert result["drawn"] == f"Drawn at random: treasure {result['number']} of {treasures}"


def test_vq_draw_1_the_take_is_seeded_and_covers_every_item():
    takes = [draw("france", 1, 5, random.Random(seed))["number"] for seed in range(60)]
    assert takes == [draw("france", 1, 5, random.Random(seed))["number"] for seed in range(60)]
    assert set(takes) == {1, 2, 3, 4, 5}
    assert draw("ottoman", 1, 0, random.Random(0))["reason"].startswith("Ottoman: 1 card and 0 treasures")


def test_vq_draw_1_an_empty_set_gives_nothing():
    result = draw("protestant", 0, 0, random.Random(0))
    assert result["pile"] is None and result["drawn"] is None
    assert result["reason"] == "Protestant holds neither cards nor treasures: there is nothing to take (VQ-DRAW-1)"


@pytest.mark.parametrize("args, said", [
    (("england", -1, 2), "cards: -1 is not a count from 0 to 99"),
    (("england", 2, 100), "treasures: 100 is not a count from 0 to 99"),
    (("england", "x", 2), "cards: 'x' is not a count from 0 to 99"),
    (("england", 2, 1, ["A"]), "cards: 2 counted but 1 named; name all of them or none"),
    (("venice", 2, 1), "unknown power 'venice'")])
def test_vq_draw_1_bad_counts_and_names_are_refused(args, said):
    power, cards, treasures, *names = args
    with pytest.raises(RuleError) as refused:
        draw(power, cards, treasures, random.Random(0), *names)
    assert refused.value.message == said and refused.value.rule == "VQ-DRAW-1"


# The seed's summary table, transcribed: phase rule, key, and (section, English) for every step.
SEED_TABLE = [
    ("VQ-SEQ-3", "card_draw", [("8.1", "Add new characters"), ("8.2", "Add fortresses and Jesuits"),
                               ("6.2", "Add new cards to the deck"), ("6.2", "Shuffle the deck and deal the cards"),
                               ("6.3/8.4", "Return discarded treasures")]),
    ("VQ-SEQ-4", "diplomacy", [("9.1", "Negotiation segment"), ("9.3", "Ransom segment"),
                               ("9.4", "Declarations of war segment")]),
    ("VQ-SEQ-5", "spring", [("", "Each power places its arriving leaders"), ("", "Extra spring actions")]),
    ("VQ-SEQ-6", "action", [("", "The powers take impulses in this order")]),
    ("VQ-SEQ-7", "winter", [("20.1", "Spread Morisco unrest"), ("20.2", "Discard unused treasures"),
                            ("20.3", "Remove the markers of loaned naval units"), ("20.4", "Leaders and units return"),
                            ("20.5", "End the alliances"), ("20.6", "Add 1 regular unit to each controlled capital"),
                            ("20.7", "Remove the piracy markers"), ("20.8", "Reset espionage"),
                            ("20.9", "Reset diplomacy"), ("20.10", "Check whether the Catholic League is formed")]),
    ("VQ-SEQ-8", "marriage", [("21.1", "Resolve the marriages"), ("21.2", "Award the VP for the Virgin Queen"),
                              ("21.3", "Age the royals")]),
    ("VQ-SEQ-9", "patronage", [("22.1", "Evaluate the artists"), ("22.2", "Evaluate the scientists")]),
    ("VQ-SEQ-10", "victory", [("25.3", "Award the VP for control of Paris and Central Europe"),
                              ("25.3", "Determine the winner. If there is none, advance the turn marker")]),
]


def test_vq_seq_2_eight_phases_in_the_seeds_order():
    assert [p.key for p in PHASES] == [key for _, key, _ in SEED_TABLE]
    assert [p.rule for p in PHASES] == [rule for rule, _, _ in SEED_TABLE]


@pytest.mark.parametrize("rule, key, steps", SEED_TABLE, ids=[rule for rule, _, _ in SEED_TABLE])
def test_every_step_with_its_section_as_the_seed_lists_it(rule, key, steps):
    phase = next(p for p in PHASES if p.key == key)
    assert phase.rule == rule
    assert [(s.section, s.text[:len(text)]) for s, (_, text) in zip(phase.steps, steps)] == steps
    assert len(phase.steps) == len(steps)


def test_the_details_the_seed_writes_under_steps():
    """VQ-SEQ-4's segments, VQ-SEQ-5's extras per power, VQ-SEQ-6's victory, VQ-SEQ-10's section."""
    detail = {s.key: s.detail for p in PHASES for s in p.steps}
    assert detail["ransom"] == "Pay a ransom (1 card) to get a captured army leader back"
    assert detail["extras"] == ("Spain places a convoy for the Indies fleet; England assigns naval captains to "
                                "Europe; the Hapsburgs decide on their religious preference (first turn)")
    assert detail["impulses"] == "A military or religious victory may end the game"
    assert PHASES[-1].section == "25.3"


def test_vq_seq_6_the_impulse_order():
    assert IMPULSE_ORDER == ("ottoman", "spain", "england", "france", "hapsburg", "protestant")
    state = impulse(START, "ottoman", "play")
    assert state["said"] == "Ottoman plays a card (VQ-SEQ-6)" and IMPULSE_ORDER[state["at"]] == "spain"
    with pytest.raises(RuleError) as refused:
        impulse(state, "england", "play")
    assert refused.value.message == "it is the impulse of Spain, not of England" and refused.value.rule == "VQ-SEQ-6"


def test_vq_seq_11_the_phase_ends_when_all_pass_in_succession():
    state = dict(START)
    for power in IMPULSE_ORDER[:3]:
        state = impulse(state, power, "pass")
    state = impulse(state, "france", "play")  # a card played: the count starts again
    assert state["passes"] == 0
    for n in range(6):
        state = impulse(state, IMPULSE_ORDER[state["at"]], "pass")
        assert state["over"] == (n == 5)
    assert state["said"] == ("France passes: all powers passed in succession, the action phase is over "
                             "(VQ-SEQ-11)")
    with pytest.raises(RuleError) as refused:
        impulse(state, IMPULSE_ORDER[state["at"]], "play")
    assert refused.value.rule == "VQ-SEQ-11"


def test_vq_seq_2_ticks_and_the_next_step():
    ticked = tick([], "deal")
    ticked = tick(ticked, "characters")
    assert ticked == ["characters", "deal"]  # the sequence's order, whatever the tapping order
    check = checklist(2, ticked)
    assert check["next"] == "fortresses" and not check["complete"] and not check["phases"][0]["done"]
    assert tick(ticked, "deal", done=False) == ["characters"]
    with pytest.raises(RuleError) as refused:
        tick(ticked, "lunch")
    assert refused.value.rule == "VQ-SEQ-2"


def test_vq_seq_10_the_next_turn_once_every_step_is_done():
    with pytest.raises(RuleError) as refused:
        next_turn(2, tick([], "characters"))
    assert refused.value.message == "turn 2 is not over: Add fortresses and Jesuits is not done yet"
    assert refused.value.rule == "VQ-SEQ-2"
    assert checklist(2, ALL_STEPS)["complete"] and next_turn(2, ALL_STEPS) == 3


def test_vq_end_1_turn_7_ends_the_game_and_says_what_is_scored():
    """«Игра разыгрывается в семь или менее ходов»; 25.3: «Присудите награды в виде ПО за контроль над Парижем
    и Центральной Европой Определите победителя. Если такового нет, продвиньте маркер хода на одну ячейку
    вперёд и начните новый ход» — after turn 7 there is no new turn to start."""
    def winner(turn):
        return next(s for p in checklist(turn, [])["phases"] for s in p["steps"] if s["key"] == "winner")
    last = winner(7)
    assert last["text"] == "Determine the winner. Turn 7 is the last: the game ends here, with no new turn (VQ-END-1)"
    assert "start a new turn" not in last["text"] and last["section"] == "25.3"
    assert last["note"] == ("What is scored at the end: the VP for control of Paris and Central Europe awarded just "
                            "above, added to the VP each power has gained during the game; then the winner is "
                            "determined (25.3) (VQ-END-1)")
    assert winner(6)["text"].endswith("advance the turn marker one box and start a new turn") and winner(6)["note"] is None


def test_vq_seq_1_seven_turns_at_most():
    assert checklist(7, [])["last"] and not checklist(6, [])["last"]
    with pytest.raises(RuleError) as refused:
        next_turn(7, ALL_STEPS)
    assert refused.value.rule == "VQ-SEQ-1"
    for bad in (0, 8, "3"):
        with pytest.raises(RuleError, match=r"VQ-SEQ-1"):
            checklist(bad, [])


def test_vq_arr_1_no_new_characters_on_turn_1():
    first = checklist(1, [])["phases"][0]["steps"][0]
    assert first["note"] == "Not on turn 1: new characters enter from the second turn (VQ-ARR-1)"
    assert checklist(2, [])["phases"][0]["steps"][0]["note"] is None


@pytest.mark.parametrize("rule, words", [
    ("VQ-ARR-1", ["second turn", "Turn Track", "naval captains", "royals", "artists", "scientists"]),
    ("VQ-ARR-2", ["Uluch Ali", "in place of Dragut", "Dragut Falls"]),
    ("VQ-ARR-3", ["Default leaders", "only if the power has no newly arriving army leader", "remove its default leader"]),
    ("VQ-ARR-4", ["Duke of Guise", "Winter phase", "Catholic League", "20.10"]),
    ("VQ-ARR-5", ["force pool", "Royal Wedding Table", "Patronage Chart", "scenario book"]),
    ("VQ-ARR-6", ["power card", "spring deployment", "Protestant army leaders", "naval units destroyed"])])
def test_the_arrival_notes_of_the_card_draw_phase(rule, words):
    notes = dict(ARRIVALS)
    assert all(word in notes[rule] for word in words)
    assert {"rule": rule, "text": notes[rule]} in checklist(3, [])["arrivals"]


def test_vq_arr_4_the_winter_step_recalls_the_duke_of_guise():
    league = next(s for p in PHASES for s in p.steps if s.key == "league")
    assert league.section == "20.10" and "Duke of Guise" in league.detail and "VQ-ARR-4" in league.detail
