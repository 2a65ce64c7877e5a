"""The Virgin Queen and the conquest helper in a real browser, on phones 360 px wide.

Two phones at a Virgin Queen table: the host ticks a step and the other phone sees it; the other
takes a card or treasure and the host's screen shows the take; then the conquest helper, reached
from the start page, answers a conquest roll (a refused field first). Each screen is checked for
the phone layout (no horizontal scroll, taps of 44 px); screenshots go to ``artifacts/``.
"""
import pytest

from browser_support import new_table, phone_layout_problems, shot

NARROW = {"width": 360, "height": 740}


@pytest.fixture
def narrow(phone):
    """Phones 360 px wide (the narrowest the companion supports), each with its own cookies."""
    def open_phone():
        page = phone()
        page.set_viewport_size(NARROW)
        return page
    return open_phone


def test_two_phones_walk_the_virgin_queen_turn_and_take_a_card(server, narrow):
    from playwright.sync_api import expect
    host = narrow()
    join = new_table(host, server, ["Ann", "Bob"], game="virgin_queen")
    host.goto(join)
    host.get_by_role("button", name="Ann").click()
    host.locator("#phase-card_draw").wait_for()
    other = narrow()
    other.goto(join)
    other.get_by_role("button", name="Bob").click()
    other.locator("#phase-card_draw").wait_for()

    host.locator("#step-characters button.step").click()
    expect(host.locator("#step-characters button.step")).to_have_attribute("aria-pressed", "true")
    expect(other.locator("#step-characters button.step")).to_have_attribute("aria-pressed", "true", timeout=2000)
    expect(other.locator("#next-step")).to_contain_text("Add fortresses and Jesuits")
    host.locator("#impulse-play").click()
    expect(other.locator("#impulses .due")).to_have_text("Spain", timeout=2000)
    shot(host, "virgin-queen-turn")
    assert phone_layout_problems(host) == []

    other.get_by_role("link", name="Card or treasure").click()
    other.select_option("#power", "france")
    other.fill("#cards", "2")
    other.fill("#treasures", "2")
    other.locator("#draw-button").click()
    expect(other.locator("#drawn")).to_contain_text("as many treasures as cards")
    expect(other.locator("#drawn")).to_contain_text("(VQ-DRAW-3)")
    shot(other, "virgin-queen-draw")
    assert phone_layout_problems(other) == []
    host.get_by_role("link", name="Card or treasure").click()
    expect(host.locator("#drawn")).to_contain_text("Drawn at random: treasure")


def test_the_conquest_helper_answers_a_roll_on_a_phone(server, narrow):
    from playwright.sync_api import expect
    page = narrow()
    page.goto(server + "/")
    page.locator("#conquest-link").click()
    page.select_option("#nation", "france")
    page.fill("#key_areas", "x")
    page.locator("#tool-roll button.primary").click()
    expect(page.locator("#tool-roll .error")).to_contain_text("(CONQ-ROLL-3)")
    page.fill("#key_areas", "4")
    page.fill("#lost", "2")
    page.fill("#capitals", "1")
    page.fill("#die", "6")
    page.locator("#tool-roll button.primary").click()
    expect(page.locator("#roll-answer")).to_contain_text("Conquered")
    expect(page.locator("#roll-answer")).to_contain_text("= 6; 6 or more: conquered (CONQ-ROLL-2)")
    shot(page, "conquest-roll", at="#tool-roll")
    assert phone_layout_problems(page) == []
