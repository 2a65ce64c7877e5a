"""The conquest helper's page: four forms, each answered by the engine (``companion.scorers.conquest``).

A plain request gets the whole page with the tool's answer; htmx gets that tool's card. A die left
empty is rolled here with the system's generator; a refused field is named next to it, with its rule.
"""
import random

from flask import Blueprint, abort, render_template, request

from companion.table import live
from companion.forms import whole
from companion.i18n import gettext as _
from companion.scorers.conquest import NATIONS, TRACKED, cede, conquest, nation_name, resources, surrender
from companion.scorers.rules import RuleError

bp = Blueprint("conquest", __name__, url_prefix="/conquest")
TOOLS = ("roll", "cede", "surrender", "resources")
AGGRESSOR_ROWS = 3


def rng() -> random.Random:
    """The dice rolled on screen (the operating system's generator; tests may replace it)."""
    return random.SystemRandom()


class Refused(Exception):
    """A refused field: the RuleError and the form field it is shown beside."""

    def __init__(self, field: str, error: RuleError):
        super().__init__(str(error))
        self.field, self.error = field, error


def field(name: str, read):
    """``read()``, its RuleError tied to the field ``name``."""
    try:
        return read()
    except RuleError as err:
        raise Refused(name, err) from None


def optional_die(form, name: str, rule: str):
    """The die entered in field ``name``, or None (then it is rolled on screen)."""
    if not form.get(name, "").strip():
        return None
    return field(name, lambda: whole(form, name, lambda: _("Die"), rule, 1, 6))


def nation(form, name: str, rule: str, among=NATIONS, required=True):
    value = form.get(name, "")
    if not value and not required:
        return None
    if value not in among:
        raise Refused(name, RuleError(_("choose a nation"), rule))
    return value


def roll(form) -> dict:
    """CONQ-ROLL-1..5, CONQ-JOINT-1; once conquered, what follows (CONQ-AFTER-1..6)."""
    return conquest(nation(form, "nation", "CONQ-ROLL-4"),
                    field("key_areas", lambda: whole(form, "key_areas", lambda: _("Key areas"), "CONQ-ROLL-3", 1, 99)),
                    field("lost", lambda: whole(form, "lost", lambda: _("Key areas lost"), "CONQ-ROLL-3", 0, 99)),
                    field("capitals", lambda: whole(form, "capitals", lambda: _("Capitals controlled by the enemy"),
                                                    "CONQ-ROLL-5", 0, 2)),
                    optional_die(form, "die", "CONQ-ROLL-2"), rng(),
                    nation(form, "controller", "CONQ-JOINT-1", required=False), bool(form.get("minor")))


def ceded(form) -> dict:
    """CONQ-CEDE-1..3."""
    provinces = None
    if form.get("provinces", "").strip():
        provinces = field("provinces", lambda: whole(form, "provinces", lambda: _("Home provinces besides the capital"),
                                                     "CONQ-CEDE-3", 0, 99))
    return cede(optional_die(form, "cede_die", "CONQ-CEDE-1"), rng(), provinces)


def surrendering(form) -> dict:
    """CONQ-SURR-1..4: up to three aggressors, each with its troops on the territory (none: a power
    may not surrender, a minor country becomes neutral)."""
    aggressors = {}
    for row in range(AGGRESSOR_ROWS):
        found = nation(form, f"aggressor-{row}", "CONQ-SURR-2", required=False)
        if found:
            aggressors[found] = aggressors.get(found, 0) + field(f"troops-{row}", lambda: whole(
                form, f"troops-{row}", lambda: _("Troops"), "CONQ-SURR-1", 0, 999))
    defender = field("defender", lambda: whole(form, "defender", lambda: _("Units and generals in play"),
                                               "CONQ-SURR-1", 0, 999))
    return surrender(defender, aggressors, bool(form.get("minor")))


def track_of(form) -> dict:
    """The resources track as the form holds it (an empty box is 0)."""
    return {n: {"resources": field(f"res-{n}", lambda: whole({f"res-{n}": form.get(f"res-{n}") or "0"}, f"res-{n}",
                                                             lambda: nation_name(n), "CONQ-RES-1", 0, 99)),
                "marker": bool(form.get(f"marker-{n}"))} for n in TRACKED}


def resourced(form) -> dict:
    """CONQ-RES-1..8; the victim may be another nation, off the track (CONQ-RES-2)."""
    action = form.get("action", "")
    needs = action in ("conquest", "surrender", "spend")
    return resources(track_of(form), action, nation(form, "winner", "CONQ-RES-1", TRACKED, required=needs),
                     nation(form, "victim", "CONQ-RES-2", NATIONS, required=action in ("conquest", "surrender")))


READERS = {"roll": roll, "cede": ceded, "surrender": surrendering, "resources": resourced}


def context(tool=None, form=None, result=None, error=None) -> dict:
    forms = {t: {} for t in TOOLS}
    if tool:
        forms[tool] = form
    if tool == "resources" and result:  # the next answer starts from the new track
        forms["resources"] = dict(form, **{f"res-{n}": str(line["resources"]) for n, line in result["track"].items()},
                                  **{f"marker-{n}": "1" if line["marker"] else "" for n, line in result["track"].items()})
    return {"forms": forms, "results": {tool: result} if tool else {}, "error": error, "tool": tool,
            "nations": [(n, nation_name(n)) for n in NATIONS],
            "tracked": [(n, nation_name(n)) for n in TRACKED], "rows": range(AGGRESSOR_ROWS)}


@bp.get("/")
def page():
    """The helper: the conquest roll, ceded provinces, surrender, the resources track."""
    return render_template("conquest/page.html", **context())


@bp.post("/<tool>")
def answer(tool):
    """One tool's answer (its card for htmx, the page otherwise); 422 with the refused field."""
    if tool not in TOOLS:
        abort(404)
    result, error, status = None, None, 200
    try:
        result = READERS[tool](request.form)
    except Refused as refused:
        error, status = {"field": refused.field, "message": refused.error.message, "rule": refused.error.rule}, 422
    except RuleError as err:
        error, status = {"field": tool, "message": err.message, "rule": err.rule}, 422
    ctx = context(tool, request.form.to_dict(), result, error)
    if live.is_fragment():
        return render_template(f"conquest/_{tool}.html", **ctx), status
    return render_template("conquest/page.html", **ctx), status
