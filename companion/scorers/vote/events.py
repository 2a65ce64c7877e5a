"""Round 2 of VOTE!: the cards reaching the PM and the President, and the President's giving."""
from companion.scorers.rules import RuleError
from companion.scorers.sentence import names, plural, sentence
from companion.scorers.vote.points import apply_modifiers
from companion.scorers.vote.state import END_ROUND, GIVE, PHASES, Game, in_game, playing

# players in the game -> (cards reaching the PM, cards reaching the President)  (VOTE-EVT-2)
CARDS = {3: (3, 3), 4: (4, 3), 5: (5, 3), 6: (6, 3), 7: (7, 4), 8: (8, 4), 9: (9, 5), 10: (10, 5)}


def cards_for(players_left: int) -> tuple[int, int]:
    """VOTE-EVT-2: the counts follow the players still in the game, not those who started."""
    return CARDS.get(players_left, (players_left, players_left))


def open_event_phase(game: Game) -> None:
    """VOTE-EVT-1, VOTE-EVT-2: everyone puts one card in; the PM passes some to the President."""
    left = in_game(game)
    to_pm, game.cards = cards_for(len(left))
    putting = [p for p in game.players if p.in_game and p.hand > 0]
    for player in putting:
        player.hand -= 1
    # a player whose last cards were abilities has none to put in: the pile is one short
    to_pm = min(to_pm, len(putting))
    game.cards = min(game.cards, to_pm)
    game.received = to_pm
    game.discard += to_pm - game.cards
    game.gives, game.undo_give, game.phase, game.dealt = [], None, GIVE, True
    if game.prime_minister:
        passing = sentence("PM %(pm)s receives %(n)s and passes %(cards)s to President %(president)s",
                           pm=game.prime_minister, n=to_pm, cards=game.cards, president=game.president)
    else:
        passing = sentence("President %(president)s receives all %(cards)s", president=game.president,
                           cards=game.cards)
    game.say(plural("%(n)s player puts a card in; %(passing)s (VOTE-EVT-1, VOTE-EVT-2)",
                    "Each of the %(n)s players puts a card in; %(passing)s (VOTE-EVT-1, VOTE-EVT-2)",
                    len(left), passing=passing))


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
        raise RuleError(sentence("the President gives no cards now: the round is at %(phase)s", phase=PHASES[game.phase]),
                        "VOTE-EVT-3")
    name = event.get("to")
    if not game.dealt:  # three players (VOTE-FEW-1): the cards go in with the first card given
        playing(game, name, "VOTE-EVT-3", "recipient")
        open_event_phase(game)
    player = playing(game, name, "VOTE-EVT-3", "recipient")
    if name in game.gives:
        raise RuleError(sentence("%(player)s already received a card this round", player=name), "VOTE-EVT-3")
    if len(game.gives) >= game.cards:
        raise RuleError(plural("the President has only %(n)s card to give", "the President has only %(n)s cards to give",
                               game.cards), "VOTE-EVT-2")
    if name not in recipients(game):
        raise RuleError(sentence("the President must still keep one card and give one back to the PM (%(players)s)",
                                 players=names(must_receive(game))), "VOTE-EVT-3")
    budget, support = event.get("budget", 0), event.get("support", 0)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (budget, support)):
        raise RuleError(sentence("a card's modifiers are whole numbers, not %(budget)r/%(support)r", budget=budget,
                                 support=support), "VOTE-EVT-3")
    game.gives.append(name)
    said = dict(president=game.president, player=name, number=len(game.gives), cards=game.cards)
    if event.get("ability"):
        player.hand += 1
        game.undo_give = None
        if name == game.president:
            game.say(sentence("President %(president)s keeps an ability card: it goes to the hand (VOTE-EVT-4)",
                              **said))
        elif name == game.prime_minister:
            game.say(sentence("President %(president)s gives back to PM %(player)s an ability card: it goes to the "
                              "hand (VOTE-EVT-4)", **said))
        else:
            game.say(sentence("President %(president)s gives to %(player)s an ability card: it goes to the hand "
                              "(VOTE-EVT-4)", **said))
    else:
        if name == game.president:
            game.say(sentence("President %(president)s keeps card %(number)s of %(cards)s (VOTE-EVT-3)", **said))
        elif name == game.prime_minister:
            game.say(sentence("President %(president)s gives back to PM %(player)s card %(number)s of %(cards)s "
                              "(VOTE-EVT-3)", **said))
        else:
            game.say(sentence("President %(president)s gives to %(player)s card %(number)s of %(cards)s "
                              "(VOTE-EVT-3)", **said))
        game.discard += 1
        apply_modifiers(game, name, budget, support, sentence("applies the card"))
    if giving_is_over(game):
        game.phase = END_ROUND
        game.say(sentence("The President has given the cards; the round can end (VOTE-EVT-3)"))
