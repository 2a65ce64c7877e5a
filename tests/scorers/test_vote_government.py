"""Round 1 of VOTE!: the plaque, the nomination, the vote, failed elections and unrest."""
import re

import pytest

from companion.scorers.rules import RuleError
from companion.scorers.vote.engine import apply_event, play
from companion.scorers.vote.government import eligible_prime_ministers, ineligible_prime_ministers

# Anna has the lowest total (5): she is the first President. Seats run clockwise in this order.
SIX = [{"name": "Anna", "budget": 2, "support": 3}, {"name": "Boris", "budget": 5, "support": 5},
       {"name": "Vera", "budget": 5, "support": 5}, {"name": "Gleb", "budget": 5, "support": 5},
       {"name": "Dina", "budget": 5, "support": 5}, {"name": "Egor", "budget": 5, "support": 5}]
NAMES = [p["name"] for p in SIX]


def elected(candidate, voters=NAMES):
    """Events electing ``candidate`` unanimously."""
    return [{"type": "nominate", "candidate": candidate},
            {"type": "vote", "yes": list(voters), "no": []}]


def failed(candidate):
    return [{"type": "nominate", "candidate": candidate}, {"type": "vote", "yes": [], "no": NAMES}]


def refused(events, rule, players=SIX):
    with pytest.raises(RuleError) as err:
        play(players, events)
    assert err.value.rule == rule
    return str(err.value)


def test_after_a_round_the_plaque_moves_clockwise_VOTE_GOV_1():
    """VOTE-GOV-1: Anna, then Boris; an eliminated Vera is skipped."""
    game = play(SIX, elected("Vera") + [
        {"type": "give", "to": "Anna"}, {"type": "give", "to": "Vera"},
        {"type": "give", "to": "Boris", "support": -5}, {"type": "end_round"}])
    assert (game.round, game.president) == (2, "Vera")
    assert game.players[1].in_game is False


def test_last_government_may_not_be_nominated_VOTE_GOV_2():
    """VOTE-GOV-2: after Anna (President) and Vera (PM), President Boris may not name either."""
    game = play(SIX, elected("Vera") + [{"type": "give", "to": n} for n in ("Anna", "Vera", "Egor")]
                + [{"type": "end_round"}])
    assert game.president == "Boris"
    assert eligible_prime_ministers(game) == ["Gleb", "Dina", "Egor"]
    assert ineligible_prime_ministers(game) == {
        "Anna": "was President of the last elected government (VOTE-GOV-2)",
        "Boris": "is the President who nominates (VOTE-GOV-2)",
        "Vera": "was PM of the last elected government (VOTE-GOV-2)"}
    with pytest.raises(RuleError, match=r"Anna .*, so cannot be nominated \(VOTE-GOV-2\)"):
        apply_event(game, {"type": "nominate", "candidate": "Anna"})


@pytest.mark.parametrize("seated", [5, 4])
def test_with_five_or_four_in_the_game_only_the_last_pm_is_barred_VOTE_GOV_2(seated):
    """VOTE-GOV-2 and its reading for 4 players: the last President may be nominated again."""
    out = [{"type": "eliminate", "player": n} for n in ("Egor", "Dina")[:6 - seated]]
    game = play(SIX, out + elected("Vera", NAMES[:seated]) + [{"type": "give", "to": n} for n in ("Anna", "Vera", "Gleb")]
                + [{"type": "end_round"}])
    assert game.president == "Boris"
    assert "Anna" in eligible_prime_ministers(game)
    assert "Vera" not in eligible_prime_ministers(game)


def test_more_yes_than_no_elects_and_a_tie_fails_VOTE_GOV_3():
    """VOTE-GOV-3: 4:2 elects Vera; 3:3 fails."""
    game = play(SIX, [{"type": "nominate", "candidate": "Vera"},
                      {"type": "vote", "yes": NAMES[:4], "no": NAMES[4:]}])
    assert game.prime_minister == "Vera" and game.phase == "give"
    game = play(SIX, [{"type": "nominate", "candidate": "Vera"},
                      {"type": "vote", "yes": NAMES[:3], "no": NAMES[3:]}])
    assert game.prime_minister is None and game.failed_elections == 1


def test_the_rulebooks_double_vote_example_VOTE_ABL_2():
    """VOTE-ABL-2, VOTE-GOV-3: A nominates B; A, B, C yes; D, E, F no; C doubles: 4:3, B is PM."""
    seats = [dict(p, name=n) for p, n in zip(SIX, "ABCDEF")]
    game = play(seats, [{"type": "nominate", "candidate": "B"},
                        {"type": "vote", "yes": ["A", "B", "C"], "no": ["D", "E", "F"], "double": ["C"]}])
    assert game.prime_minister == "B"
    assert "4 yes, 3 no" in game.log[-4]
    assert (game.players[2].budget, game.players[2].support) == (5, 4)


def test_everybody_in_the_game_votes_once_VOTE_GOV_3():
    """VOTE-GOV-3: a missing voter, a double ballot and an eliminated voter are refused."""
    assert "Egor did not vote" in refused(
        [{"type": "nominate", "candidate": "Vera"}, {"type": "vote", "yes": NAMES[:5], "no": []}],
        "VOTE-GOV-3")
    assert "Anna voted twice" in refused(
        [{"type": "nominate", "candidate": "Vera"}, {"type": "vote", "yes": NAMES, "no": ["Anna"]}],
        "VOTE-GOV-3")
    assert "Egor has left the game" in refused(
        [{"type": "eliminate", "player": "Egor"}, {"type": "nominate", "candidate": "Vera"},
         {"type": "vote", "yes": NAMES, "no": []}], "VOTE-GOV-3")


