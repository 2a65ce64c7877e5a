"""A phone past its address's rations (issue 35): the worker's front refuses the change before
Flask reads it and the phone says so in the players' words: a tap in the toast, an import on a
short page with the way back. Each test runs its own ``companion serve`` with small rations."""
import io
import json

import pytest

from browser_support import Host, new_table, shot, wait_until

REFUSED_TAP = "This device has made as many changes as the host allows for now: try again in"
REFUSED_TABLE = "device has created or imported as many tables as the host allows for now"


@pytest.fixture
def host(tmp_path):
    running = Host.on_a_free_port(tmp_path, settings="TAPS_PER_ADDRESS = (2, 1)\n"
                                                     "TABLES_PER_ADDRESS = (1, 1)\n")
    yield running
    running.stop()


def add_stack(page, blocks):
    """Christie's red blocks in province 8, tapped on the board's sheet."""
    sheet = page.locator("#prov-8 details.sheet")
    sheet.locator("summary").click()
    sheet.locator("select[name=player]").select_option("Christie")
    sheet.locator("input[name=faction][value=red]").check()
    sheet.locator(f"input[name=blocks][value='{blocks}']").check()
    sheet.get_by_role("button", name="Add the stack").click()


def test_a_tap_past_the_ration_is_refused_in_the_toast_and_nothing_changes(host, phone):
    """The seat is the address's first change, the stack its second, the third is refused."""
    from playwright.sync_api import expect
    page = phone()
    join = new_table(page, host.url, ["Christie", "Joshua", "Max"])
    page.goto(join)
    page.get_by_role("button", name="Christie").click()
    page.locator("#prov-8").wait_for()
    add_stack(page, 3)
    chip = page.locator('#prov-8 .chip[data-player="Christie"] .h')
    expect(chip).to_have_text("3")
    add_stack(page, 2)
    toast = page.locator("#toast")
    expect(toast).to_contain_text(REFUSED_TAP, timeout=10000)
    assert "HOST-TAPS" not in toast.inner_text()  # the rule's id is hidden
    expect(chip).to_have_text("3")
    shot(page, "rations-tap-refused")
    page.screenshot(path="/work/shots/h35/tap-refused.png")


def test_an_import_past_the_ration_is_refused_by_the_front_with_a_way_back(host, phone):
    """Flask refuses the first import past the ration (the start page, with its Retry-After);
    the front refuses the next one itself, on a short page in the player's language."""
    from playwright.sync_api import expect
    page = phone()
    new_table(page, host.url, ["Christie", "Joshua", "Max"])
    table = json.dumps({"format": "companion-table/1", "game": "liberte", "language": "en",
                        "setup": {"players": ["Ann", "Bob", "Cid"]}, "events": []}).encode()
    for _ in range(2):
        page.goto(host.url + "/")
        page.set_input_files("#file", files=[{"name": "table.json",
                                               "mimeType": "application/json",
                                               "buffer": io.BytesIO(table).getvalue()}])
        page.locator("#file").locator("xpath=ancestor::form").locator("button").click()
        expect(page.locator("body")).to_contain_text(REFUSED_TABLE, timeout=10000)
    wait_until(page, "!document.querySelector('#file')")  # the front's page, not the start page
    page.get_by_role("link", name="Start page").wait_for()
    shot(page, "rations-import-refused")
    page.screenshot(path="/work/shots/h35/import-refused.png")
    page.get_by_role("link", name="Start page").click()
    page.locator("#file").wait_for()
