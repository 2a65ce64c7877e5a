"""Turn 2 at a table of four, from four phones at 360 x 740: cards and Battle box tokens in taps, a
battle and ties, the election that freezes the board, and the asked phone alerted wherever it is.

The table is imported at the start of turn 2 (stacks, a few display cards, Max's tokens). Joshua and
Anna add a card each on the Displays page without typing; Christie puts her two tokens in the Battle
box. Christie (the host) holds the elections: the battle is tied (Christie and Max, a General each),
province 3 and Paris too. While the election waits, Max taps a stack on the Board: refused, with the
message that names the election and how to cancel it, and every phone says whose answer it waits for.
Joshua waits on the History page and Anna on the Room page: their questions open by themselves there.
On the way: the toast never covers the open province's buttons, tile digits are 12 px or more, the
next election and the checklist are in the first screen after the results, and the Profile's VP
choices show their value.
"""
import json

from browser_support import ARTIFACTS, SMALL, four_phones, phone_layout_problems, shot, vibrations, wait_until

PLAYERS = ["Christie", "Joshua", "Max", "Anna"]
MAP = {"name": "test board", "battle_vp": {"2": 3, "3": 5, "4": 7}, "provinces": {}}
STACKS = {1: [("Christie", "red", 2)], 2: [("Max", "white", 1)],
          3: [("Christie", "red", 2), ("Joshua", "blue", 2)],
          8: [("Joshua", "red", 3), ("Anna", "red", 3)], 12: [("Max", "blue", 1)]}
CARDS = {"Christie": [("dumouriez", "blue", 2, True), ("marat", "red", 1, False)],
         "Joshua": [("lafayette", "blue", 1, False)],
         "Max": [("kellermann", "red", 2, True)]}


def table_file() -> bytes:
    log = [("profile", {"map": MAP}), ("turn", {"turn": 2}),
           ("order", {"players": PLAYERS}), ("battle", {"player": "Max", "tokens": 2})]
    log += [("stack", {"province": str(n), "player": p, "faction": f, "blocks": b})
            for n, stacks in STACKS.items() for p, f, b in stacks]
    log += [("card", {"player": p, "where": "displays",
                      "card": {"id": c[0], "faction": c[1], "value": c[2],
                               **({"general": True} if c[3] else {})}})
            for p, cards in CARDS.items() for c in cards]
    return json.dumps({"format": "companion-table/1", "game": "liberte", "title": "Turn 2",
                       "language": "en", "setup": {"players": PLAYERS, "options": {}},
                       "events": [{"kind": k, "data": d} for k, d in log]}).encode()


class Taps:
    """Counts the taps a player makes for one thing (a card, tokens)."""

    def __init__(self):
        self.count = 0

    def __call__(self, locator):
        locator.click()
        self.count += 1


