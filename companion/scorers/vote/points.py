"""Budget and support: modifiers, elimination at 0 and the 10/10 win."""
from companion.scorers.sentence import sentence
from companion.scorers.vote.state import Game, seat

LOW, HIGH = 0, 10


def held(value: int) -> int:
    """VOTE-END-5: a point is held within 0..10."""
    return max(LOW, min(HIGH, value))


def apply_modifiers(game: Game, name: str, budget: int, support: int, why: str) -> None:
    """VOTE-END-5: both modifiers at once, then each point held in 0..10; then VOTE-END-4 and -2.

    Rulebook: 9/10 and a card +1/−2 gives 10/8, no win.
    """
    player = seat(game, name, "VOTE-END-5")
    before = (player.budget, player.support)
    player.budget, player.support = held(player.budget + budget), held(player.support + support)
    game.say(sentence("%(player)s %(why)s: %(budget)s/%(support)s, %(before)s → %(after)s (VOTE-END-5)", player=name,
                      why=why, budget=_signed(budget), support=_signed(support), before=f"{before[0]}/{before[1]}",
                      after=f"{player.budget}/{player.support}"))
    if player.budget == LOW or player.support == LOW:
        eliminate(game, name, sentence("a point reached 0"))
    elif player.budget == HIGH and player.support == HIGH:
        reach_ten_ten(game, name)


def eliminate(game: Game, name: str, why: str) -> None:
    """VOTE-END-4: the player leaves the game; his loyalty stays secret, his hand is discarded."""
    player = seat(game, name, "VOTE-END-4")
    if not player.in_game:
        return
    game.discard += player.hand
    player.in_game, player.hand = False, 0
    game.say(sentence("%(player)s is eliminated (%(why)s); the loyalty card stays secret and the hand is "
                      "discarded (VOTE-END-4)", player=name, why=why))


def reach_ten_ten(game: Game, name: str) -> None:
    """VOTE-END-2, VOTE-END-3: the first player to reach 10/10 in the round decides the winner."""
    if game.winner is None:
        game.winner = {"player": name, "reason": "10/10"}
        game.say(sentence("%(player)s has 10/10 and must reveal the loyalty card: that party wins (VOTE-END-2)",
                          player=name))
    else:
        game.say(sentence("%(player)s also has 10/10, but %(first)s received a card first (VOTE-END-3)",
                          player=name, first=game.winner["player"]))


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"
