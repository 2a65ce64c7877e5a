"""Every player's place at the end of the game, and what broke a tie for the first place
(LIB-END-1, LIB-END-3, LIB-LAND-3, LIB-CR-3).

A game ends by VPs after turn 4, or by a sudden death, where the faction's points rank the players
and VPs no longer count. Either way the first place is decided by one measure, then one tie-break:
the VPs then the value on the display, the red points then red on cards, the white points then
white on cards. The answer keeps the numbers that decided, so the pages, the history and the
command line can say why a winner won.
"""
from companion.scorers.liberte.cards import RED, WHITE
from companion.scorers.sentence import names, sentence

TIE_BREAK = {WHITE: "white-cards", RED: "red-cards", None: "display-value"}
"""What breaks a tie for the first place: the faction of a sudden death, or None after turn 4."""
DETAIL = {"white-cards": "white", "red-cards": "red", "display-value": "display_value"}


def standings(players, vp, measure: dict, tie_break: dict, faction=None) -> dict:
    """LIB-END-3: every player by rank, most ``measure`` first, then most ``tie_break``; players equal
    on both share a rank (a shared victory for the first). Equal players keep the play order.
    ``faction``: a sudden death's (each standing then carries its ``points``).

    Returns {"winners", "standings", "decided"}; ``decided`` is None unless the first place was
    tied on ``measure``: then it names the tie-break, the tied players and their numbers."""
    key = {p: (measure.get(p, 0), tie_break.get(p, 0)) for p in players}
    order = sorted(players, key=lambda p: (-key[p][0], -key[p][1]))
    rows = []
    for player in order:
        row = {"player": player, "vp": vp.get(player, 0),
               "rank": 1 + sum(key[other] > key[player] for other in players)}
        if faction:
            row["points"] = key[player][0]
        rows.append(row)
    best = key[order[0]][0]
    tied = [p for p in order if key[p][0] == best]
    decided = None
    if len(tied) > 1:
        by = TIE_BREAK[faction]
        decided = {"by": by, "players": tied, "detail": {DETAIL[by]: {p: key[p][1] for p in tied}}}
    return {"winners": [row["player"] for row in rows if row["rank"] == 1], "standings": rows,
            "decided": decided}


def numbers(values: dict) -> str:
    """``Denis 8, Bruno 7`` (names and figures only: nothing to translate)."""
    return ", ".join(f"{player} {n}" for player, n in values.items())


def tie_sentence(outcome: dict, measure: int):
    """What decided a tie for the first place, in so many words; None when nobody was tied."""
    decided = outcome["decided"]
    if not decided:
        return None
    by = decided["by"]
    params = dict(players=names(decided["players"]), n=measure,
                  detail=numbers(decided["detail"][DETAIL[by]]), winner=names(outcome["winners"]))
    shared = len(outcome["winners"]) > 1
    if by == "white-cards":
        return (sentence("%(players)s tie at %(n)s white points and have as many white blocks on their cards "
                         "(%(detail)s): a shared victory (LIB-CR-3)", **params) if shared else
                sentence("%(players)s tie at %(n)s white points; the white blocks on the cards in hand and on "
                         "the display decide (%(detail)s): %(winner)s wins (LIB-CR-3)", **params))
    if by == "red-cards":
        return (sentence("%(players)s tie at %(n)s red points and have as many red blocks on their cards "
                         "(%(detail)s): a shared victory (LIB-LAND-3)", **params) if shared else
                sentence("%(players)s tie at %(n)s red points; the red blocks on the cards in hand and on the "
                         "display decide (%(detail)s): %(winner)s wins (LIB-LAND-3)", **params))
    return (sentence("%(players)s tie at %(n)s VP and their displays are worth as much (%(detail)s): a shared "
                     "victory (LIB-END-1)", **params) if shared else
            sentence("%(players)s tie at %(n)s VP; the highest total value on the display decides "
                     "(%(detail)s): %(winner)s wins (LIB-END-1)", **params))
