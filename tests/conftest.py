"""Fixtures shared by the app tests (the Flask tutorial's conftest), helpers for tables, and the
browser fixtures (a headless Chromium, the app under waitress, phones) the browser tests share."""
import os
import re
import shutil
import threading
from pathlib import Path

import pytest

from companion import create_app

PLAYERS = ["Christie", "Joshua", "Max"]
SEVEN = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil"]


@pytest.fixture
def app(tmp_path):
    """An app with a fresh database file in a temporary folder (CSRF off; see test_security)."""
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite"),
                       "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


class TableHelper:
    """Create a Liberté table as its host and make changes on it, as a phone would."""
    game = "liberte"

    def __init__(self, client, players=PLAYERS, language="en", **options):
        self.client = client
        self.players = list(players)
        data = {"game": self.game, "players": "\n".join(players), "language": language}
        data.update({f"option-{k}": v for k, v in options.items()})
        response = client.post("/tables", data=data)
        assert response.status_code == 303, response.data
        self.code = response.location.split("/")[2]
        self.version = 0

    def sit(self, player=None, client=None):
        player = self.players[0] if player is None else player
        return (client or self.client).post(f"/t/{self.code}/seat", data={"player": player})

    def post(self, path, data, htmx=True, client=None, version=None):
        """A write made from the version this helper last saw; remembers the new one."""
        data = dict(data, version=self.version if version is None else version)
        headers = {"HX-Request": "true"} if htmx else {}
        response = (client or self.client).post(path, data=data, headers=headers)
        found = re.search(rb'name="version" value="(\d+)"', response.data)
        if found:
            self.version = int(found.group(1))
        elif response.status_code == 303:
            self.version += 1
        return response

    def stack(self, province, player, faction, blocks, **kw):
        return self.post(f"/liberte/{self.code}/", {"province": province, "player": player,
                                                     "faction": faction, "blocks": blocks}, **kw)

    def displays(self, kind, data, **kw):
        return self.post(f"/liberte/{self.code}/displays/{kind}", data, **kw)


@pytest.fixture
def table(client):
    """A Liberté table for Christie, Joshua and Max, created by this client (the host)."""
    helper = TableHelper(client)
    helper.sit("Christie")
    return helper


class VoteTable(TableHelper):
    """Create a VOTE! table as its host and play it from the round screen's forms."""
    game = "vote"

    def __init__(self, client, players=SEVEN, language="en", **options):
        super().__init__(client, players, language, **options)

    def at(self, path: str) -> str:
        return f"/vote/{self.code}{path}"

    def dice(self, player, budget_die, support_die, **kw):
        return self.post(self.at("/dice"), {"player": player, "budget_die": budget_die,
                                            "support_die": support_die}, **kw)

    def start(self, dice=None, **kw):
        """Enter ``dice`` ({name: (budget die, support die)}) and start."""
        for name, (b, s) in (dice or {}).items():
            assert self.dice(name, b, s).status_code == 200
        return self.post(self.at("/start"), {}, **kw)

    def play(self, move, data=None, **kw):
        return self.post(self.at(f"/play/{move}"), data or {}, **kw)

    def nominate(self, candidate, **kw):
        return self.play("nominate", {"candidate": candidate}, **kw)

    def vote(self, yes=(), no=(), double=(), **kw):
        """Ballots by name (the per-player form)."""
        data = {f"ballot-{self.players.index(n)}": "yes" for n in yes}
        data.update({f"ballot-{self.players.index(n)}": "no" for n in no})
        data.update({f"double-{self.players.index(n)}": "1" for n in double})
        return self.play("vote", data, **kw)

    def counts(self, yes, no, double=(), **kw):
        data = {"mode": "counts", "yes": yes, "no": no}
        data.update({f"double-{self.players.index(n)}": "1" for n in double})
        return self.play("vote", data, **kw)

    def give(self, to, budget=0, support=0, ability=False, **kw):
        data = {"to": to, "card": "ability" if ability else "event", "budget": budget,
                "support": support}
        return self.play("give", data, **kw)

    def ability(self, player, ability, target=None, **kw):
        data = {"player": player, "ability": ability}
        if target:
            data["target"] = target
        return self.play("ability", data, **kw)

    def cards(self, move, cards: dict, **kw):
        """Unrest or tiebreak: ``cards`` {name: (budget, support)}."""
        data = {}
        for name, (b, s) in cards.items():
            data.update({f"{self.players.index(name)}-budget": b,
                         f"{self.players.index(name)}-support": s})
        return self.play(move, data, **kw)

    def timer(self, action, seconds=None, **kw):
        data = {"action": action} | ({"seconds": seconds} if seconds is not None else {})
        return self.post(self.at("/timer"), data, **kw)

    def position(self, app):
        """The table's position as the server holds it (the engine's game under "game")."""
        from companion import events, games, tables
        from companion.db import get_db
        with app.app_context():
            return events.position(get_db(), tables.find(self.code), games.get("vote"))


@pytest.fixture
def vote_table(client):
    """A VOTE! table for seven players, created by this client (the host), sitting as Ann."""
    helper = VoteTable(client)
    helper.sit("Ann")
    return helper


# The browser tests: Playwright (Python) driving Debian's headless Chromium at phone size.
# Without a browser they skip, except in CI (CI=true), where that is a failure.
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).parent.parent / "artifacts"


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session."""
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail(f"no browser at {CHROMIUM}: CI must run the browser tests")
        pytest.skip(f"no browser at {CHROMIUM}")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The app under waitress on a free local port, as ``companion serve`` runs it."""
    import waitress
    folder = tmp_path_factory.mktemp("server")
    app = create_app({"DATABASE": str(folder / "b.sqlite"), "SECRET_KEY": "browser"})
    srv = waitress.create_server(app, host="127.0.0.1", port=0, threads=4)
    url = f"http://127.0.0.1:{srv.effective_port}"
    app.config["PUBLIC_URL"] = url + "/"
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    yield url
    stop_in_loop_thread(srv)
    thread.join(timeout=10)
    assert not thread.is_alive(), "waitress did not stop"
    srv.task_dispatcher.shutdown()


def stop_in_loop_thread(srv):
    """Close waitress's sockets from its own loop thread, so its ``select`` never sees a closed
    descriptor (closing them from this thread made CI fail with EBADF after every test passed);
    with nothing left to watch, the loop returns and the thread ends."""
    def close_all():
        for channel in list(srv._map.values()):
            channel.close()
    srv.trigger.pull_trigger(close_all)


@pytest.fixture
def phone(browser):
    """A function that opens a new phone (its own cookies) and closes them all afterwards."""
    contexts = []

    def open_phone():
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                                      has_touch=True)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(5000)
        return page
    yield open_phone
    for context in contexts:
        context.close()


def shot(page, name, at=None):
    """A screenshot in ``artifacts/`` of the top of ``page``, or from the element ``at``."""
    ARTIFACTS.mkdir(exist_ok=True)
    if at:
        page.locator(at).evaluate("e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 8)")
    else:
        page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)


def phone_layout_problems(page) -> list:
    """What breaks the phone layout at the page's width: a horizontal scroll, taps under 44 px."""
    problems = []
    if page.evaluate("document.documentElement.scrollWidth") > page.viewport_size["width"]:
        problems.append("horizontal scroll")
    problems += page.evaluate("""() => [...document.querySelectorAll('button, summary, a.button')]
        .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
        .map(e => e.textContent.trim())""")
    return problems
