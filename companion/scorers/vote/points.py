"""Budget and support: modifiers, elimination at 0 and the 10/10 win."""
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
    game.say(f"{name} {why}: {_signed(budget)}/{_signed(support)}, "
             f"{before[0]}/{before[1]} → {player.budget}/{player.support} (VOTE-END-5)")
    if player.budget == LOW or player.support == LOW:
        eliminate(game, name, "a point reached 0")
    elif player.budget == HIGH and player.support == HIGH:
        reach_ten_ten(game, name)


def eliminate(game: Game, name: str, why: str) -> None:
    """VOTE-END-4: the player leaves the game; his loyalty stays secret, his hand is discarded."""
    player = seat(game, name, "VOTE-END-4")
    if not player.in_game:
        return
    game.discard += player.hand
    player.in_game, player.hand = False, 0
    game.say(f"{name} is eliminated ({why}); his loyalty stays secret and his hand is discarded "
             "(VOTE-END-4)")


def reach_ten_ten(game: Game, name: str) -> None:
    """VOTE-END-2, VOTE-END-3: the first player to reach 10/10 in the round decides the winner."""
    if game.winner is None:
        game.winner = {"player": name, "reason": "10/10"}
        game.say(f"{name} has 10/10 and must reveal his loyalty: his party wins (VOTE-END-2)")
    else:
        game.say(f"{name} also has 10/10, but {game.winner['player']} received his card first "
                 "(VOTE-END-3)")


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"
