"""The ``companion`` command: one sub-group per game (``companion liberte …``, ``companion vote …``)."""
import click


@click.group()
def main():
    """companion: scores, checks and narrates board games beside the table."""


from companion.vote.cli import vote  # noqa: E402  (the game registers its commands)
main.add_command(vote)
