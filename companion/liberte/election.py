"""The election wizard, one step per tap: the battle, provinces 1..27 one by one with the sentence of
each result, Government and Opposition with the VP awards, then the VP track and the next turn.

The step a phone shows is its own (``?step=`` in the URL: it changes nothing stored, and a refresh from
another phone keeps it). What the table decides is stored as events: each tie answer, asked of one
player at a time (LIB-ELEC-4, Paris repeating LIB-ELEC-7), and the battle VPs read off the board when
the profile lacks them (LIB-BAT-1). No phone steps past the question the engine waits for.
"""
from flask import Blueprint, request, url_for

from companion import live
from companion.liberte import engine, forms
from companion.liberte.position import contest_names, reason_name
from companion.liberte.views import base_context
from companion.scorers.liberte.battle import BATTLE_TURNS
from companion.scorers.rules import RuleError

bp = Blueprint("liberte_election", __name__, url_prefix="/liberte/<code>/election")
BATTLE, GOVERNMENT, END = "battle", "government", "end"


def steps(position: dict, result: dict) -> list[str]:
    """The wizard's steps this turn: battle (turns 2-4), provinces 1..27 (none after a
    counter-revolution, LIB-CR-2), Government and the VPs, the VP track and the next turn."""
    names = [BATTLE] if position["turn"] in BATTLE_TURNS else []
    if (result["ended"] or {}).get("how") != "counter-revolution":
        names += [str(n) for n in engine.PROVINCES]
    return names + [GOVERNMENT, END]


def reachable(result: dict, names: list[str]) -> int:
    """The last step a phone may see: the one whose question the engine waits for, else the end."""
    pending = result["pending"]
    if not pending:
        return len(names) - 1
    contest = pending["contest"]
    if contest == BATTLE:
        return names.index(BATTLE)
    if contest.startswith("province:"):
        return names.index(contest.split(":")[1])
    return names.index(GOVERNMENT)


def sentences(resolution) -> dict:
    """The engine's sentences by step: each province its own; before the provinces (the battle, the
    counter-revolution check) the battle step; after them the Government step. The line that says
    what the engine waits for is left out: the question is asked instead."""
    log = list(resolution.log[:-1] if resolution.pending else resolution.log)
    by_step = {str(p.number): [p.sentence] for p in resolution.provinces}
    if resolution.provinces:
        first = log.index(resolution.provinces[0].sentence)
        last = log.index(resolution.provinces[-1].sentence)
        by_step.update({BATTLE: log[:first], GOVERNMENT: log[last + 1:]})
    else:
        by_step.update({BATTLE: log, GOVERNMENT: []})
    return by_step


def battle_vp_missing(position: dict, board: dict) -> bool:
    """The battle's VPs are printed under the turn track; the profile may not know them yet."""
    turn = position["turn"]
    return turn in BATTLE_TURNS and board["battle_vp"].get(str(turn)) is None


def context(table) -> dict:
    """The position, the engine's interactive resolution of it, and the step this phone shows."""
    ctx = base_context(table, url_for("liberte_election.wizard", code=table.code))
    ctx.update(reasons=reason_name(), contests=contest_names())
    p = ctx["p"]
    if p.get("over") or battle_vp_missing(p, ctx["profile"]):
        ctx.update(result=None, ask_battle_vp=not p.get("over"))
        return ctx
    try:
        resolution, result = engine.wizard(p)
    except RuleError as err:  # a position the board accepts but the election refuses: say why
        ctx.update(result=None, refused=err)
        return ctx
    names = steps(p, result)
    last = reachable(result, names)
    wanted = request.values.get("step")
    index = min(names.index(wanted) if wanted in names else 0, last)
    step = names[index]
    done = result["provinces"][:int(step)] if step.isdigit() else result["provinces"]
    shown = done[-1] if step.isdigit() and len(done) == int(step) else None
    ctx.update(result=result, steps=names, step=step, index=index, last=last,
               next=names[index + 1] if index < last else None,
               back=names[index - 1] if index else None,
               question=result["pending"] if index == last else None,
               lines=sentences(resolution).get(step, []),
               asked_again=len(engine.fitting_contests(p)) < len(p["advances"]),
               province=shown, earlier=(done[:-1] if shown else done) if step.isdigit() else [],
               tally={f: sum(pr["votes"] for pr in done if pr["faction"] == f)
                      for f in engine.FACTIONS},
               live_url=url_for("liberte_election.wizard", code=table.code, step=step))
    return ctx


def answer(table) -> dict:
    """The tie decision in the form, checked against the question the engine asks now."""
    return forms.advance(request.form, live.position(table))


STEPS = frozenset([BATTLE, GOVERNMENT, END, *map(str, engine.PROVINCES)])


def write(table, kind, data, field):
    """A write from the wizard; a plain request goes back to its step (a step's name only: the
    form's text is never copied into the address)."""
    step = request.form.get("step")
    return live.write(table, kind, data, page="liberte/election.html",
                      fragment="liberte/_election.html", context=context, field=field,
                      redirect_to=lambda: url_for("liberte_election.wizard", code=table.code,
                                                  step=step if step in STEPS else None))


@bp.get("/")
def wizard(code):
    """The step this phone shows, the results so far and the question asked now."""
    table = live.load(code)
    return live.render("liberte/election.html", "liberte/_election.html", **context(table))


@bp.post("/advance")
def advance(code):
    """A tied player advances a card (or passes)."""
    table = live.load(code)
    return write(table, "advance", lambda: answer(table), "pending")


@bp.post("/battle-vp")
def battle_vp(code):
    """The battle VPs of this turn, read off the board (they join this table's profile)."""
    table = live.load(code)
    return write(table, "battle_vp", lambda: forms.battle_vp(request.form, live.position(table)),
                 "battle_vp")


@bp.post("/finish")
def finish(code):
    """Close the election: VPs, board after it, next turn's play order, next turn."""
    table = live.load(code)
    return write(table, "finish", {}, "finish")
