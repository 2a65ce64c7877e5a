"""Nothing lands on the wrong player, and the Undo is where the tap was (a real browser, 360 x 740).

A phone shows the Displays page; another phone changes the play order (as every turn change does).
The first phone, refreshed by the poll but never reloaded, adds a card in the section now first after
its own player's (which stays at the top): it lands on that section's player, not on whoever was
there before (the sheets are kept across refreshes by id, so their ids name the player's seat). Then the toast of that phone offers to undo
exactly that card, and its Undo takes it back.
"""
from browser_support import TOLD, two_phones


def test_a_card_added_after_the_play_order_changed_lands_on_the_right_player(server, phone):
    from playwright.sync_api import expect
    host, other = two_phones(server, phone)
    host.set_viewport_size({"width": 360, "height": 740})
    host.get_by_role("link", name="Displays").click()
    expect(host.locator("#live section.card").first.locator("h2")).to_contain_text("Christie")
    first = host.locator("#live section.card").nth(1)  # the first after this phone's own
    expect(first.locator("h2")).to_contain_text("Joshua")
    other.get_by_role("link", name="Displays").click()
    order = other.locator("form[id^=order-form]")
    for i, name in enumerate(["Max", "Joshua", "Christie"]):
        order.locator(f"select[name=order-{i}]").select_option(name)
    order.get_by_role("button", name="Save").click()
    expect(first.locator("h2")).to_contain_text("Max", timeout=TOLD)  # refreshed, not reloaded

    first.locator("details.sheet summary").click()
    first.locator("input[name=id]").fill("carnot")
    first.locator("button[name=pick][value='red:1']").click()
    expect(host.locator("#player-2")).to_contain_text("carnot")  # Max's section
    expect(host.locator("#player-0")).not_to_contain_text("carnot")  # not Christie's
    toast = host.locator("#toast")
    expect(toast).to_contain_text("Max: a red 1 card")
    toast.get_by_role("button", name="Undo").click()
    expect(toast).to_contain_text("Undone: Max: a red 1 card")
    expect(host.locator("#player-2")).not_to_contain_text("carnot", timeout=TOLD)
    expect(other.locator("#player-2")).not_to_contain_text("carnot", timeout=TOLD)
