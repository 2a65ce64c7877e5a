"""What the real-browser tests share: Debian's headless Chromium, the app under waitress, phones.

The fixtures ``browser`` (one Chromium per session), ``server`` (the app under waitress on a free
port) and ``phone`` (a function that opens a phone-sized page with its own cookies) are made
available to every test module by ``conftest.py``; ``shot`` saves a screenshot to ``artifacts/``.
Without a browser the tests skip, except in CI (CI=true), where that is a failure.
"""
import os
import shutil
import threading
from pathlib import Path

import pytest

from companion import create_app

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
    stop_waitress(srv, thread)


def stop_waitress(srv, thread) -> None:
    """Stop a waitress server running in ``thread`` without a race.

    First the worker threads finish their tasks and end (a worker that has just sent its
    answer still pulls the loop's trigger, so the trigger must outlive them). Then the sockets
    are closed from waitress's own loop thread, so its ``select`` never sees a closed descriptor
    (closing them from this thread made CI fail with EBADF after every test passed); with
    nothing left to watch, the loop returns and the thread ends."""
    srv.task_dispatcher.shutdown(cancel_pending=True, timeout=10)

    def close_all():
        for channel in list(srv._map.values()):
            channel.close()
    srv.trigger.pull_trigger(close_all)
    thread.join(timeout=10)
    assert not thread.is_alive(), "waitress did not stop"


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
