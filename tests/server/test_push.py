"""The table's news (companion.server.push): a stream held open in front of Flask by each server
worker (companion.server.front), the ending stream Flask answers on its own, and what several server
processes share. The front is driven here as granian drives it, an ASGI app in an event loop."""
import asyncio
import re
import threading
import time
from urllib.parse import quote

import pytest

from companion import create_app
from companion.server import front, push, swap
from companion.table import events, guard
from companion.table.db import get_db, new_identity, transaction
from push_support import Browser, run
from table_support import TableHelper, VoteTable


TOLD = 5  # seconds a test waits for news (a look every push.INTERVAL)


@pytest.fixture
def hosted(app):
    """The front a server worker runs around the test app."""
    return front.Front(app)


def test_a_stream_tells_the_version_at_once_then_each_change(hosted, table):
    async def phone():
        stream = Browser(hosted, f"/t/{table.code.lower()}/events")
        task = stream.start()
        await stream.until(b"data: 0\n\n")
        assert stream.status == 200 and stream.received.startswith(b"retry: 1000\n")
        await asyncio.to_thread(table.stack, 3, "Christie", "red", 2)  # through Flask, another thread
        await stream.until(b"id: 1\ndata: 1\n\n", timeout=TOLD)
        stream.left.set()  # the phone goes away
        await asyncio.wait_for(task, 2)
        assert hosted.watcher.phones == {}
    run(phone())


def test_a_quiet_stream_sends_a_heartbeat_now_and_then(hosted, table):
    hosted.watcher.heartbeat = 0.05

    async def phone():
        stream = Browser(hosted, f"/t/{table.code}/events")
        task = stream.start()
        await stream.until(b"event: beat\ndata: 0.05\n\n")  # naming the seconds to the next
        await stream.until(lambda received: received.count(b"event: beat") >= 3)  # and again
        stream.left.set()
        await asyncio.wait_for(task, 2)
    run(phone())


def test_a_phone_is_owed_a_beat_only_after_its_last_message():
    """One queue of the phones owed a heartbeat, in time order: a message sent since makes a
    phone's earlier entry stale, and a phone that has hung up is not rung."""
    async def watcher():
        watcher = push.Watcher(lambda: ":memory:")
        talking, quiet, gone = push.Phone(1), push.Phone(1), push.Phone(1)
        for phone in (talking, quiet, gone):
            watcher.quiet(phone)  # told to wait 0 s: owed a beat now
        waits = {phone: asyncio.ensure_future(phone.wait()) for phone in (talking, quiet, gone)}
        await asyncio.sleep(0)
        talking.every = 60
        watcher.quiet(talking)  # it was sent something since: owed a beat in a minute
        gone.hung_up = True
        watcher.beat()
        await asyncio.sleep(0)
        assert waits[quiet].done() and waits[quiet].result() is False  # rung for a beat
        assert not waits[talking].done() and not waits[gone].done()
        assert [phone for _due, _number, phone in watcher.owed] == [talking]
        for task in waits.values():
            task.cancel()
    run(watcher())


def test_a_worker_beats_within_its_budget_and_each_beat_names_the_next():
    """BEATS_PER_SECOND (docs/hosting.md): a worker holding more phones than its budget beats
    every HEARTBEAT seconds beats each further apart, never more than LONGEST_BEAT; each beat
    names the seconds to the next, so the page knows how long a silence may last."""
    watcher = push.Watcher(lambda: ":memory:", heartbeat=2, beats=500)
    for count, every in ((6, 2), (1000, 2), (1500, 3), (9000, 18), (10 ** 6, push.LONGEST_BEAT)):
        watcher.count = count
        assert watcher.every() == every
    watcher.heartbeat = 60  # a host's own longer beat stays as it is
    assert watcher.every() == 60
    assert push.beat_message(18) == b"event: beat\ndata: 18\n\n"
    assert push.beat_message(2.5) == b"event: beat\ndata: 2.5\n\n"
    for wrong in (0, 9, 100_001, 2.5, "500", True, None):
        with pytest.raises(ValueError, match="BEATS_PER_SECOND"):
            push.beats_per_second(wrong)


