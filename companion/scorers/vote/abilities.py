"""VOTE! ability cards: their costs, their moments and their conditions (VOTE-ABL-1..7).

The companion cannot see the hands (the deal is secret), so it does not ask whether the user holds
the card: it checks the moment and the condition, takes the cost and applies the effect. Loyalty is
never asked for nor stored: Change loyalty is logged only as used, with its cost.
"""
import copy

from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence
from companion.scorers.vote.deck import play_ability_card, refill_hands
from companion.scorers.vote.events import giving_is_over, open_event_phase
from companion.scorers.vote.points import apply_modifiers, eliminate
from companion.scorers.vote.state import (
    END_ROUND, GIVE, NOMINATE, OVER, UNREST, VOTE, Game, in_game, playing, seat)

# ability -> (budget cost, support cost, rule)
ABILITIES = {
    "loyalty_check": (1, 0, "VOTE-ABL-1"),
    "double_vote": (0, 1, "VOTE-ABL-2"),
    "transfer_presidency": (1, 1, "VOTE-ABL-3"),
    "eliminate": (5, 5, "VOTE-ABL-4"),
    "cancel_event": (0, 0, "VOTE-ABL-5"),
    "change_loyalty": (3, 3, "VOTE-ABL-6"),
}
ABILITY_CARDS = 10  # l. 21: ten ability cards, each used once (l. 174)
TARGETED = {"loyalty_check", "transfer_presidency", "eliminate"}


def refusal(game: Game, ability: str, user: str) -> tuple[str, str] | None:
    """Why ``user`` may not use ``ability`` now, as (message, rule); None when he may."""
    budget_cost, support_cost, rule = ABILITIES[ability]
    player = seat(game, user, rule)
    # a Cancel is judged on the hand before the card it cancels (which may have taken him out)
    holder = game.undo_give if ability == "cancel_event" and game.undo_give is not None else game
    hand = seat(holder, user, rule).hand
    if holder is not game and not holder.dealt:  # that card brought the round's cards in: one less
        hand -= 1
    if hand <= 0:
        return sentence("%(player)s holds no card", player=user), "VOTE-CON-3"
    if game.used_abilities >= ABILITY_CARDS:
        return sentence("all %(n)s ability cards have been used", n=ABILITY_CARDS), "VOTE-CON-3"
    if ability == "double_vote":
        if game.phase != VOTE:
            return sentence("Double vote is used only during a vote"), rule
        if user in game.doubles:
            return sentence("%(player)s already doubled a vote", player=user), rule
    elif ability == "transfer_presidency":
        if game.previous_president != user or not _between_rounds(game):
            return sentence("%(player)s may transfer presidential powers only right after a round with %(player)s "
                            "as President ended", player=user), rule
    elif ability == "cancel_event":
        undo = game.undo_give
        if undo is None or game.gives[-1:] != [user]:
            return sentence("%(player)s has not just received an event card from the President", player=user), rule
        if user in (undo.president, undo.prime_minister):
            return sentence("%(player)s is President or PM and cannot cancel the card", player=user), rule
    elif ability == "change_loyalty":
        if len(in_game(game)) == len(game.players):
            return sentence("loyalty changes only once a player has been eliminated"), rule
    if player.budget < budget_cost or player.support < support_cost:
        return (sentence("%(player)s cannot pay −%(budget)s budget/−%(support)s support with %(points)s",
                         player=user, budget=budget_cost, support=support_cost,
                         points=f"{player.budget}/{player.support}"),
                "VOTE-ABL-4" if ability == "eliminate" else "VOTE-ABL-7")
    return None


def ability_users(game: Game) -> dict:
    """Who may use each ability now (the screens offer these).

    Cancel is offered before the card's effect is final, whatever the card did: to its recipient
    even when it took him out of the game or ended it (VOTE-ABL-5, l. 206: «получит от Президента
    карту события. В таком случае к нему не применяются модификаторы»)."""
    if game.phase == OVER:
        users = {ability: [] for ability in ABILITIES}
        users["cancel_event"] = cancellers(game)
        return users
    return {ability: cancellers(game) if ability == "cancel_event" else
            [n for n in in_game(game) if refusal(game, ability, n) is None] for ability in ABILITIES}


