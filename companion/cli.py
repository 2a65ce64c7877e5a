"""The ``companion`` command: one sub-group per game (``companion <game> …``), then serving and backups."""
import click

DOCS = "docs/formats.md"


@click.group(epilog="The rules the engines follow, with their ids, are in docs/rules/ of the repository; the "
                    f"JSON formats of resolve, check and replay in {DOCS}.")
@click.version_option(package_name="companion", prog_name="companion", message="%(prog)s %(version)s")
def main():
    """companion: scores, checks and narrates board games beside the table."""


from companion.table.games import registered  # noqa: E402
for game in registered():  # each game's own commands (Game.commands)
    for command in game.commands:
        main.add_command(command)

from companion.server.serve import serve  # noqa: E402
main.add_command(serve)

from companion.server.backup import backup_command, restore_command  # noqa: E402
main.add_command(backup_command)
main.add_command(restore_command)
