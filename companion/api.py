"""The JSON API (docs/formats.md): the engines' batch interface over HTTP. 400 on bad input, never 500."""
from flask import Blueprint, jsonify, request

from companion import jsonin
from companion.scorers.liberte import check_json, resolve_json
from companion.scorers.rules import RuleError
from companion.scorers.vote import replay

bp = Blueprint("api", __name__, url_prefix="/api")


def scenario() -> dict:
    """The request body as a JSON object, or RuleError."""
    data = jsonin.loads(request.get_data(), "docs/formats.md")
    if not isinstance(data, dict):
        raise RuleError("the body must be a JSON object (a docs/formats.md scenario)", "docs/formats.md")
    return data


def run(engine):
    """Answer the engine's JSON, or ``{"error", "rule"}`` with 400."""
    try:
        return jsonify(engine(scenario()))
    except RuleError as err:
        return jsonify(err.as_json()), 400
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        return jsonify(error=f"the scenario could not be read: {err!r}", rule="docs/formats.md"), 400


@bp.post("/liberte/resolve")
def liberte_resolve():
    """Resolve the end of a Liberté turn (batch: missing tie decisions are passes)."""
    return run(resolve_json)


@bp.post("/liberte/check")
def liberte_check():
    """Control, the counter-revolution meter, the supply for a Liberté position."""
    return run(check_json)


@bp.post("/vote/replay")
def vote_replay():
    """The VOTE! state after a scenario's events; an event the rules forbid is a 400 naming the rule."""
    return run(replay)
