"""A real table of four at the end of turn 3, from four phones at 360 x 740: the election in one tap.

The table (imported as a table file, as a host moving a game would): 36 stacks in 20 provinces, 13
display cards, a battle whose two leaders both hold a General, and ties in province 3, in Paris
(equal cards in round 1, so it repeats, LIB-ELEC-7), in province 15 (Anna has no white card and is
not asked) and in province 20 (nobody holds a card of his colour: no question at all). Every phone but
the host's waits on the Board; nobody navigates. The host opens the Election page and taps once;
from then on each question opens by itself on the phone of the player who must answer it, which
vibrates. The election phase costs 1 tap + 1 per question (9 here); at the end the host sees the
VP changes and the checklist for the physical board, and turn 4's election waits for its own tap.
"""
import json
import time

from browser_support import TOLD, four_phones, phone_layout_problems, shot, vibrations, wait_until


PLAYERS = ["Christie", "Joshua", "Max", "Anna"]
MAP = {"name": "test board", "battle_vp": {"2": 3, "3": 5, "4": 7},
       "provinces": {"2": {"fleur_de_lis": True}, "9": {"fleur_de_lis": True}, "22": {"fleur_de_lis": True},
                     "5": {"vp": 1}, "17": {"vp": 2}}}
B = {1: [("Christie", "red", 2), ("Joshua", "blue", 1)], 2: [("Max", "white", 1)],
     3: [("Christie", "red", 2), ("Joshua", "blue", 2)], 4: [("Anna", "blue", 2), ("Max", "white", 1)],
     5: [("Joshua", "red", 1), ("Anna", "red", 2)], 7: [("Christie", "blue", 3), ("Max", "blue", 2)],
     8: [("Joshua", "red", 3), ("Anna", "red", 3), ("Christie", "white", 1)],
     9: [("Max", "white", 2), ("Christie", "red", 1)], 10: [("Joshua", "blue", 2)],
     11: [("Anna", "red", 2), ("Max", "blue", 1)], 12: [("Christie", "red", 1)],
     14: [("Joshua", "red", 2), ("Christie", "blue", 1)], 15: [("Max", "white", 2), ("Anna", "white", 2)],
     16: [("Joshua", "blue", 1)], 17: [("Anna", "blue", 3), ("Joshua", "red", 2), ("Max", "white", 1)],
     18: [("Christie", "red", 2), ("Max", "blue", 1)],
     20: [("Christie", "white", 2), ("Joshua", "white", 2), ("Max", "blue", 2)],
     21: [("Max", "red", 1)], 22: [("Anna", "white", 1)], 23: [("Joshua", "blue", 3)]}
CARDS = {"Christie": [("marat", "red", 1), ("dumouriez", "blue", 2, "general"), ("brissot", "blue", 1),
                      ("roland", "blue", 3)],
         "Joshua": [("lafayette", "blue", 1), ("danton", "red", 2), ("desmoulins", "red", 3)],
         "Anna": [("saint-just", "red", 2), ("hebert", "red", 1), ("vergniaud", "blue", 2)],
         "Max": [("fouche", "white", 2), ("kellermann", "red", 2, "general"), ("carnot", "red", 1)]}
TOKENS = {"Christie": 2, "Max": 2, "Joshua": 1}
VP = {"Christie": 9, "Joshua": 7, "Max": 4, "Anna": 7}
ORDER = ["Christie", "Joshua", "Anna", "Max"]


def card(c):
    return {"id": c[0], "faction": c[1], "value": c[2], **({"general": True} if "general" in c else {})}


def events():
    """The table's log as a table file's events (tables.import_)."""
    log = [("profile", {"map": MAP}), ("turn", {"turn": 3}), ("order", {"players": ORDER})]
    log += [("vp", {"player": p, "vp": v}) for p, v in VP.items()]
    log += [("stack", {"province": str(n), "player": p, "faction": f, "blocks": b})
            for n, stacks in B.items() for p, f, b in stacks]
    log += [("card", {"player": p, "where": "displays", "card": card(c)})
            for p, cs in CARDS.items() for c in cs]
    log += [("battle", {"player": p, "tokens": t}) for p, t in TOKENS.items()]
    return [{"kind": k, "data": d} for k, d in log]


def table_file() -> bytes:
    return json.dumps({"format": "companion-table/1", "game": "liberte", "title": "Turn 3",
                       "language": "en", "setup": {"players": PLAYERS, "options": {}},
                       "events": events()}).encode()


