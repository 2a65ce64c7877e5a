"""The JSON API (docs/formats.md): the engines' batch interface over HTTP. 400 on bad input, never 500.

Each game declares its routes (``Game.api``), made here: ``blueprint(name, engines)`` answers
``POST /api/<name>/<route>`` with the engine's JSON; no CSRF token is asked (no cookie is used)."""
from flask import Blueprint, jsonify, request

from companion import jsonin
from companion.scorers.rules import RuleError


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


def blueprint(name: str, engines: dict) -> Blueprint:
    """A game's JSON routes: ``POST /api/<name>/<route>`` for each ``route → engine`` of
    ``engines`` (an engine takes the scenario, a dict, and gives JSON; the docstring of each
    is the route's)."""
    bp = Blueprint(f"{name}_api", __name__, url_prefix=f"/api/{name}")
    for route, engine in engines.items():
        def answer(engine=engine):
            return run(engine)
        answer.__doc__ = engine.__doc__
        bp.add_url_rule(f"/{route}", route, answer, methods=["POST"])
    return bp
