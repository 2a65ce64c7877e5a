"""The ``companion`` command: one group per game, each answering JSON scenarios.

``companion liberte resolve FILE`` and friends read a scenario (``-`` is standard
input), print the answer as JSON, and on bad input print one line
``error: <what, where> (<rule id>)`` to stderr and exit 2 (``spec/formats.md``).
"""
import json
import sys

import click

from companion.scorers.rules import RuleError

NOT_JSON = "formats.md"


def read_scenario(stream) -> dict:
    """Parse a scenario file; anything but a JSON object is a RuleError."""
    text = stream.read()
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise RuleError(f"the scenario is not JSON: {err}", NOT_JSON) from None
    if not isinstance(data, dict):
        raise RuleError("the scenario must be a JSON object", NOT_JSON)
    return data


def answer(stream, engine) -> None:
    """Run ``engine`` on the scenario in ``stream`` and print its JSON answer, or the error line."""
    try:
        result = engine(read_scenario(stream))
    except RuleError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(2)
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))


@click.group()
def main():
    """companion: scores, checks and narrates board games beside the table."""

