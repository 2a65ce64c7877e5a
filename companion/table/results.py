"""How a game ended, in a shape every game shares: who won and why, the standings, how it went.

A game says it through ``Game.results`` (:class:`Results`); the table core draws the results
page from it (:mod:`companion.table.ending`), the chart as SVG (:func:`chart_geometry`) and the
play as BG Stats imports it (:func:`play`, docs/formats.md "A finished play"). The core never
works out a winner: it reads the game's answer.
"""
import json
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import quote

BG_STATS = "https://app.bgstatsapp.com/createPlay.html?data="


@dataclass(frozen=True)
class Standing:
    """One player at the end: ``rank`` 1 for the winners (equal ranks share a place), ``score``
    (None for a game without points), ``role`` when the game knows it (a party, a faction)."""

    player: str
    rank: int
    score: int | None
    winner: bool
    role: str | None = None


@dataclass(frozen=True)
class Series:
    """One line of a chart: a label (a player's name) and a value per step (None: no value,
    a player out of the game)."""

    label: str
    values: list


@dataclass(frozen=True)
class Chart:
    """How one number went: its ``title``, the ``steps`` (a turn, a round), the ``series`` (one
    per player) and, per step, what else happened then (``notes``: sentences, one list per step);
    ``limit``, a value the chart marks with a line (the count that ends the game)."""

    title: str
    steps: list[str]
    series: list[Series]
    notes: list[list[str]] = field(default_factory=list)
    limit: int | None = None


@dataclass(frozen=True)
class Results:
    """The end of a game: the ``winners``, ``why`` in one sentence, the ``standings`` by rank and
    the ``charts`` of how it went. ``highest_wins`` and ``no_points`` are BG Stats' words for
    how the game is won. ``title``: the page's heading when the game says who won in words of
    its own (a party game is won by a party, not by the players it can name); ``first``: the
    player who began (by default the first in seat order)."""

    winners: list[str]
    why: str
    standings: list[Standing]
    charts: list[Chart] = field(default_factory=list)
    highest_wins: bool = True
    no_points: bool = False
    bgg_id: int | None = None  # the game's BoardGameGeek id, when the table's profile gives it
    title: str | None = None
    first: str | None = None


WIDTH, HEIGHT, LEFT, TOP, BOTTOM, RIGHT = 320, 170, 26, 8, 22, 8


def chart_geometry(chart: Chart) -> dict:
    """Where the chart's lines and labels go in a ``WIDTH`` × ``HEIGHT`` SVG: a polyline per
    series (its points, the gaps a None leaves split it), the y ticks and the step labels."""
    values = [v for s in chart.series for v in s.values if v is not None]
    top = max(values + [1] + ([chart.limit] if chart.limit is not None else []))
    low = min(values + [0])
    span = max(top - low, 1)
    steps = max(len(chart.steps) - 1, 1)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i):
        return round(LEFT + inner_w * i / steps, 1)

    def y(v):
        return round(TOP + inner_h * (top - v) / span, 1)
    lines = []
    for number, series in enumerate(chart.series):
        runs, run = [], []
        for i, v in enumerate(series.values):
            if v is None:
                runs, run = runs + ([run] if run else []), []
            else:
                run.append((x(i), y(v)))
        runs += [run] if run else []
        lines.append({"label": series.label, "colour": number % 10,
                      "runs": [" ".join(f"{a},{b}" for a, b in r) for r in runs],
                      "dots": [p for r in runs for p in r]})
    ticks = sorted({low, top, round((low + top) / 2)} | (
        {chart.limit} if chart.limit is not None else set()))
    return {"width": WIDTH, "height": HEIGHT, "lines": lines,
            "ticks": [{"y": y(t), "label": t} for t in ticks], "left": LEFT,
            "right": WIDTH - RIGHT, "steps": [{"x": x(i), "label": s}
                                              for i, s in enumerate(chart.steps)],
            "base": HEIGHT - BOTTOM, "limit": None if chart.limit is None else y(chart.limit)}


def duration(log: list[dict]) -> int | None:
    """Minutes from the log's first event to its last (None without times)."""
    times = [moment(e.get("created")) for e in log]
    times = [t for t in times if t is not None]
    if not times:
        return None
    return max(round((max(times) - min(times)).total_seconds() / 60), 1)


def moment(value) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def play(table, title: str, results: Results, log: list[dict]) -> dict:
    """The play as BG Stats imports it (its documented ``createPlay`` fields): the table's code
    is the play's id and each player's name his id; ``bggId`` only when the table's profile
    gives one (``Results.bgg_id``), never guessed; the player who began starts
    (``Results.first``, else the first in seat order)."""
    times = [t for t in (moment(e.get("created")) for e in log) if t is not None]
    started = min(times) if times else moment(table.created)
    game = {"name": title, "sourceGameId": table.game, "highestWins": results.highest_wins,
            "noPoints": results.no_points}
    if results.bgg_id:
        game["bggId"] = results.bgg_id
    first = results.first or (table.players[0] if table.players else None)
    players = []
    for standing in results.standings:
        entry = {"name": standing.player, "sourcePlayerId": standing.player,
                 "winner": standing.winner, "rank": standing.rank,
                 "startPlayer": standing.player == first}
        if standing.score is not None:
            entry["score"] = standing.score
        if standing.role:
            entry["role"] = standing.role
        players.append(entry)
    found = {"sourceName": "companion", "sourcePlayId": f"{table.game}-{table.code}",
             # BG Stats reads the date as the players' own time: the host's clock's zone
             "playDate": started.astimezone().strftime("%Y-%m-%d %H:%M:%S") if started else None,
             "durationMin": duration(log), "game": game, "players": players}
    if table.title:
        found["location"] = table.title
    return {k: v for k, v in found.items() if v is not None}


def link(found: dict) -> str:
    """BG Stats' import link for a play (:func:`play`)."""
    return BG_STATS + quote(json.dumps(found, ensure_ascii=False, separators=(",", ":")), safe="")
