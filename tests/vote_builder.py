"""Hypothesis strategies for VOTE! games played by asking the engine for its legal actions."""
from hypothesis import strategies as st

from companion.scorers.vote.engine import legal_actions
from companion.scorers.vote.state import in_game

TABLE = st.integers(5, 10).flatmap(lambda n: st.lists(
    st.tuples(st.integers(2, 7), st.integers(2, 7)), min_size=n, max_size=n))
CARD = st.tuples(st.integers(-3, 3), st.integers(-3, 3))


def an_event(data, game):
    """Pick one legal event (or an ability now and then) from what the engine offers."""
    actions = legal_actions(game)
    action = data.draw(st.sampled_from(actions[:1] * 4 + actions[1:]))
    kind = action["type"]
    if kind == "nominate":
        return {"type": kind, "candidate": data.draw(st.sampled_from(action["candidates"]))}
    if kind == "vote":
        yes = data.draw(st.lists(st.sampled_from(action["voters"]), unique=True))
        return {"type": kind, "yes": yes, "no": [v for v in action["voters"] if v not in yes]}
    if kind == "give":
        budget, support = data.draw(CARD)
        return {"type": kind, "to": data.draw(st.sampled_from(action["to"])), "budget": budget,
                "support": support, "ability": data.draw(st.booleans())}
    if kind in ("unrest", "tiebreak"):
        # l. 101: the random card may be an ability card (VOTE-GOV-5, VOTE-FEW-2); the cards come
        # all at once (the older event) or one player's at a time, now and then again (VOTE-GOV-6)
        card = st.one_of(CARD.map(list), st.just("ability"))
        if data.draw(st.booleans()):
            return {"type": "random_card", "player": data.draw(st.sampled_from(action["players"])),
                    "card": data.draw(card)}
        return {"type": kind, "cards": {n: data.draw(card) for n in action["players"]}}
    if kind == "ability":
        user = data.draw(st.sampled_from(action["players"]))
        others = [n for n in in_game(game) if n != user]
        event = {"type": kind, "ability": action["ability"], "player": user}
        return event | {"target": data.draw(st.sampled_from(others))} if others else event
    if kind == "party_won":
        return {"type": kind, "party": "democrats"}
    return {"type": kind}
