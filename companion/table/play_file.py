"""``companion <game> play TABLE.json``: the play of a finished table, from its exported file,
as BG Stats imports it (docs/formats.md, "A finished play") — the same JSON as the table's
``/t/<code>/play.json``. Each game's command group adds :func:`command`.

The file's log is read and checked as an import is (``events.replay``, the game's checker and its
rules); nothing is stored. The answer is JSON on standard output, exit 0; a file the rules refuse,
or a game not over, one line ``error: <what> (<rule id>)`` on standard error, exit 2.
"""
import json
import sys

import click
from flask import Flask, g

from companion import grammar, i18n, jsonin
from companion.cli_lang import LANG, chosen
from companion.scorers.rules import RuleError
from companion.table import events, games, results, tables


def play_of(name: str, raw: bytes, lang: str) -> dict:
    """The play of the table file ``raw`` of the game ``name``, its sentences in ``lang``."""
    app = Flask("companion", root_path=i18n.__file__.rsplit("/", 1)[0])
    i18n.init_app(app)
    with app.test_request_context():
        return _play(name, jsonin.loads(raw, "TABLE-IMPORT"), lang)


def _play(name: str, data, lang: str) -> dict:
    game = next(found for found in games.registered() if found.name == name)
    if not isinstance(data, dict) or (data.get("format"), data.get("game")) != (
            tables.EXPORT_FORMAT, name):
        raise RuleError(f"this is not a {game.title} table file (format {tables.EXPORT_FORMAT!r},"
                        f" game {name!r} expected)", "TABLE-IMPORT")
    setup = data.get("setup")
    if not (isinstance(setup, dict) and isinstance(setup.get("players"), list)):
        raise RuleError("the table file's setup lacks the list of players' names", "TABLE-IMPORT")
    log = events.replay(game, setup, tables.read_log(data.get("events")))
    code = str(data.get("code") or "")
    table = tables.Table(id=0, code=code, game=name, title=str(data.get("title") or ""),
                         setup=setup, language=lang, host_hash="", version=len(log),
                         created=log[0]["created"] if log and log[0].get("created") else "")
    g.table = table
    g._speaker = grammar.speaker(lang, events.genders(setup, log))
    kept = events.in_effect(log)
    position = events.fold(game, setup, log)
    found = game.results(setup, position, kept) if game.over(position) else None
    if found is None:
        raise RuleError("the game of this table file is not over: it has no results yet",
                        "TABLE-FINISHED")
    return results.play(table, game.title, found, kept)


def read(path: str) -> bytes:
    """The table file at ``path`` (``-``: standard input)."""
    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as file:
                raw = file.read()
    except OSError as err:
        raise RuleError(f"cannot read the table file {path!r}: {err.strerror}",
                        "TABLE-IMPORT") from None
    return raw


def command(name: str) -> click.Command:
    """The ``play`` command of the game ``name``'s group."""
    @click.command("play", epilog="TABLE is a table file exported from the companion (its Room"
                                  " page; - reads standard input). The play's JSON is described in"
                                  " docs/formats.md.")
    @click.argument("table", metavar="TABLE")
    @LANG
    def play(table):
        """Print the play of a finished table as BG Stats imports it."""
        try:
            found = play_of(name, read(table), chosen())
        except RuleError as err:
            click.echo(f"error: {err.message} ({err.rule})", err=True)
            sys.exit(2)
        click.echo(json.dumps(found, ensure_ascii=False, indent=2))
    return play
