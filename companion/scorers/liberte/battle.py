"""The turn's battle, turns 2-4, before the elections (LIB-BAT-1..4)."""
from dataclasses import dataclass, field

from companion.scorers.liberte.ties import break_tie, describe_advances
from companion.scorers.sentence import join, names, plural, sentence

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
    parts = [plural("%(player)s's %(n)s token does not count without a General (LIB-BAT-1)",
                    "%(player)s's %(n)s tokens do not count without a General (LIB-BAT-1)", tokens[p], player=p)
             for p in ignored]
    winner, advanced = None, []
    if eligible:
        most = max(tokens[p] for p in eligible)
        leaders = [p for p in eligible if tokens[p] == most]
        if len(leaders) == 1:
            winner = leaders[0]
            parts.append(sentence("%(player)s has the most tokens (%(n)s) and leads the army (LIB-BAT-1)",
                                  player=winner, n=most))
        else:
            outcome = break_tie(advancing, "battle", leaders, lambda p, card: card.general, "LIB-BAT-2",
                                sentence("Tie in the battle"), repeat=False)
            winner, advanced = outcome.winner, outcome.advanced
            tie = plural("tie at %(n)s token between %(players)s; %(advances)s",
                         "tie at %(n)s tokens between %(players)s; %(advances)s", most,
                         players=names(leaders), advances=describe_advances(advanced))
            parts.append(sentence("%(tie)s; %(player)s leads the army (LIB-BAT-2)", tie=tie, player=winner)
                         if winner else sentence("%(tie)s; nobody leads the army", tie=tie))
    else:
        parts.append(sentence("nobody with a General has a token in the Battle box (LIB-BAT-1)"))
    vp = battle_vp.get(turn) if winner else 0
    if winner and vp is None:
        parts.append(sentence("the battle VPs of turn %(turn)s are not in the board profile: read them under the "
                              "turn track and add them", turn=turn))
    elif winner:
        parts.append(sentence("%(player)s scores %(vp)s VP", player=winner, vp=vp))
    else:
        parts.append(sentence("the battle is lost: a white block goes on it and counts for the counter-revolution "
                              "(LIB-BAT-3)"))
    if not advanced:
        parts.append(sentence("no General was advanced, no card is discarded (LIB-BAT-4)"))
    return BattleResult(winner, vp, winner is None, advanced,
                        sentence("Battle of turn %(turn)s: %(parts)s", turn=turn, parts=join("; ", parts)))
