"""The election: held in one tap, or walked through step by step.

One tap ("Hold the elections", the default): the battle and the 27 provinces run at once; the
election stops only where a tied player must decide (LIB-ELEC-4), and the phone of that player opens
the question by itself (liberte/_ask.html). Once no tie waits, it is recorded: the results, each
player's VPs before and after, and the checklist of what to change on the board (outcome.py).

Step by step (``?step=``): the battle, provinces 1..27 one by one with the sentence of each result,
Government and Opposition with the VP awards, then the VP track and the next turn.

The step a phone shows is its own (``?step=`` in the URL: it changes nothing stored, and a refresh from
another phone keeps it). What the table decides is stored as events: each tie answer, asked of one
player at a time (LIB-ELEC-4, Paris repeating LIB-ELEC-7), and the battle VPs read off the board when
the profile lacks them (LIB-BAT-1). No phone steps past the question the engine waits for.
"""
from flask import Blueprint, request, url_for

from companion.table import live, tables
from companion.games.liberte import check, engine, forms
from companion.games.liberte.position import contest_names, reason_name
from companion.games.liberte.views import base_context
from companion.i18n import gettext as _
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


def context(table) -> dict:
    """The one-tap election, or (``step`` asked) the step this phone shows."""
    ctx = base_context(table, url_for("liberte_election.wizard", code=table.code))
    ctx.update(reasons=reason_name(), contests=contest_names(), steps_mode=False,
               can_answer=False)
    p = ctx["p"]
    if p.get("over"):
        ctx.update(result=None)
        return ctx
    if request.values.get("step") is None:
        return one_tap(ctx)
    return step_by_step(ctx)


def one_tap(ctx: dict) -> dict:
    """Before the election: the one tap that holds it (with the battle VPs when the profile
    lacks them) and the last election's results; while it waits for ties: the question."""
    p = ctx["p"]
    last = p.get("last_result")
    ctx.update(under_way=engine.under_way(p), result=None, question=None,
               ask_battle_vp=forms.battle_vp_missing(p, ctx["profile"]),
               last=last if last and last.get("turn") == p["turn"] - 1 else None,
               first_step=steps(p, {"ended": None})[0])
    if ctx["under_way"]:
        try:
            result = p.interactive()[1]
        except RuleError as err:
            ctx.update(refused=err)
            return ctx
        ctx.update(result=result, question=result["pending"])
        ctx.update(tie_context(ctx))
    return ctx


def tie_context(ctx: dict) -> dict:
    """What the tie question shows: the tied stacks or tokens, the cards already advanced in
    this tie's earlier rounds (and this round's answers), who is not asked and why, and
    whether this phone may answer (the asked player's seat, or the host)."""
    p, question = ctx["p"], ctx["question"]
    if not question:
        return {}
    contest, players = question["contest"], question.get("players", [])
    stacks = []
    if contest.startswith("province:"):
        stacks = [s for s in p["board"].get(contest.split(":")[1], []) if s["player"] in players]
    rounds = p["advances"].get(contest, []) if contest in p.fitting() else []
    given = [{"round": n, "player": player, "card": card_of(p, player, card)}
             for n, answers in enumerate(rounds[:question["round"]], 1)
             for player, card in answers.items()]
    return {"tied_stacks": stacks, "given": given,
            "tokens": {pl: p["battle"].get(pl, 0) for pl in players} if contest == BATTLE else {},
            "tied_votes": tied_votes(ctx["result"], contest, players),
            "lost_ends": lost_battle_ends(p, question, given) if contest == BATTLE else None,
            "can_answer": ctx["is_host"] or ctx["seat"] == question["player"]}


def lost_battle_ends(p: dict, question: dict, given: list) -> dict | None:
    """Whether losing this battle ends the game (LIB-BAT-3: a lost battle counts for the
    counter-revolution, LIB-CR-1): then the battle question says so, and ``last`` says that this
    player's pass loses it (nobody advanced in this round, nobody is asked after him)."""
    cr = p.check()["counter_revolution"]
    if not cr["active"] or cr["count"] is None or cr["count"] + 1 < cr["needed"]:
        return None
    players = list(question.get("players", []))
    later = [pl for pl in players[players.index(question["player"]) + 1:]
             if pl not in question.get("unable", [])] if question["player"] in players else []
    advanced = any(a["card"] for a in given if a["round"] == question["round"])
    return {"count": cr["count"], "needed": cr["needed"], "last": not later and not advanced}


