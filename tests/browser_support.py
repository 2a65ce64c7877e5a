"""What the real-browser tests share: Debian's headless Chromium, ``companion serve``, phones.

The fixtures ``browser`` (one Chromium per session), ``server`` (``companion serve`` on a free
port) and ``phone`` (a function that opens a phone-sized page with its own cookies) are made
available to every test module by ``conftest.py``; ``shot`` saves a screenshot to ``artifacts/``.
Without a browser the tests skip, except in CI (CI=true), where that is a failure.
"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
# The longest a page may take to show what a test waits for (another phone's change, a refresh)
# on a loaded 2-core machine: a ceiling that a passing test never reaches, never a pause.
TOLD = 15_000
ARTIFACTS = Path(__file__).parent.parent / "artifacts"

# Every text's contrast against its background, as WCAG computes it (the pages' dark and light themes)
CONTRAST = """() => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = c => { const [r, g, b] = rgb(c).map(v => v / 255).map(
      v => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  const opaque = c => rgb(c).length === 3 || rgb(c)[3] === 1;
  const behind = e => { for (; e; e = e.parentElement) { const s = getComputedStyle(e);
      if (s.backgroundImage !== 'none') return null;
      if (opaque(s.backgroundColor)) return s.backgroundColor; }
    return 'rgb(255, 255, 255)'; };
  const shown = e => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
  const faint = e => e.closest(':disabled, [disabled], .sr, .out, .undone, .paused') ||
      [...function* () { for (let x = e; x; x = x.parentElement) yield x; }()]
        .some(x => Number(getComputedStyle(x).opacity) < 1);
  const fails = [];
  for (const e of document.querySelectorAll('body *')) {
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !shown(e) || faint(e)) continue;
    const s = getComputedStyle(e), bg = behind(e);
    if (bg === null || Number(s.fontSize.replace('px', '')) === 0) continue;
    const large = parseFloat(s.fontSize) >= 24 || (parseFloat(s.fontSize) >= 18.66 && Number(s.fontWeight) >= 700);
    const r = ratio(s.color, bg);
    if (r < (large ? 3 : 4.5)) fails.push(`${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 20)}" ${r.toFixed(2)}`);
  }
  for (const e of document.querySelectorAll('.tile .ctl, .tile i.bar')) {
    const r = ratio(getComputedStyle(e).borderTopColor, behind(e.parentElement));
    if (r < 3) fails.push(`mark ${e.className} on ${e.closest('.tile').id} ${r.toFixed(2)}`);
  }
  return fails;
}"""

@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session."""
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail(f"no browser at {CHROMIUM}: CI must run the browser tests")
        pytest.skip(f"no browser at {CHROMIUM}")
    sync_api = pytest.importorskip("playwright.sync_api")
    sync_api.expect.set_options(timeout=TOLD)  # expect(...) waits up to TOLD unless told less
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


def free_port() -> int:
    """A port nobody uses now on any address of this machine: a server that listens on every
    address (``--host 0.0.0.0``) cannot take a port a client socket of another loopback address
    (127.0.0.2, ...: the hosting test's phones) still holds in TIME_WAIT, and one free on
    127.0.0.1 alone may be such a port."""
    with socket.socket() as probe:
        probe.bind(("", 0))
        return probe.getsockname()[1]


