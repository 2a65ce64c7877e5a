"""The event deck as counts the companion can know: deck, discard pile, used abilities (VOTE-CON-1, -2).

The hands' contents are secret, but how many cards each player holds is public: 3 at the start and
end of every round, one fewer after putting a card in or using an ability, one more after receiving
an ability card.
"""
from companion.scorers.sentence import sentence
from companion.scorers.vote.setup import CARDS_IN_HAND, EVENT_DECK
from companion.scorers.vote.state import Game, seat


def deal_deck(game: Game) -> None:
    """VOTE-SETUP-2: 3 cards to each player from the 60 shuffled together."""
    game.deck = EVENT_DECK - CARDS_IN_HAND * len(game.players)
    game.discard = game.used_abilities = 0


def play_ability_card(game: Game, name: str) -> None:
    """An ability card leaves the hand for the separate pile, never shuffled back (VOTE-CON-2)."""
    player = seat(game, name, "VOTE-CON-2")
    player.hand = max(0, player.hand - 1)
    game.used_abilities += 1


def refill_hands(game: Game) -> None:
    """VOTE-CON-1: everyone in the game draws up to 3; anyone above 3 discards down to 3."""
    for player in game.players:
        if not player.in_game:
            continue
        while player.hand < CARDS_IN_HAND and draw(game):
            player.hand += 1
        if player.hand > CARDS_IN_HAND:
            game.discard += player.hand - CARDS_IN_HAND
            player.hand = CARDS_IN_HAND


def draw(game: Game) -> bool:
    """VOTE-CON-2: an empty deck takes the shuffled discard pile (used abilities stay out)."""
    if game.deck == 0 and game.discard:
        game.deck, game.discard = game.discard, 0
        game.say(sentence("The deck is empty: the discard pile (%(n)s cards) is shuffled into a new deck; "
                          "used ability cards stay out (VOTE-CON-2)", n=game.deck))
    if game.deck == 0:
        return False
    game.deck -= 1
    return True
