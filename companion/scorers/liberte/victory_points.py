"""Victory points for the Government and the Opposition, Election phase step C (LIB-VP-1..6)."""
from dataclasses import dataclass

from companion.scorers.liberte.ties import break_tie, describe_advances


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
        sentences.append(f"Nobody holds a {opposition} vote: no Opposition VPs (LIB-VP-1)")
    return awards, sentences


def _government_first(groups, colour, advancing, awards, sentences) -> list:
    """First Government place; returns who holds second place (LIB-VP-3, LIB-VP-4)."""
    if not groups:
        sentences.append(f"Nobody holds a {colour} vote: no Government VPs (LIB-VP-1)")
        return []
    first, rest = groups[0], groups[1:]
    next_holders = rest[0] if rest else []
    if len(first) == 1:
        awards.append(Award(first[0], 5, "government-first"))
        sentences.append(f"{first[0]} holds the most {colour} votes: 5 VP (LIB-VP-1)")
        return next_holders
    outcome = _fight(first, colour, "vp:government:first", advancing)
    if outcome.winner:
        awards.append(Award(outcome.winner, 5, "government-first"))
        losers = outcome.losers(first)
        sentences.append(f"Tie for the most {colour} votes between {', '.join(first)}; "
                         f"{describe_advances(outcome.advanced)}; {outcome.winner} scores 5 VP and "
                         f"{', '.join(losers)} hold{'s' if len(losers) == 1 else ''} second place (LIB-VP-3)")
        return losers
    awards.extend(Award(p, 3, "government-first") for p in outcome.still_tied)
    sentences.append(f"Tie for the most {colour} votes between {', '.join(first)}; "
                     f"{describe_advances(outcome.advanced)}; still tied: {', '.join(outcome.still_tied)} "
                     "score 3 VP each and second place is still awarded (LIB-VP-4)")
    return outcome.losers(first) or next_holders


def _place(group, colour, contest, reason, vp, tied_vp, advancing, awards, sentences) -> None:
    """One place: a single holder scores ``vp``; a tie is fought out, unbroken each scores ``tied_vp``."""
    title = {"government-second": "second most", "opposition-first": "most"}[reason]
    if len(group) == 1:
        awards.append(Award(group[0], vp, reason))
        sentences.append(f"{group[0]} holds the {title} {colour} votes: {vp} VP (LIB-VP-1)")
        return
    outcome = _fight(group, colour, contest, advancing)
    head = f"Tie for the {title} {colour} votes between {', '.join(group)}; {describe_advances(outcome.advanced)}"
    if outcome.winner:
        awards.append(Award(outcome.winner, vp, reason))
        sentences.append(f"{head}; {outcome.winner} scores {vp} VP (LIB-VP-2)")
    else:
        awards.extend(Award(p, tied_vp, reason) for p in outcome.still_tied)
        sentences.append(f"{head}; still tied: {', '.join(outcome.still_tied)} score {tied_vp} VP each (LIB-VP-4)")


def _fight(group, colour, contest, advancing):
    """LIB-VP-2: the tied advance cards of the place's colour, repeating among those still tied."""
    return break_tie(advancing, contest, group, lambda p, card: card.faction == colour, "LIB-VP-2",
                     f"Tie for {contest}", repeat=True)
