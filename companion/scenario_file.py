"""Reading a JSON scenario and answering it, as docs/formats.md fixes for the CLI.

An answer is JSON on stdout and exit 0; bad input is one line
``error: <what, where> (<rule id>)`` on stderr, nothing on stdout, exit 2.
"""
import json
import sys

import click

from companion.scorers.rules import RuleError

FORMATS = "docs/formats.md"


def read_scenario(path: str) -> dict:
    """Parse the scenario file at ``path`` (``-``: standard input); anything but a JSON object is a
    RuleError."""
    try:
        raw = sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()
    except OSError as err:
        raise RuleError(f"cannot read the scenario {path!r}: {err.strerror}", FORMATS) from None
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise RuleError(f"the scenario is not JSON: {err}", FORMATS) from None
    if not isinstance(data, dict):
        raise RuleError("the scenario must be a JSON object", FORMATS)
    return data


def answer(path: str, engine) -> None:
    """Run ``engine`` (a dict -> dict function) on the scenario at ``path`` and print the JSON answer,
    its sentences in the command's ``--lang`` (companion.cli_lang) and agreeing with the
    scenario's players."""
    from companion.cli_lang import Speaker, chosen
    scenario = None
    try:
        scenario = read_scenario(path)
        result = engine(scenario)
    except RuleError as err:
        click.echo(f"error: {Speaker(chosen(), scenario).refusal(err)}", err=True)
        sys.exit(2)
    speaker = Speaker(chosen(), scenario)
    if speaker.needed:
        result = speaker.say(result)
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))
