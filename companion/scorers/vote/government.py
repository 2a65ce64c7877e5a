"""Round 1 of VOTE!: the President's plaque, the nomination, the vote, failed elections, unrest."""
from companion.scorers.rules import RuleError
from companion.scorers.sentence import names, plural, sentence
from companion.scorers.vote.deck import play_ability_card, refill_hands
from companion.scorers.vote.points import apply_modifiers
from companion.scorers.vote.state import (
    ABILITY, END_ROUND, GIVE, NOMINATE, PHASES, UNREST, VOTE, Game, in_game, next_clockwise, playing, read_card,
    seat)

FAILURES_FOR_UNREST = 3
ABILITY_CARDS = 10  # l. 21 (VOTE-CON-3)


def ineligible_prime_ministers(game: Game) -> dict:
    """VOTE-GOV-2: every player who may not be nominated now, with the reason why not.

    Not the President, not the President or PM of the last elected government; with 5 players in the
    game (reading: or 4) only that last PM. After unrest (VOTE-GOV-5) the last government is
    forgotten, so anybody but the President may be nominated. A failed election's President is never
    barred for what he was before (VOTE-GOV-4, l. 132: «может быть номинирован»).
    """
    return {name: sentence("%(why)s (%(rule)s)", why=why, rule=rule) for name, (why, rule) in _reasons(game).items()}


def failed_presidents_eligible(game: Game) -> dict:
    """VOTE-GOV-4: the Presidents of failed elections since the last elected government whom the
    term limits would otherwise bar, with why they may be nominated all the same."""
    return {name: sentence("was President of a failed election: may be nominated (%(rule)s)", rule="VOTE-GOV-4")
            for name in _barred_by_term(game) if name in game.failed_presidents and name != game.president}


def _barred_by_term(game: Game) -> dict:
    """VOTE-GOV-2's term limits alone: the last elected PM, and (more than 5 players, reading: or
    4) the last elected President."""
    small_table = len(in_game(game)) in (4, 5)
    barred = {}
    if game.last_prime_minister:
        barred[game.last_prime_minister] = sentence("was PM of the last elected government")
    if game.last_president and not small_table and game.last_president not in barred:
        barred[game.last_president] = sentence("was President of the last elected government")
    return barred


def _reasons(game: Game) -> dict:
    barred = _barred_by_term(game)
    reasons = {}
    for player in game.players:
        name = player.name
        if not player.in_game:
            reasons[name] = (sentence("has left the game"), "VOTE-END-4")
        elif name == game.president:
            reasons[name] = (sentence("is the President who nominates"), "VOTE-GOV-2")
        elif name in barred and name not in game.failed_presidents:
            reasons[name] = (barred[name], "VOTE-GOV-2")
    return reasons


def eligible_prime_ministers(game: Game) -> list[str]:
    """VOTE-GOV-2: who the President may nominate, in seat order."""
    reasons = _reasons(game)
    return [p.name for p in game.players if p.name not in reasons]


def nominate(game: Game, event: dict) -> None:
    """VOTE-GOV-2: the President names his candidate for Prime Minister."""
    if game.phase != NOMINATE:
        raise RuleError(sentence("no nomination now: the round is at %(phase)s", phase=PHASES[game.phase]),
                        "VOTE-GOV-2")
    name = event.get("candidate")
    seat(game, name, "VOTE-GOV-2", "candidate")
    if name in _reasons(game):
        why, rule = _reasons(game)[name]
        raise RuleError(sentence("%(player)s %(why)s, so cannot be nominated", player=name, why=why), rule)
    game.candidate, game.phase, game.previous_president = name, VOTE, None
    game.say(sentence("President %(president)s nominates %(player)s for Prime Minister (VOTE-GOV-2)",
                      president=game.president, player=name))


def count_votes(game: Game, event: dict) -> None:
    """VOTE-GOV-3 with VOTE-ABL-2: everybody in the game votes once; a Double vote counts twice.

    More yes than no elects the candidate; equal or more no fails the election (VOTE-GOV-4).
    Reading: the ballots count as cast; the Double vote's cost (−1 support) is paid right after.
    """
    if game.phase != VOTE:
        raise RuleError(sentence("no vote now: the round is at %(phase)s", phase=PHASES[game.phase]), "VOTE-GOV-3")
    if any(_is_int(event.get(key)) for key in ("yes", "no")):
        return count_totals(game, event)
    yes, no, doubles = (_names(event, key) for key in ("yes", "no", "double"))
    cast = yes + no
    for name in cast:
        voter = seat(game, name, "VOTE-GOV-3", "voter")
        if not voter.in_game:
            raise RuleError(sentence("%(player)s has left the game and cannot vote", player=name), "VOTE-GOV-3")
    twice = sorted({n for n in cast if cast.count(n) > 1})
    missing = [n for n in in_game(game) if n not in cast]
    if twice or missing:
        problem = (sentence("%(players)s voted twice", players=names(twice)) if twice else
                   sentence("%(players)s did not vote", players=names(missing)))
        raise RuleError(sentence("every player in the game votes once: %(problem)s", problem=problem), "VOTE-GOV-3")
    for name in doubles:
        if name not in cast:
            raise RuleError(sentence("%(player)s uses Double vote but did not vote", player=name), "VOTE-ABL-2")
    new = new_doubles(game, doubles)
    doubled = game.doubles + new
    ayes = len(yes) + sum(n in yes for n in doubled)
    noes = len(no) + sum(n in no for n in doubled)
    decide(game, ayes, noes, new, doubled)


