"""A game is one folder and one line: no game's name in the shared code but the registry's line.

The shared code asks the games what they need (``companion.games``: their tables, their news,
their commands, JSON routes, scripts and stylesheets); a game's name written in it would be a
game the shared code knows by heart, and the next game would have to edit it too."""
import re
import subprocess
from pathlib import Path

import companion
from companion import games

ROOT = Path(__file__).resolve().parent.parent
NAMES = re.compile(r"libert[eé]|vote|virgin|conquest", re.IGNORECASE)
LOADS = re.compile(r"filename=['\"]([\w.-]+)['\"]")


def game_files() -> set[str]:
    """The files that are a game's: its package, its templates, and the static files it declares
    (``Game.scripts``, ``Game.styles``) or its templates load; the pure engines and the catalogs
    are not the shared code either."""
    found = set()
    for name in companion.GAMES:
        found |= {f"companion/{name}/", f"companion/templates/{name}/"}
    for game in games.registered():
        found |= {f"companion/static/{name}" for name in (*game.scripts, *game.styles)}
        for template in (ROOT / "companion/templates" / game.name).rglob("*.html"):
            found |= {f"companion/static/{name}" for name in LOADS.findall(template.read_text())}
    return found | {"companion/scorers/", "companion/translations/"}


def shared_files() -> list[str]:
    tracked = subprocess.run(["git", "ls-files", "companion"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    mine = game_files()
    return [path for path in tracked if not any(path.startswith(game) for game in mine)
            and not path.endswith((".png", ".mo"))]


def test_no_game_is_named_in_the_shared_code_but_in_the_registry():
    hits = [f"{path}:{number}: {line.strip()}" for path in shared_files()
            for number, line in enumerate((ROOT / path).read_text().splitlines(), 1)
            if NAMES.search(line)]
    registry = 'GAMES = ("liberte", "vote", "virgin_queen", "conquest")'
    assert hits == [f"companion/__init__.py:{line_of(registry)}: {registry}"], "\n".join(hits)


def line_of(text: str) -> int:
    lines = (ROOT / "companion/__init__.py").read_text().splitlines()
    return next(number for number, line in enumerate(lines, 1) if line.startswith(text))


def test_the_shared_files_include_the_table_core_the_server_and_the_shared_pages():
    """The test above reads what it should: the modules every game uses are among the files."""
    shared = shared_files()
    for path in ("companion/db.py", "companion/tables.py", "companion/push.py",
                 "companion/live.py", "companion/api.py", "companion/cli.py",
                 "companion/templates/base.html", "companion/templates/tables/index.html",
                 "companion/static/companion.js", "companion/static/companion.css"):
        assert path in shared
    assert not any(path.startswith("companion/static/liberte") for path in shared)


def test_every_registered_game_reads_its_events():
    """``Game.check`` has no default: a game without it would store imported events unread."""
    assert all(callable(game.check) for game in games.registered()
               if isinstance(game, games.Game))
    try:
        games.Game("toy", "Toy", (), initial=dict, apply=lambda p, e: p, describe=str,
                   endpoint="toy.page")
    except TypeError as err:
        assert "check" in str(err)
    else:
        raise AssertionError("a game without check was accepted")


def test_a_games_script_and_stylesheet_load_on_its_pages_and_its_tables_shared_pages(
        client, table, vote_table):
    """Game.scripts and Game.styles: on the game's own pages and on its tables' Room and
    History, which show its alert (a tie question opening by itself); never on another game's
    pages nor on the start page."""
    def loads(url):
        page = client.get(url).get_data(as_text=True)
        return ("/static/liberte.js" in page, "/static/liberte.css" in page,
                "/static/night.css" in page)
    assert loads(f"/liberte/{table.code}/") == (True, True, False)
    assert loads(f"/t/{table.code}/room") == (True, True, False)
    assert loads(f"/t/{table.code}/history") == (True, True, False)
    assert loads(f"/vote/{vote_table.code}/night/captions") == (False, False, True)
    assert loads("/") == (False, False, False)


def test_a_games_news_is_told_on_its_tables_stream_and_removed_with_the_table(app, client, table):
    """A game bumps its table's news (db.bump_news); the stream tells its number; a deleted
    table leaves no news behind."""
    from companion import db, tables
    assert "event: news" not in client.get(f"/t/{table.code}/events").get_data(as_text=True)
    with app.app_context():
        found = tables.find(table.code)
        with db.transaction(db.get_db()) as conn:
            first = db.bump_news(conn, found.id)
        with db.transaction(db.get_db()) as conn:
            second = db.bump_news(conn, found.id)
    assert second > first
    told = client.get(f"/t/{table.code}/events").get_data(as_text=True)
    assert f"event: news\ndata: {second}\n\n" in told
    with app.app_context():
        tables.delete(tables.find(table.code))
        assert db.get_db().execute("SELECT count(*) FROM news").fetchone()[0] == 0