def test_a_failed_election_passes_the_plaque_VOTE_GOV_4():
    """VOTE-GOV-4: Anna's election fails; Boris holds the plaque and may nominate Anna."""
    game = play(SIX, failed("Vera"))
    assert (game.president, game.prime_minister, game.round) == ("Boris", None, 2)
    assert "Anna" in eligible_prime_ministers(game)
    game = apply_event(game, {"type": "nominate", "candidate": "Anna"})
    assert game.candidate == "Anna"


def test_a_failed_president_does_not_count_as_former_VOTE_GOV_4():
    """VOTE-GOV-4: the last *elected* government stays barred after a failure; the failed one is not."""
    game = play(SIX, elected("Vera") + [{"type": "give", "to": n} for n in ("Anna", "Vera", "Egor")]
                + [{"type": "end_round"}] + failed("Gleb"))
    assert game.president == "Vera"
    assert ineligible_prime_ministers(game)["Anna"].startswith("was President")
    assert "Boris" in eligible_prime_ministers(game)


def test_three_failures_bring_unrest_and_clear_term_limits_VOTE_GOV_5():
    """VOTE-GOV-5: each random card applies to its owner; then anybody may be nominated."""
    start = elected("Vera") + [{"type": "give", "to": n} for n in ("Anna", "Vera", "Egor")]
    game = play(SIX, start + [{"type": "end_round"}] + failed("Gleb") + failed("Egor") + failed("Egor"))
    assert (game.phase, game.failed_elections, game.president) == ("unrest", 3, "Dina")
    with pytest.raises(RuleError, match="VOTE-GOV-2"):
        apply_event(game, {"type": "nominate", "candidate": "Gleb"})
    cards = {n: [0, -1] for n in NAMES}
    cards["Boris"] = [-5, 0]
    game = apply_event(game, {"type": "unrest", "cards": cards})
    assert game.failed_elections == 0 and game.phase == "nominate"
    assert game.players[1].in_game is False
    assert game.players[0].support == 2
    assert eligible_prime_ministers(game) == ["Anna", "Vera", "Gleb", "Egor"]


def test_unrest_needs_a_card_for_every_player_VOTE_GOV_5():
    """VOTE-GOV-5"""
    events = failed("Vera") + failed("Vera") + failed("Anna")
    assert "no unrest card for" in refused(events + [{"type": "unrest", "cards": {"Anna": [0, 0]}}],
                                           "VOTE-GOV-5")
    assert "unrest comes only" in refused([{"type": "unrest", "cards": {}}], "VOTE-GOV-5")


def test_a_vote_entered_as_totals_elects_or_fails_VOTE_GOV_3():
    """VOTE-GOV-3: the table may enter only the counts; more yes than no elects, equal fails."""
    game = play(SIX, [{"type": "nominate", "candidate": "Vera"}, {"type": "vote", "yes": 4, "no": 2}])
    assert game.prime_minister == "Vera" and game.last_vote == {
        "yes": 4, "no": 2, "double": [], "elected": True}
    game = play(SIX, [{"type": "nominate", "candidate": "Vera"}, {"type": "vote", "yes": 3, "no": 3}])
    assert game.failed_elections == 1 and game.last_vote["elected"] is False


def test_totals_count_a_double_vote_twice_and_charge_it_VOTE_GOV_3_VOTE_ABL_2():
    """VOTE-GOV-3, VOTE-ABL-2: 6 players and one Double vote make 7 votes; Egor pays −1 support."""
    game = play(SIX, [{"type": "nominate", "candidate": "Vera"},
                      {"type": "vote", "yes": 4, "no": 3, "double": ["Egor"]}])
    assert game.prime_minister == "Vera" and game.players[5].support == 4
    assert game.last_vote["double"] == ["Egor"]


@pytest.mark.parametrize("vote, message", [
    ({"yes": 4, "no": 3}, r"the votes do not add up: 4 yes \+ 3 no = 7, but 6 players vote"),
    ({"yes": 4, "no": 1, "double": ["Egor"]}, r"6 players vote and 1 Double vote counts twice"),
    ({"yes": -1, "no": 7}, "whole numbers"),
    ({"yes": 6, "no": "none"}, "whole numbers"),
])
def test_totals_that_do_not_add_up_are_refused_VOTE_GOV_3(vote, message):
    """VOTE-GOV-3: everybody in the game votes once, so the counts must add up."""
    text = refused([{"type": "nominate", "candidate": "Vera"}, {"type": "vote", **vote}], "VOTE-GOV-3")
    assert re.search(message, text)


def test_the_tally_of_named_ballots_is_kept_for_the_screens_VOTE_GOV_3():
    """VOTE-GOV-3, VOTE-ABL-2: the engine's count (a Double vote twice) is what screens show."""
    game = play(SIX, [{"type": "nominate", "candidate": "Vera"},
                      {"type": "vote", "yes": ["Anna", "Vera", "Egor"], "no": ["Boris", "Gleb", "Dina"],
                       "double": ["Egor"]}])
    assert game.last_vote == {"yes": 4, "no": 3, "double": ["Egor"], "elected": True}
