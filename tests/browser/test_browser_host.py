"""A phone and a host that goes away (issue 21): the phone says it lost the host and that it is
back, a tap made meanwhile is shown as not sent and sent once when the host is back, a reload
without the host shows the app's own page, and the app is installable (a manifest, a service
worker: Chrome's own installability check). Each test runs its own ``companion serve``
(``browser_support.Host``), stopped and started again on the same port with the same database.
"""
import json
import urllib.request

import pytest

from browser_support import Host, new_table, shot, wait_until

LOST = "The host cannot be reached: nothing you tap is sent until it is back."
SHOW = """hidden => {  // as test_browser.SHOW: the page hidden (in a pocket) or shown again
  Object.defineProperty(document, "hidden", {value: hidden, configurable: true});
  document.dispatchEvent(new Event("visibilitychange"));
}"""
STACK = ("stack", {"province": "8", "player": "Christie", "faction": "red", "blocks": 3, "add": True})


@pytest.fixture
def host(tmp_path):
    running = Host.on_a_free_port(tmp_path)
    yield running
    running.stop()


def changes(host, code) -> list:
    """The table's events, from its file (export.json)."""
    with urllib.request.urlopen(f"{host.url}/t/{code}/export.json", timeout=10) as answer:
        return [(event["kind"], event["data"]) for event in json.load(answer)["events"]]


def seated_at_the_board(phone, host, player="Christie"):
    page = phone()
    join = new_table(page, host.url, ["Christie", "Joshua", "Max"])
    page.goto(join)
    page.get_by_role("button", name=player).click()
    page.locator("#prov-8").wait_for()
    wait_until(page, "news.source !== null && news.source.readyState === EventSource.OPEN")
    return page, join.rstrip("/").rsplit("/", 1)[1]


def add_stack(page):
    """Christie's 3 red blocks in province 8, tapped on the board's sheet."""
    sheet = page.locator("#prov-8 details.sheet")
    sheet.locator("summary").click()
    sheet.locator("select[name=player]").select_option("Christie")
    sheet.locator("input[name=faction][value=red]").check()
    sheet.locator("input[name=blocks][value='3']").check()
    sheet.get_by_role("button", name="Add the stack").click()


def test_a_tap_while_the_host_is_away_is_shown_not_sent_and_sent_once_when_it_is_back(host, phone):
    from playwright.sync_api import expect
    page, code = seated_at_the_board(phone, host)
    host.stop()
    banner = page.locator("#host")
    expect(banner).to_have_text(LOST, timeout=10000)  # the stream broke, /alive does not answer
    add_stack(page)
    unsent = page.locator("#toast .unsent")
    expect(unsent).to_contain_text("Not sent: the host cannot be reached.")
    page.locator("#toast").click()  # a tap on the toast does not put the unsent write away
    expect(unsent.get_by_role("button", name="Send again")).to_be_visible()
    shot(page, "host-lost-unsent")
    unsent.get_by_role("button", name="Send again").click()  # still away: still not sent
    expect(unsent).to_be_visible()
    assert page.locator('#prov-8 .chip[data-player="Christie"]').count() == 0

    host.start()
    expect(banner).to_have_text("The host is back.", timeout=10000)
    expect(page.locator('#prov-8 .chip[data-player="Christie"]')).to_be_visible()
    expect(unsent).to_have_count(0)
    assert changes(host, code) == [STACK]  # sent once
    page.reload()
    expect(page.locator('#prov-8 .chip[data-player="Christie"]')).to_have_count(1)
    expect(banner).to_be_hidden()


