"""The unrest's and the tie-break's random cards entered one at a time (VOTE-GOV-6): kept until the
last awaited card is in, then applied together, exactly as the older all-at-once events apply them."""
import pytest

from companion.scorers.rules import RuleError
from companion.scorers.vote.engine import apply_event, legal_actions, play

SIX = [{"name": "Anna", "budget": 2, "support": 3}, {"name": "Boris", "budget": 5, "support": 5},
       {"name": "Vera", "budget": 5, "support": 5}, {"name": "Gleb", "budget": 5, "support": 5},
       {"name": "Dina", "budget": 5, "support": 5}, {"name": "Egor", "budget": 5, "support": 5}]
NAMES = [p["name"] for p in SIX]
FAILED = [e for c in ("Vera", "Vera", "Anna") for e in (
    {"type": "nominate", "candidate": c}, {"type": "vote", "yes": [], "no": NAMES})]
CARDS = {"Anna": [0, 1], "Boris": [-5, 0], "Vera": "ability", "Gleb": [1, 1], "Dina": [0, -1],
         "Egor": [2, -2]}


def card(name, shows):
    return {"type": "random_card", "player": name, "card": shows}


def test_the_cards_apply_once_the_last_is_in_as_the_whole_unrest_would_VOTE_GOV_6():
    """VOTE-GOV-6, l. 134: nothing applies while a card is missing; the last one applies them all,
    the same points, hands, deck and log as the one-event unrest of older tables (VOTE-GOV-5)."""
    game = play(SIX, FAILED)
    for name in NAMES[:-1]:
        game = apply_event(game, card(name, CARDS[name]))
        assert game.phase == "unrest" and game.players[1].in_game
    unrest = legal_actions(game)[0]
    assert unrest["missing"] == ["Egor"] and unrest["cards"]["Vera"] == "ability"
    assert unrest["players"] == NAMES
    one_by_one = apply_event(game, card("Egor", CARDS["Egor"]))
    at_once = play(SIX, FAILED + [{"type": "unrest", "cards": CARDS}])
    assert one_by_one.phase == "nominate" and one_by_one.random_cards == {}
    assert [vars(p) for p in one_by_one.players] == [vars(p) for p in at_once.players]
    assert (one_by_one.deck, one_by_one.discard, one_by_one.log) == (at_once.deck, at_once.discard, at_once.log)


def test_a_card_entered_again_replaces_the_first_VOTE_GOV_6():
    game = play(SIX, FAILED + [card("Gleb", [-3, -3]), card("Gleb", [1, 1])])
    assert game.random_cards == {"Gleb": [1, 1]}
    game = play(SIX, FAILED + [card(n, CARDS[n]) for n in NAMES])
    assert next(p for p in game.players if p.name == "Gleb").budget == 6


def test_a_card_out_of_the_unrest_or_for_nobody_is_refused_VOTE_GOV_6():
    for events, rule, words in (
            ([card("Anna", [0, 0])], "VOTE-GOV-6", "only in the unrest or in the tie-break"),
            (FAILED + [card("Zoe", [0, 0])], "VOTE-GOV-5", "unknown player"),
            (FAILED + [card("Anna", [0])], "VOTE-GOV-5", r"must be \[budget, support\]"),
            (FAILED + [card("Anna", [True, 0])], "VOTE-GOV-5", r"must be \[budget, support\]")):
        with pytest.raises(RuleError, match=words) as err:
            play(SIX, events)
        assert err.value.rule == rule


def test_a_player_eliminated_meanwhile_is_no_longer_awaited_VOTE_GOV_6():
    """Anna eliminates Egor (VOTE-ABL-4) while his card is the only one missing: the others apply."""
    game = play(SIX, FAILED + [card(n, [0, 0]) for n in NAMES[:-1]])
    game = apply_event(game, {"type": "ability", "ability": "eliminate", "player": "Boris", "target": "Egor"})
    assert game.phase == "nominate" and game.random_cards == {}
    assert not next(p for p in game.players if p.name == "Egor").in_game


def test_the_tiebreak_takes_its_two_cards_one_at_a_time_VOTE_GOV_6_VOTE_FEW_2():
    """l. 220: both apply together; still equal, the next two are awaited."""
    tied = [dict(p, budget=4, support=4) if p["name"] in ("Anna", "Boris") else p for p in SIX]
    game = play(tied, [{"type": "eliminate", "player": n} for n in NAMES[2:]] + [card("Anna", [1, 0])])
    assert game.phase == "tiebreak" and legal_actions(game)[0]["missing"] == ["Boris"]
    game = apply_event(game, card("Boris", [1, 0]))
    assert game.phase == "tiebreak" and legal_actions(game)[0]["missing"] == ["Anna", "Boris"]
    game = apply_event(apply_event(game, card("Boris", "ability")), card("Anna", [0, 1]))
    assert game.winner["player"] == "Anna"