class Host:
    """``companion serve`` on ``port`` with its database in ``folder``, in a process group of its
    own: ``stop()`` takes it away at once, workers and all, as a host switched off would be, and
    ``start()`` brings it back on the same port with the same database (and key)."""

    def __init__(self, folder: Path, port: int, settings: str = ""):
        self.folder, self.port, self.url = folder, port, f"http://127.0.0.1:{port}"
        self.process = self.log = None
        self.options = []
        if settings:  # an instance config.py of its own (--settings)
            (folder / "settings.py").write_text(settings)
            self.options = ["--settings", str(folder / "settings.py")]

    @classmethod
    def on_a_free_port(cls, folder: Path, settings: str = "") -> "Host":
        """Started on a free port; another, should another process take the one found first."""
        for _attempt in range(4):
            try:
                return cls(folder, free_port(), settings).start()
            except pytest.fail.Exception as failed:
                if "already in use" not in str(failed):
                    raise
        return cls(folder, free_port(), settings).start()

    def start(self) -> "Host":
        self.log = open(self.folder / "server.log", "a", encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port",
             str(self.port), "--db", str(self.folder / "b.sqlite"), *self.options],
            stdout=subprocess.DEVNULL, stderr=self.log, start_new_session=True)
        for _ in range(150):
            try:
                urllib.request.urlopen(self.url + "/", timeout=5).read()
                return self
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.1)
        self.stop()
        pytest.fail("companion serve did not start: " + (self.folder / "server.log").read_text())

    def stop(self) -> None:
        """Gone at once (SIGKILL to its process group)."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(20)
        self.log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """``companion serve`` on a free loopback port, in its own process, as a table runs it
    (granian, the front holding each phone's news stream); stopped with Ctrl-C at the end of the
    session. Every phone of the session comes from 127.0.0.1: it may create more tables than
    one address may on a public host."""
    host = Host.on_a_free_port(tmp_path_factory.mktemp("server"),
                               settings="TABLES_PER_ADDRESS = (10 ** 6, 3600)\n"
                                        "SYNCHRONOUS = 'NORMAL'\n")
    yield host.url
    host.process.send_signal(signal.SIGINT)
    host.process.wait(20)
    host.log.close()


@pytest.fixture
def phone(browser):
    """A function that opens a new phone (its own cookies) and closes them all afterwards."""
    contexts = []

    def open_phone():
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                                      has_touch=True)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(TOLD)
        return page
    yield open_phone
    for context in contexts:
        context.close()


def new_table(page, server, players, game=None) -> str:
    """``page`` creates a table for ``players`` from the start page (``game``: another than the
    first offered); returns the join link its room shows."""
    page.goto(server + "/")
    if game:
        page.check(f"input[name=game][value={game}]")
    page.fill("#players", "\n".join(players))
    page.get_by_role("button", name="Create the table").click()
    return page.locator("a.link").first.get_attribute("href")


def imported_table(page, server, table: bytes) -> str:
    """``page`` imports the table file ``table`` from the start page; returns the new table's code."""
    page.goto(server + "/")
    page.set_input_files("#file", files=[{"name": "table.json", "mimeType": "application/json",
                                          "buffer": table}])
    page.get_by_role("button", name="Import").click()
    return page.locator(".code").first.inner_text().strip()


def wait_until(page, expression: str, timeout: float = TOLD) -> None:
    """Wait until ``expression`` (JavaScript) is true in ``page``. Playwright's wait_for_function
    compiles its predicate with eval in the page when it has to poll, which the app's
    Content-Security-Policy forbids; page.evaluate is not subject to it."""
    deadline = time.monotonic() + timeout / 1000
    while not holds(page, expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} ms: {expression}")
        page.wait_for_timeout(50)


def holds(page, expression: str) -> bool:
    """``expression`` in ``page`` now; false while the page is navigating to another (its
    script's context is gone until the next page has one)."""
    from playwright.sync_api import Error
    try:
        return bool(page.evaluate(expression))
    except Error as err:
        if "Execution context was destroyed" in str(err) or "navigation" in str(err):
            return False
        raise


def shot(page, name, at=None):
    """A screenshot in ``artifacts/`` of the top of ``page``, or from the element ``at``."""
    ARTIFACTS.mkdir(exist_ok=True)
    if at:
        page.locator(at).evaluate("e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 8)")
    else:
        page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)


