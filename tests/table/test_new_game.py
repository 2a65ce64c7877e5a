"""A new game plugs in by one folder and one registry line (docs/adding-a-game.md).

The game here is the doc's own: Tally, each player taps to score a point and the first to three
wins. Its files are the doc's code blocks (``<!-- file: … -->``), written to a temporary directory
as a package of ``companion.games``, and its name is added to the registry's line; nothing else of
the companion changes. The tests then play it as a table would (a room with its join code, seats,
writes in the log, the history, undo, export and import) and run the suite's shared checks with it
registered. The doc's excerpts of The Virgin Queen (``<!-- excerpt: … -->``) are its real code."""
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import companion.games
from companion import create_app

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "adding-a-game.md"
BLOCK = re.compile(r"<!-- (file|excerpt): ([\w/.]+) -->\n```\w*\n(.*?)\n```", re.S)
# The shared checks: the tests that ask the registry for the games (docs/adding-a-game.md, "Tests")
SHARED = ["tests/app/test_comfort.py", "tests/app/test_fuzz.py", "tests/table/test_caches.py",
          "tests/table/test_shared_code.py", "tests/table/test_games.py",
          "tests/app/test_i18n.py::test_every_message_is_translated_with_the_same_placeholders",
          "tests/app/test_i18n.py::test_every_engine_sentence_is_translated_with_the_same_placeholders_and_rule_ids",
          "tests/app/test_hostile.py::test_every_game_has_the_shared_checker",
          "tests/app/test_errors.py::test_a_table_in_another_games_pages_is_a_404"]


def blocks(kind: str) -> dict:
    """The doc's code blocks marked ``<!-- kind: path -->``, by path."""
    return {path: text for found, path, text in BLOCK.findall(DOC.read_text(encoding="utf-8"))
            if found == kind}


def write_game(folder: Path) -> tuple:
    """The doc's game written into ``folder``: its name and the registry line the doc shows."""
    files = blocks("file")
    registry = files.pop("registry")
    for path, text in files.items():
        name, inside = re.match(r"companion/games/(\w+)/(.*)", path).groups()
        target = folder / name / inside
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text + "\n", encoding="utf-8")
    added = set(re.search(r"GAMES = \((.*)\)", registry).group(1).replace('"', "").replace(" ", "").split(","))
    return name, added


@pytest.fixture
def tally(tmp_path, monkeypatch):
    """The app with the doc's game folder among the games and its name on the registry's line."""
    name, added = write_game(tmp_path / "games")
    assert added - set(companion.games.GAMES) == {name} == {"tally"}  # the doc's line adds just it
    monkeypatch.setattr(companion.games, "__path__", [*companion.games.__path__, str(tmp_path / "games")])
    monkeypatch.setattr(companion.games, "GAMES", (*companion.games.GAMES, name))
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite"),
                      "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    yield app.test_client()


def test_the_docs_excerpts_are_the_games_real_code():
    """The Virgin Queen as docs/adding-a-game.md shows it: its Game (with its command) and a
    route, as they are in its folder."""
    excerpts = blocks("excerpt")
    assert len(excerpts) >= 2
    for path, text in excerpts.items():
        assert text in (ROOT / path).read_text(encoding="utf-8"), path


def test_the_documented_game_leaves_the_shared_checks_green(tmp_path):
    """The suite's shared tests, run with the doc's game registered beside the registry's own."""
    write_game(tmp_path / "games")
    env = dict(os.environ, TESTS_EXTRA_GAMES=str(tmp_path / "games"), FUZZ_EXAMPLES="15")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:randomly",
                          "-p", "no:cacheprovider", *SHARED], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and " failed" not in run.stdout


def new_table(client, players="Ada\nBo"):
    created = client.post("/tables", data={"game": "tally", "players": players,
                                           "language": "en"})
    assert created.status_code == 303, created.get_data(as_text=True)
    return created.headers["Location"].split("/")[2]


def score(client, code, player, version):
    return client.post(f"/tally/{code}/", data={"player": player, "version": version})


def test_the_new_game_is_offered_and_gets_a_room_with_its_join_code(tally):
    assert 'value="tally"' in tally.get("/").get_data(as_text=True)
    code = new_table(tally)
    room = tally.get(f"/t/{code}/room").get_data(as_text=True)
    assert code in room and "Ada" in room and "Bo" in room
    assert tally.post(f"/t/{code}/seat", data={"player": "Ada"}).status_code == 303
    assert tally.get(f"/tally/{code}/").status_code == 200


def test_its_writes_go_to_the_log_its_rules_refuse_and_undo_takes_back(tally):
    code = new_table(tally)
    tally.post(f"/t/{code}/seat", data={"player": "Ada"})
    assert score(tally, code, "Ada", 0).status_code == 303
    assert score(tally, code, "Bo", 1).status_code == 303
    refused = score(tally, code, "Zed", 2)  # the game's reader refuses it; nothing is stored
    assert refused.status_code == 422 and "TALLY-1" in refused.get_data(as_text=True)
    history = tally.get(f"/t/{code}/history").get_data(as_text=True)
    assert "a point for Ada" in history and "a point for Bo" in history
    assert tally.post(f"/t/{code}/undo", data={"version": 2}).status_code in (200, 303)
    page = tally.get(f"/tally/{code}/").get_data(as_text=True)
    assert "Ada: 1" in page and "Bo: 0" in page and "Leading: Ada" in page  # its position's fact


def test_a_whole_game_exports_and_imports_as_the_same_table(tally):
    code = new_table(tally)
    tally.post(f"/t/{code}/seat", data={"player": "Bo"})
    for version in range(3):
        score(tally, code, "Bo", version)
    assert "Bo wins" in tally.get(f"/tally/{code}/").get_data(as_text=True)
    assert score(tally, code, "Ada", 3).status_code == 422  # the game is over (TALLY-1)
    exported = json.loads(tally.get(f"/t/{code}/export.json").get_data(as_text=True))
    assert exported["game"] == "tally" and len(exported["events"]) == 3
    imported = tally.post("/tables/import", data={"file": (
        io.BytesIO(json.dumps(exported).encode()), "tally.json")})
    assert imported.status_code == 303
    other = re.search(r"/t/(\w+)/", imported.headers["Location"]).group(1)
    assert other != code and "Bo wins" in tally.get(f"/tally/{other}/").get_data(as_text=True)


def test_an_imported_event_its_reader_refuses_is_refused_by_name(tally):
    code = new_table(tally)
    exported = json.loads(tally.get(f"/t/{code}/export.json").get_data(as_text=True))
    exported["events"] = [{"kind": "point", "data": {"player": "Nobody"}}]
    refused = tally.post("/tables/import", data={"file": (
        io.BytesIO(json.dumps(exported).encode()), "tally.json")})
    assert refused.status_code == 422 and "TALLY-1" in refused.get_data(as_text=True)
