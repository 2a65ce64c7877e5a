"""VOTE! set-up: the loyalty split, the deal, the starting points and the first President."""
import random

import pytest

from companion.scorers.rules import RuleError
from companion.scorers.vote.setup import deal, first_president, loyalty_split, starting_points


@pytest.mark.parametrize("players, democrats, republicans",
                         [(5, 3, 2), (6, 4, 2), (7, 4, 3), (8, 5, 3), (9, 5, 4), (10, 6, 4)])
def test_loyalty_split_follows_the_table(players, democrats, republicans):
    """VOTE-SETUP-1: the rulebook's table of Democrats and Republicans."""
    assert loyalty_split(players) == {"democrats": democrats, "republicans": republicans}


@pytest.mark.parametrize("players", [4, 11, 0])
def test_loyalty_split_refuses_other_table_sizes(players):
    """VOTE-SETUP-1: 5 to 10 players."""
    with pytest.raises(RuleError) as err:
        loyalty_split(players)
    assert err.value.rule == "VOTE-SETUP-1"


def test_each_player_is_dealt_three_cards_and_a_loyalty_card():
    """VOTE-SETUP-2: 60 cards (50 events, 10 abilities) in one deck; 7 players take 21."""
    assert deal(7) == {"cards_each": 3, "loyalty_each": 1, "deck_after_deal": 39}


def test_starting_points_are_one_plus_each_die():
    """VOTE-SETUP-4: the rulebook's player A rolls 3 and 5: budget 4, support 6."""
    assert starting_points((3, 5)) == (4, 6)


def test_rolled_starting_points_stay_within_two_to_seven():
    """VOTE-SETUP-4: the companion rolls for the table."""
    rng = random.Random(7)
    rolls = {starting_points(rng=rng) for _ in range(300)}
    assert {b for b, _ in rolls} == set(range(2, 8)) == {s for _, s in rolls}


def test_a_die_cannot_show_seven():
    """VOTE-SETUP-4"""
    with pytest.raises(RuleError, match=r"not \[7, 2\] \(VOTE-SETUP-4\)"):
        starting_points((7, 2))


PLAYERS = [{"name": "Anna", "budget": 4, "support": 6}, {"name": "Boris", "budget": 3, "support": 2},
           {"name": "Vera", "budget": 2, "support": 4}, {"name": "Gleb", "budget": 5, "support": 1}]


def test_first_president_has_the_lowest_total():
    """VOTE-SETUP-5: Boris has 5, the lowest budget + support."""
    chosen = first_president(PLAYERS)
    assert (chosen["president"], chosen["by"]) == ("Boris", "lowest budget + support")


def test_equal_totals_go_to_the_higher_support():
    """VOTE-SETUP-5: Vera and Gleb both have 6; Vera's support 4 is higher."""
    chosen = first_president([PLAYERS[0], PLAYERS[2], PLAYERS[3]])
    assert (chosen["president"], chosen["by"], chosen["tied"]) == ("Vera", "higher support",
                                                                   ["Vera", "Gleb"])


def test_a_full_tie_takes_the_tables_lot():
    """VOTE-SETUP-5: Boris and Egor tie on 3/3; the lot lists Egor first."""
    players = [{"name": "Boris", "budget": 3, "support": 3}, {"name": "Egor", "budget": 3, "support": 3}]
    chosen = first_president(players, lot=["Anna", "Egor", "Boris"])
    assert (chosen["president"], chosen["by"], chosen["tied"]) == ("Egor", "lot", ["Boris", "Egor"])


def test_without_a_lot_the_seeded_generator_draws_it():
    """VOTE-SETUP-5: the same seed draws the same President, and the draw is reported."""
    players = [{"name": n, "budget": 3, "support": 3} for n in ("Boris", "Egor", "Dina")]
    draws = {first_president(players, rng=random.Random(seed))["president"] for seed in range(30)}
    assert draws == {"Boris", "Egor", "Dina"}
    again = first_president(players, rng=random.Random(4))
    assert again == first_president(players, rng=random.Random(4))
    assert "drew lots" in again["sentence"]


def test_a_lot_naming_none_of_the_tied_is_refused():
    """VOTE-SETUP-5"""
    players = [{"name": "Boris", "budget": 3, "support": 3}, {"name": "Egor", "budget": 3, "support": 3}]
    with pytest.raises(RuleError, match="VOTE-SETUP-5"):
        first_president(players, lot=["Anna"])
