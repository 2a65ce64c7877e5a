"""Every cache in one list (companion.table.caches), each with its bound, its key and its reason, and
none keyed by an object's id(): Python gives that id to another object once the first is gone."""
import ast
import importlib
import re
from pathlib import Path

from companion.table import caches, events
from companion.table.caches import LRU

KEPT = {"positions", "position facts", "static files", "liberte board profiles", "russian words",
        "pushed fragments", "rendered per version", "messages alone", "add-a-stack sheets"}


def test_every_cache_says_its_bound_its_key_and_its_reason(app, client, table):
    assert client.get(f"/liberte/{table.code}/").status_code == 200  # the app's position cache
    assert set(caches.REGISTRY) == KEPT
    for entry in caches.REGISTRY.values():
        assert entry.bound and entry.key and entry.reason, entry.name
        assert isinstance(entry.bound, str) or entry.bound > 0, entry.name
        assert "id()" not in entry.key, entry.name
    assert caches.REGISTRY["positions"].bound == app.config["POSITION_CACHE"]
    assert {"version", "stamp"} <= set(re.findall(r"\w+", caches.REGISTRY["position facts"].key))
    rendered = set(re.findall(r"\w+", caches.REGISTRY["rendered per version"].key))
    assert {"version", "stamp", "language"} <= rendered


FILLS = {"setdefault", "update", "__setitem__"}


def game_folders() -> set:
    """The registered games' folders (one registered for a run may live outside companion/)."""
    import companion.games
    return {Path(importlib.import_module(f"companion.games.{name}").__file__).parent
            for name in companion.games.GAMES}


def filled_dicts(text: str) -> list[str]:
    """The module-level names of ``text`` bound to an empty dict that its functions fill as the
    app runs (``NAME[key] = …``, ``NAME.setdefault``, ``NAME.update``): a cache. An empty dict
    nobody fills (a game's ``SCOPES = {}``) is a constant."""
    tree = ast.parse(text)
    empty = {target.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
             for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
             if isinstance(target, ast.Name) and (
                 isinstance(node.value, ast.Dict) and not node.value.keys or
                 isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") in ("dict", "OrderedDict")
                 and not node.value.args and not node.value.keywords)}
    filled = set()
    for function in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        for node in ast.walk(function):
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
                filled.add(getattr(node.value, "id", None))
            elif isinstance(node, ast.Attribute) and node.attr in FILLS:
                filled.add(getattr(node.value, "id", None))
    return sorted(empty & filled)


def test_no_module_keeps_a_cache_of_its_own():
    """A module-level dict filled as the app runs, an ``lru_cache``, an ``id()`` key: each is a
    cache with unwritten rules. Only companion.table.caches makes them."""
    root = Path(__file__).resolve().parents[2] / "companion"
    folders = {root} | {folder for folder in game_folders() if root not in folder.parents}
    found = []
    for path in (path for folder in folders for path in folder.rglob("*.py")):
        if path.name == "caches.py" or "scorers" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {name}" for name in filled_dicts(text)]
        found += [f"{path.name}: lru_cache" for _ in re.finditer(r"lru_cache|functools\.cache", text)]
        found += [f"{path.name}: id() key" for _ in re.finditer(r"\[id\(|\.get\(id\(", text)]
    assert found == []


def test_a_dict_filled_as_the_app_runs_is_a_cache_and_an_empty_constant_is_not():
    """A game without scopes (``SCOPES = {}``, Game.conflicts) keeps no cache."""
    assert filled_dicts("SCOPES = {}\nHANDLERS: dict = dict()\n") == []
    kept = "_seen = {}\n\ndef look(key):\n    _seen[key] = 1\n"
    assert filled_dicts(kept) == ["_seen"]
    assert filled_dicts("MEMO = dict()\ndef f(k, v):\n    return MEMO.setdefault(k, v)\n") == ["MEMO"]


def test_an_lru_keeps_the_entries_used_most_recently():
    cache = LRU("a test cache", 2, "a number", "a test")
    try:
        cache[1], cache[2] = (0, "one"), (0, "two")
        assert cache.get(1) == (0, "one")  # 1 is now the most recent
        cache[3] = (0, "three")
        assert cache.get(2) is None and cache.get(1) and cache.get(3)
        assert len(cache) == 2
        assert cache.kept(4, lambda: "four") == "four" and cache.kept(4, lambda: "again") == "four"
    finally:
        del caches.REGISTRY["a test cache"]


def test_the_position_cache_is_keyed_by_the_tables_identity(app, client, table):
    client.get(f"/liberte/{table.code}/")
    with app.app_context():
        from companion.table import tables
        row = tables.find(table.code)
        assert app.extensions["companion.positions"].get(events.key(row))[0] == row.version
        assert events.key(row) == (row.id, row.code)
