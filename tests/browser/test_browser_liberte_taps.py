"""Every entry of a Liberté turn by taps, counted, at 360 x 740, in Russian and Italian: a stack, a
block, a card, a special card (each from a hand, checked by the rules, LIB-SPEC-1..6), a Battle box
token, VPs, the turn, the play order, lost battles and the battle's VPs (LIB-BAT-1). No entry opens
a keyboard: no text or number field is on the screens during play, and a missing battle VP is asked
by the app, not by the browser. The counts are written to ``artifacts/liberte-taps-<lang>.json``
and asserted against the limits the table needs (a special card in at most 3 taps)."""
import json
from collections import Counter

import pytest

from browser_support import ARTIFACTS, phone_layout_problems, shot

NAMES = {"ru": ["Анна", "Борис", "Макс"], "it": ["Chiara", "Giulio", "Marco"]}
KEYBOARD = """() => [...document.querySelectorAll('main input, main textarea')]
    .filter(e => !['hidden', 'radio', 'checkbox'].includes(e.type)).map(e => e.name || e.id)"""
# The most taps each kind of entry may take (a special card: the card, its target, Terror's card).
LIMITS = {"stack": 2, "stack for another player": 3, "block": 1, "card": 2, "club card": 3,
          "special card": 2, "special card (Terror, with a card)": 3, "special card refused": 1,
          "token": 1, "VP (±1 or an award: +2, +3, +5)": 1, "turn": 1, "order (one place)": 1,
          "lost battle": 1, "battle VP, with the hold": 2}


class Taps:
    """Clicks, counted by the kind of entry they make."""

    def __init__(self):
        self.counts = Counter()

    def __call__(self, kind, locator):
        self.counts[kind] += 1
        locator.click()