def test_a_stream_on_a_crowded_worker_names_its_first_beat_at_once(hosted, table):
    """A stream opened where the beats are stretched says so in its first message: the page,
    which reads HEARTBEAT from #shown, would otherwise take the first long silence for a lost
    host. Where they are not, the first message says nothing of them."""
    hosted.watcher.beats = 10
    hosted.watcher.count = 99  # 100 phones with this one, 10 beats a second: every 10 s

    async def phone():
        stream = Browser(hosted, f"/t/{table.code}/events")
        task = stream.start()
        await stream.until(b"event: beat\ndata: 10\n\n")
        assert stream.received.startswith(b"retry: 1000\nid: 0\ndata: 0\n\n")
        stream.left.set()
        await asyncio.wait_for(task, 2)
    run(phone())
    assert push.first_message(3) == b"retry: 1000\nid: 3\ndata: 3\n\n"


def test_a_deleted_table_is_told_gone_and_its_stream_ends(hosted, table):
    async def phone():
        stream = Browser(hosted, f"/t/{table.code}/events")
        task = stream.start()
        await stream.until(b"data: 0")
        answer = await asyncio.to_thread(table.client.post, f"/t/{table.code}/delete",
                                         data={"confirm": table.code})
        assert answer.status_code in (302, 303)
        await asyncio.wait_for(task, TOLD)  # its tombstone, at the next look
        assert stream.received.endswith(b"event: gone\ndata: gone\n\n")
    run(phone())


def watched(app, *codes) -> push.Watcher:
    """A worker's watcher with one phone at version 0 for each table of ``codes``, after its
    first look."""
    watcher = push.Watcher(lambda: app.config["DATABASE"])
    for code in codes:
        watcher.news(code)
        watcher.phones[code] = {push.Phone(0)}
    watcher.look()
    return watcher


def told(watcher, code):
    return [phone.version for phone in watcher.phones[code]]


def test_a_look_after_a_change_reads_only_the_tables_with_new_events(
        app, client, table, monkeypatch):
    other = TableHelper(client)
    watcher = watched(app, table.code, other.code)
    statements = []
    watcher.conn.set_trace_callback(statements.append)
    table.stack(3, "Christie", "red", 2)
    watcher.look()
    assert told(watcher, table.code) == [1] and told(watcher, other.code) == [0]
    assert not any("code IN" in sql for sql in statements)  # not every watched table
    statements.clear()
    watcher.look()  # nothing committed since: one pragma, nothing read
    assert statements == ["PRAGMA data_version"]


def test_a_look_of_its_own_holds_what_it_finds_until_a_nudge_or_the_next_look(app, table):
    """A change a worker of the server answered is nudged for once what its phones are sent is
    made (Watcher.nudge): the watcher's own look every INTERVAL, which may come first, holds it
    rather than have the phones render it themselves. A change no worker nudges for (another
    process's: companion restore, the command line) is told at the look after."""
    watcher = watched(app, table.code)
    table.stack(3, "Christie", "red", 2)
    watcher.look(nudged=False)
    assert told(watcher, table.code) == [0]
    watcher.nudge()
    assert told(watcher, table.code) == [1]
    table.stack(4, "Christie", "red", 2)
    watcher.look(nudged=False)
    assert told(watcher, table.code) == [1]
    watcher.look(nudged=False)  # nothing new committed: what it held is told now
    assert told(watcher, table.code) == [2]


