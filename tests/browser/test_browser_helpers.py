"""The Virgin Queen and the conquest helper in a real browser, on phones 360 px wide.

Two phones at a Virgin Queen table: the host ticks a step and the other phone sees it; the other
takes a card or treasure and the host's screen shows the take; then the conquest helper, reached
from the start page, answers a conquest roll (a refused field first). Each screen is checked for
the phone layout (no horizontal scroll, taps of 44 px); screenshots go to ``artifacts/``.
"""
import pytest

from browser_support import TOLD, new_table, phone_layout_problems, shot

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
    expect(other.locator("#step-characters button.step")).to_have_attribute("aria-pressed", "true", timeout=TOLD)
    expect(other.locator("#next-step")).to_contain_text("Add fortresses and Jesuits")
    host.locator("#impulse-play").click()
    expect(other.locator("#impulses .due")).to_have_text("Spain", timeout=TOLD)
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


@pytest.mark.parametrize("lang, neutral, safe", [
    ("en", "No surrender: unaligned and neutral", "Safe period: the conqueror and its allies"),
    ("ru", "Сдача опускается: неприсоединившаяся и Нейтральная", "Безопасный период: завоеватель и его Союзники")])
def test_the_conquest_helper_answers_the_cases_it_refused_with_a_checklist(server, narrow, lang, neutral, safe):
    """Issue 27 on a phone: a minor country with nobody on it (15.4), a power with no aggressor, a
    minor victim on the resources track (15.5), and the checklist after a conquest (15.21–15.3)."""
    from playwright.sync_api import expect
    page = narrow()
    page.goto(server + "/conquest/")
    page.locator(f"form.lang button[value={lang}]").click()
    page.locator("#tool-surrender").wait_for()
    page.fill("#defender", "1")
    page.check("#tool-surrender input[name=minor]")
    page.locator("#tool-surrender button.primary").click()
    expect(page.locator("#surrender-answer")).to_contain_text(neutral)
    expect(page.locator("#surrender-answer")).to_contain_text("(CONQ-SURR-3)")
    shot(page, f"conquest-surrender-neutral-{lang}", at="#surrender-answer")
    assert phone_layout_problems(page) == []

    page.select_option("#nation", "turkey")
    page.fill("#key_areas", "3")
    page.fill("#lost", "3")
    page.select_option("#controller", "russia")
    page.locator("#tool-roll button.primary").click()
    boxes = page.locator("#roll-next li")
    expect(boxes).to_have_count(11)
    expect(page.locator("#roll-next")).to_contain_text(safe)
    expect(boxes.last).to_contain_text("(CONQ-RES-1, CONQ-RES-2)")
    shot(page, f"conquest-roll-answer-{lang}", at="#tool-roll")
    boxes.first.locator("input").check()  # a step ticked off on this phone
    expect(boxes.first.locator("input")).to_be_checked()
    shot(page, f"conquest-checklist-{lang}", at="#roll-next")
    assert phone_layout_problems(page) == []

    page.fill("#res-sweden", "1")
    page.select_option("#action", "conquest")
    page.select_option("#winner", "sweden")
    page.select_option("#victim", "other")
    page.locator("#tool-resources button.primary").click()
    expect(page.locator("#res-sweden")).to_have_value("2")
    expect(page.locator("#resources-answer")).to_contain_text("(CONQ-RES-2)")
    assert phone_layout_problems(page) == []


@pytest.mark.parametrize("lang, ends", [
    ("en", "the game ends here, with no new turn (VQ-END-1)"),
    ("ru", "игра на этом заканчивается, нового хода нет (VQ-END-1)")])
def test_the_virgin_queens_last_turn_says_the_game_ends(server, narrow, lang, ends):
    """Turn 7 on a phone: the winner step ends the game, and no button starts turn 8 (VQ-END-1). The
    six turns before are ticked through the table's own forms' requests, the last one on screen."""
    from playwright.sync_api import expect
    page = narrow()
    page.goto(new_table(page, server, ["Ann", "Bob"], game="virgin_queen"))
    page.get_by_role("button", name="Ann").click()
    page.locator("#phase-card_draw").wait_for()
    page.locator(f"form.lang button[value={lang}]").click()
    page.locator("#phase-card_draw").wait_for()
    done = page.evaluate("""async () => {
        const form = document.querySelector('#step-characters form');
        const token = form.querySelector('[name=csrf_token]').value;
        let version = Number(form.querySelector('[name=version]').value);
        const steps = [...document.querySelectorAll('li[id^=step-]')].map(li => li.id.slice(5));
        const post = async (url, data) => {
            const body = new URLSearchParams({csrf_token: token, version: String(version), ...data});
            const answer = await fetch(url, {method: 'POST', body});
            version += 1;
            return answer.status;
        };
        const statuses = [];
        for (let turn = 2; turn <= 7; turn++) {
            for (const step of steps) statuses.push(await post(form.action, {step, done: '1'}));
            statuses.push(await post(form.action.replace(/tick$/, 'turn'), {}));
        }
        return statuses.filter(s => s !== 200).length;
    }""")
    assert done == 0
    page.reload()
    expect(page.locator("#step-winner")).to_contain_text(ends)
    expect(page.locator("#next-turn button")).to_have_count(0)
    page.locator("#step-awards button.step").click()
    expect(page.locator("#step-awards button.step")).to_have_attribute("aria-pressed", "true")
    shot(page, f"virgin-queen-last-turn-{lang}", at="#phase-victory")
    assert phone_layout_problems(page) == []
