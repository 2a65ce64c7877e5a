"""VOTE! with few players left: three play without a PM, two end the game (VOTE-FEW-1, VOTE-FEW-2)."""
from companion.scorers.rules import RuleError
from companion.scorers.sentence import names, sentence
from companion.scorers.vote.deck import draw
from companion.scorers.vote.points import apply_modifiers
from companion.scorers.vote.state import ABILITY, GIVE, OVER, TIEBREAK, Game, in_game, playing, read_card, seat


def open_three_player_round(game: Game) -> None:
    """VOTE-FEW-1: no PM; all three put a card in and the President gives one to each (keeps one).

    VOTE-ABL-3: the cards go in only with the President's first card given, so until then the round
    has not started and the last President may still transfer his powers (l. 194–196); nobody holds
    the round's cards before the Transfer's window shuts, and no card is drawn twice (l. 166)."""
    from companion.scorers.vote.events import cards_for
    game.prime_minister = game.candidate = None
    game.say(sentence("Three players left: no Prime Minister, President %(president)s deals the cards (VOTE-FEW-1)",
                      president=game.president))
    game.received, game.cards = cards_for(len(in_game(game)))
    game.gives, game.undo_give, game.dealt, game.phase = [], None, False, GIVE


def end_with_few(game: Game) -> None:
    """VOTE-FEW-2: with two players left the higher budget + support wins, then the higher support;
    still equal, both draw random cards (``tiebreak`` events) until one is ahead.

    One player left (both eliminated by Eliminate at 5/5, VOTE-ABL-4): his party wins (VOTE-END-1).
    """
    if game.dealt and game.cards > len(game.gives):  # the round's last cards, never given, are discarded
        game.discard += game.cards - len(game.gives)
        game.cards = len(game.gives)
    left = [seat(game, n, "VOTE-FEW-2") for n in in_game(game)]
    if len(left) < 2:
        reason = "two players left" if game.phase == TIEBREAK else "last player left"
        name = left[0].name if left else None
        _won(game, {"player": name, "reason": reason, "by": "elimination"},
             sentence("%(player)s is the last player in the game: that party wins", player=name) if name else
             sentence("Nobody is the last player in the game"))
        return
    a, b = left
    if a.budget + a.support != b.budget + b.support:
        top = max(left, key=lambda p: p.budget + p.support)
        _won(game, {"player": top.name, "reason": "two players left", "by": "budget + support"},
             sentence("Two players left: %(player)s has the higher budget + support (%(points)s)", player=top.name,
                      points=f"{a.name} {a.budget + a.support}, {b.name} {b.budget + b.support}"))
    elif a.support != b.support:
        top = max(left, key=lambda p: p.support)
        _won(game, {"player": top.name, "reason": "two players left", "by": "support"},
             sentence("Two players left, equal on budget + support: %(player)s has the higher support",
                      player=top.name))
    else:
        if game.phase != TIEBREAK:
            game.say(sentence("Two players left, equal on total and support: each applies a random card from hand, "
                              "then from the deck, until one is ahead (VOTE-FEW-2)"))
        game.phase = TIEBREAK


def tiebreak(game: Game, event: dict) -> None:
    """VOTE-FEW-2: one random card for each of the two, ``cards: {name: [budget, support]}``, or
    ``"ability"`` for an ability card (no modifiers: it is discarded unused, VOTE-GOV-5's reading).

    The table draws them (from the hand, then the deck) and enters what they show.
    """
    if game.phase != TIEBREAK:
        raise RuleError(sentence("random cards decide only a tie between the last two players"), "VOTE-FEW-2")
    cards = event.get("cards")
    left = in_game(game)
    if not isinstance(cards, dict) or sorted(cards) != sorted(left):
        raise RuleError(sentence("a card for each of %(players)s: {name: [budget, support]}",
                                 players=names(left)), "VOTE-FEW-2")
    for name, card in cards.items():
        playing(game, name, "VOTE-FEW-2")
        read_card(name, card, "VOTE-FEW-2")
    game.random_cards = {}
    for name, card in cards.items():
        _spend_random_card(game, seat(game, name, "VOTE-FEW-2"))
        if card == ABILITY:  # reading: no modifiers to apply; discarded unused, the tie may go on
            game.say(sentence("%(player)s's random card is an ability card: it has no modifiers to apply and "
                              "goes to the discard pile, unused (VOTE-FEW-2)", player=name))
        else:
            apply_modifiers(game, name, card[0], card[1], sentence("applies a random card (VOTE-FEW-2)"))


def _spend_random_card(game: Game, player) -> None:
    """VOTE-FEW-2: the random card comes from the hand while it holds any, then from the deck
    (l. 220: «Если таким образом были применены все карты из рук обоих игроков … из колоды»); once
    applied it lies on the discard pile like any applied card (VOTE-EVT-3)."""
    if player.hand > 0:
        player.hand -= 1
    elif not draw(game):
        return  # no card left anywhere: the table applies what it drew (cannot happen with 60 cards)
    game.discard += 1


def _won(game: Game, winner: dict, said) -> None:
    game.winner, game.phase = winner, OVER
    rule = "VOTE-FEW-2" if winner["reason"] == "two players left" else "VOTE-END-1"
    game.say(sentence("%(said)s (%(rule)s)", said=said, rule=rule))
