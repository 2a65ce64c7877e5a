"""Rounds 2 and 3 of VOTE!, the win and elimination: giving cards, 10/10, hands, the deck."""
import pytest

from companion.scorers.rules import RuleError
from companion.scorers.vote.engine import apply_event, legal_actions, play
from companion.scorers.vote.events import cards_for

SIX = [{"name": "Anna", "budget": 2, "support": 3}, {"name": "Boris", "budget": 9, "support": 10},
       {"name": "Vera", "budget": 9, "support": 9}, {"name": "Gleb", "budget": 5, "support": 5},
       {"name": "Dina", "budget": 5, "support": 5}, {"name": "Egor", "budget": 10, "support": 9}]
NAMES = [p["name"] for p in SIX]
ELECT_VERA = [{"type": "nominate", "candidate": "Vera"}, {"type": "vote", "yes": NAMES, "no": []}]


def gives(*recipients):
    return [{"type": "give", "to": n} for n in recipients]


@pytest.mark.parametrize("left, counts", [(3, (3, 3)), (4, (4, 3)), (5, (5, 3)), (6, (6, 3)), (7, (7, 4)),
                                          (8, (8, 4)), (9, (9, 5)), (10, (10, 5))])
def test_cards_reaching_pm_and_president_VOTE_EVT_2(left, counts):
    """VOTE-EVT-2: the table of cards by players in the game."""
    assert cards_for(left) == counts


def test_the_count_follows_players_still_in_the_game_VOTE_EVT_1():
    """VOTE-EVT-1, VOTE-EVT-2: 6 seated, 5 left: everyone puts a card in, the PM gets 5, passes 3."""
    game = play(SIX, [{"type": "eliminate", "player": "Gleb"}, {"type": "nominate", "candidate": "Vera"},
                      {"type": "vote", "yes": ["Anna", "Boris", "Vera"], "no": ["Dina", "Egor"]}])
    assert game.cards == 3 and "PM Vera receives 5 and passes 3" in game.log[-1]
    assert [p.hand for p in game.players] == [2, 2, 2, 0, 2, 2]


def test_the_president_keeps_one_gives_one_back_and_the_rest_to_others_VOTE_EVT_3():
    """VOTE-EVT-3: each card applies at once, in the order given; the round can then end."""
    game = play(SIX, ELECT_VERA + [{"type": "give", "to": "Dina", "budget": -1, "support": 2}])
    assert (game.players[4].budget, game.players[4].support) == (4, 7)
    assert legal_actions(game)[0] == {"type": "give", "to": ["Anna", "Vera"]}
    game = apply_event(apply_event(game, gives("Vera")[0]), gives("Anna")[0])
    assert game.gives == ["Dina", "Vera", "Anna"] and game.phase == "end_round"


@pytest.mark.parametrize("events, message, rule", [
    (gives("Dina", "Dina"), "Dina already received a card this round", "VOTE-EVT-3"),
    (gives("Dina", "Egor"), "must still keep one card and give one back to the PM", "VOTE-EVT-3"),
    (gives("Anna", "Vera", "Dina", "Egor"), "the game is over|cannot end|gives no cards", "VOTE-EVT-3"),
    (gives("Olga"), "unknown recipient 'Olga'", "VOTE-EVT-3"),
    ([{"type": "eliminate", "player": "Dina"}] + gives("Dina"), "Dina has left the game", "VOTE-END-4"),
])
def test_forbidden_gives_are_refused_VOTE_EVT_3(events, message, rule):
    """VOTE-EVT-3: one card each, the President and the PM included, only to players in the game."""
    with pytest.raises(RuleError, match=message) as err:
        play(SIX, ELECT_VERA + events)
    assert err.value.rule == rule


def test_an_ability_card_goes_to_the_hand_VOTE_EVT_4():
    """VOTE-EVT-4: not applied, not discarded."""
    game = play(SIX, ELECT_VERA + [{"type": "give", "to": "Dina", "ability": True, "support": -5}])
    assert (game.players[4].support, game.players[4].hand) == (5, 3)


