"""The VOTE! engine: a game is its set-up plus events; each event gives a new position or a RuleError.

``new_game`` seats the players, ``apply_event`` plays one event on a copy of the position,
``play`` runs a whole list, ``legal_actions`` tells a screen what may happen next.
"""
import copy
import random

from companion.scorers.rules import RuleError
from companion.scorers.sentence import plural, sentence, word
from companion.scorers.vote import abilities, events, few_players, government, random_cards
from companion.scorers.vote.deck import deal_deck
from companion.scorers.vote.points import eliminate
from companion.scorers.vote.setup import first_president, loyalty_split
from companion.scorers.vote.state import (
    END_ROUND, GIVE, NOMINATE, OVER, TIEBREAK, UNREST, VOTE, Game, Player, in_game, next_clockwise,
    playing)

EVENT_TYPES = ("nominate", "vote", "give", "ability", "unrest", "random_card", "eliminate", "end_round",
               "tiebreak", "party_won")
PARTIES = ("democrats", "republicans")
PARTY_NAMES = {"democrats": word("party", "Democrats"), "republicans": word("party", "Republicans")}
PARTY_WORDS = {"democrats": word("party", "democrats"), "republicans": word("party", "republicans")}
"""How the log and a refusal name a party (the event's lower-case word, or capitalised)."""
REASONS = {"10/10": word("win reason", "10/10"), "two players left": word("win reason", "two players left"),
           "last player left": word("win reason", "last player left"),
           "no member of the other party left": word("win reason", "no member of the other party left")}


def new_game(players: list[dict], lot: list[str] | None = None,
             rng: random.Random | None = None) -> Game:
    """VOTE-SETUP-1, VOTE-SETUP-5: seat the players (``{"name", "budget", "support"}``, clockwise)
    and give the first President both plaques. Points are checked by ``replay.read_players``."""
    split = loyalty_split(len(players))
    chosen = first_president(players, lot, rng or random.Random(0))
    game = Game([Player(p["name"], p["budget"], p["support"]) for p in players], chosen["president"])
    deal_deck(game)
    game.first_president = {k: chosen[k] for k in ("president", "by", "tied")}
    game.say(plural("%(n)s player: %(democrats)s Democrats and %(republicans)s Republicans are dealt, with 3 "
                    "cards each (VOTE-SETUP-1, VOTE-SETUP-2)",
                    "%(n)s players: %(democrats)s Democrats and %(republicans)s Republicans are dealt, with 3 "
                    "cards each (VOTE-SETUP-1, VOTE-SETUP-2)", len(players), democrats=split["democrats"],
                    republicans=split["republicans"]))
    game.say(sentence("%(points)s (VOTE-SETUP-4)",
                      points=", ".join(f"{p['name']} {p['budget']}/{p['support']}" for p in players)))
    game.say(chosen["sentence"])
    return game


def apply_event(game: Game, event: dict, index: int | None = None) -> Game:
    """Play one event on a copy of ``game``; a refused event raises RuleError saying why, and where
    in a scenario's list (``index``); a phone's refusal stands beside the form it came from and
    names no event type."""
    kind = event.get("type") if isinstance(event, dict) else None
    try:
        return _apply(game, event, kind)
    except RuleError as err:
        if index is None:
            raise
        raise RuleError(sentence("events[%(index)s] (%(kind)s): %(message)s", index=index, kind=kind,
                                 message=err.message), err.rule) from None


def _apply(game: Game, event, kind) -> Game:
    if kind not in EVENT_TYPES:
        raise RuleError(sentence("unknown event type %(kind)r: one of %(kinds)s", kind=kind,
                                 kinds=", ".join(EVENT_TYPES)), "docs/formats.md")
    cancelling = kind == "ability" and event.get("ability") == "cancel_event"
    if game.phase == OVER and not (cancelling and game.undo_give is not None):
        rule = {"10/10": "VOTE-END-2", "two players left": "VOTE-FEW-2"}.get(game.winner["reason"],
                                                                            "VOTE-END-1")
        raise RuleError(sentence("the game is over: %(winner)s", winner=_winner_text(game.winner)), rule)
    before = _copy(game)
    before.undo_give = None
    new = _copy(game)
    if kind == "ability":
        new = abilities.use_ability(new, event)
    else:
        HANDLERS[kind](new, event)
    new.undo_give = before if kind == "give" and not event.get("ability") else None
    if kind == "give":
        new.previous_president = None
    _settle(new)
    return new


def _copy(game: Game) -> Game:
    undo, game.undo_give = game.undo_give, None
    try:
        copied = copy.deepcopy(game)
    finally:
        game.undo_give = undo
    copied.undo_give = undo
    return copied


def _announced_elimination(game: Game, event: dict) -> None:
    """VOTE-END-4: an elimination the table announces (a correction, or a rule applied by hand)."""
    name = event.get("player", event.get("target"))
    playing(game, name, "VOTE-END-4")
    eliminate(game, name, sentence("announced at the table"))