def test_a_deleted_table_is_told_gone_at_the_next_look_whoever_has_the_newest_events(
        app, client, table):
    """A deletion leaves a tombstone, which the look after it reads like a new event: the
    phones of a deleted table are told at once, whether its events were the newest or it had
    none at all (a table deleted right after its phones arrived)."""
    other, empty = TableHelper(client), TableHelper(client)
    other.sit("Joshua")
    watcher = watched(app, table.code, other.code, empty.code)
    table.stack(3, "Christie", "red", 2)
    other.stack(4, "Joshua", "blue", 1)  # the newest event is the other table's
    watcher.look()
    statements = []
    watcher.conn.set_trace_callback(statements.append)
    for deleted in (table, empty):
        assert client.post(f"/t/{deleted.code}/delete",
                           data={"confirm": deleted.code}).status_code == 303
        watcher.look()
        assert told(watcher, deleted.code) == [None]
    assert told(watcher, other.code) == [1]
    assert not any("code IN" in sql for sql in statements)  # not a look at every table


def test_a_look_after_the_database_was_replaced_reads_every_watched_table(app, client, table):
    """Ids that went backwards mean the file is another (a copy put back): every watched
    table's news is read again."""
    table.stack(3, "Christie", "red", 2)
    watcher = watched(app, table.code)
    watcher.newest = (10**9, 0, 0, watcher.newest[3])  # as if the events had gone further
    watcher.seen = None  # as after a commit
    statements = []
    watcher.conn.set_trace_callback(statements.append)
    watcher.look()
    assert any("code IN" in sql for sql in statements) and told(watcher, table.code) == [1]
    assert all(phone.replaced for phone in watcher.phones[table.code])


def test_a_new_identity_tells_every_phone_its_restored_version_even_if_unchanged(app, table):
    """``companion restore`` gives the database a new identity: every phone is told
    ``event: restored`` with its table's version, which the page asks for whatever it shows."""
    watcher = watched(app, table.code)
    with app.app_context():
        conn = get_db()
        with transaction(conn):
            new_identity(conn)
    watcher.look()
    phone, = watcher.phones[table.code]
    assert phone.replaced and phone.version == 0
    assert push.restored_message(3) == b"event: restored\ndata: 3\n\n"


def test_once_answers_the_version_and_ends(hosted, table):
    async def phone():
        ask = Browser(hosted, f"/t/{table.code}/events", query=b"once")
        await asyncio.wait_for(ask.start(), 2)
        assert ask.received == b"retry: 1000\nid: 0\ndata: 0\n\n"
    run(phone())


def test_an_unknown_code_or_a_client_out_of_misses_goes_on_to_flask(app, hosted, table):
    async def ask(path):
        request = Browser(hosted, path)
        await asyncio.wait_for(request.start(), 5)
        return request.status
    assert run(ask("/t/NOPE1/events")) == 404  # Flask's 404, a miss counted
    with app.app_context():
        conn, misses = get_db(), guard.misses()
        while misses.take(conn, "10.0.0.9"):  # the address's misses, as every worker sees them
            pass
    assert run(ask(f"/t/{table.code}/events")) == 429  # a right code tells a guesser nothing


def test_flask_answers_a_stream_that_ends_at_once(client, table):
    """Where no front runs (flask run, the test client) the browser asks again after ``retry``."""
    answer = client.get(f"/t/{table.code}/events")
    assert answer.status_code == 200 and answer.mimetype == "text/event-stream"
    assert answer.data == b"retry: 1000\nid: 0\ndata: 0\n\n"
    assert answer.headers["Cache-Control"] == "no-store"
    assert client.get("/t/NOPE1/events").status_code == 404


def test_a_body_is_read_whole_before_flask_runs(hosted, table):
    """A request arrives in three pieces, chunked (no Content-Length); Flask sees it whole."""
    form = "version=0&province=3&player=Christie&faction=red&blocks=2".encode()
    headers = [(b"content-type", b"application/x-www-form-urlencoded"),
               (b"cookie", table.client.get_cookie("session").value.encode().join(
                   [b"session=", b""]))]

    async def phone():
        tap = Browser(hosted, f"/liberte/{table.code}/", "POST",
                      body=[form[:5], form[5:20], form[20:]], headers=headers)
        await asyncio.wait_for(tap.start(), 5)
        return tap.status, tap.received
    status, page = run(phone())
    assert status == 303, page
    assert table.client.get(f"/t/{table.code}/events").data.endswith(b"data: 1\n\n")


