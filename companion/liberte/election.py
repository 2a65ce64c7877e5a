"""The election wizard: battle, provinces 1..27, ties asked one player at a time, the VPs."""
from flask import Blueprint, request, url_for
from flask_babel import gettext as _

from companion import live
from companion.liberte import engine
from companion.liberte.position import reason_name
from companion.liberte.views import base_context
from companion.scorers.rules import RuleError

bp = Blueprint("liberte_election", __name__, url_prefix="/liberte/<code>/election")


def context(table) -> dict:
    """The position and the engine's interactive resolution of it."""
    ctx = base_context(table, url_for("liberte_election.wizard", code=table.code))
    ctx["reasons"] = reason_name()
    ctx["result"] = engine.resolve(ctx["p"], interactive=True) if not ctx["p"].get("over") else None
    return ctx


def answer(table) -> dict:
    """The tie decision in the form, checked against the question the engine asks now."""
    pending = engine.resolve(live.position(table), interactive=True).get("pending")
    if not pending:
        raise RuleError(_("no tie decision is waiting"), "LIB-ELEC-4")
    if request.form.get("contest") != pending["contest"] or \
            request.form.get("player") != pending["player"]:
        raise RuleError(_("that question was already answered; here is the current one"),
                        "LIB-ELEC-4")
    card = request.form.get("card") or None
    if card is not None and card not in {c.get("id") for c in pending["cards"]}:
        raise RuleError(_("%(p)s cannot advance %(c)r here", p=pending["player"], c=card),
                        "LIB-ELEC-4")
    return {"contest": pending["contest"], "round": pending["round"],
            "player": pending["player"], "card": card}


@bp.get("/")
def wizard(code):
    """Where the election stands: the results so far and the question asked now."""
    table = live.load(code)
    return live.render("liberte/election.html", "liberte/_election.html", **context(table))


@bp.post("/advance")
def advance(code):
    """A tied player advances a card (or passes)."""
    table = live.load(code)
    return live.write(table, "advance", lambda: answer(table), page="liberte/election.html",
                      fragment="liberte/_election.html", context=context, field="pending",
                      redirect_to=url_for("liberte_election.wizard", code=table.code))


@bp.post("/finish")
def finish(code):
    """Close the election: VPs, board after it, next turn's play order, next turn."""
    table = live.load(code)
    return live.write(table, "finish", {}, page="liberte/election.html",
                      fragment="liberte/_election.html", context=context, field="finish",
                      redirect_to=url_for("liberte_election.wizard", code=table.code))