def _party_won(game: Game, event: dict) -> None:
    """VOTE-END-1, VOTE-EVT-5: the table announces that one party has no member left in the game
    (the last Republican eliminated must say so). Only possible once somebody has left the game."""
    party = str(event.get("party", "")).lower()
    if party not in PARTIES:
        raise RuleError(sentence("party must be one of %(parties)s, not %(party)r", parties=", ".join(PARTIES),
                                 party=event.get("party")), "VOTE-END-1")
    if len(in_game(game)) == len(game.players):
        raise RuleError(sentence("no party can have lost all its members while everybody is in the game"),
                        "VOTE-END-1")
    game.winner, game.phase = {"party": party, "player": None, "reason": "no member of the other "
                               "party left"}, OVER
    game.say(sentence("The table announces: the %(party)s win, no member of the other party is left (VOTE-END-1, "
                      "VOTE-EVT-5)", party=PARTY_NAMES[party]))


HANDLERS = {
    "nominate": government.nominate,
    "vote": government.count_votes,
    "give": events.give,
    "unrest": government.unrest,
    "random_card": random_cards.enter,
    "eliminate": _announced_elimination,
    "end_round": lambda game, event: government.end_round(game),
    "tiebreak": few_players.tiebreak,
    "party_won": _party_won,
}


def _settle(game: Game) -> None:
    """What follows from the points after every event: the win, the few-players rules, and the
    plaque of a President or candidate who left the game.

    Readings: two players left end the game at once (VOTE-FEW-2), but a 10/10 waits for the rest of
    the round's cards (VOTE-END-3); the cards of a round are given out even if players leave meanwhile (a card meant for
    somebody gone is discarded); a President who leaves before his government is elected passes the
    plaque clockwise (no failed election); a candidate who leaves is replaced by a new nomination.
    """
    if game.phase == OVER:
        return
    random_cards.apply_when_complete(game)  # the last awaited card's owner left or spent it (VOTE-GOV-6)
    if game.phase == OVER:
        return
    giving = game.phase == GIVE and not events.giving_is_over(game)
    if game.winner:
        if not giving:
            game.phase = OVER
        return
    left = in_game(game)
    if len(left) <= 2:
        few_players.end_with_few(game)
        return
    if giving:
        return
    if game.phase == GIVE:
        game.phase = END_ROUND
    if game.phase not in (NOMINATE, VOTE):
        return
    if game.president not in left:
        game.president = next_clockwise(game, game.president)
        game.say(sentence("The President left the game: the plaque passes to %(player)s", player=game.president))
        game.candidate, game.phase = None, NOMINATE
    if game.phase == VOTE and game.candidate not in left:
        game.say(sentence("The candidate %(candidate)s left the game: %(president)s nominates again",
                          candidate=game.candidate, president=game.president))
        game.candidate, game.phase = None, NOMINATE
    if len(left) == 3:
        few_players.open_three_player_round(game)


def play(players: list[dict], event_list: list[dict], lot: list[str] | None = None,
         rng: random.Random | None = None) -> Game:
    """The position after ``event_list``, from the seated players."""
    game = new_game(players, lot, rng)
    for index, event in enumerate(event_list):
        game = apply_event(game, event, index)
    return game


def legal_actions(game: Game) -> list[dict]:
    """What may happen next, for a screen: the expected move of the round, then the abilities."""
    phase = game.phase
    cancel = abilities.cancellers(game)
    if phase == OVER:  # the card just given ended it: Cancel is still offered (VOTE-ABL-5)
        return [{"type": "ability", "ability": "cancel_event", "players": cancel}] if cancel else []
    left = in_game(game)
    actions = {
        NOMINATE: [{"type": "nominate", "candidates": government.eligible_prime_ministers(game)}],
        VOTE: [{"type": "vote", "voters": left}],
        GIVE: [{"type": "give", "to": events.recipients(game)}],
        END_ROUND: [{"type": "end_round"}],
        UNREST: [{"type": "unrest", "players": random_cards.awaited(game),
                  "missing": random_cards.missing(game), "cards": random_cards.entered(game)}],
        TIEBREAK: [{"type": "tiebreak", "players": left, "missing": random_cards.missing(game),
                    "cards": random_cards.entered(game)}],
    }[phase]
    if phase != TIEBREAK:
        for ability, users in abilities.ability_users(game).items():
            if users:
                actions.append({"type": "ability", "ability": ability, "players": users})
        if len(left) < len(game.players):
            actions.append({"type": "party_won", "parties": list(PARTIES)})
    elif cancel:
        actions.append({"type": "ability", "ability": "cancel_event", "players": cancel})
    return actions


def _winner_text(winner: dict):
    if winner.get("party"):
        return sentence("the %(party)s won", party=PARTY_WORDS[winner["party"]])
    if winner.get("player") is None:
        return sentence("nobody is left in the game")
    return sentence("%(player)s's party won (%(reason)s)", player=winner["player"],
                    reason=REASONS.get(winner["reason"], winner["reason"]))