def test_a_write_the_host_got_before_it_went_away_is_not_applied_twice(host, browser):
    """The answer is lost, not the write: sent again from the version it was made from, it is
    refused as stale (the table changed meanwhile), so the table has it once."""
    from playwright.sync_api import expect
    from browser_support import PHONE
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  service_workers="block")  # page.route sees every request
    page, code = seated_at_the_board(lambda: context.new_page(), host)

    lost = []

    def answer_lost(route):
        if route.request.method != "POST" or lost:
            return route.continue_()
        lost.append(route.fetch())  # the host gets the write and applies it ...
        route.abort("connectionreset")  # ... and the phone never hears back
    page.route(f"**/liberte/{code}/", answer_lost)
    add_stack(page)
    unsent = page.locator("#toast .unsent")
    expect(unsent).to_be_visible()
    chip = page.locator('#prov-8 .chip[data-player="Christie"]')
    expect(chip).to_have_count(1)  # the news of its own write came: the page shows a newer version
    page.evaluate("hostBack()")  # as when /alive answers: the write is sent again
    expect(page.locator("#toast")).to_contain_text("Not applied: the table changed meanwhile")
    expect(chip).to_have_count(1)
    assert changes(host, code) == [STACK]
    context.close()


def test_a_reload_without_the_host_shows_the_apps_own_page_until_the_host_is_back(host, phone):
    """The service worker (sw.js) keeps the app's shell: a reload without the host shows the
    app's offline page, not the browser's error, and the page comes back by itself."""
    from playwright.sync_api import expect
    page, _code = seated_at_the_board(phone, host)
    wait_until(page, "navigator.serviceWorker.controller !== null", timeout=10000)
    host.stop()
    page.reload()
    expect(page.locator("h1")).to_have_text("The host cannot be reached")
    expect(page.get_by_role("link", name="Try again")).to_be_visible()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(244, 241, 234)"
    shot(page, "offline")
    host.start()
    page.locator("#prov-8").wait_for(timeout=10000)  # asked /alive, then the board again


def test_the_app_is_installable(host, browser, tmp_path):
    """Chrome's own check (what Lighthouse's installability audit asks), in a browser profile of
    its own (a Playwright context is incognito, where nothing installs): no installability error
    on the start page, the board and a VOTE! table; the manifest parses without error."""
    from browser_support import ARGS, CHROMIUM, PHONE
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, headless=True,
        viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    session = context.new_cdp_session(page)
    join = new_table(page, host.url, ["Christie", "Joshua", "Max"])
    vote_join = new_table(page, host.url, ["Ann", "Bob", "Cy", "Di", "Ed"], game="vote")
    for address in (host.url + "/", join, vote_join):
        page.goto(address)
        wait_until(page, "navigator.serviceWorker.controller !== null", timeout=10000)
        manifest = session.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")
        assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == [], address
    context.close()


def test_a_page_without_a_stream_says_the_host_is_lost_when_shown_again(host, phone):
    """The start page keeps no stream open: shown again (taken out of the pocket), it asks."""
    from playwright.sync_api import expect
    page = phone()
    page.goto(host.url + "/")
    host.stop()
    page.evaluate(SHOW, True)
    page.evaluate(SHOW, False)
    expect(page.locator("#host")).to_have_text(LOST, timeout=10000)
    host.start()
    expect(page.locator("#host")).to_have_text("The host is back.", timeout=10000)


def test_a_hung_host_is_said_within_five_seconds_by_the_heartbeat(host, phone):
    """Issue 34: a host that hangs (its processes stopped: the connection stays open, silent) is
    noticed by the news stream's heartbeat (every 2 s): the page says the host is lost within 5 s
    of the last beat, and that it is back once the host answers again."""
    import os
    import signal
    from playwright.sync_api import expect
    page, code = seated_at_the_board(phone, host)
    banner = page.locator("#host")
    os.killpg(host.process.pid, signal.SIGSTOP)
    try:
        expect(banner).to_have_text(LOST, timeout=5000 + 2000 + 1000)  # a beat's gap, 5 s, a margin
    finally:
        os.killpg(host.process.pid, signal.SIGCONT)
    expect(banner).to_have_text("The host is back.", timeout=10000)


def test_the_page_waits_for_as_many_beats_as_the_host_sets(host, phone):
    """HEARTBEAT (docs/hosting.md): the page reads the host's interval from #shown and says the
    host is lost after 2.5 beats of silence, and never sooner than 5 s."""
    page, code = seated_at_the_board(phone, host)
    assert page.locator("#shown").get_attribute("data-heartbeat") == "2"
    assert page.evaluate("silence()") == 5000
    page.evaluate("document.getElementById('shown').setAttribute('data-heartbeat', '10')")
    assert page.evaluate("silence()") == 25000
