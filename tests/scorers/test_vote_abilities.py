"""VOTE! ability cards: costs, moments and conditions; and the few-players rules."""
import pytest

from companion.scorers.rules import RuleError
from companion.scorers.vote.engine import apply_event, play

SIX = [{"name": "Anna", "budget": 2, "support": 3}, {"name": "Boris", "budget": 5, "support": 5},
       {"name": "Vera", "budget": 6, "support": 6}, {"name": "Gleb", "budget": 4, "support": 7},
       {"name": "Dina", "budget": 5, "support": 5}, {"name": "Egor", "budget": 7, "support": 7}]
NAMES = [p["name"] for p in SIX]
ELECT_VERA = [{"type": "nominate", "candidate": "Vera"}, {"type": "vote", "yes": NAMES, "no": []}]


def ability(player, name, target=None):
    event = {"type": "ability", "player": player, "ability": name}
    return event | ({"target": target} if target else {})


def points(game, name):
    player = next(p for p in game.players if p.name == name)
    return player.budget, player.support, player.in_game


def refused(events, rule):
    with pytest.raises(RuleError) as err:
        play(SIX, events)
    assert err.value.rule == rule
    return err.value.message


def test_loyalty_check_costs_one_budget_at_any_time_VOTE_ABL_1():
    """VOTE-ABL-1: the log says a result must be stated aloud; no loyalty is stored."""
    game = play(SIX, [ability("Gleb", "loyalty_check", "Vera")])
    assert points(game, "Gleb") == (3, 7, True)
    assert "must state a result aloud" in game.log[-2]
    assert "Gleb must choose another player" in refused([ability("Gleb", "loyalty_check", "Gleb")], "VOTE-ABL-1")


def test_double_vote_only_during_a_vote_VOTE_ABL_2():
    """VOTE-ABL-2: −1 support, and the vote then counts twice."""
    assert "only during a vote" in refused([ability("Gleb", "double_vote")], "VOTE-ABL-2")
    game = play(SIX, [{"type": "nominate", "candidate": "Vera"}, ability("Gleb", "double_vote"),
                      {"type": "vote", "yes": ["Anna", "Vera", "Gleb"], "no": ["Boris", "Dina", "Egor"]}])
    assert game.prime_minister == "Vera" and points(game, "Gleb") == (4, 6, True)


def test_transfer_of_powers_after_the_users_round_VOTE_ABL_3():
    """VOTE-ABL-3: Anna's round ended; she names Egor; the rotation goes on from Egor."""
    round_one = ELECT_VERA + [{"type": "give", "to": n} for n in ("Anna", "Vera", "Dina")]
    assert "right after a round with Anna as President" in refused(
        round_one + [ability("Anna", "transfer_presidency", "Egor")], "VOTE-ABL-3")
    game = play(SIX, round_one + [{"type": "end_round"}, ability("Anna", "transfer_presidency", "Egor")])
    assert game.president == "Egor" and points(game, "Anna") == (1, 2, True)
    assert "right after a round with Boris as President" in refused(
        round_one + [{"type": "end_round"}, ability("Boris", "transfer_presidency", "Egor")], "VOTE-ABL-3")


def test_eliminate_costs_five_and_five_VOTE_ABL_4():
    """VOTE-ABL-4: Egor (7/7) eliminates Gleb; Dina at exactly 5/5 eliminates Boris and herself."""
    game = play(SIX, [ability("Egor", "eliminate", "Gleb")])
    assert points(game, "Egor") == (2, 2, True) and points(game, "Gleb")[2] is False
    game = play(SIX, [ability("Dina", "eliminate", "Boris")])
    assert points(game, "Dina") == (0, 0, False) and points(game, "Boris")[2] is False
    assert "cannot pay" in refused([ability("Gleb", "eliminate", "Boris")], "VOTE-ABL-4")


