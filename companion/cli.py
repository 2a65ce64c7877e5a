"""The ``companion`` command: one sub-group per game (``companion liberte …``, ``companion vote …``)."""
import click


@click.group()
def main():
    """companion: scores, checks and narrates board games beside the table."""


from companion.liberte.cli import liberte  # noqa: E402  (the game registers its commands)
main.add_command(liberte)

from companion.serve import serve  # noqa: E402
main.add_command(serve)
