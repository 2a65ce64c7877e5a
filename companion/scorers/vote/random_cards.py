"""Random cards entered one at a time: the unrest's and the tie-break's, each from its owner's phone.

The rulebook has every player lay down a random card of his own hand (l. 134, l. 220); the table
knows no hand, so each card is entered as what it shows, one ``random_card`` event per player, and
the cards apply together once the last awaited one is in (VOTE-GOV-6). The older ``unrest`` and
``tiebreak`` events, all the cards at once, still apply as they always did.
"""
from companion.scorers.rules import RuleError
from companion.scorers.sentence import sentence
from companion.scorers.vote import few_players, government
from companion.scorers.vote.state import TIEBREAK, UNREST, Game, in_game, playing, read_card

RULES = {UNREST: "VOTE-GOV-5", TIEBREAK: "VOTE-FEW-2"}


def awaited(game: Game) -> list[str]:
    """Whose random card the phase waits for, in seat order: in the unrest every player in the
    game who holds a card (l. 134), in the tie-break the last two (l. 220); nobody otherwise."""
    if game.phase == UNREST:
        return [p.name for p in game.players if p.in_game and p.hand > 0]
    if game.phase == TIEBREAK:
        return in_game(game)
    return []


def missing(game: Game) -> list[str]:
    """The awaited players whose card is not in yet, in seat order."""
    return [name for name in awaited(game) if name not in game.random_cards]


def enter(game: Game, event: dict) -> None:
    """VOTE-GOV-6: one player's random card, ``{"player", "card"}``, kept until every awaited card
    is in, then all of them applied in seat order by the unrest (VOTE-GOV-5) or the tie-break
    (VOTE-FEW-2). A card entered again for the same player replaces the one before it."""
    if game.phase not in RULES:
        raise RuleError(sentence("a random card is entered only in the unrest or in the tie-break"), "VOTE-GOV-6")
    rule = RULES[game.phase]
    name = event.get("player")
    playing(game, name, rule)
    card = read_card(name, event.get("card"), rule)
    if name not in awaited(game):
        raise RuleError(sentence("%(player)s holds no card to draw a random one from", player=name), rule)
    game.random_cards = dict(game.random_cards, **{name: card})
    apply_when_complete(game)


def apply_when_complete(game: Game) -> None:
    """VOTE-GOV-6: once no awaited card is missing, the cards apply. Called after every event too:
    a player who leaves the game (or spends his last card) during the unrest is no longer awaited,
    and his card, if entered, goes with his hand."""
    if game.phase not in RULES or not game.random_cards or missing(game):
        return
    cards = {name: game.random_cards[name] for name in awaited(game)}
    if game.phase == UNREST:
        government.unrest(game, {"cards": cards})
    else:
        few_players.tiebreak(game, {"cards": cards})


def entered(game: Game) -> dict:
    """The cards in so far, for a screen: ``{name: card}`` of the awaited players, in seat order."""
    return {name: game.random_cards[name] for name in awaited(game) if name in game.random_cards}

