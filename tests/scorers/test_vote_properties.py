"""Properties of any legal VOTE! game, played by asking the engine for its legal actions."""
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.scorers.vote.engine import apply_event, legal_actions, new_game
from companion.scorers.vote.events import cards_for
from companion.scorers.vote.state import in_game
from vote_builder import TABLE, an_event

@settings(max_examples=60, deadline=None)
@given(TABLE, st.data())
def test_any_legal_game_keeps_the_invariants(points, data):
    """VOTE-END-5, VOTE-GOV-1, VOTE-EVT-2: points stay in 0..10; the President who nominates is in the
    game (reading: one who leaves once elected still gives out his cards); the PM receives one
    card per player left."""
    players = [{"name": f"P{i}", "budget": b, "support": s} for i, (b, s) in enumerate(points)]
    game = new_game(players)
    for _ in range(80):
        if not legal_actions(game):
            break
        game = apply_event(game, an_event(data, game))
        assert all(0 <= p.budget <= 10 and 0 <= p.support <= 10 for p in game.players)
        if game.phase in ("nominate", "vote"):
            assert game.president in in_game(game)
        if game.phase != "over":
            assert cards_for(len(in_game(game)))[0] == len(in_game(game))
