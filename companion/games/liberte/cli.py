"""``companion liberte resolve|check FILE``: the Liberté engine on a JSON scenario, or on the position of
a table file the app exported (docs/formats.md); ``companion liberte profile keep|forget|list``: the
host administrator's board profiles."""
import sys

import click

from companion.cli_lang import LANG
from companion.scenario_file import answer
from companion.scorers.liberte import check_json, play_special_json, resolve_json
from companion.scorers.rules import RuleError
from companion.table import play_file


@click.group()
def liberte():
    """Liberté: resolve the end of a turn, or check a position."""


FILE_HELP = ("FILE is a JSON scenario, described in docs/formats.md, or a table file the app exported "
             "(its position at its last version, or at --at VERSION); - reads standard input. The answer is "
             "JSON on standard output, exit 0. Bad input (not JSON, or a position or decision the rules refuse) "
             "prints one line 'error: <what, where> (<rule id>)' on standard error and exits 2; the rule ids are "
             "in docs/rules/liberte.md.")
AT = click.option("--at", "at", type=click.IntRange(min=0), default=None, metavar="VERSION",
                  help="With a table file: its position at this version (default: its last).")


@liberte.command(epilog=FILE_HELP)
@click.argument("file")
@AT
@LANG
def resolve(file, at):
    """Resolve the end of a turn: battle, elections, Government, VPs.

    Runs the scenario in FILE in rulebook order: the battle (turns 2-4), the counter-revolution check
    (turns 3-4), the 27 province elections, the landslide check, Government and Opposition, the VPs.
    A table file's position is resolved as its Election screen would hold the elections (a tie nobody
    answered yet is a pass); a game already over is not resolved again (LIB-END-2).
    """
    answer(file, lambda data: resolve_json(scenario_of(data, at, over_refused=True)))


@liberte.command(epilog=FILE_HELP)
@click.argument("file")
@AT
@LANG
def check(file, at):
    """Check a position: control, counter-revolution, supply.

    Reports who controls each province, the counter-revolution count and the supply of each colour
    for the position in FILE, as it stands.
    """
    answer(file, lambda data: check_json(scenario_of(data, at)))


def scenario_of(data: dict, at: int | None, over_refused: bool = False) -> dict:
    """The docs/formats.md scenario in ``data``: a scenario as it is, or a table file's position at
    version ``at`` (its last when None), folded from its log as an import replays it."""
    from companion.table.tables import EXPORT_FORMAT
    if data.get("format") != EXPORT_FORMAT:
        if at is not None:
            raise RuleError("--at reads a table file, and this is a scenario", "docs/formats.md")
        return data
    position = table_position(data, at)
    if over_refused and position.get("over"):
        from companion.games.liberte.ending import ended_words
        with offline_app().test_request_context():
            said = ended_words(position["over"])
        raise RuleError(f"{said} Its winners: {', '.join(position['over']['winners'])}; the position before the "
                        "change that ended it is resolved with --at", "LIB-END-2")
    from companion.games.liberte import engine
    scenario = engine.scenario(position)
    if position.get("map"):
        scenario["map"] = position["map"]
    return scenario


def table_position(data: dict, at: int | None) -> dict:
    """A Liberté table file's position at version ``at`` (its last when None): its log read and every
    event checked as an import checks it (a refused one names its number), then folded."""
    from companion.table import events, games, tables
    with offline_app().test_request_context():
        if data.get("game") != "liberte":
            raise RuleError(f"this table file is for {data.get('game')!r}, not Liberté", "TABLE-IMPORT")
        setup = data.get("setup")
        if not isinstance(setup, dict) or not isinstance(setup.get("players"), list):
            raise RuleError("the table file's setup lacks the list of players' names", "TABLE-IMPORT")
        log = tables.read_log(data.get("events"))
        if at is not None and at > len(log):
            raise RuleError(f"--at {at}: the table file goes up to version {len(log)}", "TABLE-IMPORT")
        log = log[:len(log) if at is None else at]
        game = games.get("liberte")
        return events.fold(game, setup, events.replay(game, setup, log))


def offline_app():
    """An app for reading a table file on the command line: the games and the words, no database
    (nothing is opened or stored)."""
    from companion import create_app
    return create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "command line"})


@liberte.command(epilog=FILE_HELP)
@click.argument("file")
@LANG
def special(file):
    """Check special cards played, in order.

    Answers the board and displays after them. The scenario in FILE lists under "special" the special cards played, in order; each is checked
    by the rules of the special cards (who may play it, when, on what) on the position the ones
    before it left.
    """
    answer(file, play_special_json)


@liberte.group(short_help="The host's own board profiles, listed to every table's host.")
def profile():
    """The host administrator's board profiles, listed to every table's host.

    A profile a table's host keeps from the Profile screen is that browser's alone; these are
    the host's own list (docs/rules/liberte-board.md, "Kept profiles").
    """


DB = click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
                  help="SQLite file, as for companion serve --db (default: the instance folder).")


def hosted(db_path: str | None):
    """The app on the host's database (its instance folder's, or ``--db``)."""
    from companion import create_app
    from companion.server.serve import database_problem
    problem = database_problem(db_path)
    if problem:
        raise click.ClickException(problem)
    return create_app(settings={"DATABASE": db_path} if db_path else None)


@profile.command("keep", short_help="Put the profile in FILE on the host's list.")
@click.argument("file", type=click.File("rb"))
@DB
def keep_profile(file, db_path):
    """Put the profile in FILE (JSON, as the Profile screen exports it; - reads standard input)
    on the host's list; one of the same name is replaced."""
    from companion import jsonin
    from companion.table.db import get_db
    from companion.games.liberte.profile import keep_for_host
    with hosted(db_path).test_request_context():  # a refusal's words are the app's
        try:
            name = keep_for_host(get_db(), jsonin.loads(file.read(200_000),
                                                        "docs/rules/liberte-board.md"))
        except RuleError as err:
            click.echo(f"error: {err}", err=True)
            sys.exit(2)
    click.echo(f"kept {name!r} on this host's list")


@profile.command("forget", short_help="Take the profile called NAME off the host's list.")
@click.argument("name")
@DB
def forget_profile(name, db_path):
    """Take the profile called NAME off the host's list (tables that chose it keep their copy)."""
    from companion.table.db import get_db
    with hosted(db_path).app_context():
        gone = get_db().execute("DELETE FROM profiles WHERE name = ?", (name,)).rowcount
    if not gone:
        click.echo(f"error: no profile called {name!r} is on this host's list", err=True)
        sys.exit(2)
    click.echo(f"forgot {name!r}")


@profile.command("list")
@DB
def list_profiles(db_path):
    """The names on the host's list, one a line."""
    from companion.table.db import get_db
    with hosted(db_path).app_context():
        for row in get_db().execute("SELECT name FROM profiles ORDER BY name"):
            click.echo(row[0])


liberte.add_command(play_file.command("liberte"))  # companion liberte play TABLE.json