def test_cancel_only_by_a_non_government_player_who_just_received_VOTE_ABL_5():
    """VOTE-ABL-5: Dina's −4 support card is discarded without effect; the PM may not cancel."""
    game = play(SIX, ELECT_VERA + [{"type": "give", "to": "Dina", "support": -5}])
    assert points(game, "Dina")[2] is False
    game = apply_event(game, ability("Dina", "cancel_event"))
    assert points(game, "Dina") == (5, 5, True) and game.gives == ["Dina"]
    assert "President or PM" in refused(ELECT_VERA + [{"type": "give", "to": "Vera", "support": -1},
                                                      ability("Vera", "cancel_event")], "VOTE-ABL-5")
    assert "not just received" in refused(ELECT_VERA + [{"type": "give", "to": "Dina"},
                                                        ability("Egor", "cancel_event")], "VOTE-ABL-5")


def test_change_loyalty_only_after_an_elimination_and_stays_secret_VOTE_ABL_6():
    """VOTE-ABL-6: −3/−3; the log says only that it was used."""
    assert "once a player has been eliminated" in refused([ability("Egor", "change_loyalty")], "VOTE-ABL-6")
    game = play(SIX, [{"type": "eliminate", "player": "Anna"}, ability("Egor", "change_loyalty")])
    assert points(game, "Egor") == (4, 4, True)
    assert not any(word in " ".join(game.log).lower() for word in ("democrat ", "republican "))


def test_a_cost_can_eliminate_its_user_VOTE_ABL_7():
    """VOTE-ABL-7: Anna (budget 2) checks twice: the second check takes her to 0."""
    game = play(SIX, [ability("Anna", "loyalty_check", "Vera"), ability("Anna", "loyalty_check", "Boris")])
    assert points(game, "Anna") == (0, 3, False)
    assert "cannot pay" in refused([{"type": "eliminate", "player": "Gleb"},
                                    ability("Anna", "change_loyalty")], "VOTE-ABL-7")


FIVE_OUT_TWO = [{"type": "eliminate", "player": n} for n in ("Boris", "Dina")]


def test_three_players_have_no_prime_minister_VOTE_FEW_1():
    """VOTE-FEW-1: the President receives 3 cards, keeps one and gives one to each other player."""
    game = play(SIX, [{"type": "eliminate", "player": n} for n in ("Boris", "Dina", "Egor")])
    assert (game.phase, game.prime_minister, game.cards) == ("give", None, 3)
    game = play(SIX, [{"type": "eliminate", "player": n} for n in ("Boris", "Dina", "Egor")]
                + [{"type": "give", "to": n} for n in ("Vera", "Anna", "Gleb")] + [{"type": "end_round"}])
    assert (game.president, game.phase, game.round) == ("Vera", "give", 2)


@pytest.mark.parametrize("alive, winner, by", [
    ({"Anna": (2, 3), "Gleb": (4, 7)}, "Gleb", "budget + support"),
    ({"Anna": (6, 2), "Gleb": (4, 4)}, "Gleb", "support"),
])
def test_two_players_end_the_game_VOTE_FEW_2(alive, winner, by):
    """VOTE-FEW-2: the higher total wins, then the higher support."""
    seats = [dict(p, budget=alive.get(p["name"], (5, 5))[0], support=alive.get(p["name"], (5, 5))[1])
             for p in SIX]
    game = play(seats, [{"type": "eliminate", "player": n} for n in NAMES if n not in alive])
    assert game.winner == {"player": winner, "reason": "two players left", "by": by}


def test_a_full_tie_of_two_is_broken_by_random_cards_VOTE_FEW_2():
    """VOTE-FEW-2: equal 5/5 and 5/5: the table enters one random card each until one is ahead."""
    out = [{"type": "eliminate", "player": n} for n in ("Anna", "Vera", "Gleb", "Egor")]
    game = play(SIX, out)
    assert game.phase == "tiebreak" and game.winner is None
    game = apply_event(game, {"type": "tiebreak", "cards": {"Boris": [1, -1], "Dina": [1, -1]}})
    assert game.phase == "tiebreak"
    game = apply_event(game, {"type": "tiebreak", "cards": {"Boris": [0, 1], "Dina": [0, -1]}})
    assert game.winner["player"] == "Boris" and game.phase == "over"