def decide(game: Game, ayes: int, noes: int, new: list[str], doubled: list[str]) -> None:
    """VOTE-GOV-3: the tally is said and kept (``last_vote``); Double votes are paid; then the
    candidate is elected or the election fails."""
    game.last_vote = {"yes": ayes, "no": noes, "double": list(doubled), "elected": ayes > noes}
    if doubled:
        game.say(sentence("Vote on %(candidate)s: %(yes)s yes, %(no)s no (Double vote: %(doubled)s) (VOTE-GOV-3)",
                          candidate=game.candidate, yes=ayes, no=noes, doubled=", ".join(doubled)))
    else:
        game.say(sentence("Vote on %(candidate)s: %(yes)s yes, %(no)s no (VOTE-GOV-3)", candidate=game.candidate,
                          yes=ayes, no=noes))
    for name in new:
        play_ability_card(game, name)
        apply_modifiers(game, name, 0, -1, sentence("pays for Double vote (VOTE-ABL-2)"))
    game.doubles = []
    if ayes > noes:
        elect(game)
    else:
        fail_election(game)


def count_totals(game: Game, event: dict) -> None:
    """VOTE-GOV-3 with VOTE-ABL-2, as counted at the table: ``yes`` and ``no`` are totals (a Double
    vote already counted twice), ``double`` names who used Double vote. Everybody in the game votes
    once, so the totals add up to the players in the game plus the Double votes.
    """
    ayes, noes, doubles = event.get("yes", 0), event.get("no", 0), _names(event, "double")
    if not (_is_int(ayes) and _is_int(noes)) or ayes < 0 or noes < 0:
        raise RuleError(sentence("the votes are counted as whole numbers, not %(yes)r yes and %(no)r no",
                                 yes=ayes, no=noes), "VOTE-GOV-3")
    for name in doubles:
        playing(game, name, "VOTE-ABL-2")
    new = new_doubles(game, doubles)
    doubled = game.doubles + new
    voters = len(in_game(game))
    if ayes + noes != voters + len(doubled):
        if doubled:
            raise RuleError(plural("the votes do not add up: %(yes)s yes + %(no)s no = %(sum)s, but %(voters)s "
                                   "and %(n)s Double vote counts twice",
                                   "the votes do not add up: %(yes)s yes + %(no)s no = %(sum)s, but %(voters)s "
                                   "and %(n)s Double votes count twice", len(doubled),
                                   yes=ayes, no=noes, sum=ayes + noes, voters=_voting(voters)), "VOTE-GOV-3")
        raise RuleError(sentence("the votes do not add up: %(yes)s yes + %(no)s no = %(sum)s, but %(voters)s",
                                 yes=ayes, no=noes, sum=ayes + noes, voters=_voting(voters)), "VOTE-GOV-3")
    decide(game, ayes, noes, new, doubled)


def new_doubles(game: Game, doubles: list[str]) -> list[str]:
    """VOTE-ABL-2, VOTE-ABL-7: who plays Double vote now (once each, and able to pay −1 support)."""
    for name in doubles:
        if doubles.count(name) > 1:
            raise RuleError(sentence("%(player)s doubles a vote only once", player=name), "VOTE-ABL-2")
    new = [name for name in doubles if name not in game.doubles]
    if game.used_abilities + len(new) > ABILITY_CARDS:
        raise RuleError(sentence("all %(n)s ability cards have been used", n=ABILITY_CARDS), "VOTE-CON-3")
    for name in new:
        if seat(game, name, "VOTE-ABL-2").hand == 0:
            raise RuleError(sentence("%(player)s holds no card", player=name), "VOTE-CON-3")
        if seat(game, name, "VOTE-ABL-2").support < 1:
            raise RuleError(sentence("%(player)s cannot pay −1 support for Double vote", player=name), "VOTE-ABL-7")
    return new


def elect(game: Game) -> None:
    """VOTE-GOV-3: the candidate becomes PM; the failure count restarts; the event phase opens."""
    from companion.scorers.vote.events import open_event_phase
    game.prime_minister, game.candidate, game.failed_elections = game.candidate, None, 0
    game.say(sentence("%(player)s is Prime Minister (VOTE-GOV-3)", player=game.prime_minister))
    open_event_phase(game)


