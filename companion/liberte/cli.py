"""``companion liberte resolve|check FILE``: the Liberté engine on a JSON scenario (docs/formats.md)."""
import click

from companion.scenario_file import answer
from companion.scorers.liberte import check_json, resolve_json


@click.group()
def liberte():
    """Liberté: resolve the end of a turn, or check a position."""


FILE_HELP = ("FILE is a JSON scenario, described in docs/formats.md (- reads standard input). The answer is "
             "JSON on standard output, exit 0. Bad input (not JSON, or a position or decision the rules refuse) "
             "prints one line 'error: <what, where> (<rule id>)' on standard error and exits 2; the rule ids are "
             "in docs/rules/liberte.md.")


@liberte.command(epilog=FILE_HELP)
@click.argument("file")
def resolve(file):
    """Resolve the end of a turn: battle, elections, Government, VPs.

    Runs the scenario in FILE in rulebook order: the battle (turns 2-4), the counter-revolution check
    (turns 3-4), the 27 province elections, the landslide check, Government and Opposition, the VPs.
    """
    answer(file, resolve_json)


@liberte.command(epilog=FILE_HELP)
@click.argument("file")
def check(file):
    """Check a position: control, counter-revolution, supply.

    Reports who controls each province, the counter-revolution count and the supply of each colour
    for the position in FILE, as it stands.
    """
    answer(file, check_json)