@pytest.mark.parametrize("language", ["ru", "it"])
def test_every_entry_is_a_few_taps_and_none_opens_a_keyboard(server, phone, language):
    from playwright.sync_api import expect
    a, b, c = NAMES[language]
    host = phone()
    host.set_viewport_size({"width": 360, "height": 740})
    host.goto(server + "/")
    host.fill("#players", "\n".join(NAMES[language]))
    host.select_option("#language", language)
    host.locator("form button.primary").last.click()
    host.locator("#take-seat button").first.click()  # the creator sits down as the first player
    tap, seen = Taps(), {}

    def no_keyboard(where):
        assert host.evaluate(KEYBOARD) == [], where
        assert phone_layout_problems(host) == [], where
        seen[where] = True

    # The board: a stack is the province and its colour-and-height; another player's, one more tap.
    tap("stack", host.locator("#tile-1"))
    tap("stack", host.locator("#open button[name=pick][value='red:2']"))
    expect(host.locator(f'#open .chip[data-player="{a}"] .h')).to_have_text("2")
    tap("block", host.locator(f'#open .chip[data-player="{a}"] button[name=blocks][value="3"]'))
    expect(host.locator(f'#open .chip[data-player="{a}"] .h')).to_have_text("3")
    no_keyboard("board")
    tap("stack for another player", host.locator("#tile-2"))
    tap("stack for another player", host.locator(f"#open label:has(input[value='{b}'])"))
    tap("stack for another player", host.locator("#open button[name=pick][value='blue:1']"))
    expect(host.locator(f'#open .chip[data-player="{b}"] .h')).to_have_text("1")
    shot(host, f"taps-{language}-board")

    host.locator("nav.tabs a[href$='/displays']").click()
    section = {name: host.locator(f"#player-{i}") for i, name in enumerate(NAMES[language])}
    tap("card", section[b].locator("details.sheet summary"))
    tap("card", section[b].locator("button[name=pick][value='white:2']"))
    expect(section[b].locator(".card-row")).to_have_count(1)
    tap("club card", section[c].locator("details.sheet summary"))
    tap("club card", section[c].locator("label:has(input[name=kind])"))
    tap("club card", section[c].locator("button[name=pick][value='red:1']"))
    expect(section[c].locator(".card-row")).to_have_count(1)
    no_keyboard("displays")

    # Special cards from a hand: the card, then what it takes, as the rules allow it.
    tap("special card", section[c].locator(".specials a[href*='special=lack_of_bread']"))
    chooser = host.locator("#special-2")
    expect(chooser.locator(".targets button")).to_have_count(2)  # turn 1: a block of any colour
    shot(host, f"taps-{language}-lack-of-bread", at="#special-2")
    tap("special card", chooser.locator(".targets button").last)  # the other player's blue 1
    expect(host.locator("#special-2")).to_have_count(0)
    expect(host.locator("#toast")).to_contain_text(NAMES[language][2])
    shot(host, f"taps-{language}-lack-of-bread-played")
    tap("special card refused", section[c].locator(".specials a[href*='special=purge']"))
    expect(host.locator("#special-2 .error")).to_be_visible()  # turn 1: nobody is in a Government
    shot(host, f"taps-{language}-purge-refused", at="#special-2")
    emigration = section[a].locator(".specials a[href*='special=emigration']")
    emigration.click()
    expect(host.locator("#special-0 .targets button")).to_have_count(1)  # the white Personality
    host.locator("#special-0 .targets button").click()
    expect(section[b].locator(".card-row")).to_have_count(0)

    tap("VP (±1 or an award: +2, +3, +5)", section[a].locator("#vp-form-0 button", has_text="+5"))
    expect(host.locator("#vp-0")).to_have_text("5")
    host.locator("#vp-form-0 button").first.click()  # −: a mis-tap taken back
    expect(host.locator("#vp-0")).to_have_text("4")
    tap("order (one place)", host.locator("#order li").nth(2).locator("button"))
    expect(host.locator("#order li").nth(1)).to_contain_text(c)
    no_keyboard("displays, after the taps")
    shot(host, f"taps-{language}-order", at="#order")

    # The elections in one tap (red Government, the first player present), then turn 2: Terror.
    host.locator("nav.tabs a[href*='/election']").click()
    host.locator("#hold-button").click()
    expect(host.locator("#hold")).to_contain_text("2")
    host.locator("nav.tabs a[href$='/displays']").click()
    section[c].locator("details.sheet summary").click()
    section[c].locator("button[name=pick][value='blue:3']").click()
    expect(section[c].locator(".card-row")).to_have_count(2)  # beside the club, now in the hand
    tap("special card (Terror, with a card)", section[a].locator(".specials a[href*='special=terror']"))
    tap("special card (Terror, with a card)", host.locator("#special-0 .targets a.button").first)
    expect(host.locator("#special-0 .targets button")).to_have_count(2)  # the card, or none
    shot(host, f"taps-{language}-terror", at="#special-0")
    tap("special card (Terror, with a card)", host.locator("#special-0 .targets button").first)
    expect(host.locator("#special-0")).to_have_count(0)
    shot(host, f"taps-{language}-terror-played")

    # Turn 3 with a General and a token: the battle's VPs are asked, by taps.
    tap("token", host.locator("#battle-form-0 button[value='1']"))
    expect(host.locator("#tokens-0")).to_have_text("1")
    tap("turn", host.locator("#turn-form button[value='3']"))
    expect(host.locator("#turn-form button[value='3']")).to_have_attribute("aria-pressed", "true")
    tap("lost battle", host.locator("#lost-form button[value='1']"))
    expect(host.locator("#lost")).to_have_text("1")
    section[a].locator("details.sheet summary").click()
    section[a].locator("label:has(input[name=general])").click()
    section[a].locator("button[name=pick][value='blue:2']").click()
    expect(section[a].locator(".card-row")).to_have_count(1)
    host.locator("nav.tabs a[href*='/election']").click()
    no_keyboard("election")
    host.locator("#hold-button").click()  # no VP tapped: the app asks, in the table's language
    expect(host.locator("#hold .error")).to_be_visible()
    assert host.evaluate("document.querySelectorAll(':invalid').length") == 0
    shot(host, f"taps-{language}-battle-vp", at="#hold")
    tap("battle VP, with the hold", host.locator("#battle-vp-taps label:has(input[value='5'])"))
    tap("battle VP, with the hold", host.locator("#hold-button"))
    expect(host.locator("#hold")).to_contain_text("4")

    counts = dict(tap.counts)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"liberte-taps-{language}.json").write_text(json.dumps(counts, ensure_ascii=False, indent=1))
    assert counts == LIMITS
    assert set(seen) == {"board", "displays", "displays, after the taps", "election"}
