"""Round 2 of VOTE!: the cards reaching the PM and the President, and the President's giving."""
from companion.scorers.rules import RuleError
from companion.scorers.vote.points import apply_modifiers
from companion.scorers.vote.state import END_ROUND, GIVE, Game, in_game, playing

# players in the game -> (cards reaching the PM, cards reaching the President)  (VOTE-EVT-2)
CARDS = {3: (3, 3), 4: (4, 3), 5: (5, 3), 6: (6, 3), 7: (7, 4), 8: (8, 4), 9: (9, 5), 10: (10, 5)}


def cards_for(players_left: int) -> tuple[int, int]:
    """VOTE-EVT-2: the counts follow the players still in the game, not those who started."""
    return CARDS.get(players_left, (players_left, players_left))


def open_event_phase(game: Game) -> None:
    """VOTE-EVT-1, VOTE-EVT-2: everyone puts one card in; the PM passes some to the President."""
    left = in_game(game)
    to_pm, game.cards = cards_for(len(left))
    for player in game.players:
        if player.in_game:
            player.hand = max(0, player.hand - 1)
    game.discard += to_pm - game.cards
    game.gives, game.undo_give, game.phase = [], None, GIVE
    passing = (f"PM {game.prime_minister} receives {to_pm} and passes {game.cards} to President "
               f"{game.president}" if game.prime_minister else
               f"President {game.president} receives all {game.cards}")
    game.say(f"Each of the {len(left)} players puts a card in; {passing} (VOTE-EVT-1, VOTE-EVT-2)")


def must_receive(game: Game) -> list[str]:
    """VOTE-EVT-3: the President keeps one and gives one back to the PM; who still waits for his."""
    return [n for n in (game.president, game.prime_minister)
            if n is not None and n not in game.gives and n in in_game(game)]


def recipients(game: Game) -> list[str]:
    """VOTE-EVT-3: who may receive the President's next card (each player one card a round)."""
    if game.phase != GIVE or len(game.gives) >= game.cards:
        return []
    waiting = must_receive(game)
    if game.cards - len(game.gives) <= len(waiting):
        return waiting
    return [n for n in in_game(game) if n not in game.gives]


def giving_is_over(game: Game) -> bool:
    """All the President's cards are given, or no player is left to receive one (it is discarded)."""
    return not recipients(game)


def give(game: Game, event: dict) -> None:
    """VOTE-EVT-3, VOTE-EVT-4: one card from the President, applied at once (or into the hand).

    Reading: the President gives in any order he likes, but the last cards go to himself and the PM
    if they have not had theirs; the order is recorded for VOTE-END-3.
    """
    if game.phase != GIVE:
        raise RuleError(f"the President gives no cards at {game.phase!r}", "VOTE-EVT-3")
    name = event.get("to")
    player = playing(game, name, "VOTE-EVT-3", "recipient")
    if name in game.gives:
        raise RuleError(f"{name} already received a card this round", "VOTE-EVT-3")
    if len(game.gives) >= game.cards:
        raise RuleError(f"the President has only {game.cards} cards to give", "VOTE-EVT-2")
    if name not in recipients(game):
        raise RuleError(f"the President must still keep one card and give one back to the PM "
                        f"({', '.join(must_receive(game))})", "VOTE-EVT-3")
    budget, support = event.get("budget", 0), event.get("support", 0)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (budget, support)):
        raise RuleError(f"a card's modifiers are whole numbers, not {budget!r}/{support!r}", "VOTE-EVT-3")
    game.gives.append(name)
    who = ("keeps" if name == game.president else
           "gives back to PM" if name == game.prime_minister else "gives to")
    if event.get("ability"):
        player.hand += 1
        game.undo_give = None
        game.say(f"President {game.president} {who}"
                 f"{'' if name == game.president else ' ' + name} an ability card: it goes to the "
                 "hand (VOTE-EVT-4)")
    else:
        target = "" if name == game.president else f" {name}"
        game.say(f"President {game.president} {who}{target} card {len(game.gives)} of "
                 f"{game.cards} (VOTE-EVT-3)")
        game.discard += 1
        apply_modifiers(game, name, budget, support, "applies the card")
    if giving_is_over(game):
        game.phase = END_ROUND
        game.say("The President has given his cards; the round can end (VOTE-EVT-3)")
