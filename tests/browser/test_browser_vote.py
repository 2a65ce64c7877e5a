"""VOTE! in a real browser: two phones at a table of seven, set-up and one round.

The host creates the table, a second phone joins through the join link; the host enters dice and
rolls the rest on screen, starts, runs the discussion timer, the nomination, the vote and the
President's cards; the second phone follows each change within 2 s (the points too). Screenshots
of the set-up, the round and the giving go to ``artifacts/``.
"""
import re

from browser_support import TOLD, new_table, phone_layout_problems, shot
from table_support import SEVEN


def test_two_phones_set_up_and_play_a_round_of_vote(server, phone):
    from playwright.sync_api import expect
    host = phone()
    join = new_table(host, server, SEVEN, game="vote")
    code = join.rsplit("/", 1)[1]
    host.goto(join)
    host.get_by_role("button", name="Ann").click()
    host.locator("#dice").wait_for()

    other = phone()
    other.goto(join)
    other.get_by_role("button", name="Bob").click()
    other.locator("#dice").wait_for()

    # Set-up: Ann enters her dice, Bob rolls his on his own phone, the host rolls the rest.
    # Two taps, a face of each die: the second sends the form (no Save with JavaScript).
    expect(host.locator("#dice-0 button.save")).to_be_hidden()
    host.locator("#dice-0 input[name=budget_die][value='3'] + span").click()
    host.locator("#dice-0 input[name=support_die][value='5'] + span").click()
    expect(host.locator("#dice-0 .pts")).to_have_text("budget 4 · support 6")
    expect(other.locator("#dice-0 .pts")).to_have_text("budget 4 · support 6", timeout=TOLD)
    other.locator("#dice-1").get_by_role("button", name="Roll on screen").click()
    expect(host.locator("#dice-1")).to_contain_text("rolled on screen", timeout=TOLD)
    host.locator("#roll-missing").click()
    expect(host.locator("#dice-6 .pts")).to_be_visible()
    expect(host.locator("#first")).not_to_contain_text("Still missing dice")
    shot(host, "vote-setup")
    assert phone_layout_problems(host) == []
    host.locator("#start").click()
    president = host.locator("#president").inner_text()
    expect(other.locator("#president")).to_have_text(president, timeout=TOLD)
    # The point bars span the card (the board's stack bars, 11 px wide, must not shrink them).
    bars = host.locator("#points-0 .bar").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().width)")
    assert len(bars) == 2 and min(bars) > 200, bars

    # The discussion timer: every phone counts down from the server's deadline.
    host.locator("#timer").get_by_role("button", name="2:00").click()
    expect(other.locator("#timer .t")).to_have_text(re.compile(r"[12]:\d\d"), timeout=TOLD)
    expect(host.locator("#timer .t")).not_to_have_text("2:00")  # it counts down
    before, mine, after = (p.locator("#timer .t").inner_text() for p in (other, host, other))
    assert min(abs(seconds(mine) - seconds(theirs)) for theirs in (before, after)) <= 1, (
        before, mine, after)  # in step, whichever second ticked between the readings
    host.locator("#timer").get_by_role("button", name="Pause").click()
    expect(other.locator("#timer")).to_contain_text("paused", timeout=TOLD)

    # Nomination: only eligible players are offered; the President is not. The host's phone is not
    # the President's (unless the dice made it so): it enters the nomination for him.
    reveal(host)
    candidates = host.locator("#nominate button[name=candidate]")
    assert president not in candidates.all_inner_texts()
    expect(host.locator("#nominate .why")).to_contain_text(f"{president} is the President who nominates")
    shot(host, "vote-round", at="#government")
    assert phone_layout_problems(host) == []
    candidate = candidates.first.inner_text()
    candidates.first.click()
    expect(other.locator("#vote")).to_be_visible(timeout=TOLD)

    # The vote: everybody yes, one tap on the host's phone (the tally of yes votes).
    host.locator("#tally button").filter(has_text="0 no").click()
    expect(host.locator("#prime-minister")).to_have_text(candidate)
    expect(other.locator("#prime-minister")).to_have_text(candidate, timeout=TOLD)
    reveal(host)
    expect(host.locator("#give")).to_contain_text("receives 7 and passes 4")

    # The President's cards: the first goes to somebody else, +1/−1; the other phone's bars follow.
    others = [n for n in SEVEN if n not in (president, candidate)]
    target = others[0]
    before = int(other.locator(f'.pl[data-player="{target}"]').get_attribute("data-budget"))
    host.locator('#give label:has(> input[name=mods][value="1,-1"])').click()  # tap 1: the card's modifiers
    shot(host, "vote-giving", at="#give")
    host.locator("#recipients").get_by_role("button", name=target).click()  # tap 2: who gets it
    expect(host.locator("#card-number")).to_contain_text("Card 2 of 4")
    expect(other.locator(f'.pl[data-player="{target}"]')).to_have_attribute(
        "data-budget", str(min(10, before + 1)), timeout=TOLD)
    for number, name in enumerate((others[1], president, candidate), start=3):
        reveal(host)
        host.locator('#give label:has(> input[name=mods][value="0,0"])').click()
        if number < 5:  # the last card can only go back to the PM: its cell sent it, one tap
            host.locator("#recipients").get_by_role("button", name=name).click()
        expect(host.locator("#card-number" if number <= 4 else "#end-round")).to_contain_text(
            f"Card {number} of 4" if number <= 4 else "End the round")
    expect(host.locator("#end-round")).to_be_visible()
    expect(other.locator("#end-round")).to_be_visible(timeout=TOLD)
    assert phone_layout_problems(host) == []

    # The history of governments, on the second phone.
    other.get_by_role("link", name="Governments", exact=True).click()
    expect(other.locator(".gov")).to_contain_text(f"President {president}")
    expect(other.locator(".gov")).to_contain_text("7 yes, 0 no")
    assert phone_layout_problems(other) == []
    other.goto(f"{server}/vote/{code}/")
    other.set_viewport_size({"width": 360, "height": 740})
    assert phone_layout_problems(other) == []


def reveal(page) -> None:
    """On a phone that is not the President's, open the move tucked under "whom we wait for"."""
    from playwright.sync_api import expect
    expect(page.locator("#nominate, #give, #end_round").first).to_be_attached()
    if page.locator("#instead").count() and not page.locator("#instead").evaluate("d => d.open"):
        page.locator("#instead > summary").click()


def seconds(clock: str) -> int:
    minutes, secs = clock.split(":")
    return int(minutes) * 60 + int(secs)
