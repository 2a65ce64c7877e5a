"""The first load of a full Liberté board on a phone, measured on the wire (issue 21).

    python benchmarks/first_load.py

``companion serve`` runs as a table runs it; a counting proxy sits between it and a fresh headless
Chromium at phone size, and counts every byte the server sends (HTTP headers included, the
service worker's own fetches too) until the page and its news stream have settled. The page's
own share (what DevTools' Network panel shows as transferred) is printed beside it.
"""
import asyncio
import re
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
from browser_support import ARGS, CHROMIUM, PHONE, Host, free_port, wait_until  # noqa: E402
from companion import create_app  # noqa: E402

PLAYERS = (("Christie", "red"), ("Joshua", "blue"), ("Max", "white"))


def full_board(folder: Path) -> str:
    """A Liberté table with a stack of every player in each of the 27 provinces; its code."""
    client = create_app({"DATABASE": str(folder / "b.sqlite"), "WTF_CSRF_ENABLED": False}).test_client()
    made = client.post("/tables", data={"game": "liberte", "language": "en",
                                        "players": "\n".join(p for p, _f in PLAYERS)})
    code = made.location.split("/")[2]
    client.post(f"/t/{code}/seat", data={"player": PLAYERS[0][0]})
    version = 0
    for province in range(1, 28):
        for player, faction in PLAYERS:
            answer = client.post(f"/liberte/{code}/", headers={"HX-Request": "true"},
                                 data={"province": province, "player": player, "faction": faction,
                                       "blocks": 1 if province % 2 else 0, "version": version})
            version = int(re.search(rb'data-version="(\d+)"', answer.data).group(1))
    return code


class CountingProxy:
    """Forwards a port to ``target`` and counts the bytes coming back."""

    def __init__(self, target: int):
        self.target, self.port, self.sent = target, free_port(), 0
        started = threading.Event()
        threading.Thread(target=self.run, args=(started,), daemon=True).start()
        started.wait(10)

    def run(self, started):
        loop = asyncio.new_event_loop()
        loop.run_until_complete(asyncio.start_server(self.connect, "127.0.0.1", self.port))
        started.set()
        loop.run_forever()

    async def connect(self, reader, writer):
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        await asyncio.gather(self.pipe(reader, up_writer, False), self.pipe(up_reader, writer, True))

    async def pipe(self, reader, writer, counted):
        try:
            while data := await reader.read(65536):
                self.sent += len(data) if counted else 0
                writer.write(data)
                await writer.drain()
        except OSError:
            pass
        finally:
            writer.close()


def measure(folder: Path, path: str, what: str, target_kb: int) -> None:
    """Open ``path`` of a ``companion serve`` on ``folder`` on a fresh phone, through the counting
    proxy, once the page holds its news stream and its service worker; print the bytes that
    crossed the wire (``what``: the page's name in the sentence) against ``target_kb``."""
    from playwright.sync_api import sync_playwright
    host = Host.on_a_free_port(folder)
    proxy = CountingProxy(host.port)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            page = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
            cdp = page.context.new_cdp_session(page)
            cdp.send("Network.enable")
            seen = {}
            cdp.on("Network.loadingFinished", lambda e: seen.__setitem__(e["requestId"], e["encodedDataLength"]))
            page.goto(f"http://127.0.0.1:{proxy.port}{path}")
            wait_until(page, "news.source !== null && news.source.readyState === EventSource.OPEN"
                             " && navigator.serviceWorker.controller !== null", 10000)
            page.wait_for_load_state("networkidle")
            print(f"first load of {what} on the wire: {proxy.sent / 1024:.1f} KB "
                  f"(the page and its files {sum(seen.values()) / 1024:.1f} KB) (target <= {target_kb} KB)")
            browser.close()
    finally:
        host.stop()


def main():
    folder = Path(tempfile.mkdtemp())
    code = full_board(folder)
    measure(folder, f"/liberte/{code}/", "a full board", 60)


if __name__ == "__main__":
    main()
