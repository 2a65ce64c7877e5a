"""Advancing cards to break ties, asked one player at a time.

A tie is a *contest* (``province:8``, ``battle``, ``government``, ``vp:government:first`` …) played in
rounds; in a round each player who may advance is asked, in play order, for one card of his display
(docs/formats.md). The decisions come from the scenario's ``advances``. In batch mode a player missing from
a round passes; in interactive mode the resolution stops with a :class:`Question` for him instead, and
the caller answers by adding his decision and resolving again (a resolve is pure and takes well under a
millisecond, so replaying is the simplest correct way to continue).
"""
from dataclasses import dataclass

from companion.scorers.liberte.checks import expect
from companion.scorers.rules import RuleError
from companion.scorers.sentence import join, names, sentence


@dataclass(frozen=True)
class Question:
    """Who must decide now, in which contest and round, and which cards he may advance; the
    round's players in order, and those of them who are not asked (no card they may advance here)."""

    contest: str
    round: int  # 1-based; the answer goes to advances[contest][round - 1][player]
    player: str
    cards: tuple
    question: str
    players: tuple = ()
    unable: tuple = ()

    def as_json(self) -> dict:
        return {"contest": self.contest, "round": self.round, "player": self.player,
                "cards": [card.as_json() for card in self.cards], "question": self.question,
                "players": list(self.players), "unable": list(self.unable)}


class Pending(Exception):
    """Raised inside a resolution that must stop to ask a tie decision."""

    def __init__(self, question: Question):
        super().__init__(question.question)
        self.question = question


@dataclass(frozen=True)
class TieOutcome:
    winner: str | None
    still_tied: list  # the contenders who advanced the highest value last (all, if nobody advanced)
    advanced: list  # (round, player, card) in the order advanced

    def losers(self, contenders) -> list:
        """Contenders who fell out of the tie, in play order."""
        return [p for p in contenders if p != self.winner and p not in self.still_tied]


class Advancing:
    """The displays while ties are broken: an advanced card leaves its display for good."""

    def __init__(self, displays: dict, advances: dict, interactive: bool = False):
        self.displays = {player: list(cards) for player, cards in displays.items()}
        self.advances = advances
        self.interactive = interactive
        self.spent = {}  # (player, card id) -> contest where it was advanced
        self.played = set()  # (contest, round) of every round fought

    def unused(self) -> list:
        """Decisions the scenario gives for rounds that were never fought (no such tie)."""
        return [sentence("%(contest)s round %(number)s", contest=contest, number=number)
                for contest, rounds in self.advances.items() for number, decisions in enumerate(rounds, 1)
                if decisions and (contest, number) not in self.played]

    def round(self, contest: str, number: int, players, allowed, rule: str, purpose: str,
              ask: bool = True) -> dict:
        """Ask ``players`` in order for one card each; returns {player: Card} of those who advanced.

        ``allowed(player, card)`` says whether a card may be advanced here (its colour or General).
        ``ask=False``: take the decisions given, but do not stop to ask for missing ones.
        """
        self.played.add((contest, number))
        rounds = self.advances.get(contest, [])
        given = rounds[number - 1] if number <= len(rounds) else {}
        strangers = [player for player in given if player not in players]
        expect(not strangers, sentence("advances %(contest)s round %(number)s: %(strangers)s may not advance there "
                                       "(only %(players)s may)", contest=contest, number=number,
                                       strangers=names(strangers), players=names(players)), rule)
        advanced = {}
        options = {player: [card for card in self.displays.get(player, []) if card.id and allowed(player, card)]
                   for player in players}
        for player in players:
            if player in given:
                if given[player] is not None:
                    advanced[player] = self._take(player, given[player], contest, number, allowed, rule)
            elif self.interactive and ask and options[player]:
                unable = tuple(p for p in players if not options[p] and p not in given)
                raise Pending(Question(contest, number, player, tuple(options[player]), sentence(
                    "%(purpose)s: %(player)s, advance one of your cards or pass.", purpose=purpose, player=player),
                    tuple(players), unable))
        return advanced

    def _take(self, player, card_id, contest, number, allowed, rule):
        where = dict(contest=contest, number=number, player=player, card=card_id)
        if (player, card_id) in self.spent:
            raise RuleError(sentence("advances %(contest)s round %(number)s: %(player)s: card %(card)r was already "
                                     "advanced in %(spent)s; an advanced card is discarded",
                                     spent=self.spent[player, card_id], **where), rule)
        card = next(card for card in self.displays[player] if card.id == card_id)
        expect(allowed(player, card), sentence("advances %(contest)s round %(number)s: %(player)s: card %(card)r "
                                               "%(label)s cannot be advanced here (%(contest)s)", label=card.label,
                                               **where), rule)
        self.displays[player].remove(card)
        self.spent[player, card_id] = contest
        return card


def break_tie(advancing: Advancing, contest: str, contenders: list, allowed, rule: str, purpose: str,
              repeat: bool) -> TieOutcome:
    """Players advance cards; the highest value wins (LIB-ELEC-4, LIB-BAT-2, LIB-VP-2).

    With ``repeat`` (Paris LIB-ELEC-7, VPs LIB-VP-2) the rounds go on among those still tied while
    somebody advances. Nobody advancing leaves the tie standing among those still in it.
    """
    tied, log, number = list(contenders), [], 1
    while True:
        advanced = advancing.round(contest, number, tied, allowed, rule, purpose)
        log += [(number, player, card) for player, card in advanced.items()]
        if not advanced:
            return TieOutcome(None, tied, log)
        best = max(card.value for card in advanced.values())
        tied = [player for player in tied if player in advanced and advanced[player].value == best]
        if len(tied) == 1:
            return TieOutcome(tied[0], [], log)
        if not repeat:
            return TieOutcome(None, tied, log)
        number += 1


def describe_advances(advanced):
    """``Christie advances marat (red 3); Joshua advances danton (red 2) in round 2`` for the log."""
    if not advanced:
        return sentence("nobody advances a card")
    return join("; ", [sentence("%(player)s advances %(card)s in round %(number)s", player=player, card=card.label,
                                number=number) if number > 1 else
                       sentence("%(player)s advances %(card)s", player=player, card=card.label)
                       for number, player, card in advanced])