def test_a_body_that_stops_arriving_holds_no_thread(hosted, table, monkeypatch):
    """Half a body waits in the event loop, then is refused (408); meanwhile Flask answers
    the others."""
    monkeypatch.setattr(front, "BODY_TIMEOUT", 0.5)

    async def phones():
        stalled = [Browser(hosted, "/tables", "POST", body=[b"game=li", None]) for _ in range(5)]
        waiting = [s.start() for s in stalled]
        page = Browser(hosted, "/")
        await asyncio.wait_for(page.start(), 2)
        assert page.status == 200
        await asyncio.wait_for(asyncio.gather(*waiting), 3)
        return {s.status for s in stalled}
    assert run(phones()) == {408}


def test_flask_answers_one_request_at_a_time_in_the_event_loop(app, table):
    """Small requests run Flask in the worker's event loop, one after another: no thread takes
    turns with the loop at the GIL, and a write never waits for it while it holds the
    database's lock."""
    running, most, threads = [], [], set()
    flask = app.wsgi_app

    def counted(environ, start_response):
        running.append(1)
        most.append(len(running))
        threads.add(threading.current_thread().name)
        try:
            return flask(environ, start_response)
        finally:
            running.pop()
    app.wsgi_app = counted

    async def phones():
        pages = [Browser(front.Front(app), f"/liberte/{table.code}/") for _ in range(8)]
        await asyncio.wait_for(asyncio.gather(*(page.start() for page in pages)), 10)
        return {page.status for page in pages}, threading.current_thread().name
    statuses, loop_thread = run(phones())
    assert statuses == {200}
    assert len(most) == 8 and max(most) == 1 and threads == {loop_thread}


def test_a_large_body_runs_on_a_thread_of_its_own(app, table):
    """An import being checked does not hold up a phone's refresh."""
    importing, done = threading.Event(), threading.Event()
    flask = app.wsgi_app

    def slow_import(environ, start_response):
        if int(environ.get("CONTENT_LENGTH") or 0) > front.LARGE_BODY:
            importing.set()
            done.wait(5)
        return flask(environ, start_response)
    app.wsgi_app = slow_import
    one = front.Front(app)
    large = b"x" * (front.LARGE_BODY + 1)

    async def phones():
        upload = Browser(one, "/tables/import", method="POST", body=(large,), headers=[
            (b"content-type", b"application/json"), (b"content-length", str(len(large)).encode())])
        uploading = upload.start()
        await asyncio.to_thread(importing.wait, 5)
        refresh = Browser(one, f"/liberte/{table.code}/")
        await asyncio.wait_for(refresh.start(), 5)
        assert refresh.status == 200 and not uploading.done()
        done.set()
        await asyncio.wait_for(uploading, 5)
        return upload.status
    assert run(phones()) in (303, 400, 422)


def test_a_body_larger_than_the_limit_is_refused_unread(app, hosted):
    app.config["MAX_CONTENT_LENGTH"] = 100  # the front read the limit when it was made
    hosted.limit = 100

    async def ask(body, headers=()):
        request = Browser(hosted, "/tables", "POST", body=body, headers=headers)
        await asyncio.wait_for(request.start(), 5)
        return request.status
    assert run(ask([b"x" * 60, b"x" * 60])) == 413  # chunked, no length: refused in front
    assert run(ask([b"x" * 200], [(b"content-length", b"200")])) == 413  # announced: Flask's


