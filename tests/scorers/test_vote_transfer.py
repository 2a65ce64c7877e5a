"""The Transfer of presidential powers at its moment, at every table size, and the 60 cards counted.

Hand counts from the rulebook (seed 001): 60 cards (l. 20–21), 3 dealt to each (l. 101), the round's
cards in and given out (l. 142–152), hands back to 3 once after the cards (l. 166), a used ability
on its own pile (l. 174), the Transfer between two rounds (l. 194–196)."""
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.scorers.rules import RuleError
from companion.scorers.vote.abilities import transfer_window
from companion.scorers.vote.engine import apply_event, legal_actions, new_game, play
from companion.scorers.vote.state import END_ROUND, GIVE, OVER, TIEBREAK

from vote_builder import TABLE, an_event

# Cid (2/2) has the lowest total: first President; Dan and Eve leave at once: three players left.
FIVE = [{"name": "Ann", "budget": 4, "support": 4}, {"name": "Bob", "budget": 4, "support": 5},
        {"name": "Cid", "budget": 2, "support": 2}, {"name": "Dan", "budget": 5, "support": 5},
        {"name": "Eve", "budget": 6, "support": 6}]
DOWN_TO_THREE = [{"type": "eliminate", "player": n} for n in ("Dan", "Eve")]
CID_ROUND = [{"type": "give", "to": n, "budget": 1, "support": 1} for n in ("Cid", "Ann", "Bob")]
TRANSFER = {"type": "ability", "player": "Cid", "ability": "transfer_presidency", "target": "Bob"}


def hands(game):
    return {p.name: p.hand for p in game.players if p.in_game}


def on_table(game) -> int:
    """The round's cards put in and not yet given (VOTE-EVT-1..3)."""
    return game.cards - len(game.gives) if game.dealt and game.phase in (GIVE, END_ROUND, OVER, TIEBREAK) else 0


def all_cards(game) -> int:
    return game.deck + game.discard + sum(p.hand for p in game.players) + game.used_abilities + on_table(game)


def test_the_three_player_transfer_comes_before_the_cards_go_in_VOTE_ABL_3_VOTE_FEW_1_VOTE_CON_1():
    """Hand count: 60 − 5×3 = 45 in the deck; Dan's and Eve's 6 cards to the discard. Cid's round:
    3 cards in, 3 given and applied (discard 9); hands back to 3: deck 42. The plaque moves to Ann,
    nobody has put a card in yet (hands 3/3/3), and Cid, President of the round just over, names Bob:
    his card to the used pile, he draws one (deck 41, once). Bob's first card brings the 3 cards in
    (hands 2/2/2) and shuts the window: Cid is refused with the rule's words."""
    game = play(FIVE, DOWN_TO_THREE)
    assert (game.deck, game.discard, hands(game)) == (45, 6, {"Ann": 3, "Bob": 3, "Cid": 3})
    assert game.phase == GIVE and not game.dealt and transfer_window(game)
    game = play(FIVE, DOWN_TO_THREE + CID_ROUND + [{"type": "end_round"}])
    assert (game.president, game.deck, game.discard) == ("Ann", 42, 9)
    assert hands(game) == {"Ann": 3, "Bob": 3, "Cid": 3} and transfer_window(game)
    offered = [a for a in legal_actions(game) if a.get("ability") == "transfer_presidency"]
    assert offered == [{"type": "ability", "ability": "transfer_presidency", "players": ["Cid"]}]
    game = apply_event(game, TRANSFER)
    assert (game.president, game.deck, game.discard, game.used_abilities) == ("Bob", 41, 9, 1)
    assert hands(game) == {"Ann": 3, "Bob": 3, "Cid": 3} and all_cards(game) == 60
    assert "Each of the 3 players puts a card in" not in " ".join(map(str, game.log[-3:]))
    game = apply_event(game, {"type": "give", "to": "Ann", "budget": 0, "support": 1})
    assert hands(game) == {"Ann": 2, "Bob": 2, "Cid": 2} and (game.deck, game.discard) == (41, 10)
    assert all_cards(game) == 60 and not transfer_window(game)
    assert "President Bob receives all 3" in str(game.log[-3])
    with pytest.raises(RuleError) as err:
        apply_event(game, TRANSFER)
    assert err.value.rule == "VOTE-ABL-3" and "only right after a round" in err.value.message


def test_with_a_nomination_the_window_shuts_at_the_nomination_VOTE_ABL_3_VOTE_GOV_2():
    """Five players: after Cid's round the plaque moves to Dan; Cid may transfer until Dan nominates."""
    round_ = [{"type": "nominate", "candidate": "Ann"},
              {"type": "vote", "yes": [p["name"] for p in FIVE], "no": []}]
    round_ += [{"type": "give", "to": n} for n in ("Ann", "Bob", "Cid")] + [{"type": "end_round"}]
    game = play(FIVE, round_)
    assert game.president == "Dan" and transfer_window(game)
    late = apply_event(game, {"type": "nominate", "candidate": "Bob"})
    assert not transfer_window(late)
    with pytest.raises(RuleError) as err:
        apply_event(late, TRANSFER | {"target": "Eve"})
    assert err.value.rule == "VOTE-ABL-3"
    early = apply_event(game, TRANSFER | {"target": "Eve"})
    assert early.president == "Eve" and all_cards(early) == 60


