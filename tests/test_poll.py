"""The unchanged poll answered in front of Flask, and what several server processes share."""
import pytest

from companion import create_app, events
from conftest import TableHelper


def flask_must_not_run(environ, start_response):
    pytest.fail(f"Flask was asked {environ['PATH_INFO']}?{environ['QUERY_STRING']}")


def test_an_unchanged_poll_is_answered_without_flask(app, client, table):
    app.wsgi_app.app = flask_must_not_run
    for code in (table.code, table.code.lower()):
        response = client.get(f"/t/{code}/poll?v=0")
        assert response.status_code == 204 and response.data == b""
        assert response.headers["Cache-Control"] == "no-store"


def test_everything_else_goes_on_to_flask(app, client, table):
    table.stack(3, "Christie", "red", 2)
    asked = []
    flask = app.wsgi_app.app
    app.wsgi_app.app = lambda environ, start: asked.append(environ["PATH_INFO"]) or flask(
        environ, start)
    changed = client.get(f"/t/{table.code}/poll?v=0")
    assert changed.status_code == 200 and changed.headers["HX-Trigger"] == "table-changed"
    assert client.get("/t/NOPE1/poll?v=0").status_code == 404
    assert client.get(f"/t/{table.code}/poll?v=x").status_code == 200  # not a version: refresh
    assert client.get(f"/t/{table.code}/poll").status_code == 200
    assert client.post(f"/t/{table.code}/poll?v=1").status_code == 405
    assert client.get(f"/t/{table.code}/poll?v=1").status_code == 204  # the one it answers
    assert len(asked) == 5


def test_a_write_by_another_server_process_is_seen_by_the_next_poll(app, client, table, tmp_path):
    """Two apps on one database file stand for two worker processes: nothing is cached between
    polls, and a position cached at an older version is folded again."""
    other = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test",
                        "WTF_CSRF_ENABLED": False})
    assert client.get(f"/liberte/{table.code}/").status_code == 200  # this process caches v0
    assert client.get(f"/t/{table.code}/poll?v=0").status_code == 204
    phone = TableHelper.__new__(TableHelper)
    phone.client, phone.code, phone.version, phone.players = other.test_client(), table.code, 0, []
    phone.client.post(f"/t/{table.code}/seat", data={"player": "Joshua"})
    assert phone.stack(3, "Joshua", "blue", 1).status_code == 200
    assert client.get(f"/t/{table.code}/poll?v=0").status_code == 200
    assert client.get(f"/t/{table.code}/poll?v=1").status_code == 204
    board = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert 'data-version="1"' in board
    table.version = 1
    assert table.stack(4, "Christie", "red", 2).status_code == 200  # from the new position


def test_the_position_cache_keeps_the_tables_used_most_recently():
    cache = events.Positions(2)
    cache[1], cache[2] = (0, "one"), (0, "two")
    assert cache.get(1) == (0, "one")  # 1 is now the most recent
    cache[3] = (0, "three")
    assert cache.get(2) is None and cache.get(1) and cache.get(3)
    assert len(cache.items) == 2


def test_each_process_keeps_at_most_position_cache_tables(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False, "POSITION_CACHE": 3})
    client = app.test_client()
    for _ in range(5):
        helper = TableHelper(client)
        helper.sit()
        assert client.get(f"/liberte/{helper.code}/").status_code == 200
    assert len(app.extensions["companion.positions"].items) == 3


def test_database_connections_are_pooled_not_kept_per_thread(app, client, table):
    """A server worker may have hundreds of threads, most waiting for slow clients: open
    connections (each with its page cache) are as many as requests ran at once."""
    import threading

    def phone():
        assert client.get(f"/liberte/{table.code}/").status_code == 200
        assert client.get(f"/t/{table.code}/poll?v=0").status_code == 204
    for _ in range(10):
        thread = threading.Thread(target=phone)
        thread.start()
        thread.join()
    assert app.extensions["companion.db"].qsize() == 1
    assert app.wsgi_app.pool.qsize() == 1
