"""The seam: a game is registered with its blueprints, reducer and landing page; its positions
are of its own type, whose facts are computed once (companion.table.games.Position)."""
import copy
import json
import pickle
from concurrent.futures import ThreadPoolExecutor

import pytest
from flask import Blueprint, Flask

from companion.scorers.rules import RuleError
from companion.table import caches, games


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


def test_every_game_folds_a_position_of_its_own_type(app):
    """A game's ``initial`` gives its own Position type (companion.table.games.Position), which
    the table core's fold keeps: the core builds positions through the game and names none."""
    from companion.table import events
    with app.app_context():
        for game in games.all_games():
            setup = game.prepare({"players": [f"P{n}" for n in range(game.min_players)],
                                  "options": {}})
            folded = events.fold(game, setup, [])
            assert isinstance(folded, games.Position) and type(folded) is not games.Position, game.name
            assert type(folded).__module__.startswith(f"companion.games.{game.name}"), game.name
            assert not [key for key in folded if key.startswith("_")], game.name
            with pytest.raises(TypeError):
                folded["turn"] = 2


class Counted(games.Position):
    """A position type with one fact, counting how often it is computed."""

    __slots__ = ()
    computed = []

    @caches.fact
    def total(self):
        Counted.computed.append(dict(self))
        return sum(self.values())


def test_a_fact_is_computed_once_per_position_and_kept_out_of_its_keys():
    Counted.computed.clear()
    position = Counted(a=1, b=2)
    with ThreadPoolExecutor(4) as pool:
        assert set(pool.map(lambda _: position.total(), range(16))) == {3}
    assert position.total() == 3 and Counted.computed == [{"a": 1, "b": 2}]
    assert dict(position) == {"a": 1, "b": 2} and json.loads(json.dumps(position)) == {"a": 1, "b": 2}
    assert Counted(position, b=5).total() == 6 and len(Counted.computed) == 2  # a new instance


def test_a_position_never_changes_once_built_and_its_copies_carry_no_facts():
    position = Counted(a=1, board={"1": [2]})
    for change in (lambda p: p.__setitem__("a", 2), lambda p: p.__delitem__("a"),
                   lambda p: p.update(a=2), lambda p: p.pop("a"), lambda p: p.setdefault("c", 1),
                   lambda p: p.clear(), lambda p: p.popitem()):
        with pytest.raises(TypeError, match="never changes"):
            change(position)
    assert position == {"a": 1, "board": {"1": [2]}}
    Counted.computed.clear()
    position = Counted(a=1, b=2)
    position.total()
    for copied in (copy.copy(position), copy.deepcopy(position), pickle.loads(pickle.dumps(position))):
        assert type(copied) is Counted and copied == position and copied is not position
        assert getattr(copied, "_facts", None) is None
    nested = Counted(board={"1": [2]})
    assert copy.deepcopy(nested)["board"] is not nested["board"]


def test_fold_event_changes_a_plain_copy_and_builds_the_games_type(app):
    seen = []
    handlers = {"add": lambda p, d: seen.append(type(p)) or p.__setitem__("a", p["a"] + d["n"])}
    before = Counted(a=1)
    after = games.fold_event(handlers, before, {"kind": "add", "data": {"n": 2}}, "Toy", Counted)
    assert seen == [dict] and type(after) is Counted and after == {"a": 3} and before == {"a": 1}
    with app.test_request_context(), pytest.raises(RuleError, match="malformed"):
        games.fold_event(handlers, before, {"kind": "add", "data": {}}, "Toy", Counted)