def test_turn_2_on_four_phones(server, phone):
    from playwright.sync_api import expect
    phones = four_phones(server, phone, table_file())
    host = phones["Christie"]
    for page in phones.values():
        expect(page.locator(".turn")).to_contain_text("Turn 2")

    # The toast never covers a button: on a smaller phone (360 x 600) a stack added in the open
    # province (kept at the bottom of the screen) leaves its three rows of buttons above the
    # toast; its Undo takes it back.
    host.set_viewport_size({"width": 360, "height": 600})
    host.locator("#tile-20").click()
    host.locator("#open button[name=pick][value='white:1']").click()
    toast = host.locator("#toast")
    expect(toast).to_contain_text("province 20: Christie: 1 white block")
    wait_until(host, """(() => { const t = document.getElementById('toast').getBoundingClientRect();
        return [...document.querySelectorAll('#open button')].every(
            b => b.getBoundingClientRect().bottom <= t.top); })()""", timeout=2000)
    toast.get_by_role("button", name="Undo").click()
    expect(toast).to_contain_text("Undone: province 20: Christie: 1 white block")
    expect(host.locator("#open .chip")).to_have_count(0)
    host.set_viewport_size(SMALL)

    # Cards without typing: Joshua's red 3 (two taps), Anna's red 2 General (three taps).
    measured = {}
    for player, pick, general in (("Joshua", "red:3", False), ("Anna", "red:2", True)):
        page = phones[player]
        page.get_by_role("link", name="Displays").click()
        first = page.locator("section.card").first
        expect(first.locator("h2")).to_contain_text(f"{player} · 0 VP")  # its own player first
        taps = Taps()
        taps(first.locator("details.sheet summary"))
        if general:
            taps(first.get_by_text("General", exact=True))
        taps(first.locator(f"button[name=pick][value='{pick}']"))
        faction, value = pick.split(":")
        expect(first.locator(f'[data-card="{faction} {value} ({player})"]')).to_have_count(1)
        measured[f"card {player}"] = taps.count
    assert measured["card Joshua"] == 2 and measured["card Anna"] == 3
    anna_cards = phones["Anna"].locator("section.card").first
    expect(anna_cards.locator('[data-card="red 2 (Anna)"] .tag').nth(1)).to_have_text("General")

    # Battle box tokens: − and +, Christie 0 → 2 in two taps.
    host.get_by_role("link", name="Displays").click()
    taps = Taps()
    for count in ("1", "2"):
        taps(host.locator("#battle-form-0 button[aria-label='one token more']"))
        expect(host.locator("#tokens-0")).to_have_text(count)
    expect(host.locator("#toast")).to_contain_text("Christie: 2 tokens in the Battle box")
    measured["tokens Christie 0 → 2"] = taps.count
    assert taps.count <= 2
    host.set_viewport_size(SMALL)
    shot(host, "liberte-displays")  # docs/liberte-displays.png is a copy of it
    assert phone_layout_problems(host) == []

    # Where each phone waits: Max on the Board, Joshua on History, Anna on the Room page.
    phones["Max"].get_by_role("link", name="Board").click()
    phones["Joshua"].get_by_role("link", name="History").click()
    phones["Anna"].get_by_role("link", name="Room").click()
    expect(phones["Joshua"].locator("h1")).to_have_text("History")

    host.get_by_role("link", name="Election").click()
    host.locator("#hold-button").click()
    expect(host.locator("#toast")).to_contain_text("the elections of turn 2 started")
    expect(host.locator("#question")).to_contain_text("Christie, advance one card or pass.")
    for name, page in phones.items():
        expect(page.locator("#under-way")).to_contain_text("Waiting for: Christie (the battle).")

    # Max taps a stack while the election waits: refused, saying why and how to cancel.
    max_phone = phones["Max"]
    max_phone.locator("#prov-3 form.chip[data-player=Christie] button[aria-label='one block more']").click()
    refusal = max_phone.locator("#prov-3 .error")
    expect(refusal).to_contain_text("the elections of turn 2 are under way, waiting for: Christie")
    expect(refusal).to_contain_text("the host cancels the election on the Election page")
    expect(max_phone.locator("#prov-3 .chip[data-player=Christie] .h")).to_have_text("2")
    shot(max_phone, "liberte-frozen")  # docs/liberte-frozen.png is a copy of it
    shot(max_phone, "liberte-frozen-refusal", at="#prov-3")
    # Tiles readable at arm's length: stack digits and initials at 12 px or more; the owners of
    # the stacks of a province nobody controls are one tap away (the tile opens the province).
    sizes = max_phone.evaluate("""() => [...document.querySelectorAll('#overview .bar, #overview .ctl')]
        .map(e => parseFloat(getComputedStyle(e).fontSize))""")
    assert len(sizes) >= 8 and min(sizes) >= 12, sizes
    max_phone.locator("#tile-3").click()
    expect(max_phone.locator("#open .chip[data-player=Joshua] .who")).to_have_text("Joshua")
    expect(max_phone.locator("#open .chip[data-player=Christie] .who")).to_have_text("Christie")

    answers = [("Christie", "battle", "Advance dumouriez (blue 2)"), ("Max", "battle", "Pass"),
               ("Christie", "Province 3", "Advance marat (red 1)"),
               ("Joshua", "Province 3", "Advance lafayette (blue 1)"),
               ("Joshua", "Province 8", "Advance red 3"),
               ("Anna", "Province 8", "Advance red 2")]
    started_on = {"Max": "/liberte/", "Joshua": "/history", "Anna": "/room"}
    buzzed = dict.fromkeys(phones, 0)
    for player, where, button in answers:
        page = phones[player]
        question = page.locator("#question")
        expect(question).to_contain_text(f"{player}, advance one card or pass.", timeout=6000)
        expect(question).to_contain_text(where, ignore_case=True)
        assert "/election/" in page.url
        if player in started_on:  # opened by itself from the page it waited on
            started_on.pop(player)
            buzzed[player] += 1
            assert vibrations(page, buzzed[player]) >= buzzed[player]
        question.get_by_role("button", name=button, exact=True).click()
    assert started_on == {}

    results = host.locator("#results")
    expect(results).to_contain_text("Results of the elections of turn 2", timeout=6000)
    expect(phones["Anna"].locator("#toast")).to_contain_text("the elections were held")
    expect(host.locator("#vp-changes")).to_contain_text("Christie 0 → ")
    expect(host.locator("#checklist-2")).to_contain_text("Clear the Battle box (Christie and Max)")
    expect(host.locator("#checklist-2")).to_contain_text("Discard from the display: red 3 (Joshua)")
    # the turn's next step in the first screen: turn 3's election and the checklist's start
    host.evaluate("window.scrollTo(0, 0)")
    host.screenshot(path=str(ARTIFACTS / "liberte-turn2-results.png"))
    for first_screen in ("#hold-button", "#checklist-2 li >> nth=0"):
        box = host.locator(first_screen).bounding_box()
        assert box["y"] + box["height"] <= SMALL["height"], first_screen
    expect(host.locator("#hold")).to_contain_text("Elections of turn 3")
    for page in phones.values():
        expect(page.locator("#under-way")).to_have_count(0)
    # the Profile's VP choice shows its value (the select was too narrow to show its number)
    host.get_by_role("link", name="Profile").click()
    vp = host.locator("select.vp").first
    assert vp.bounding_box()["width"] >= 50 and vp.input_value() == "0"
    assert phone_layout_problems(host) == []
    print("taps measured:", measured)
