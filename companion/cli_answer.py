"""What the helpers' commands share: an engine's answer as JSON or readable lines, a refusal as one
``error: … (RULE-ID)`` line on stderr with exit 2 (as every game's ``companion <game>`` commands)."""
import json
import sys

import click

from companion.scorers.rules import RuleError


def whole(text):
    """A number typed on the command line: an int when it reads as one, else the text itself, which
    the engine then refuses naming its rule (so ``--die x`` is a rule's error, not a usage error)."""
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        return text


def reply(run, as_json: bool, lines) -> None:
    """Print ``run()``'s answer: JSON, or the lines ``lines(answer)`` gives; its sentences in the
    command's ``--lang`` (companion.cli_lang)."""
    from companion.cli_lang import Speaker, chosen
    speaker = Speaker(chosen())
    try:
        result = run()
    except RuleError as err:
        click.echo(f"error: {speaker.refusal(err)}", err=True)
        sys.exit(2)
    if speaker.needed:
        result = speaker.say(result)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        for line in lines(result):  # the glue of the lines is said in the language too
            click.echo(speaker.say(line) if speaker.needed else line)
