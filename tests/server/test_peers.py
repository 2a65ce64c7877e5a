"""The workers of one ``companion serve`` ring each other after a change (companion.server.peers):
the others look at once and send their phones what the worker that answered sent, rendering
nothing. Two apps on one database file stand for two workers; their fronts are driven as
granian drives them."""
import asyncio
import os
from urllib.parse import quote

import pytest

from companion import create_app
from companion.server import front, peers, swap
from companion.server.swap import Kept
from push_support import Browser, run

CHANGE = Kept("ABCDE", "/liberte/ABCDE/", 4, 5, "ru",
              swap.message(5, "/liberte/ABCDE/", '<div id="prov-3">Аня</div>', 4))


@pytest.fixture
def worker(tmp_path):
    """A new worker's socket in the server's folder (closed after the test)."""
    made = []

    def bind():
        made.append(peers.Peers(str(tmp_path)))
        return made[-1]
    yield bind
    for each in made:
        each.close()


def test_a_ring_tells_every_other_worker_what_the_phones_are_sent(worker):
    one, two, three = worker(), worker(), worker()
    one.ring(CHANGE)
    for other in (two, three):
        heard = []
        other.read(heard.append)
        assert heard == [CHANGE]
    heard = []
    one.read(heard.append)
    assert heard == []  # not itself
    one.ring()  # a change every phone is not sent alike: only "look"
    two.read(heard.append)
    assert heard == [None]


def test_a_worker_gone_is_forgotten_and_what_is_no_ring_is_dropped(worker):
    one, two, gone = worker(), worker(), worker()
    gone.sock.close()  # a worker that died: its socket's file stays, nobody reads it
    large = Kept(**{**CHANGE.__dict__, "message": b"x" * (peers.LARGEST + 1)})
    one.ring(large)
    assert not os.path.exists(gone.path)
    heard = []
    two.read(heard.append)
    assert heard == [None]  # too large to carry: the other renders it, told to look
    heard.clear()
    one.sock.sendto(b"keep\nnot json\n<p>", two.path)
    one.sock.sendto(b"hello", two.path)
    two.read(heard.append)
    assert heard == [None]  # a keep it cannot read is a look; what is no ring is dropped
    one.close()
    assert not os.path.exists(one.path)


def test_a_tap_one_worker_answers_is_sent_by_the_other_without_rendering(
        app, table, worker, monkeypatch):
    """The other worker's phones are sent the very changes the tapping phone was answered
    with (the Liberté board's, the same for every phone), as soon as it rings, with no look at
    the database."""
    from companion.server import push
    monkeypatch.setattr(push, "INTERVAL", 3600)  # no look but those the test asks for
    renders, read = [], []
    render = swap.render
    monkeypatch.setattr(swap, "render", lambda *a: renders.append(a[2]) or render(*a))
    other = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test",
                        "WTF_CSRF_ENABLED": False, "SYNCHRONOUS": "NORMAL"})
    tapping, watching = front.Front(app), front.Front(other)
    name = app.config["SESSION_COOKIE_NAME"]
    cookie = (b"cookie", f"{name}={table.client.get_cookie(name).value}".encode())
    board = f"/liberte/{table.code}/"
    live = b"live=" + quote(board, safe="").encode() + b"&lang=en"
    form = b"province=3&player=Christie&faction=red&blocks=2"

    async def workers():
        loop = asyncio.get_running_loop()
        for each in (tapping, watching):
            each.peers = worker()
            each.peers.listen(loop, each.rung)
        stream = Browser(watching, f"/t/{table.code}/events", query=live, headers=[cookie])
        task = stream.start()
        await stream.until(b"data: 0\n\n")
        watching.watcher.conn.set_trace_callback(read.append)
        tap = Browser(tapping, board, "POST", body=[form], headers=[
            cookie, (b"hx-request", b"true"), (b"x-table-version", b"0"),
            (b"content-type", b"application/x-www-form-urlencoded")])
        await asyncio.wait_for(tap.start(), 5)
        await stream.until(b"event: swap\nid: 1\n", timeout=2)
        stream.left.set()
        await asyncio.wait_for(task, 2)
        for each in (tapping, watching):
            loop.remove_reader(each.peers.sock.fileno())
        return tap, stream
    tap, stream = run(workers())
    assert tap.status == 200 and renders == [] and read == []
    message = stream.received.split(b"event: swap\n", 1)[1]
    lines = message.split(b"\n\n", 1)[0].split(b"\n")
    assert lines[:3] == [b"id: 1", b"data: " + board.encode(), b"data: since 0"]
    html = b"\n".join(line[6:] for line in lines[3:])
    assert tap.received.startswith(html) and b'id="prov-3"' in html and b'id="toast"' not in html


def test_a_worker_started_later_is_rung_once_the_folder_is_read_again(worker, monkeypatch):
    """The other workers' sockets are read from the folder at most every FOUND seconds (a ring
    per change would read it each time): one granian starts after a crash is rung from then."""
    clock = [100.0]
    monkeypatch.setattr(peers.time, "monotonic", lambda: clock[0])
    one, two = worker(), worker()
    one.ring()
    late = worker()
    one.ring()
    heard = []
    late.read(heard.append)
    assert heard == []  # not yet: the folder was read a moment ago
    clock[0] += peers.FOUND + 0.1
    one.ring()
    late.read(heard.append)
    two.read(heard.append)
    assert heard == [None] * 4  # the late one once, the other for each of the three rings