def tied_votes(result: dict, contest: str, players: list) -> dict:
    """What ties in Government and Opposition (LIB-GOV-2): the factions' votes; in a VP place
    (LIB-VP-2): each tied player's votes of that colour."""
    if contest in (GOVERNMENT, "opposition"):
        return {"factions": result["votes"]}
    if contest.startswith("vp:"):
        colour = result["government" if contest.startswith("vp:government") else "opposition"]
        return {"faction": colour, "players": {pl: result["votes_held"][pl][colour] for pl in players}}
    return {}


def card_of(p: dict, player: str, card_id: str | None) -> dict | None:
    """The display card a tie answer names (None: a pass)."""
    if card_id is None:
        return None
    return next((c for c in p["displays"].get(player, []) if c.get("id") == card_id),
                {"id": card_id})


def step_by_step(ctx: dict) -> dict:
    """The position, the engine's interactive resolution of it, and the step this phone shows."""
    table, p = ctx["table"], ctx["p"]
    ctx.update(steps_mode=True)
    if forms.battle_vp_missing(p, ctx["profile"]):
        ctx.update(result=None, ask_battle_vp=not p.get("over"))
        return ctx
    try:
        resolution, result = p.interactive()
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
               asked_again=len(p.fitting()) < len(p["advances"]),
               province=shown, earlier=(done[:-1] if shown else done) if step.isdigit() else [],
               tally={f: sum(pr["votes"] for pr in done if pr["faction"] == f)
                      for f in engine.FACTIONS},
               live_url=url_for("liberte_election.wizard", code=table.code, step=step))
    ctx.update(tie_context(ctx))
    return ctx


def pending(table) -> dict | None:
    """The question the engine waits for now."""
    return live.position(table).interactive()[1]["pending"]


def answer(table, position: dict) -> dict:
    """The tie decision in the form, checked against the question the engine asks now (the
    same reader checks an imported one); only the asked player's phone, or the host's, answers."""
    decision = check.read(position, "advance", request.form)
    if not tables.is_host(table) and tables.seat(table) != decision["player"]:
        raise RuleError(_("only the phone seated as %(p)s, or the host's, answers this tie",
                          p=decision["player"]), "LIB-ELEC-4")
    return decision


STEPS = frozenset([BATTLE, GOVERNMENT, END, *map(str, engine.PROVINCES)])


def write(table, kind, data, field):
    """Store one election event and answer with the view it was made from (:data:`SCREEN`).
    Holding or recording the election answers with the one-tap view, whose address htmx then
    shows (a reload must not bring back a step of the next turn's election as if under way)."""
    response = live.write(table, kind, data, SCREEN, field)
    if kind in ("hold", "finish", "cancel") and isinstance(response, tuple) and response[1] == 200:
        response[2]["HX-Push-Url"] = url_for("liberte_election.wizard", code=table.code)
    return response


def step_address(table) -> str:
    """Where a plain request goes back to: its step (a step's name only: the form's text is
    never copied into the address)."""
    step = request.form.get("step")
    return url_for("liberte_election.wizard", code=table.code,
                   step=step if step in STEPS else None)


SCREEN = live.Screen("liberte/election.html", "liberte/_election.html", context, step_address)


@bp.get("/")
def wizard(code):
    """The step this phone shows, the results so far and the question asked now."""
    table = live.load(code)
    return live.render("liberte/election.html", "liberte/_election.html", **context(table))


@bp.post("/advance")
def advance(code):
    """A tied player advances a card (or passes)."""
    table = live.load(code)
    return write(table, "advance", lambda p: answer(table, p), "pending")


@bp.post("/hold")
def hold(code):
    """Hold the elections in one tap (with the battle VPs when the profile lacks them)."""
    table = live.load(code)
    return write(table, "hold", lambda p: check.read(p, "hold", request.form), "hold")


@bp.post("/battle-vp")
def battle_vp(code):
    """The battle VPs of this turn, read off the board (they join this table's profile)."""
    table = live.load(code)
    return write(table, "battle_vp", lambda p: check.read(p, "battle_vp", request.form),
                 "battle_vp")


@bp.post("/finish")
def finish(code):
    """Close the election: VPs, board after it, next turn's play order, next turn."""
    table = live.load(code)
    return write(table, "finish", {}, "finish")


@bp.post("/cancel")
def cancel(code):
    """The host cancels the election under way (LIB-ELEC-9): the position may change again."""
    table = live.load(code)

    def read(position):
        if not tables.is_host(table):
            raise RuleError(_("only the host cancels the election under way"), "TABLE-HOST")
        return check.read(position, "cancel", request.form)
    return write(table, "cancel", read, "cancel")
