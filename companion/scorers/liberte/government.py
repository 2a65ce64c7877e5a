"""The new Government and the Opposition, Election phase step B (LIB-GOV-1..3)."""
from dataclasses import dataclass, field

from companion.scorers.liberte.cards import BLUE, FACTION, RED, WHITE
from companion.scorers.liberte.ties import describe_advances
from companion.scorers.sentence import join, names, plural, sentence

PRECEDENCE = (RED, BLUE, WHITE)
"""An unresolved tie: red beats blue, blue beats white (LIB-GOV-2)."""


@dataclass
class GovernmentResult:
    government: str
    opposition: str
    track: dict  # the election track after the tie moves; -1 is "behind space 0", see _place
    advanced: list = field(default_factory=list)
    sentences: list = field(default_factory=list)


def form_government(votes, play_order, advancing, variant="highest") -> GovernmentResult:
    """LIB-GOV-1: most votes forms the Government, the second most is the Opposition; ties per LIB-GOV-2/3."""
    track = dict(votes)
    result = GovernmentResult(None, None, track)
    result.government = _place(track, list(PRECEDENCE), "government", play_order, advancing, variant, result)
    others = [f for f in PRECEDENCE if f != result.government]
    result.opposition = _place(track, others, "opposition", play_order, advancing, variant, result)
    return result


def _place(track, factions, contest, play_order, advancing, variant, result) -> str:
    """The faction highest on the track among ``factions``; a tie is fought out with cards.

    After a tie won by a card every other faction at the same or a lower level moves back one space
    (LIB-GOV-2), so the losers fall behind the winner without changing their order among themselves. A
    marker on space 0 goes "behind" it (-1) rather than stopping there: otherwise a faction with no vote
    could draw level with one that has a vote and take the Opposition by precedence; behind 0 is as far
    as a marker goes. A tie no card won (settled by precedence) moves nobody back: R l. 410 ties the move
    to the card that wins.
    """
    top = max(track[f] for f in factions)
    tied = [f for f in factions if track[f] == top]
    if len(tied) == 1:
        result.sentences.append(
            plural("Government: %(faction)s with %(n)s vote (LIB-GOV-1)",
                   "Government: %(faction)s with %(n)s votes (LIB-GOV-1)", top, faction=FACTION[tied[0]])
            if contest == "government" else
            plural("Opposition: %(faction)s with %(n)s vote (LIB-GOV-1)",
                   "Opposition: %(faction)s with %(n)s votes (LIB-GOV-1)", top, faction=FACTION[tied[0]]))
        return tied[0]
    winner, how, by_card = _faction_tie(tied, contest, play_order, advancing, variant, result, ask=top > 0)
    params = dict(factions=names([FACTION[f] for f in tied]), how=how, faction=FACTION[winner])
    if not by_card:  # R l. 410 moves the others back behind the card that wins: no card won it
        result.sentences.append(
            plural("Government: tie at %(n)s vote between %(factions)s; %(how)s; %(faction)s wins and no faction "
                   "moves back, as no card won the tie (LIB-GOV-2)",
                   "Government: tie at %(n)s votes between %(factions)s; %(how)s; %(faction)s wins and no faction "
                   "moves back, as no card won the tie (LIB-GOV-2)", top, **params)
            if contest == "government" else
            plural("Opposition: tie at %(n)s vote between %(factions)s; %(how)s; %(faction)s wins and no faction "
                   "moves back, as no card won the tie (LIB-GOV-2)",
                   "Opposition: tie at %(n)s votes between %(factions)s; %(how)s; %(faction)s wins and no faction "
                   "moves back, as no card won the tie (LIB-GOV-2)", top, **params))
        return winner
    for faction in factions:
        if faction != winner and track[faction] <= track[winner]:
            track[faction] = max(track[faction] - 1, -1)
    result.sentences.append(
        plural("Government: tie at %(n)s vote between %(factions)s; %(how)s; %(faction)s wins and every other "
               "faction at that level or lower moves back one space (LIB-GOV-2)",
               "Government: tie at %(n)s votes between %(factions)s; %(how)s; %(faction)s wins and every other "
               "faction at that level or lower moves back one space (LIB-GOV-2)", top, **params)
        if contest == "government" else
        plural("Opposition: tie at %(n)s vote between %(factions)s; %(how)s; %(faction)s wins and every other "
               "faction at that level or lower moves back one space (LIB-GOV-2)",
               "Opposition: tie at %(n)s votes between %(factions)s; %(how)s; %(faction)s wins and every other "
               "faction at that level or lower moves back one space (LIB-GOV-2)", top, **params))
    return winner


def _faction_tie(tied, contest, play_order, advancing, variant, result, ask):
    """Every player in play order may advance one card of a tied colour; repeat while tied (LIB-GOV-2).

    ``variant`` "highest" (the rulebook): the faction of the highest single card wins. "total" (the
    Italian aid, LIB-GOV-3): the faction with the highest sum of advanced values wins. A tie at 0 votes
    (nobody holds a vote of either faction, so no VP hangs on it) takes the advances given but does not
    stop to ask the table for them (``ask``). Returns the winner, how it won, and whether a card won it
    (else the colour order did).
    """
    rule = "LIB-GOV-3" if variant == "total" else "LIB-GOV-2"
    number, log = 1, []
    while True:
        in_tie = set(tied)
        purpose = sentence("Tie for the government") if contest == "government" else sentence(
            "Tie for the opposition")
        advanced = advancing.round(contest, number, play_order, lambda p, card: card.faction in in_tie, rule,
                                   purpose, ask)
        if not advanced:
            break
        log += [(number, p, card) for p, card in advanced.items()]
        scores = {f: _score([c.value for c in advanced.values() if c.faction == f], variant) for f in tied}
        best = max(scores.values())
        tied = [f for f in tied if scores[f] == best]
        if len(tied) == 1:
            result.advanced += log
            how = (sentence("%(advances)s; the highest total decides (%(rule)s)", advances=describe_advances(log),
                            rule=rule) if variant == "total" else
                   sentence("%(advances)s; the highest card decides (%(rule)s)", advances=describe_advances(log),
                            rule=rule))
            return tied[0], how, True
        number += 1
    result.advanced += log
    return tied[0], sentence("%(advances)s; still tied, so red beats blue and blue beats white",
                             advances=describe_advances(log)), False


def _score(values, variant) -> int:
    if not values:
        return 0
    return sum(values) if variant == "total" else max(values)
