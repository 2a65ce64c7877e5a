"""Every cache in one list (companion.table.caches), each with its bound, its key and its reason, and
none keyed by an object's id(): Python gives that id to another object once the first is gone."""
import re
from pathlib import Path

from companion.table import caches, events
from companion.table.caches import LRU

KEPT = {"positions", "position memos", "static files", "liberte board profiles", "russian words",
        "pushed fragments"}


def test_every_cache_says_its_bound_its_key_and_its_reason(app, client, table):
    assert client.get(f"/liberte/{table.code}/").status_code == 200  # the app's position cache
    assert set(caches.REGISTRY) == KEPT
    for entry in caches.REGISTRY.values():
        assert entry.bound and entry.key and entry.reason, entry.name
        assert isinstance(entry.bound, str) or entry.bound > 0, entry.name
        assert "id()" not in entry.key, entry.name
    assert caches.REGISTRY["positions"].bound == app.config["POSITION_CACHE"]
    assert "language" in caches.REGISTRY["position memos"].key


def test_no_module_keeps_a_cache_of_its_own():
    """A module-level dict filled as the app runs, an ``lru_cache``, an ``id()`` key: each is a
    cache with unwritten rules. Only companion.table.caches makes them."""
    root = Path(__file__).resolve().parents[2] / "companion"
    made = re.compile(r"^_?[A-Za-z_]+\s*(:[^=\n]+)?=\s*(\{\}|dict\(\)|OrderedDict\(\))", re.M)
    found = []
    for path in root.rglob("*.py"):
        if path.name == "caches.py" or "scorers" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {m.group(0)}" for m in made.finditer(text)]
        found += [f"{path.name}: lru_cache" for _ in re.finditer(r"lru_cache|functools\.cache", text)]
        found += [f"{path.name}: id() key" for _ in re.finditer(r"\[id\(|\.get\(id\(", text)]
    assert found == []


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
