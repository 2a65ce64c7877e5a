"""Reading a JSON scenario and answering it, as ``spec/formats.md`` fixes for the CLI.

An answer is JSON on stdout and exit 0; bad input is one line
``error: <what, where> (<rule id>)`` on stderr, nothing on stdout, exit 2.
"""
import json
import sys

import click

from companion.scorers.rules import RuleError

FORMATS = "formats.md"


def read_scenario(stream) -> dict:
    """Parse a scenario file; anything but a JSON object is a RuleError."""
    try:
        data = json.loads(stream.read())
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise RuleError(f"the scenario is not JSON: {err}", FORMATS) from None
    if not isinstance(data, dict):
        raise RuleError("the scenario must be a JSON object", FORMATS)
    return data


def answer(stream, engine) -> None:
    """Run ``engine`` (a dict -> dict function) on the scenario in ``stream`` and print the JSON."""
    try:
        result = engine(read_scenario(stream))
    except RuleError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(2)
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))