def phone_layout_problems(page) -> list:
    """What breaks the phone layout at the page's width: a horizontal scroll, a tab cut off at the
    right edge (the tab bar scrolls on its own), taps under 44 px."""
    problems = []
    if page.evaluate("document.documentElement.scrollWidth") > page.viewport_size["width"]:
        problems.append("horizontal scroll")
    problems += page.evaluate("""() => [...document.querySelectorAll('nav.tabs a')]
        .filter(e => e.getBoundingClientRect().right > window.innerWidth)
        .map(e => 'tab cut off: ' + e.textContent.trim())""")
    problems += page.evaluate("""() => [...document.querySelectorAll('button, summary, a.button')]
        .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
        .map(e => e.textContent.trim())""")
    return problems


# A small phone's screen, the narrowest the pages are laid out for
SMALL = {"width": 360, "height": 740}
VIBRATE_COUNTER = ("navigator.vibrate = function () { sessionStorage.setItem('vibrated', "
                   "String(Number(sessionStorage.getItem('vibrated') || 0) + 1)); return true; };")


OPEN_STREAM = ("typeof news !== 'undefined' && news.source !== null"
               " && news.source.readyState === EventSource.OPEN")


def table_code(page) -> str:
    """The code of the table whose Liberté page ``page`` shows (from its address)."""
    return page.url.split("/liberte/")[1].split("/")[0]


def two_phones(server, phone, players=("Christie", "Joshua", "Max")):
    """A new table of ``players`` with the host's phone sitting as the first and another as the
    second, on the board."""
    host = phone()
    join = new_table(host, server, list(players))
    host.goto(join)
    host.get_by_role("button", name=players[0]).click()
    other = phone()
    other.goto(join)
    other.get_by_role("button", name=players[1]).click()
    for page in (host, other):  # on the board, each with its news stream open (answered)
        wait_until(page, OPEN_STREAM)
    return host, other


def vibrations(page, at_least, wait=3.0) -> int:
    """How many times the page asked to vibrate (kept in its tab's session storage), waiting a
    little for one (the question opens once htmx has settled the page)."""
    deadline = time.monotonic() + wait
    while True:
        count = int(page.evaluate("sessionStorage.getItem('vibrated') || 0"))
        if count >= at_least or time.monotonic() > deadline:
            return count
        page.wait_for_timeout(50)


def sit_small(phone, server, code, player):
    """A new phone at 360 x 740 sitting as ``player`` at the table ``code``, counting its vibrations."""
    page = phone()
    page.add_init_script(VIBRATE_COUNTER)
    page.set_viewport_size(SMALL)
    page.goto(f"{server}/t/{code}?pick=1")
    page.get_by_role("button", name=player, exact=True).click()
    return page


def four_phones(server, phone, table: bytes) -> dict:
    """The host imports ``table`` (a table file) and sits as Christie; Joshua, Max and Anna sit
    on phones of their own. Every phone counts its vibrations (VIBRATE_COUNTER). Player → page."""
    host = phone()
    host.add_init_script(VIBRATE_COUNTER)
    host.set_viewport_size(SMALL)
    code = imported_table(host, server, table)
    host.goto(f"{server}/t/{code}?pick=1")
    host.get_by_role("button", name="Christie", exact=True).click()
    phones = {"Christie": host}
    phones.update({p: sit_small(phone, server, code, p) for p in ("Joshua", "Max", "Anna")})
    return phones


def seated_phones(phone, server, code, names, first) -> dict:
    """A phone for each of ``names`` at 360×740 (``first``'s is the one that made the table),
    each seated at its player and on the VOTE! round page: name → page."""
    phones = {}
    for name in names:
        page = first if name == names[0] else phone()
        page.set_viewport_size(SMALL)
        page.goto(f"{server}/t/{code}?pick=1")
        page.get_by_role("button", name=name, exact=True).click()
        page.goto(f"{server}/vote/{code}/")
        phones[name] = page
    return phones


def add_stack(page, province, player, faction, blocks):
    """Add a Liberté stack on ``page`` through the province's sheet, and wait until it shows."""
    sheet = page.locator(f"#prov-{province} details.sheet")
    sheet.locator("summary").click()
    sheet.locator("select[name=player]").select_option(player)
    sheet.locator(f"input[name=faction][value={faction}]").check()
    sheet.locator(f"input[name=blocks][value='{blocks}']").check()
    sheet.get_by_role("button", name="Add the stack").click()
    page.locator(f'#prov-{province} .chip[data-player="{player}"]').wait_for()