def fail_election(game: Game) -> None:
    """VOTE-GOV-4: both lose their posts, the plaque passes clockwise, a new round begins.

    The failed President is no former President: the last elected government stays as it was.
    Three failures in a row call for unrest (VOTE-GOV-5) before the next nomination.
    """
    failed = game.president
    game.failed_elections += 1
    game.say(sentence("The election fails (%(n)s in a row); %(president)s and %(candidate)s lose their posts "
                      "(VOTE-GOV-4)", n=game.failed_elections, president=failed, candidate=game.candidate))
    game.candidate = None
    game.previous_president = failed
    game.failed_presidents = game.failed_presidents + [failed]
    refill_hands(game)  # l. 166: three cards at the end of every round, a failed one too
    game.say(sentence("Everyone in the game draws or discards to 3 cards (VOTE-CON-1)"))
    game.round += 1
    game.president = next_clockwise(game, failed)
    game.say(sentence("The President plaque passes to %(player)s (VOTE-GOV-4)", player=game.president))
    if game.failed_elections >= FAILURES_FOR_UNREST:
        game.phase = UNREST
        game.say(sentence("Three failed elections in a row: unrest (VOTE-GOV-5)"))
    else:
        open_round(game)


def unrest(game: Game, event: dict) -> None:
    """VOTE-GOV-5: each player's random card applies to him; then term limits clear.

    ``cards`` maps every player in the game who holds cards to the ``[budget, support]`` of the card
    his left neighbour picked, applied in the order given, or to ``"ability"``: an ability card
    (l. 101 counts them among the hand's cards) has no event modifiers, so nothing applies and it is
    discarded with the others, unused (reading, l. 134: «а сами карты отправляются в сброс»).
    """
    if game.phase != UNREST:
        raise RuleError(sentence("unrest comes only after three failed elections in a row"), "VOTE-GOV-5")
    cards = event.get("cards")
    if not isinstance(cards, dict):
        raise RuleError(sentence("unrest needs 'cards': {player: [budget, support]}"), "VOTE-GOV-5")
    for name, card in cards.items():
        playing(game, name, "VOTE-GOV-5")
        read_card(name, card, "VOTE-GOV-5")
    missing = [p.name for p in game.players if p.in_game and p.hand > 0 and p.name not in cards]
    if missing:
        raise RuleError(sentence("no unrest card for %(players)s", players=names(missing)), "VOTE-GOV-5")
    game.random_cards = {}
    for name, card in cards.items():
        player = seat(game, name, "VOTE-GOV-5")
        if player.in_game:
            player.hand = max(0, player.hand - 1)
            game.discard += 1
            if card == ABILITY:
                game.say(sentence("%(player)s's random card is an ability card: it has no modifiers to apply and "
                                  "goes to the discard pile, unused (VOTE-GOV-5)", player=name))
            else:
                apply_modifiers(game, name, card[0], card[1],
                                sentence("has a random card applied in the unrest"))
    game.last_president = game.last_prime_minister = None
    game.failed_elections, game.failed_presidents = 0, []
    refill_hands(game)  # l. 166: three cards at the start of the new round
    game.say(sentence("Everyone in the game draws or discards to 3 cards (VOTE-CON-1)"))
    game.say(sentence("Term limits clear: anybody may be nominated Prime Minister (VOTE-GOV-5)"))
    open_round(game)


def open_round(game: Game) -> None:
    """The round starts with a nomination, or (three players left, VOTE-FEW-1) with the cards."""
    from companion.scorers.vote.few_players import open_three_player_round
    game.prime_minister = game.candidate = None
    game.doubles, game.gives, game.undo_give, game.dealt = [], [], None, False
    if game.president not in in_game(game):
        game.president = next_clockwise(game, game.president)
        game.say(sentence("The President left the game: the plaque passes to %(player)s", player=game.president))
    if len(in_game(game)) == 3:
        open_three_player_round(game)
    else:
        game.phase = NOMINATE


def end_round(game: Game) -> None:
    """VOTE-GOV-1 and VOTE-CON-1: hands back to 3, the plaque moves clockwise, a new round."""
    if game.phase in (NOMINATE, UNREST) and game.failed_elections and game.previous_president:
        game.say(sentence("The round already ended with the failed election (VOTE-GOV-4)"))
        return
    if game.phase == GIVE:
        raise RuleError(sentence("the round cannot end yet: the President still gives cards"),
                        "VOTE-EVT-3")
    if game.phase != END_ROUND:
        raise RuleError(sentence("the round cannot end now: the round is at %(phase)s", phase=PHASES[game.phase]), "VOTE-GOV-2")
    game.discard += game.cards - len(game.gives)
    refill_hands(game)
    game.say(sentence("Everyone in the game draws or discards to 3 cards (VOTE-CON-1)"))
    if game.prime_minister is not None:
        game.last_president, game.last_prime_minister = game.president, game.prime_minister
        game.failed_presidents = []
    game.previous_president = game.president
    game.round += 1
    game.president = next_clockwise(game, game.president)
    game.say(sentence("The President plaque moves clockwise to %(player)s (VOTE-GOV-1)", player=game.president))
    open_round(game)


def _names(event: dict, key: str) -> list[str]:
    names = event.get(key, [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleError(sentence("'%(key)s' must be a list of player names", key=key), "VOTE-GOV-3")
    return names


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _voting(voters: int):
    """How many players vote, with the verb agreeing with the count."""
    return plural("%(n)s player votes", "%(n)s players vote", voters)