def test_a_write_by_another_server_process_is_told_by_the_next_look(app, client, table):
    """Two apps on one database file stand for two worker processes: nothing is cached between
    looks, and a position cached at an older version is folded again."""
    other = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test",
                        "WTF_CSRF_ENABLED": False})
    assert client.get(f"/liberte/{table.code}/").status_code == 200  # this process caches v0
    phone = TableHelper.__new__(TableHelper)
    phone.client, phone.code, phone.version, phone.players = other.test_client(), table.code, 0, []
    phone.client.post(f"/t/{table.code}/seat", data={"player": "Joshua"})

    async def watch():
        stream = Browser(front.Front(app), f"/t/{table.code}/events")
        task = stream.start()
        await stream.until(b"data: 0")
        assert (await asyncio.to_thread(phone.stack, 3, "Joshua", "blue", 1)).status_code == 200
        await stream.until(b"data: 1", timeout=TOLD)
        stream.left.set()
        await task
    run(watch())
    board = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert 'data-version="1"' in board
    table.version = 1
    assert table.stack(4, "Christie", "red", 2).status_code == 200  # from the new position


def test_a_process_behind_catches_up_with_the_changes_since_and_refolds_after_an_undo(
        app, client, table, monkeypatch):
    """Another process's taps are applied on top of this process's cached position (the same
    position as a fold of the whole log); an undo among them needs the whole log again."""
    other = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test",
                        "WTF_CSRF_ENABLED": False})
    phone = TableHelper.__new__(TableHelper)
    phone.client, phone.code, phone.version, phone.players = other.test_client(), table.code, 0, []
    phone.client.post(f"/t/{table.code}/seat", data={"player": "Joshua"})
    table.stack(3, "Christie", "red", 2)
    assert client.get(f"/liberte/{table.code}/").status_code == 200  # this process caches v1
    phone.version = 1
    phone.stack(4, "Joshua", "blue", 1)
    phone.stack(5, "Joshua", "white", 2)
    folds = []
    real_fold = events.fold
    monkeypatch.setattr(events, "fold", lambda *a: folds.append(1) or real_fold(*a))
    board = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert folds == [] and 'data-version="3"' in board
    with app.app_context():
        from companion.table import games, tables
        from companion.table.db import get_db
        row = tables.find(table.code)
        caught_up = app.extensions["companion.positions"].get(events.key(row))[2]
        whole = real_fold(games.get("liberte"), row.setup, events.load(get_db(), row.id))
    assert caught_up == whole and type(caught_up) is type(whole)
    assert phone.client.post(f"/t/{table.code}/undo", data={"version": 3}).status_code in (200, 303)
    folds.clear()  # the undo's own write folded the log (in the other "process")
    board = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert folds == [1] and 'data-version="4"' in board and "Joshua" in board


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
    """A server worker runs Flask in its event loop and a large body's thread, and a test or
    another server in many threads: open connections (each with its page cache) are as many as requests ran at once."""
    def phone():
        assert client.get(f"/liberte/{table.code}/").status_code == 200
        assert client.get(f"/t/{table.code}/events").status_code == 200
    for _ in range(10):
        thread = threading.Thread(target=phone)
        thread.start()
        thread.join()
    assert app.extensions["companion.table.db"].qsize() == 1


def test_a_stopping_server_ends_every_stream_at_once_and_holds_no_new_one(hosted, table):
    """Ctrl-C: granian stops a worker only once its connections have ended (front.stop_on_signals)."""
    async def phones():
        streams = [Browser(hosted, f"/t/{table.code}/events") for _ in range(2)]
        tasks = [stream.start() for stream in streams]
        for stream in streams:
            await stream.until(b"data: 0\n\n")
        hosted.watcher.hang_up()
        await asyncio.wait_for(asyncio.gather(*tasks), 2)
        assert hosted.watcher.phones == {}
        late = Browser(hosted, f"/t/{table.code}/events")  # a phone asking again before the end
        await asyncio.wait_for(late.start(), 2)
        assert late.status == 200 and late.received.endswith(b"data: 0\n\n")
        assert hosted.watcher.phones == {}
    run(phones())


def cookie_of(client) -> tuple[bytes, bytes]:
    """The header a browser sends with ``client``'s cookies (its session: seat, host's rights)."""
    name = client.application.config["SESSION_COOKIE_NAME"]
    return b"cookie", f"{name}={client.get_cookie(name).value}".encode()


