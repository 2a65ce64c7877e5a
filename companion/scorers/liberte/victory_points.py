"""Victory points for the Government and the Opposition, Election phase step C (LIB-VP-1..6)."""
from dataclasses import dataclass

from companion.scorers.liberte.cards import OF_FACTION
from companion.scorers.liberte.ties import break_tie, describe_advances
from companion.scorers.sentence import names, plural, sentence


@dataclass(frozen=True)
class Award:
    player: str
    vp: int
    reason: str  # battle, province, government-first, government-second, opposition-first
    province: int | None = None

    def as_json(self) -> dict:
        data = {"player": self.player, "vp": self.vp, "reason": self.reason}
        if self.province is not None:
            data["province"] = self.province
        return data


def holders(votes_held, colour, play_order) -> list:
    """Players holding votes of ``colour``, grouped by how many, most first (LIB-VP-1: none, no place)."""
    counts = {p: votes_held.get(p, {}).get(colour, 0) for p in play_order}
    levels = sorted({n for n in counts.values() if n > 0}, reverse=True)
    return [[p for p in play_order if counts[p] == n] for n in levels]


def present(votes_held, government, play_order) -> list:
    """LIB-VP-5: every player holding a vote of the Government colour is present in the Government."""
    return [p for p in play_order if votes_held.get(p, {}).get(government, 0) > 0]


def award_victory_points(votes_held, government, opposition, play_order, advancing):
    """The 5 / 2 VP Government places and the 3 VP Opposition place, with their ties; returns
    (awards, sentences)."""
    awards, sentences = [], []
    groups = holders(votes_held, government, play_order)
    second = _government_first(groups, government, advancing, awards, sentences)
    if second:
        _place(second, government, "vp:government:second", "government-second", 2, 1, advancing, awards, sentences)
    groups = holders(votes_held, opposition, play_order)
    if groups:
        _place(groups[0], opposition, "vp:opposition:first", "opposition-first", 3, 2, advancing, awards, sentences)
    else:
        sentences.append(sentence("Nobody holds a %(faction)s vote: no Opposition VPs (LIB-VP-1)",
                                  faction=OF_FACTION[opposition]))
    return awards, sentences


def _government_first(groups, colour, advancing, awards, sentences) -> list:
    """First Government place; returns who holds second place (LIB-VP-3, LIB-VP-4)."""
    if not groups:
        sentences.append(sentence("Nobody holds a %(faction)s vote: no Government VPs (LIB-VP-1)",
                                  faction=OF_FACTION[colour]))
        return []
    first, rest = groups[0], groups[1:]
    next_holders = rest[0] if rest else []
    if len(first) == 1:
        awards.append(Award(first[0], 5, "government-first"))
        sentences.append(sentence("%(player)s holds the most %(faction)s votes: 5 VP (LIB-VP-1)", player=first[0],
                                  faction=OF_FACTION[colour]))
        return next_holders
    outcome = _fight(first, colour, "vp:government:first", advancing)
    if outcome.winner:
        awards.append(Award(outcome.winner, 5, "government-first"))
        losers = outcome.losers(first)
        sentences.append(plural("Tie for the most %(faction)s votes between %(players)s; %(advances)s; %(winner)s "
                                "scores 5 VP and %(losers)s holds second place (LIB-VP-3)",
                                "Tie for the most %(faction)s votes between %(players)s; %(advances)s; %(winner)s "
                                "scores 5 VP and %(losers)s hold second place (LIB-VP-3)", len(losers),
                                faction=OF_FACTION[colour], players=names(first),
                                advances=describe_advances(outcome.advanced), winner=outcome.winner,
                                losers=names(losers)))
        return losers
    awards.extend(Award(p, 3, "government-first") for p in outcome.still_tied)
    sentences.append(sentence("Tie for the most %(faction)s votes between %(players)s; %(advances)s; still tied: "
                              "%(tied)s score 3 VP each and second place is still awarded (LIB-VP-4)",
                              faction=OF_FACTION[colour], players=names(first),
                              advances=describe_advances(outcome.advanced), tied=names(outcome.still_tied)))
    return outcome.losers(first) or next_holders


def _place(group, colour, contest, reason, vp, tied_vp, advancing, awards, sentences) -> None:
    """One place: a single holder scores ``vp``; a tie is fought out, unbroken each scores ``tied_vp``."""
    second, faction = reason == "government-second", OF_FACTION[colour]
    if len(group) == 1:
        awards.append(Award(group[0], vp, reason))
        params = dict(player=group[0], faction=faction, vp=vp)
        sentences.append(sentence("%(player)s holds the second most %(faction)s votes: %(vp)s VP (LIB-VP-1)", **params)
                         if second else
                         sentence("%(player)s holds the most %(faction)s votes: %(vp)s VP (LIB-VP-1)", **params))
        return
    outcome = _fight(group, colour, contest, advancing)
    params = dict(faction=faction, players=names(group), advances=describe_advances(outcome.advanced))
    head = (sentence("Tie for the second most %(faction)s votes between %(players)s; %(advances)s", **params)
            if second else sentence("Tie for the most %(faction)s votes between %(players)s; %(advances)s", **params))
    if outcome.winner:
        awards.append(Award(outcome.winner, vp, reason))
        sentences.append(sentence("%(tie)s; %(winner)s scores %(vp)s VP (LIB-VP-2)", tie=head, winner=outcome.winner,
                                  vp=vp))
    else:
        awards.extend(Award(p, tied_vp, reason) for p in outcome.still_tied)
        sentences.append(sentence("%(tie)s; still tied: %(tied)s score %(vp)s VP each (LIB-VP-4)", tie=head,
                                  tied=names(outcome.still_tied), vp=tied_vp))


def _fight(group, colour, contest, advancing):
    """LIB-VP-2: the tied advance cards of the place's colour, repeating among those still tied."""
    return break_tie(advancing, contest, group, lambda p, card: card.faction == colour, "LIB-VP-2",
                     sentence("Tie for %(contest)s", contest=contest), repeat=True)
