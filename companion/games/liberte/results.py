"""How a Liberté game ended (``Game.over``, ``Game.results``), read from the end the position
records (``position["over"]``: docs/formats.md, "The end of a Liberté game"), never worked out
again here; and how it went: each player's VPs after each turn's elections, the Government and
the Opposition of each turn and the counter-revolution's count, from each election's recorded
result in the log (the log folded again, election by election).
"""
from companion.i18n import gettext as _
from companion.scorers.rules import RuleError
from companion.table.results import Chart, Results, Series, Standing
from companion.games.liberte import ending as recorded, position as liberte_position


def over(position: dict) -> bool:
    """Whether the game has ended: the position records its end with the standings."""
    ended = position.get("over")
    return isinstance(ended, dict) and isinstance(ended.get("standings"), list)


def why(ended: dict) -> str:
    """How and when the game ended and, when a tie for the first place was broken, what broke
    it: the sentences the board says them with (LIB-END-2)."""
    return " ".join(filter(None, [recorded.ended_words(ended), recorded.decided_words(ended)]))


def turns(setup: dict, log: list[dict]) -> list[dict]:
    """Each election's recorded result, in order, from the log folded again (a reset starts
    over): its turn, the VPs after it, the Government, the Opposition, the counter-revolution."""
    position, found, last = liberte_position.initial(setup), [], None
    for event in log:
        if event["kind"] == "reset":
            position, found, last = liberte_position.initial(setup), [], None
            continue
        try:
            position = liberte_position.apply(position, event)
        except RuleError:  # an event the rules now refuse is skipped, as a rebuild does (events.advance)
            continue
        result = position.get("last_result")
        if result is not None and result is not last:
            meter = result.get("counter_revolution") or {}
            found.append({"turn": result.get("turn"), "vp": dict(position["vp"]),
                          "government": result.get("government"),
                          "opposition": result.get("opposition"),
                          "count": meter.get("count"), "needed": meter.get("needed")})
            last = result
    return found


def results(setup: dict, position: dict, log: list[dict]) -> Results | None:
    """The end of the game, with the VPs chart and the counter-revolution's count."""
    if not over(position):
        return None
    ended = position["over"]
    winners = list(ended.get("winners") or [])
    # a sudden death ranks by the faction's points, not the VPs: the score is what ranked
    # (LIB-END-3), as the election page's standings show it
    standings = [Standing(s["player"], s["rank"], s.get("points", s.get("vp")), s["player"] in winners)
                 for s in ended["standings"]]
    elections = turns(setup, log)
    players = [s.player for s in standings]
    steps = [_("start")] + [str(e["turn"]) for e in elections]
    vps = [[0] + [e["vp"].get(name, 0) for e in elections] for name in players]
    if ended.get("when") == "actions":  # ended during the actions: the VPs at the end
        steps.append(str(ended.get("turn")))
        by_player = {s["player"]: s.get("vp", 0) for s in ended["standings"]}
        vps = [row + [by_player[name]] for row, name in zip(vps, players)]
    notes = [[]] + [holders(e) for e in elections]
    charts = [Chart(_("VPs after each turn"), steps,
                    [Series(name, row) for name, row in zip(players, vps)], notes)]
    counts = [e["count"] for e in elections]
    if any(c is not None for c in counts):
        needed = next(e["needed"] for e in elections if e["needed"] is not None) if any(
            e["needed"] is not None for e in elections) else None
        label = (_("The counter-revolution's count (%(n)s end the game)", n=needed)
                 if needed else _("The counter-revolution's count"))
        charts.append(Chart(_("The counter-revolution after each turn"),
                            [str(e["turn"]) for e in elections], [Series(label, counts)],
                            [holders(e) for e in elections], limit=needed))
    return Results(winners, why(ended), standings, charts, bgg_id=bgg_id(position))


def holders(election: dict) -> list[str]:
    """Which colours held the Government and the Opposition after a turn's elections."""
    if not election.get("government"):
        return []
    colours = liberte_position.faction_names()
    return [_("Government: %(g)s · Opposition: %(o)s", g=colours[election["government"]],
              o=colours[election["opposition"]] if election.get("opposition") else "—")]


def bgg_id(position: dict) -> int | None:
    """The game's BoardGameGeek id, when the table's board profile gives it (never guessed)."""
    value = (position.get("map") or {}).get("bgg_id")
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None