class VoteTable:
    """A VOTE! table played on one phone per player (``phones``: name → page) through the
    screens: the taps they make, counted round by round (``round``), and the waits for the
    state they lead to (tests/browser/test_browser_vote_game.py, test_browser_vote_six.py)."""

    def __init__(self, phones, server, code):
        self.phones, self.server, self.code = phones, server, code
        self.taps, self.round, self.per_card, self.per_random_card = {}, 0, [], []

    def version(self, page) -> int:
        return int(page.locator("#shown").get_attribute("data-version"))

    def tap(self, player, selector, writes=False, count=True):
        """One tap on ``player``'s phone; a write waits until every phone shows its result."""
        page = self.phones[player]
        before = self.version(page) if writes else None
        locator = page.locator(selector) if isinstance(selector, str) else selector(page)
        locator.click()
        if count:
            self.taps[self.round] = self.taps.get(self.round, 0) + 1
        if writes:
            wait_until(page, f"document.getElementById('shown') && "
                             f"+document.getElementById('shown').dataset.version > {before}", 20000)
            self.sync(self.version(page))
            assert page.evaluate(UNDER_THE_TOAST) == [], self.round  # the toast covers no button
            wait_until(page, STEP_IN_VIEW, 10000)  # the next step is at the top of the phone

    def sync(self, version):
        for page in self.phones.values():
            wait_until(page, f"document.getElementById('shown') && "
                             f"+document.getElementById('shown').dataset.version >= {version}", 20000)

    def fill(self, player, selector, value):
        self.phones[player].locator(selector).fill(str(value))
        self.taps[self.round] = self.taps.get(self.round, 0) + 1

    def open_move(self, player):
        """On a phone that is not the one the rules name, the move is under "Enter it … instead"."""
        page = self.phones[player]
        if page.locator("#instead").count() and not page.locator("#instead").evaluate("d => d.open"):
            self.tap(player, "#instead > summary")

    # The moves, as the table makes them.
    def nominate(self, president, candidate):
        self.tap(president, f'#nominate button[name=candidate][value="{candidate}"]', writes=True)

    def tally(self, player, yes):
        self.tap(player, f'#tally form:has(> input[name=yes][value="{yes}"]) button', writes=True)

    def give(self, president, to, mods):
        """A card in two taps: its modifiers ("b,s" or "ability"), then the player; one when only
        one player may get it."""
        before = self.taps.get(self.round, 0)
        page = self.phones[president]
        only = page.locator("#give form").get_attribute("data-only")
        cell = f'#give label:has(> input[name=mods][value="{mods}"])'
        if only:  # the one player who may get it: the cell sends it, one tap
            assert only == to, (only, to)
            self.tap(president, cell, writes=True)
        else:
            self.tap(president, cell)
            self.tap(president, f'#recipients button[name=to][value="{to}"]', writes=True)
        self.per_card.append(self.taps[self.round] - before)

    def ability(self, player, ability, target=None):
        self.tap(player, f"#ability-{ability} > summary")
        if target:
            self.tap(player, f'#ability-{ability} button[name=target][value="{target}"]', writes=True)
        else:
            self.tap(player, f"#ability-{ability} button.primary", writes=True)

    def card(self, player, mods, move="unrest", owner=None):
        """A random card of the unrest or the tie-break (VOTE-GOV-6), on ``player``'s phone: one tap
        on the pad for his own (``mods`` "b,s" or "ability"), a name first for ``owner``'s."""
        before = self.taps.get(self.round, 0)
        if owner and owner != player:
            self.tap(player, f'#{move} label.who[data-player="{owner}"]')
        self.tap(player, f'#{move} .card-pad button[name=mods][value="{mods}"]', writes=True)
        self.per_random_card.append(self.taps[self.round] - before)

    def cards(self, move, cards: dict):
        """Every player's random card, each on his own phone (``cards``: name → "b,s")."""
        for name, mods in cards.items():
            self.card(name, mods, move)

    def counts(self, player, yes, no, double=()):
        """The vote as counts, in the sheet: open it, the two numbers, each Double vote, Count."""
        self.tap(player, "#counts > summary")
        self.fill(player, "#counts input[name=yes]", yes)
        self.fill(player, "#counts input[name=no]", no)
        for index in double:
            self.tap(player, f"#counts input[name=double-{index}]")
        self.tap(player, "#counts button.primary", writes=True)

    def end_round(self, player):
        self.tap(player, "#end-round", writes=True)

    def state(self, player=None) -> dict:
        """What the screen of ``player``'s phone (the first phone's) shows of the game."""
        page = self.phones[player or next(iter(self.phones))]
        rows = page.locator("#points .pl").evaluate_all(
            "ls => ls.map(l => [l.dataset.player, +l.dataset.budget, +l.dataset.support, +l.dataset.hand,"
            " l.dataset.in === '1'])")
        deck = page.locator("#deck").evaluate("d => [+d.dataset.deck, +d.dataset.discard, +d.dataset.used]")
        return {"points": {n: (b, s) for n, b, s, h, i in rows if i},
                "hands": {n: h for n, b, s, h, i in rows if i},
                "out": [n for n, b, s, h, i in rows if not i], "deck": tuple(deck),
                "president": page.locator("#president").inner_text(),
                "pm": page.locator("#prime-minister").inner_text()}


