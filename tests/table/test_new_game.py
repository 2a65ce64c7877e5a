"""A third game plugs in by one folder and one registry line (docs/adding-a-game.md).

The game here is Tally: each player taps to score a point, and the first to three wins. Its folder
is written to a temporary directory as a package of ``companion.games`` (its Game, its scorer, its
view, its template) and its name is added to the registry's line; nothing else of the companion
changes. The tests then play it as a table would: a room with its join code, seats, writes in the
log, the history, undo, export and import."""
import io
import json
import re
import textwrap

import pytest

import companion.games
from companion import create_app

FOLDER = {
    "__init__.py": '''
        """Tally: tap to score; the first to three points wins."""
        from companion.table.games import Game
        from companion.games.tally import views

        def initial(setup):
            return {"points": {name: 0 for name in setup["players"]}, "winner": None}

        def apply(position, event):
            from companion.scorers.rules import RuleError
            if position["winner"]:
                raise RuleError(f"{position['winner']} has won already", "TALLY-1")
            points = dict(position["points"], **{event["data"]["player"]:
                                                 position["points"][event["data"]["player"]] + 1})
            winner = event["data"]["player"] if points[event["data"]["player"]] >= 3 else None
            return {"points": points, "winner": winner}

        def check(position, kind, data):
            from companion.scorers.rules import RuleError
            if kind != "point" or data.get("player") not in position["points"]:
                raise RuleError("a point goes to one of the players", "TALLY-1")
            return {"player": data["player"]}

        GAME = Game(name="tally", title="Tally", blueprints=(views.bp,), initial=initial,
                    apply=apply, describe=lambda e: f"a point for {e['data']['player']}",
                    endpoint="tally.page", check=check, min_players=2, max_players=4)
        ''',
    "views.py": '''
        from flask import Blueprint, request, url_for
        from companion.table import live

        bp = Blueprint("tally", __name__, url_prefix="/tally/<code>")
        SCREEN = live.Screen("tally/page.html", "tally/page.html",
                             lambda table: {"table": table, "p": live.position(table),
                                            **live.undo_context(table)},
                             lambda table: url_for("tally.page", code=table.code))

        @bp.get("/")
        def page(code):
            table = live.load(code)
            return live.render(SCREEN.page, SCREEN.fragment, **SCREEN.context(table))

        @bp.post("/")
        def point(code):
            table = live.load(code)
            return live.write(table, "point", {"player": request.form.get("player", "")},
                              SCREEN, field="player")
        ''',
    "templates/tally/page.html": '''
        <h1>Tally {{ table.code }}</h1>
        {% for name, n in p.points.items() %}<p class="points">{{ name }}: {{ n }}</p>{% endfor %}
        {% if p.winner %}<p id="winner">{{ p.winner }} wins</p>{% endif %}
        {% if error %}<p class="error">{{ error.message }} ({{ error.rule }})</p>{% endif %}
        ''',
}


@pytest.fixture
def tally(tmp_path, monkeypatch):
    """The app with Tally's folder among the games and its name on the registry's line."""
    for name, text in FOLDER.items():
        path = tmp_path / "tally" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    monkeypatch.setattr(companion.games, "__path__", [*companion.games.__path__, str(tmp_path)])
    monkeypatch.setattr(companion.games, "GAMES", (*companion.games.GAMES, "tally"))
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite"),
                      "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    yield app.test_client()


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
    assert "Ada: 1" in page and "Bo: 0" in page


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
