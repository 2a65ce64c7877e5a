"""``companion vote …``: the VOTE! moderator from the command line."""
import random

import click

from companion.cli_lang import LANG
from companion.scenario_file import answer
from companion.scorers.vote.night_script import LANGUAGES, LIMITS, NightSettings, timed_script
from companion.scorers.vote.replay import replay
from companion.table import play_file


def duration(name: str) -> click.FloatRange:
    """The bounds of a night setting, the same as the night's page (``night_script.LIMITS``)."""
    low, high = LIMITS[name]
    return click.FloatRange(low, high)


@click.group()
def vote():
    """VOTE!: the narrated night and the rounds' bookkeeping."""


@vote.command()
@click.option("--players", type=click.IntRange(5, 10), required=True, help="Players at the table (5-10).")
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True, help="Language of the script.")
@click.option("--seed", type=int, default=None, help="Seed of the random padding (default: fresh).")
@click.option("--eyes-open", type=duration("eyes_open"), default=10, show_default=True,
              help="Seconds the Republicans keep their eyes open (the countdown).")
@click.option("--pause", type=duration("pause"), default=3, show_default=True,
              help="Silent seconds after every other line.")
@click.option("--pace", type=duration("pace"), default=1.0, show_default=True,
              help="Scales every duration (2 = twice as slow).")
@click.option("--padding", type=duration("padding"), default=0, show_default=True,
              help="Up to this many random seconds added to each silent pause.")
def script(players, lang, seed, eyes_open, pause, pace, padding):
    """Print the night script (VOTE-SETUP-3), with its timing.

    One line a step: start second, duration, text. The bounds of the durations are those of the
    night's page.
    """
    settings = NightSettings(eyes_open=eyes_open, pause=pause, pace=pace, padding=padding)
    for step in timed_script(players, lang, settings, random.Random(seed)):
        mark = f"  [countdown {step['wait']:g} s]" if step["countdown"] else ""
        click.echo(f"{step['start']:6.1f} {step['duration']:5.1f}  {step['text']}{mark}")


@vote.command("replay", epilog="FILE is a JSON scenario, described in docs/formats.md (- reads standard input). "
                               "The answer is JSON on standard output, exit 0. An event the rules forbid, or bad "
                               "input, prints one line 'error: <what, where> (<rule id>)' on standard error and "
                               "exits 2; the rule ids are in docs/rules/vote.md.")
@click.argument("file")
@LANG
def replay_command(file):
    """Replay a game's events and print the position after them.

    The players, their points, the President and PM, what may happen next, and the log of every
    event with the rule it follows, after the events in FILE.
    """
    answer(file, replay)


vote.add_command(play_file.command("vote"))  # companion vote play TABLE.json