def own_answer(client, path) -> bytes:
    """The live block as the phone's own ``GET`` answers it, its CSRF token left out (a pushed
    block's forms carry none: the page puts in its own)."""
    body = client.get(path, headers={"HX-Request": "true"}).data
    return re.sub(rb'name="csrf_token" value="[^"]*"', b'name="csrf_token" value=""', body)


def swapped(received: bytes) -> list[tuple[int, bytes, bytes, bytes]]:
    """The ``event: swap`` messages of a stream: (version, the block's address, what it holds:
    ``block`` or ``since N``, the HTML)."""
    found = []
    for block in received.split(b"\n\n"):
        if block.startswith(b"event: swap\n"):
            lines = block.split(b"\n")
            data = [line[6:] for line in lines[2:]]
            found.append((int(lines[1][4:]), data[0], data[1], b"\n".join(data[2:])))
    return found


def test_a_change_is_pushed_as_the_block_each_phone_would_ask_for(app, hosted, table, monkeypatch):
    """What the phone's own block answers at the new version asked with the version it was told
    last (``since``: the board sends the provinces that changed and the meters), rendered once
    for the phones that see it alike (the host's two phones) and once for the seat that sees it
    otherwise."""
    renders = []
    render = swap.render
    monkeypatch.setattr(swap, "render", lambda *a: renders.append(a[2]) or render(*a))
    joshua = table.seated_phone("Joshua")
    board = f"/liberte/{table.code}/"
    live = b"live=" + quote(board, safe="").encode()

    async def phones():
        host = [Browser(hosted, f"/t/{table.code}/events", query=live,
                        headers=[cookie_of(table.client)]) for _ in range(2)]
        seat = Browser(hosted, f"/t/{table.code}/events", query=live, headers=[cookie_of(joshua)])
        tasks = [stream.start() for stream in (*host, seat)]
        for stream in (*host, seat):
            await stream.until(b"data: 0\n\n")
        await asyncio.to_thread(table.stack, 3, "Christie", "red", 2)
        for stream in (*host, seat):
            await stream.until(b"event: swap\nid: 1\n", timeout=TOLD)
            stream.left.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 2)
        return host, seat
    host, seat = run(phones())
    assert renders == [table.code, table.code]  # the host's phones, Joshua's: one each
    for stream, client in ((host[0], table.client), (host[1], table.client), (seat, joshua)):
        [(version, path, what, block)] = swapped(stream.received)
        assert (version, path, what) == (1, board.encode(), b"since 0")
        assert block.strip() == own_answer(client, board + "?since=0").strip()
        assert b'id="prov-3"' in block and b'id="prov-4"' not in block  # what changed, no more
        assert b"data: 1\n" not in stream.received  # told the block, not only the version