# The step the table waits for has come to the top of the phone: its top in the upper half, or
# lower (a long toast above it) with its first button still whole on the screen; a random card's
# pad (the unrest, the tie-break) whole on the screen.
STEP_IN_VIEW = """(() => {
  const step = [...document.querySelectorAll('#reading-only, #awaited, #live [data-step], #winner')]
    .find(e => e.offsetParent !== null);
  if (!step) { return false; }
  const r = step.getBoundingClientRect(), pad = step.querySelector('.card-pad');
  if (pad && pad.offsetParent !== null) {  // a random card to enter: the whole pad on the screen
    const p = pad.getBoundingClientRect();
    return p.top >= 0 && p.bottom <= innerHeight + 1;  // scrolled to its bottom: a fraction over
  }
  const first = step.querySelector('button, summary');  // its first tap, whole on the screen
  const tap = first && first.offsetParent !== null ? first.getBoundingClientRect() : null;
  return r.top >= 0 && (r.top < innerHeight / 2 || (tap !== null && tap.bottom <= innerHeight));
})()"""
UNDER_THE_TOAST = """() => {
  const toast = document.getElementById('toast');
  if (!toast || !toast.firstElementChild) { return []; }
  const t = toast.getBoundingClientRect();
  return [...document.querySelectorAll('button, summary, label.cell')]
    .filter(b => !toast.contains(b) && b.offsetParent !== null)
    .filter(b => { const r = b.getBoundingClientRect();
                   return r.bottom > t.top && r.top < t.bottom && r.right > t.left && r.left < t.right; })
    .map(b => b.textContent.trim());
}"""


def expect_state(table, points, out, deck, president, pm="—", hands=3):
    """The engine's state on the screen against the figures worked by hand."""
    state = table.state()
    assert state["points"] == points, (table.round, state["points"])
    assert sorted(state["out"]) == sorted(out), (table.round, state["out"])
    want = hands if isinstance(hands, dict) else dict.fromkeys(points, hands)
    assert state["hands"] == want, (table.round, state["hands"])
    assert state["deck"] == deck, (table.round, state["deck"])
    assert (state["president"], state["pm"]) == (president, pm), (table.round, state["president"], state["pm"])


def in_view(page, selector) -> bool:
    """Whether the first ``selector`` comes into the screen (waiting for the page to settle)."""
    wait_until(page, "(() => { const e = document.querySelector(%s); if (!e) return false;"
                     " const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()"
               % json.dumps(selector), 10000)
    return True
