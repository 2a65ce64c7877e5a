"""A server worker runs few requests at once, each only after its body has arrived."""
import io
import threading
import time

from companion.admission import Admission


class SlowBody(io.RawIOBase):
    """A client that sends half its body, then the rest once ``go`` is set."""

    def __init__(self, data: bytes, go: threading.Event):
        self.data, self.go, self.sent = data, go, False

    def read(self, size=-1):
        if not self.sent:
            self.sent = True
            return self.data[:len(self.data) // 2]
        self.go.wait(5)
        rest, self.data = self.data[len(self.data) // 2:], b""
        return rest


def test_a_request_runs_only_with_its_whole_body_and_takes_a_slot_only_then():
    running, seen = [], []
    lock = threading.Lock()

    def app(environ, start_response):
        with lock:
            running.append(1)
            seen.append(len(running))
        body = environ["wsgi.input"].read()
        time.sleep(0.05)
        with lock:
            running.pop()
        start_response("200 OK", [])
        return [body]

    admitted = Admission(app, slots=1, limit=1000)
    go = threading.Event()
    half = SlowBody(b"x" * 10, go)

    def call(environ, out):
        out.append(b"".join(admitted(environ, lambda status, headers: None)))

    slow_out, outs = [], [[] for _ in range(6)]
    slow = threading.Thread(target=call, args=({"CONTENT_LENGTH": "10", "wsgi.input": half},
                                               slow_out))
    slow.start()
    quick = [threading.Thread(target=call, args=({"CONTENT_LENGTH": "1",
                                                  "wsgi.input": io.BytesIO(b"q")}, out))
             for out in outs]
    for thread in quick:
        thread.start()
    for thread in quick:
        thread.join(5)
    assert [out for out in outs] == [[b"q"]] * 6  # the half-sent body held no slot
    assert max(seen) == 1  # one at a time
    go.set()
    slow.join(5)
    assert slow_out == [b"x" * 10]


def test_a_body_over_the_limit_or_without_a_length_is_left_to_the_app():
    seen = []

    def app(environ, start_response):
        seen.append(environ["wsgi.input"])
        start_response("413 Too Large", [])
        return []

    admitted = Admission(app, slots=1, limit=4)
    big = io.BytesIO(b"12345")
    admitted({"CONTENT_LENGTH": "5", "wsgi.input": big}, lambda *a: None)
    chunked = io.BytesIO(b"abc")
    admitted({"wsgi.input": chunked}, lambda *a: None)
    assert seen == [big, chunked] and big.tell() == 0
