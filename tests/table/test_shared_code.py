"""A game is one folder and one line: no game's name in the shared code but the registry's line.

The shared code asks the games what they need (``companion.table.games``: their tables, their news,
their commands, JSON routes, scripts and stylesheets); a game's name written in it would be a
game the shared code knows by heart, and the next game would have to edit it too."""
import ast
import re
import subprocess
import unicodedata
from pathlib import Path

from companion.table import games

ROOT = Path(__file__).resolve().parents[2]


def game_names() -> re.Pattern:
    """Any registered game's name as code or a page would write it (``virgin_queen``,
    ``virgin-queen``, ``virgin queen``; an accent or not) or a word of five letters or more of
    its title."""
    words = set()
    for game in games.registered():
        words |= {game.name.replace("_", sep) for sep in "_- "}
        words |= {word for word in re.findall(r"\w+", str(game.title)) if len(word) >= 5}
    folded = {unicodedata.normalize("NFKD", w).encode("ascii", "ignore").decode() for w in words}
    return re.compile("|".join(sorted(map(re.escape, words | folded), key=len, reverse=True)), re.IGNORECASE)


NAMES = game_names()
LOADS = re.compile(r"filename=['\"]([\w.-]+)['\"]")


def game_files() -> set[str]:
    """The files that are the games': their folders (each one's package, templates and static
    files, and the registry line in their folder's __init__.py); the pure engines and the
    catalogs are not the shared code either."""
    return {"companion/games/", "companion/scorers/", "companion/translations/"}


def shared_files() -> list[str]:
    tracked = subprocess.run(["git", "ls-files", "companion"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    mine = game_files()
    return [path for path in tracked if not any(path.startswith(game) for game in mine)
            and not path.endswith((".png", ".mo"))]


def test_no_game_is_named_in_the_shared_code():
    """The registry line, the only place the shared code would name a game, is the games'
    folder's own (companion/games/__init__.py)."""
    hits = [f"{path}:{number}: {line.strip()}" for path in shared_files()
            for number, line in enumerate((ROOT / path).read_text().splitlines(), 1)
            if NAMES.search(line)]
    assert hits == [], "\n".join(hits)
    from companion.games import GAMES
    registry = (ROOT / "companion/games/__init__.py").read_text()
    assert registry.count("GAMES = (") == 1
    line = re.search(r"^GAMES = (\(.*?\))$", registry, re.M | re.S).group(1)
    assert set(ast.literal_eval(line)) <= set(GAMES)  # a run may register a game more (test_new_game)
    assert len(GAMES) == len(games.registered())


def test_the_names_looked_for_are_the_registrys():
    for said in ("liberte", "Liberté", "VOTE!", "virgin-queen", "The Virgin Queen", "conquest"):
        assert NAMES.search(said), said
    assert not NAMES.search("the table core")


def test_the_shared_files_include_the_table_core_the_server_and_the_shared_pages():
    """The test above reads what it should: the modules every game uses are among the files."""
    shared = shared_files()
    for path in ("companion/table/db.py", "companion/table/tables.py", "companion/server/push.py",
                 "companion/table/live.py", "companion/api.py", "companion/cli.py",
                 "companion/templates/base.html", "companion/templates/tables/index.html",
                 "companion/static/companion.js", "companion/static/companion.css"):
        assert path in shared
    assert not any(path.startswith("companion/games/") for path in shared)


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
    from companion.table import db, tables
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