def test_the_table_announces_a_party_win_VOTE_END_1_VOTE_EVT_5():
    """VOTE-END-1, VOTE-EVT-5: the last Republican eliminated says the Democrats won."""
    with pytest.raises(RuleError, match="VOTE-END-1"):
        play(SIX, [{"type": "party_won", "party": "democrats"}])
    game = play(SIX, [{"type": "eliminate", "player": "Gleb"}, {"type": "party_won", "party": "Democrats"}])
    assert game.winner["party"] == "democrats" and game.phase == "over"


def test_the_rulebooks_nine_ten_example_does_not_win_VOTE_END_5():
    """VOTE-END-5: 9/10 and +1/−2 gives 10/8: no win."""
    game = play(SIX, ELECT_VERA + [{"type": "give", "to": "Boris", "budget": 1, "support": -2}])
    assert (game.players[1].budget, game.players[1].support) == (10, 8)
    assert game.winner is None


def test_points_are_held_within_zero_and_ten_VOTE_END_5():
    """VOTE-END-5: +3/+3 on 9/9 is 10/10."""
    game = play(SIX, ELECT_VERA + [{"type": "give", "to": "Dina", "budget": 9, "support": -1}])
    assert (game.players[4].budget, game.players[4].support) == (10, 4)


def test_ten_ten_wins_and_the_first_receiver_decides_VOTE_END_2_VOTE_END_3():
    """VOTE-END-2, VOTE-END-3: Egor reaches 10/10 first, then Vera: Egor's party wins."""
    game = play(SIX, ELECT_VERA + [{"type": "give", "to": "Egor", "support": 1},
                                   {"type": "give", "to": "Vera", "budget": 1, "support": 1}])
    assert game.winner == {"player": "Egor", "reason": "10/10"}
    game = apply_event(game, {"type": "give", "to": "Anna"})
    assert game.phase == "over" and "received a card first (VOTE-END-3)" in " ".join(game.log)
    with pytest.raises(RuleError, match=r"the game is over.*\(VOTE-END-2\)"):
        apply_event(game, {"type": "end_round"})


def test_a_point_at_zero_eliminates_VOTE_END_4():
    """VOTE-END-4: Dina's support falls to 0; her hand is discarded and she cannot be nominated."""
    game = play(SIX, ELECT_VERA + [{"type": "give", "to": "Dina", "support": -7}])
    dina = game.players[4]
    assert (dina.in_game, dina.hand, dina.support) == (False, 0, 0)


def test_hands_go_back_to_three_at_the_end_of_the_round_VOTE_CON_1():
    """VOTE-CON-1: after putting a card in, everyone draws to 3; the ability card's holder discards."""
    game = play(SIX, ELECT_VERA + [{"type": "give", "to": "Dina", "ability": True}] + gives("Vera", "Anna"))
    assert [p.hand for p in game.players] == [2, 2, 2, 2, 3, 2]
    game = apply_event(game, {"type": "end_round"})
    assert [p.hand for p in game.players] == [3] * 6
    assert game.deck == 60 - 18 - 5


def test_an_empty_deck_takes_the_discard_pile_but_not_used_abilities_VOTE_CON_2():
    """VOTE-CON-2: play rounds until the deck runs dry; used ability cards never come back."""
    game = play(SIX, [{"type": "ability", "player": "Egor", "ability": "loyalty_check", "target": "Anna"}])
    for _ in range(12):
        president = game.president
        pm = next(n for n in NAMES if n not in (president, game.last_president, game.last_prime_minister))
        game = play_round(game, president, pm)
    assert any("shuffled into a new deck; used ability cards stay out (VOTE-CON-2)" in s for s in game.log)
    assert game.used_abilities == 1
    assert game.deck + game.discard + sum(p.hand for p in game.players) == 59


def play_round(game, president, pm):
    for event in [{"type": "nominate", "candidate": pm}, {"type": "vote", "yes": NAMES, "no": []},
                  *gives(president, pm), {"type": "give", "to": next(
                      n for n in NAMES if n not in (president, pm))}, {"type": "end_round"}]:
        game = apply_event(game, event)
    return game
