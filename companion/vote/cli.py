"""``companion vote …``: the VOTE! moderator from the command line."""
import random

import click

from companion.scenario_file import answer
from companion.scorers.vote.night_script import LANGUAGES, NightSettings, timed_script
from companion.scorers.vote.replay import replay


@click.group()
def vote():
    """VOTE!: the narrated night and the rounds' bookkeeping."""


@vote.command()
@click.option("--players", type=click.IntRange(5, 10), required=True, help="Players at the table (5-10).")
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True)
@click.option("--seed", type=int, default=None, help="Seed of the random padding (default: fresh).")
@click.option("--eyes-open", type=click.FloatRange(min=0), default=10, show_default=True,
              help="Seconds the Republicans keep their eyes open (the countdown).")
@click.option("--pause", type=click.FloatRange(min=0), default=3, show_default=True,
              help="Silent seconds after every other line.")
@click.option("--pace", type=click.FloatRange(min=0, min_open=True), default=1.0, show_default=True,
              help="Scales every duration (2 = twice as slow).")
@click.option("--padding", type=click.FloatRange(min=0), default=0, show_default=True,
              help="Up to this many random seconds added to each silent pause.")
def script(players, lang, seed, eyes_open, pause, pace, padding):
    """Print the night script (VOTE-SETUP-3): start second, duration, text."""
    settings = NightSettings(eyes_open=eyes_open, pause=pause, pace=pace, padding=padding)
    for step in timed_script(players, lang, settings, random.Random(seed)):
        mark = f"  [countdown {step['wait']:g} s]" if step["countdown"] else ""
        click.echo(f"{step['start']:6.1f} {step['duration']:5.1f}  {step['text']}{mark}")


@vote.command("replay")
@click.argument("file")
def replay_command(file):
    """Print the VOTE! position after a scenario's events (FILE, or - for standard input)."""
    answer(file, replay)