# Who is asked, in the engine's order (battle, provinces 1..27), and what each player answers.
ANSWERS = [("battle", "Christie", "Advance dumouriez (blue 2)"), ("battle", "Max", "Pass"),
           ("Province 3", "Christie", "Advance marat (red 1)"), ("Province 3", "Joshua", "Pass"),
           ("Province 8", "Joshua", "Advance danton (red 2)"),
           ("Province 8", "Anna", "Advance saint-just (red 2)"),  # equal: Paris asks again
           ("Province 8", "Joshua", "Advance desmoulins (red 3)"),
           ("Province 8", "Anna", "Advance hebert (red 1)"),
           ("Province 15", "Max", "Advance fouche (white 2)")]


ANSWERS_IN_SIGHT = """() => {
  const toast = document.getElementById('toast');
  const free = toast && toast.firstElementChild ? toast.getBoundingClientRect().top : innerHeight;
  return [...document.querySelectorAll('#question button:not([disabled])')]
    .every(b => b.getBoundingClientRect().top >= 0 && b.getBoundingClientRect().bottom <= free);
}"""


def test_an_election_with_ties_costs_one_tap_plus_one_per_question(server, phone):
    from playwright.sync_api import expect
    phones = four_phones(server, phone, table_file())
    host = phones["Christie"]
    for page in phones.values():
        expect(page.locator(".turn")).to_contain_text("Turn 3")  # all on the Board
    host.get_by_role("link", name="Election").click()  # the table turns to the election
    expect(host.locator("#hold")).to_contain_text("Not started yet")

    taps, buzzed = 0, dict.fromkeys(phones, 0)

    def tap(locator):
        nonlocal taps, tapped_at
        locator.click()
        taps += 1
        tapped_at = time.monotonic()

    tapped_at, waits = 0.0, []  # seconds from a tap to the next question open on its phone

    tap(host.locator("#hold-button"))
    for number, (where, player, button) in enumerate(ANSWERS, 1):
        page = phones[player]
        question = page.locator("#question")
        expect(question).to_contain_text(f"{player}, advance one card or pass.", timeout=TOLD)
        expect(question).to_contain_text(where, ignore_case=True)
        assert "/election/" in page.url  # opened by itself: this phone was never sent there
        waits.append(time.monotonic() - tapped_at)
        buzzed[player] += 1  # each question makes its phone vibrate once
        assert vibrations(page, buzzed[player]) == buzzed[player]
        if number == 6:
            expect(question).to_contain_text("Joshua advanced danton (red 2)")
        if number == 7:  # the repeated Paris tie shows round 1's cards
            expect(question).to_contain_text("round 2")
            expect(question).to_contain_text("Anna advanced saint-just (red 2)")
            # the toast of Joshua's round-1 answer (with its Undo) still shows: his new
            # question's answers are scrolled clear of it, not left underneath
            expect(page.locator("#toast")).to_contain_text("Joshua advances danton")
            wait_until(page, f"({ANSWERS_IN_SIGHT})()", timeout=TOLD)
            shot(page, "election-paris-round-2", at="#question")
            assert phone_layout_problems(page) == []
        if number == 9:
            expect(question.locator("#not-asked")).to_contain_text("Not asked: Anna")
        for name, other in phones.items():  # nobody else may answer it (the host may, for anyone)
            if name not in (player, "Christie") and "/election/" in other.url:
                expect(other.locator("#question button").first).to_be_disabled()
        tap(question.get_by_role("button", name=button, exact=True))

    results = host.locator("#results")
    expect(results).to_contain_text("Results of the elections of turn 3", timeout=TOLD)
    assert taps == 1 + len(ANSWERS) == 10
    waits.sort()
    print(f"question opened after a tap: median {waits[len(waits) // 2]:.2f} s, max {waits[-1]:.2f} s")
    assert waits[-1] < 3.5  # the poll asks every second; then the page opens
    vp = host.locator("#vp-changes")
    expect(vp.locator("li").first).to_contain_text("Christie 9 → 17 VP (+8)")
    expect(vp).to_contain_text("Anna 7 → 12 VP (+5)")
    checklist = host.locator("#checklist-3")
    expect(checklist).to_contain_text(
        "Province 8 Île de France · red Joshua 3 → 0: take 3 blocks off as votes")
    expect(checklist).to_contain_text("Anna 3 → 0: return 3 blocks to the supply")
    expect(checklist).to_contain_text("Province 20 · white Christie 2 → 0: return 2 blocks to the supply")
    expect(checklist).to_contain_text("Discard from the display: desmoulins (red 3) (Joshua)")
    expect(checklist).to_contain_text("Clear the Battle box (Christie, Joshua and Max)")
    expect(host.locator("#hold")).to_contain_text("Elections of turn 4")
    shot(host, "election-results", at="#results")
    shot(host, "election-checklist", at="#checklist-3")
    assert phone_layout_problems(host) == []
    for page in phones.values():  # turn 4 is not under way: nobody is asked anything
        expect(page.locator("[data-ask]")).to_have_count(0)
