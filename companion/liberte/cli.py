"""``companion liberte resolve|check FILE``: the Liberté engine on a JSON scenario (formats.md)."""
import click

from companion.scenario_file import answer
from companion.scorers.liberte import check_json, resolve_json


@click.group()
def liberte():
    """Liberté: resolve the end of a turn, or check a position."""


@liberte.command()
@click.argument("file")
def resolve(file):
    """Resolve battle, elections, Government and VPs for the scenario in FILE (- for stdin)."""
    answer(file, resolve_json)


@liberte.command()
@click.argument("file")
def check(file):
    """Report control, the counter-revolution count and the supply for the position in FILE."""
    answer(file, check_json)
