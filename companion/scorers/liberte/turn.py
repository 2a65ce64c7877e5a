"""The turn around the election: next turn's play order (LIB-TURN-1) and the end of the game (LIB-END-1)."""
from companion.scorers.liberte.ranking import standings, tie_sentence
from companion.scorers.sentence import join, names as listed, plural


def play_order_groups(vp, players) -> list:
    """LIB-TURN-1: turns 2-4 go by VPs, most first. Players with equal VPs form one group whose order is
    drawn at random (see :func:`draw_play_order`)."""
    levels = sorted({vp.get(p, 0) for p in players}, reverse=True)
    return [[p for p in players if vp.get(p, 0) == level] for level in levels]


def draw_play_order(groups, rng) -> list:
    """Shuffle each group of equal VPs with the given ``random.Random``."""
    order = []
    for group in groups:
        group = list(group)
        rng.shuffle(group)
        order += group
    return order


def final_scoring(vp, players, displays) -> dict:
    """LIB-END-1: after turn 4, most VPs wins; tie: the highest total value of the cards on the tied
    players' displays; still tied: shared victory. Every player ranked the same way (LIB-END-3)."""
    value = {p: sum(card.value for card in displays.get(p, [])) for p in players}
    outcome = standings(players, vp, {p: vp.get(p, 0) for p in players}, value)
    best, winners = max(vp.get(p, 0) for p in players), outcome["winners"]
    said = plural("Turn 4 is over: %(winners)s wins with %(vp)s VP (LIB-END-1)",
                  "Turn 4 is over: %(winners)s win with %(vp)s VP (LIB-END-1)", len(winners),
                  winners=listed(winners), vp=best)
    tie = tie_sentence(outcome, best)
    if tie:
        said = join("; ", [said, tie])
    tied = [p for p in players if vp.get(p, 0) == best]
    return {**outcome, "vp": best, "display_value": {p: value[p] for p in tied}, "sentence": said}