def test_replay_refuses_the_late_transfer_with_the_rules_words_VOTE_ABL_3():
    """`companion vote replay`: the Transfer after the three-player round's first card is refused."""
    events = DOWN_TO_THREE + CID_ROUND + [{"type": "end_round"}, {"type": "give", "to": "Ann"}, TRANSFER]
    done = subprocess.run([sys.executable, "-m", "companion", "vote", "replay", "-"],
                          input=json.dumps({"players": FIVE, "events": events}), capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert "Cid may transfer presidential powers only right after a round" in done.stderr
    assert done.stderr.rstrip().endswith("(VOTE-ABL-3)")


def test_no_card_no_ability_VOTE_CON_3():
    """A player whose hand is empty holds no ability card; an eleventh ability is refused."""
    game = play(FIVE, [])
    game.players[0].hand = 0
    with pytest.raises(RuleError) as err:
        apply_event(game, {"type": "ability", "player": "Ann", "ability": "loyalty_check", "target": "Bob"})
    assert err.value.rule == "VOTE-CON-3"
    game = play(FIVE, [])
    game.used_abilities = 10
    with pytest.raises(RuleError) as err:
        apply_event(game, {"type": "ability", "player": "Bob", "ability": "loyalty_check", "target": "Ann"})
    assert err.value.rule == "VOTE-CON-3"


@settings(max_examples=80, deadline=None)
@given(TABLE, st.data())
def test_the_sixty_cards_are_always_all_somewhere_VOTE_CON_3(points, data):
    """VOTE-CON-3 over whole random games (abilities, unrest, eliminations, few players): the 50
    event and 10 ability cards are always in the deck, the discard pile, a hand, the round's pile or
    the used pile; no more than the 10 ability cards are ever used; no hand holds fewer than none."""
    players = [{"name": f"P{i}", "budget": b, "support": s} for i, (b, s) in enumerate(points)]
    game = new_game(players)
    assert all_cards(game) == 60
    for _ in range(120):
        if not legal_actions(game):
            break
        try:
            before, game = game, apply_event(game, an_event(data, game))
        except RuleError as err:  # a Double vote by a player with no card left is refused
            assert err.rule == "VOTE-CON-3"
            continue
        assert all_cards(game) == 60, (game.log[-6:], _parts(game), _parts(before.undo_give or before), _parts(before))
        assert 0 <= game.used_abilities <= 10 and min(p.hand for p in game.players) >= 0
        assert all(p.hand == 0 for p in game.players if not p.in_game)
        assert game.deck >= 0 and game.discard >= 0


def _parts(game):
    return (game.deck, game.discard, [p.hand for p in game.players], game.used_abilities, game.cards, game.gives,
            game.dealt, game.phase)


def test_a_random_card_may_be_an_ability_card_in_the_unrest_and_the_tiebreak_VOTE_GOV_5_VOTE_FEW_2():
    """l. 101, l. 134, l. 220: the ability card picked at random applies nothing and is discarded
    unused (not on the used pile): hand 3 → 2, discard +1, used stays 0."""
    names = [p["name"] for p in FIVE]
    fails = [e for n in ("Ann", "Bob", "Dan") for e in ({"type": "nominate", "candidate": n},
                                                       {"type": "vote", "yes": [], "no": names})]
    game = play(FIVE, fails)
    assert game.phase == "unrest"
    cards = {n: [0, 0] for n in names} | {"Ann": "ability"}
    after = apply_event(game, {"type": "unrest", "cards": cards})
    ann = next(p for p in after.players if p.name == "Ann")
    assert (ann.budget, ann.support) == (4, 4) and after.used_abilities == 0 and all_cards(after) == 60
    assert (after.discard, after.deck) == (game.discard + 5, game.deck - 5)  # five discarded, five drawn
    assert "Ann's random card is an ability card" in " ".join(map(str, after.log))
    two = [{"name": "Ann", "budget": 4, "support": 4}, {"name": "Bob", "budget": 4, "support": 4}] + FIVE[2:]
    tie = play(two, [{"type": "eliminate", "player": n} for n in ("Cid", "Dan", "Eve")])
    assert tie.phase == TIEBREAK
    tie = apply_event(tie, {"type": "tiebreak", "cards": {"Ann": "ability", "Bob": [0, 0]}})
    assert tie.phase == TIEBREAK and hands(tie) == {"Ann": 2, "Bob": 2} and all_cards(tie) == 60
