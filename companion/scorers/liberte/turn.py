"""The turn around the election: next turn's play order (LIB-TURN-1) and the end of the game (LIB-END-1)."""
from companion.scorers.sentence import names as listed, plural, sentence


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
    players' displays; still tied: shared victory."""
    best = max(vp.get(p, 0) for p in players)
    tied = [p for p in players if vp.get(p, 0) == best]
    display_value = {p: sum(card.value for card in displays.get(p, [])) for p in tied}
    most = max(display_value.values())
    winners = [p for p in tied if display_value[p] == most]
    names = listed(winners)
    if len(tied) == 1:
        said = plural("Turn 4 is over: %(winners)s wins with %(vp)s VP (LIB-END-1)",
                      "Turn 4 is over: %(winners)s win with %(vp)s VP (LIB-END-1)", len(winners), winners=names,
                      vp=best)
    elif len(winners) == 1:
        said = sentence("Turn 4 is over: %(winners)s wins with %(vp)s VP (tie on VPs broken by display value "
                        "%(value)s) (LIB-END-1)", winners=names, vp=best, value=most)
    else:
        said = sentence("Turn 4 is over: %(winners)s win with %(vp)s VP (tied on VPs and display value: a shared "
                        "victory) (LIB-END-1)", winners=names, vp=best)
    return {"winners": winners, "vp": best, "display_value": display_value, "sentence": said}
