"""How a VOTE! game ended (``Game.over``, ``Game.results``): the winning party and why, the
standings, and each player's budget and support after each round with the governments elected
and failed and who left the game, read from the log by folding it again round by round.

VOTE! is won by a party; the companion never knows a loyalty (it never asks), so the winners it
names are those the end names: the player who reached 10/10 (VOTE-END-2) or who won as one of
the last two (VOTE-FEW-2), or every player still in the game when no member of the other party
is left (VOTE-END-1), whose party is then known. The others share the second place.
"""
from companion.i18n import gettext as _, names, opening
from companion.scorers.vote.state import OVER
from companion.table.results import Chart, Results, Series, Standing
from companion.games.vote import position as vote_position
from companion.games.vote import words


def over(position: dict) -> bool:
    """Whether the game has ended: the engine's round is at its end (VOTE-END-3: the round's
    cards are given after a 10/10 first)."""
    return position["game"] is not None and position["game"].phase == OVER


def rounds(setup: dict, log: list[dict]) -> tuple[list, list]:
    """The points after the start and after each round ({name: (budget, support, in game)}),
    and the positions' histories of governments, folded again from ``log``."""
    position, after, last_round = vote_position.initial(setup), [], None
    for event in log:
        if event["kind"] == "reset":
            position, after, last_round = vote_position.initial(setup), [], None
            continue
        before = position["game"]
        position = vote_position.apply(position, event)
        game = position["game"]
        if game is None:
            continue
        if before is None:
            after.append(points(game))
        elif game.round != last_round and last_round is not None:
            after.append(points(before))
        last_round = game.round
    if position["game"] is not None:
        after.append(points(position["game"]))
    return after, position["history"]


def points(game) -> dict:
    return {p.name: (p.budget, p.support, p.in_game) for p in game.players}


def winning(game) -> tuple[list[str], str, str, str | None]:
    """The winners, the heading (a party wins, not the players the end names), why in one
    sentence, and their party when the end names it."""
    won = game.winner or {}
    if won.get("party"):
        party = words.party_names().get(won["party"], won["party"])
        left = [p.name for p in game.players if p.in_game]
        heading = _("The %(party)s win", party=party)
        return left, heading, "%s %s." % (_("No member of the other party is left in the game."),
                                           heading), party
    if won.get("player"):
        heading = opening(_("%(p)s's party wins", p=won["player"]))
        if won.get("reason") == "10/10":
            return [won["player"]], heading, opening(
                _("%(p)s has 10/10: %(p)s's party wins", p=won["player"])), None
        # the last player, or one of the last two (VOTE-FEW-2)
        reason = words.winner_reasons().get(won.get("by"))
        return [won["player"]], heading, f"{heading}. {reason}" if reason else heading, None
    nobody = _("Nobody is left in the game")
    return [], nobody, nobody, None


def results(setup: dict, position: dict, log: list[dict]) -> Results | None:
    """The end of the game, with the budget and support charts (one line per player)."""
    game = position["game"]
    if not over(position):
        return None
    seated = [p.name for p in game.players]
    winners, title, why, party = winning(game)
    final = {p.name: p for p in game.players}
    order = sorted(seated, key=lambda n: (n not in winners, -(final[n].budget + final[n].support)))
    standings = [Standing(n, 1 if n in winners else 2, final[n].budget + final[n].support,
                          n in winners, party if n in winners else None) for n in order]
    after, history = rounds(setup, log)
    steps = [_("start")] + [str(n) for n in range(1, len(after))]
    notes = [[]] + [round_notes(history, after, n) for n in range(1, len(after))]
    charts = [Chart(_("Budget after each round"), steps,
                    [Series(n, series(after, n, 0)) for n in seated], notes),
              Chart(_("Support after each round"), steps,
                    [Series(n, series(after, n, 1)) for n in seated])]  # the notes: once, above
    return Results(winners, why, standings, charts, title=title,
                   first=game.first_president.get("president"))


def series(after: list[dict], name: str, index: int) -> list:
    """One player's budget (0) or support (1) at each step; none once he has left the game."""
    found, gone = [], False
    for step in after:
        budget_support = step.get(name)
        found.append(None if gone or budget_support is None else budget_support[index])
        gone = gone or (budget_support is not None and not budget_support[2])
    return found


def round_notes(history: list[dict], after: list[dict], number: int) -> list[str]:
    """What happened in round ``number``: its governments, elected or failed, and who left."""
    said = []
    for row in history:
        if row["round"] != number:
            continue
        elected = (row.get("tally") or {}).get("elected")
        pair = names([row["president"], row["candidate"]])  # the President and his candidate
        said.append(_("%(names)s: elected", names=pair) if elected else
                    _("%(names)s: failed", names=pair))
    before, now = after[number - 1], after[number]
    for name, (_budget, _support, in_game) in now.items():
        if not in_game and before.get(name, (0, 0, True))[2]:
            said.append(_("%(p)s left the game", p=name))
    return said
