"""The seam: a game is registered with its blueprints, reducer and landing page."""
from flask import Blueprint, Flask

from companion.table import games


def test_a_game_plugs_in_with_its_blueprint_and_reducer():
    app = Flask(__name__)
    bp = Blueprint("toy", __name__)
    bp.add_url_rule("/toy/<code>", "page", lambda code: code)
    toy = games.Game("toy", "Toy", (bp,), initial=lambda s: {"n": 0},
                     apply=lambda p, e: {"n": p["n"] + 1}, describe=lambda e: "tick",
                     endpoint="toy.page", check=lambda position, kind, data: data)
    games.register(app, toy)
    with app.app_context():
        assert games.get("toy") is toy and games.all_games() == [toy]
    assert app.test_client().get("/toy/ABC").data == b"ABC"


def test_liberte_is_registered(app):
    with app.app_context():
        assert games.get("liberte").endpoint == "liberte.board"
