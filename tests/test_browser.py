"""A real browser: Playwright (Python) driving Debian's headless Chromium at phone size.

Two phones at one table: the host creates it, a second phone joins through the join link, a
board entered on one phone appears on the other within 2 s, and the election wizard runs through
a Paris tie that needs a second round. Screenshots of the main screens go to ``artifacts/``.
The fixtures (``browser``, ``server``, ``phone``) are in ``browser_support.py``.
"""
from browser_support import phone_layout_problems, shot


def add_stack(page, province, player, faction, blocks):
    sheet = page.locator(f"#prov-{province} details.sheet")
    sheet.locator("summary").click()
    sheet.locator("select[name=player]").select_option(player)
    sheet.locator(f"input[name=faction][value={faction}]").check()
    sheet.locator(f"input[name=blocks][value='{blocks}']").check()
    sheet.get_by_role("button", name="Add the stack").click()
    page.locator(f'#prov-{province} .chip[data-player="{player}"]').wait_for()


def add_card(page, seat_index, faction, value, name):
    card = page.locator(f"#player-{seat_index} details.sheet")
    card.locator("summary").click()
    card.locator(f"input[name=faction][value={faction}]").check()
    card.locator(f"input[name=value][value='{value}']").check()
    card.locator("input[name=id]").fill(name)
    card.get_by_role("button", name="Add the card").click()
    page.locator(f"#player-{seat_index}").get_by_text(name).wait_for()


def test_two_phones_a_board_and_an_election_with_a_paris_tie(server, phone):
    from playwright.sync_api import expect
    host = phone()
    host.goto(server + "/")
    host.fill("#players", "Christie\nJoshua\nMax")
    host.get_by_role("button", name="Create the table").click()
    host.locator("img.qr").wait_for()
    join = host.locator("a.link").first.get_attribute("href")
    assert "/t/" in join
    shot(host, "room")

    other = phone()
    other.goto(join)
    other.get_by_role("button", name="Joshua").click()
    other.locator("#prov-8").wait_for()
    host.goto(join)
    host.get_by_role("button", name="Christie").click()

    add_stack(host, 8, "Christie", "red", 3)
    expect(other.locator('#prov-8 .chip[data-player="Christie"]')).to_be_visible(timeout=2000)
    add_stack(other, 8, "Joshua", "red", 3)
    expect(host.locator('#prov-8 .chip[data-player="Joshua"]')).to_be_visible(timeout=2000)
    add_stack(host, 1, "Max", "blue", 2)
    other.reload()  # the seat cookie keeps the phone at its seat
    expect(other.locator('#prov-1 .chip[data-player="Max"]')).to_be_visible()
    shot(host, "board")

    host.get_by_role("link", name="Displays").click()
    add_card(host, 0, "red", 3, "marat")
    add_card(host, 0, "red", 2, "robespierre")
    other.get_by_role("link", name="Displays").click()
    add_card(other, 1, "red", 3, "danton")
    shot(host, "displays")

    host.get_by_role("link", name="Election").click()
    other.get_by_role("link", name="Election").click()
    host.get_by_role("button", name="Advance marat (red 3)").click()
    other.get_by_role("button", name="Advance danton (red 3)").click(timeout=3000)
    host.get_by_role("button", name="Advance robespierre (red 2)").click(timeout=3000)
    expect(host.locator("#result-8")).to_contain_text("Christie wins for red, 3 vote(s)")
    expect(host.locator("#vp-track")).to_contain_text("Christie")
    expect(host.locator("#vp-track tr").first).to_contain_text("5 VP")
    shot(host, "election")
    expect(other.locator("#vp-track tr").first).to_contain_text("5 VP", timeout=2000)

    host.locator("#next-turn").click()
    expect(host.locator("h1")).to_contain_text("turn 2")
    host.get_by_role("link", name="Board").click()
    expect(host.locator(".turn")).to_contain_text("Turn 2")

    host.set_viewport_size({"width": 360, "height": 740})  # the narrowest phone we design for
    for path in ("", "displays", "election/", "profile/"):
        host.goto(f"{server}/liberte/{join.rsplit('/', 1)[1]}/{path}")
        assert phone_layout_problems(host) == [], path