def test_a_pushed_block_goes_to_its_own_table_and_seat_only(app, hosted, client, monkeypatch):
    """VOTE!'s set-up marks the phone's own seat: Ann's phone, Bob's and a watcher's are each
    sent their own block, and the phone of another table is sent nothing of it."""
    renders = []
    render = swap.render
    monkeypatch.setattr(swap, "render", lambda *a: renders.append(a[2]) or render(*a))
    vote = VoteTable(client)
    vote.sit("Ann")
    bob = vote.seated_phone("Bob")
    watcher = app.test_client()
    vote.sit("", watcher)
    other = TableHelper(app.test_client())
    other.sit("Christie")
    round_page = f"/vote/{vote.code}/"
    live = b"live=" + quote(round_page, safe="").encode()
    phones = {"Ann": vote.client, "Bob": bob, "": watcher}

    async def watch():
        streams = {seat: Browser(hosted, f"/t/{vote.code}/events", query=live,
                                 headers=[cookie_of(phone)]) for seat, phone in phones.items()}
        elsewhere = Browser(hosted, f"/t/{other.code}/events", headers=[cookie_of(other.client)],
                            query=b"live=" + quote(f"/liberte/{other.code}/", safe="").encode())
        tasks = [stream.start() for stream in (*streams.values(), elsewhere)]
        for stream in (*streams.values(), elsewhere):
            await stream.until(b"data: 0\n\n")
        await asyncio.to_thread(vote.dice, "Ann", 3, 4)
        for stream in streams.values():
            await stream.until(b"event: swap\nid: 1\n", timeout=TOLD)
        await asyncio.sleep(3 * push.INTERVAL)  # looks enough to have told the other table
        for stream in (*streams.values(), elsewhere):
            stream.left.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 2)
        return streams, elsewhere
    streams, elsewhere = run(watch())
    assert sorted(renders) == [vote.code] * 3  # three audiences: one rendering each
    blocks = {}
    for seat, stream in streams.items():
        [(version, path, what, block)] = swapped(stream.received)
        assert (version, path, what) == (1, round_page.encode(), b"block")  # sent whole
        assert block.strip() == own_answer(phones[seat], round_page).strip()
        blocks[seat] = block
    for seat, block in blocks.items():
        for name in ("Ann", "Bob"):
            assert (f"<strong>{name}</strong> · this phone".encode() in block) == (name == seat)
    assert swapped(elsewhere.received) == [] and vote.code.encode() not in elsewhere.received
    assert b"id: 1" not in elsewhere.received


def test_a_stream_naming_no_block_of_its_table_is_told_the_version(app, hosted, client, table):
    """The block a stream names is rendered only as a block of its own table: another table's
    page, or an address that is not this app's, leaves the phone told the version (it asks)."""
    other = TableHelper(client)
    assert swap.live_path(b"live=%2F%2Fevil.example%2F") is None
    assert swap.live_path(b"live=https%3A%2F%2Fevil.example%2F") is None
    assert swap.live_path(b"live=%2Fliberte%2FABC%2F%3Fopen%3D3") == "/liberte/ABC/?open=3"

    async def phone():
        stream = Browser(hosted, f"/t/{table.code}/events", headers=[cookie_of(client)],
                         query=b"live=" + quote(f"/liberte/{other.code}/", safe="").encode())
        task = stream.start()
        await stream.until(b"data: 0\n\n")
        await asyncio.to_thread(table.stack, 3, "Christie", "red", 2)
        await stream.until(b"id: 1\ndata: 1\n\n", timeout=TOLD)
        stream.left.set()
        await asyncio.wait_for(task, 2)
        return stream
    stream = run(phone())
    assert swapped(stream.received) == [] and other.code.encode() not in stream.received


def test_a_host_sets_the_heartbeat_within_its_bounds(app, client, table):
    """HEARTBEAT: the seconds between two beats (docs/hosting.md); the page reads it from #shown
    to know how long a silence means a lost host. Out of its bounds the server does not start."""
    assert front.Front(app).watcher.heartbeat == 2.0
    page = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert 'data-heartbeat="2"' in page
    app.config["HEARTBEAT"] = 10
    assert front.Front(app).watcher.heartbeat == 10.0
    assert 'data-heartbeat="10"' in client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    for wrong in (0, 0.5, 61, "2", True, None):
        app.config["HEARTBEAT"] = wrong
        with pytest.raises(ValueError, match="HEARTBEAT"):
            front.Front(app)


