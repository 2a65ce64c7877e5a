"""The turn's battle, turns 2-4, before the elections (LIB-BAT-1..4)."""
from dataclasses import dataclass, field

from companion.scorers.liberte.ties import break_tie, describe_advances

BATTLE_TURNS = (2, 3, 4)


@dataclass
class BattleResult:
    winner: str | None
    vp: int | None  # None: the board profile does not know this turn's battle VPs yet
    lost: bool
    advanced: list = field(default_factory=list)
    sentence: str = ""

    def as_json(self) -> dict:
        return {"winner": self.winner, "vp": self.vp, "lost": self.lost,
                "advanced": [{"round": r, "player": p, "card": c.id, "value": c.value}
                             for r, p, c in self.advanced]}


def has_general(advancing, player) -> bool:
    return any(card.general for card in advancing.displays.get(player, []))


def fight_battle(turn, tokens, play_order, advancing, battle_vp) -> BattleResult:
    """Who leads the army and scores the battle VPs.

    LIB-BAT-1 only players with a General on display and a token in the Battle box are eligible;
    the most tokens wins. LIB-BAT-2 equal tokens: the tied advance one General each, the highest
    wins, still tied: nobody. LIB-BAT-3 nobody scoring makes a lost battle. LIB-BAT-4 with no General
    advanced nothing is discarded; every token goes back to its owner.
    """
    eligible = [p for p in play_order if tokens.get(p, 0) > 0 and has_general(advancing, p)]
    ignored = [p for p in play_order if tokens.get(p, 0) > 0 and p not in eligible]
    parts = [f"{p}'s {tokens[p]} token(s) do not count without a General (LIB-BAT-1)" for p in ignored]
    winner, advanced = None, []
    if eligible:
        most = max(tokens[p] for p in eligible)
        leaders = [p for p in eligible if tokens[p] == most]
        if len(leaders) == 1:
            winner = leaders[0]
            parts.append(f"{winner} has the most tokens ({most}) and leads the army (LIB-BAT-1)")
        else:
            outcome = break_tie(advancing, "battle", leaders, lambda p, card: card.general, "LIB-BAT-2",
                                "Tie in the battle", repeat=False)
            winner, advanced = outcome.winner, outcome.advanced
            parts.append(f"tie at {most} tokens between {', '.join(leaders)}; {describe_advances(advanced)}"
                         + (f"; {winner} leads the army (LIB-BAT-2)" if winner else "; nobody leads the army"))
    else:
        parts.append("nobody with a General has a token in the Battle box (LIB-BAT-1)")
    vp = battle_vp.get(turn) if winner else 0
    if winner and vp is None:
        parts.append(f"the battle VPs of turn {turn} are not in the board profile: read them under the "
                     "turn track and add them")
    elif winner:
        parts.append(f"{winner} scores {vp} VP")
    else:
        parts.append("the battle is lost: a white block goes on it and counts for the counter-revolution "
                     "(LIB-BAT-3)")
    if not advanced:
        parts.append("no General was advanced, no card is discarded (LIB-BAT-4)")
    return BattleResult(winner, vp, winner is None, advanced, f"Battle of turn {turn}: " + "; ".join(parts))
