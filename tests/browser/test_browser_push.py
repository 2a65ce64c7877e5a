"""The change itself on the news stream (companion/server/swap.py): two phones 360 px wide at one
table, and the second shows the first one's change without asking the host for anything."""
from browser_support import ARTIFACTS, OPEN_STREAM, TOLD, add_stack, new_table, wait_until

NARROW = {"width": 360, "height": 740}


def narrow_phone(browser, contexts):
    context = browser.new_context(viewport=NARROW, device_scale_factor=1, is_mobile=True,
                                  has_touch=True)
    contexts.append(context)
    page = context.new_page()
    page.set_default_timeout(TOLD)
    return page


def test_a_phone_shows_another_phones_change_without_a_request(server, browser):
    from playwright.sync_api import expect
    contexts = []
    try:
        a, b = narrow_phone(browser, contexts), narrow_phone(browser, contexts)
        join = new_table(a, server, ["Christie", "Joshua", "Max"])
        a.goto(join)
        a.get_by_role("button", name="Christie").click()
        b.goto(join)
        b.get_by_role("button", name="Joshua").click()
        for page in (a, b):
            wait_until(page, OPEN_STREAM)
        asked = []
        b.on("request", lambda request: asked.append(request.url))

        add_stack(a, 8, "Christie", "red", 3)
        expect(b.locator('#prov-8 .chip[data-player="Christie"]')).to_be_visible(timeout=TOLD)
        expect(b.locator("#shown")).to_have_attribute("data-version", "1")
        add_stack(a, 2, "Max", "blue", 2)
        expect(b.locator('#prov-2 .chip[data-player="Max"]')).to_be_visible(timeout=TOLD)
        assert asked == []  # both changes came on the stream it held open
        assert b.evaluate("news.source.readyState") == 1  # the same stream, never reopened
        ARTIFACTS.mkdir(exist_ok=True)
        b.screenshot(path=str(ARTIFACTS / "push-b-after-a-change.png"))

        # the swapped block's forms carry B's own CSRF token: B's tap on them is accepted
        token = b.evaluate("JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken']")
        assert b.locator("#live input[name=csrf_token]").first.input_value() == token
        add_stack(b, 8, "Joshua", "white", 1)
        expect(a.locator('#prov-8 .chip[data-player="Joshua"]')).to_be_visible(timeout=TOLD)
        a.screenshot(path=str(ARTIFACTS / "push-a-after-b-change.png"))
    finally:
        for context in contexts:
            context.close()