def test_a_change_is_sent_to_its_phones_before_its_own_answer_is_finished(
        app, hosted, table, monkeypatch):
    """The change rendered alike for every phone (live.share) is sent on their streams as soon
    as it is made: the thread answering the tap waits for that, then makes the tapper's toast
    (live.undo_toast) and Flask's headers; the tapper's answer comes last, toast included."""
    from companion.table import live as table_live
    monkeypatch.setattr(push, "INTERVAL", 3600)  # no look of the watcher's own tells it
    monkeypatch.setattr(front, "TELLING", 60)  # however slow the machine, the thread waits
    board = f"/liberte/{table.code}/"
    query = b"live=" + quote(board, safe="").encode() + b"&lang=en"
    stream = None
    heard_at_toast = []
    toast = table_live.undo_toast

    def undo_toast(*args):
        heard_at_toast.append(b"event: swap\nid: 1\n" in stream.received)
        return toast(*args)
    monkeypatch.setattr(table_live, "undo_toast", undo_toast)

    async def phones():
        nonlocal stream
        stream = Browser(hosted, f"/t/{table.code}/events", query=query,
                         headers=[cookie_of(table.client)])
        task = stream.start()
        await stream.until(b"data: 0\n\n")
        tap = Browser(hosted, board, "POST", body=[b"province=3&player=Christie&faction=red&blocks=2"],
                      headers=[cookie_of(table.client), (b"hx-request", b"true"),
                               (b"x-table-version", b"0"),
                               (b"content-type", b"application/x-www-form-urlencoded")])
        await asyncio.wait_for(tap.start(), 5)
        assert tap.status == 200 and b'id="toast"' in tap.received
        stream.left.set()
        await asyncio.wait_for(task, 2)
    run(phones())
    assert heard_at_toast == [True]


def test_a_change_rendered_as_its_worker_stops_is_answered_all_the_same(hosted, table,
                                                                       monkeypatch):
    """The loop closed under the thread answering a change (the worker stopping): nobody is
    told, the thread does not wait for it, and the answer is made without an error."""
    from companion.table import live as table_live
    monkeypatch.setattr(front, "TELLING", 30)  # a wait would show, however slow the machine
    loop = asyncio.new_event_loop()
    loop.close()
    shared = table_live.Shared(table.code, f"/liberte/{table.code}/", 0, 1, "en", "<p></p>")
    waited = time.monotonic()
    assert hosted.tell_soon(loop, shared) is None  # no RuntimeError from the closed loop
    assert time.monotonic() - waited < front.TELLING  # returned without waiting for it


def test_a_phone_sent_changes_alike_waits_for_the_next_rather_than_render_them(
        app, hosted, table, monkeypatch):
    """A look can find a change before the answer that made it is kept (a worker's look every
    INTERVAL, while the answer is still being made): a phone whose last block was sent alike to
    every phone (a board's changes, swap.shared_key) waits for it, and renders nothing."""
    from companion.table import live as table_live
    monkeypatch.setattr(push, "INTERVAL", 3600)  # the test looks by itself
    renders = []
    render = swap.render
    monkeypatch.setattr(swap, "render", lambda *a: renders.append(a[2]) or render(*a))
    board = f"/liberte/{table.code}/"
    query = b"live=" + quote(board, safe="").encode() + b"&lang=en"
    form = b"province=3&player=Christie&faction=red&blocks=2"

    async def phone():
        stream = Browser(hosted, f"/t/{table.code}/events", query=query,
                         headers=[cookie_of(table.client)])
        task = stream.start()
        await stream.until(b"data: 0\n\n")
        tap = Browser(hosted, board, "POST", body=[form], headers=[
            cookie_of(table.client), (b"hx-request", b"true"), (b"x-table-version", b"0"),
            (b"content-type", b"application/x-www-form-urlencoded")])
        await asyncio.wait_for(tap.start(), 5)  # kept as it is answered, sent at once
        await stream.until(b"event: swap\nid: 1\n")
        table.version = 1
        await asyncio.to_thread(table.stack, 4, "Christie", "blue", 1)  # not kept yet
        hosted.watcher.look()  # finds version 2: the phone waits for what it is to be sent
        await asyncio.sleep(0.01)
        assert b"id: 2" not in stream.received
        changes = await asyncio.to_thread(table.client.get, f"{board}?since=1",
                                          headers={"HX-Request": "true"})
        hosted.fragments.keep(table_live.Shared(table.code, board, 1, 2, "en",
                                                changes.get_data(as_text=True)))
        await stream.until(b"event: swap\nid: 2\n")
        stream.left.set()
        await asyncio.wait_for(task, 2)
    run(phone())
    assert renders == []