def cancellers(game: Game) -> list[str]:
    """VOTE-ABL-5: who may cancel the card just given: its recipient, if he was in the game when he
    received it and is neither President nor PM."""
    if game.undo_give is None or not game.gives:
        return []
    name = game.gives[-1]
    if name not in in_game(game.undo_give):
        return []
    return [name] if refusal(game, "cancel_event", name) is None else []


def use_ability(game: Game, event: dict) -> Game:
    """VOTE-ABL-1..7: check the moment and condition, apply the effect, take the cost."""
    ability, user = event.get("ability"), event.get("player")
    if ability not in ABILITIES:
        raise RuleError(sentence("unknown ability %(ability)r: one of %(abilities)s", ability=ability,
                                 abilities=", ".join(ABILITIES)), "docs/formats.md")
    budget_cost, support_cost, rule = ABILITIES[ability]
    if ability == "cancel_event" and game.undo_give is not None:
        playing(game.undo_give, user, rule)  # the cancelled card may have taken him out
    else:
        playing(game, user, rule)
    target = event.get("target")
    if ability in TARGETED:
        playing(game, target, rule, "target")
        if target == user:
            raise RuleError(sentence("%(player)s must choose another player", player=user), rule)
    why = refusal(game, ability, user)
    if why:
        raise RuleError(*why)
    game = _EFFECTS[ability](game, user, target)
    play_ability_card(game, user)
    if budget_cost or support_cost:
        apply_modifiers(game, user, -budget_cost, -support_cost,
                        sentence("pays for the ability (%(rule)s, VOTE-ABL-7)", rule=rule))
    if ability == "transfer_presidency" and game.phase != OVER:
        # reading: played between two rounds, so its user draws back to three at once (l. 166)
        refill_hands(game)
        game.say(sentence("Everyone in the game draws or discards to 3 cards (VOTE-CON-1)"))
    return game


def _between_rounds(game: Game) -> bool:
    """VOTE-ABL-3: the window of the Transfer, between the end of a round and the new President's
    first act: before the nomination, or (three players, no nomination) before the cards go in."""
    return transfer_window(game)


def transfer_window(game: Game) -> bool:
    """VOTE-ABL-3: whether the rounds stand between two Presidents now (the screens show it)."""
    return (game.phase in (NOMINATE, UNREST) and game.candidate is None) or (
        game.phase == GIVE and game.prime_minister is None and not game.dealt)


def _loyalty_check(game, user, target):
    game.say(sentence("%(player)s looks at %(target)s's loyalty card and must state a result aloud, true or false "
                      "(VOTE-ABL-1)", player=user, target=target))
    return game


def _double_vote(game, user, target):
    game.doubles.append(user)
    game.say(sentence("%(player)s uses Double vote: the vote counts twice (VOTE-ABL-2)", player=user))
    return game


def _transfer(game, user, target):
    game.president, game.previous_president = target, None
    game.say(sentence("%(player)s transfers presidential powers: %(target)s is President, the rotation goes on "
                      "clockwise from {target?f:her|m:him|there} (VOTE-ABL-3)", player=user, target=target))
    return game


def _eliminate(game, user, target):
    game.say(sentence("%(player)s eliminates %(target)s (VOTE-ABL-4)", player=user, target=target))
    eliminate(game, target, sentence("eliminated by %(player)s", player=user))
    return game


def _cancel(game, user, target):
    restored = copy.deepcopy(game.undo_give)
    if not restored.dealt:  # the card came with the round's first: the cards stay in (VOTE-FEW-1)
        open_event_phase(restored)
    restored.gives.append(user)
    restored.discard += 1
    restored.log = game.log
    restored.say(sentence("%(player)s cancels the event card: it is discarded without effect, %(player)s is back "
                          "to %(points)s (VOTE-ABL-5)", player=user, points=_points(restored, user)))
    if giving_is_over(restored):
        restored.phase = END_ROUND
    return restored


def _change_loyalty(game, user, target):
    game.say(sentence("%(player)s uses Change loyalty; the new party stays secret (VOTE-ABL-6)", player=user))
    return game


def _points(game, name):
    player = seat(game, name, "VOTE-ABL-5")
    return f"{player.budget}/{player.support}"


_EFFECTS = {"loyalty_check": _loyalty_check, "double_vote": _double_vote, "transfer_presidency": _transfer,
            "eliminate": _eliminate, "cancel_event": _cancel, "change_loyalty": _change_loyalty}
