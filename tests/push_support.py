"""Driving the server's ASGI front (companion.server.front) as granian does, without a server:
one request at a time (Browser) in an event loop of its own thread (run)."""
import asyncio
from concurrent.futures import ThreadPoolExecutor


class Browser:
    """One ASGI request to the front: what it was sent, as it arrives."""

    def __init__(self, the_front, path, method="GET", query=b"", body=(b"",), headers=()):
        self.scope = {"type": "http", "http_version": "1.1", "method": method, "path": path,
                      "query_string": query, "server": ("127.0.0.1", 8000), "scheme": "http",
                      "headers": list(headers), "client": ("10.0.0.9", 5000)}
        self.body, self.front = list(body), the_front
        self.status, self.received, self.left = None, b"", asyncio.Event()
        self.arrived = asyncio.Event()

    async def receive(self):
        if self.body:
            chunk = self.body.pop(0)
            if chunk is None:  # a client that stops sending
                await asyncio.sleep(3600)
            return {"type": "http.request", "body": chunk, "more_body": bool(self.body)}
        await self.left.wait()
        return {"type": "http.disconnect"}

    async def send(self, message):
        if message["type"] == "http.response.start":
            self.status = message["status"]
        else:
            self.received += message.get("body", b"")
        self.arrived.set()

    def start(self):
        return asyncio.ensure_future(self.front(self.scope, self.receive, self.send))

    async def until(self, text, timeout=5):
        """Wait until the stream has sent ``text`` (bytes), or until ``text(received)`` holds."""
        heard = text if callable(text) else (lambda received: text in received)

        async def seen():
            while not heard(self.received):
                self.arrived.clear()
                await self.arrived.wait()
        await asyncio.wait_for(seen(), timeout)



def run(coroutine):
    """Run ``coroutine`` in an event loop of its own thread (the browser tests' Playwright keeps
    one running in this thread)."""
    with ThreadPoolExecutor(1) as loop_thread:
        return loop_thread.submit(asyncio.run, coroutine).result()
