"""Province elections, Election phase step A (LIB-ELEC-1..8)."""
from dataclasses import dataclass, field

from companion.scorers.liberte.control import highest_stacks
from companion.scorers.liberte.scenario import Stack
from companion.scorers.liberte.cards import FACTION, OF_FACTION
from companion.scorers.liberte.ties import break_tie, describe_advances
from companion.scorers.sentence import join, plural, sentence

VP_TURNS = (3, 4)


@dataclass
class ProvinceResult:
    number: int
    name: str | None
    winner: str | None = None
    faction: str | None = None
    votes: int = 0
    tie: bool = False
    vp: int = 0
    cleared: int = 0  # blocks returned to the supply after a tie (LIB-ELEC-5)
    advanced: list = field(default_factory=list)  # (round, player, card)
    sentence: str = ""

    def as_json(self) -> dict:
        return {"number": self.number, "name": self.name, "winner": self.winner, "faction": self.faction,
                "votes": self.votes, "tie": self.tie, "vp": self.vp, "cleared": self.cleared,
                "advanced": [{"round": r, "player": p, "card": c.id, "value": c.value}
                             for r, p, c in self.advanced]}


def resolve_province(province, stacks, play_order, advancing, turn, said: bool = True):
    """Resolve one province's election; returns its result and the stacks left standing on it.

    LIB-ELEC-2 empty: no vote. LIB-ELEC-3 a single highest stack wins one block as a vote.
    LIB-ELEC-4 equal highest stacks: the tied players advance matching cards. LIB-ELEC-5 after any
    tie the province is cleared. LIB-ELEC-6/7 Paris: the whole stack, and ties repeat.
    LIB-ELEC-8 VP provinces score in turns 3 and 4. ``said``: with its sentence (the figures
    alone otherwise: a preview of the election says nothing).
    """
    result = ProvinceResult(province.number, province.name)
    if not stacks:
        if said:
            result.sentence = sentence("%(province)s: empty, no vote (LIB-ELEC-2)",
                                       province=province.label)
        return result, []
    seat = {player: i for i, player in enumerate(play_order)}
    stacks = sorted(stacks, key=lambda s: (-s.blocks, seat[s.player]))
    highest = highest_stacks(stacks)
    winner, tie_parts = highest[0], []
    if len(highest) > 1:
        result.tie = True
        winner, tie_parts = _tie(province, highest, play_order, advancing, result)
    left = [Stack(s.player, s.faction, s.blocks) for s in stacks]
    if winner:
        result.winner, result.faction = winner.player, winner.faction
        result.votes = winner.blocks if province.paris else 1
        left = [Stack(s.player, s.faction, s.blocks - (result.votes if s is winner else 0)) for s in stacks]
        if province.vp and turn in VP_TURNS:
            result.vp = province.vp
    if result.tie:
        result.cleared = sum(s.blocks for s in left)
        left = []
    if said:
        result.sentence = _sentence(province, stacks, winner, result, tie_parts)
    return result, [s for s in left if s.blocks > 0]


def _sentence(province, stacks, winner, result, parts):
    """A province's election in words: its tie (``parts``, :func:`_tie`) or who beat whom, who
    takes its votes and VPs, what a tie clears."""
    parts = list(parts)
    if not result.tie:
        parts.append(sentence("%(winner)s beats %(others)s", winner=_stack(winner),
                              others=join(", ", [_stack(s) for s in stacks[1:]]))
                     if len(stacks) > 1 else sentence("%(winner)s stands alone", winner=_stack(winner)))
    if winner:
        rule = "LIB-ELEC-6" if province.paris else "LIB-ELEC-3"
        parts.append(sentence("%(player)s takes %(votes)s (%(rule)s)", player=winner.player,
                              votes=_votes(result.votes, winner.faction), rule=rule))
        if result.vp:
            parts.append(sentence("%(player)s scores %(vp)s VP for the province (LIB-ELEC-8)",
                                  player=winner.player, vp=province.vp))
    if result.tie:
        parts.append(plural("the remaining %(n)s block returns to the supply (LIB-ELEC-5)",
                            "the remaining %(n)s blocks return to the supply (LIB-ELEC-5)", result.cleared)
                     if result.cleared else sentence("nothing is left in the province (LIB-ELEC-5)"))
    return sentence("%(province)s: %(parts)s", province=province.label, parts=join("; ", parts))


def _tie(province, highest, play_order, advancing, result):
    """The tied players advance cards of their stack's colour (LIB-ELEC-4; Paris repeats, LIB-ELEC-7)."""
    colour = {s.player: s.faction for s in highest}
    rule = "LIB-ELEC-7" if province.paris else "LIB-ELEC-4"
    tied = [player for player in play_order if player in colour]
    outcome = break_tie(advancing, f"province:{province.number}", tied,
                        lambda player, card: card.faction == colour[player], rule,
                        sentence("Tie in %(province)s", province=province.label), repeat=province.paris)
    result.advanced = outcome.advanced
    parts = [sentence("tie %(stacks)s", stacks=join(" – ", [_stack(s) for s in highest])),
             describe_advances(outcome.advanced)]
    if outcome.winner is None:
        parts.append(sentence("still tied, no vote (%(rule)s)", rule=rule))
        return None, parts
    return next(s for s in highest if s.player == outcome.winner), parts


def _stack(stack):
    return sentence("%(faction)s %(blocks)s (%(player)s)", faction=FACTION[stack.faction], blocks=stack.blocks,
                    player=stack.player)


def _votes(n: int, faction: str):
    return plural("%(n)s %(faction)s vote", "%(n)s %(faction)s votes", n, faction=OF_FACTION[faction])
