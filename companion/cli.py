"""The ``companion`` command: one sub-group per game (``companion liberte …``, ``companion vote …``)."""
import click

DOCS = "docs/formats.md"


@click.group(epilog="The rules the engines follow, with their ids, are in docs/rules/ of the repository; the "
                    f"JSON formats of resolve, check and replay in {DOCS}.")
@click.version_option(package_name="companion", prog_name="companion", message="%(prog)s %(version)s")
def main():
    """companion: scores, checks and narrates board games beside the table."""


from companion.liberte.cli import liberte  # noqa: E402  (each game registers its commands)
from companion.vote.cli import vote  # noqa: E402
main.add_command(liberte)
main.add_command(vote)
from companion.conquest.cli import conquest_group  # noqa: E402
from companion.virgin_queen.cli import virgin_queen  # noqa: E402
main.add_command(virgin_queen)
main.add_command(conquest_group, "conquest")

from companion.serve import serve  # noqa: E402
main.add_command(serve)

from companion.backup import backup_command, restore_command  # noqa: E402
main.add_command(backup_command)
main.add_command(restore_command)
