"""VOTE!'s Transfer with three players left, on three 360×740 phones (issue 34).

Five players; Dan and Eve are announced out at once, so Ann, Bob and Cid play without a PM
(VOTE-FEW-1). Cid's round, the plaque to Ann, and Cid transfers his powers to Bob before any card of
the new round goes in (l. 194–196). Every phone shows the window; after Bob's first card it is shut.
The log, the deck and the hands are held to a hand count from the rulebook (seed 001).
Waits are for state, never for time.
"""
import json

from browser_support import CONTRAST, TOLD, imported_table, wait_until

SMALL = {"width": 360, "height": 740}
PLAYERS = ["Ann", "Bob", "Cid", "Dan", "Eve"]
DICE = {"Ann": [3, 3], "Bob": [3, 4], "Cid": [1, 1], "Dan": [4, 4], "Eve": [5, 5]}


def table_file() -> bytes:
    """Dice, the start (Cid, 2/2, is President), and Dan and Eve announced out."""
    events = [{"kind": "dice", "data": {"dice": {n: d}, "rolled": False}} for n, d in DICE.items()]
    events.append({"kind": "start", "data": {"lot": None}})
    events += [{"kind": "play", "data": {"event": {"type": "eliminate", "player": n}}} for n in ("Dan", "Eve")]
    return json.dumps({"format": "companion-table/1", "game": "vote", "title": "VOTE! transfer",
                       "language": "en", "setup": {"players": PLAYERS, "options": {}},
                       "events": events}).encode()


def version(page) -> int:
    return int(page.locator("#shown").get_attribute("data-version"))


def write(phones, page, click):
    """One tap that changes the table; every phone then shows its result."""
    before = version(page)
    click()
    wait_until(page, f"+document.getElementById('shown').dataset.version > {before}", 20000)
    for other in phones.values():
        wait_until(other, f"+document.getElementById('shown').dataset.version >= {version(page)}", 20000)


def state(page) -> dict:
    rows = page.locator("#points .pl").evaluate_all(
        "ls => ls.map(l => [l.dataset.player, +l.dataset.hand, l.dataset.in === '1'])")
    deck = page.locator("#deck").evaluate("d => [+d.dataset.deck, +d.dataset.discard, +d.dataset.used]")
    return {"hands": {n: h for n, h, i in rows if i}, "deck": tuple(deck),
            "president": page.locator("#president").inner_text()}


def log(page) -> str:
    return page.locator("#log").evaluate("d => d.querySelector('ol').textContent")


def give(phones, president, to, mods="0,0"):
    page = phones[president]
    if page.locator("#instead").count() and not page.locator("#instead").evaluate("d => d.open"):
        page.locator("#instead > summary").click()
    cell = page.locator(f'#give label:has(> input[name=mods][value="{mods}"])')
    if page.locator("#give form").get_attribute("data-only") == to:  # the only one: the cell sends it
        write(phones, page, cell.click)
        return
    cell.click()
    write(phones, page, lambda: page.locator(f'#recipients button[name=to][value="{to}"]').click())


def test_the_three_player_transfer_on_three_phones(server, phone):
    from playwright.sync_api import expect
    host = phone()
    host.set_viewport_size(SMALL)
    code = imported_table(host, server, table_file())
    phones = {}
    for name in ("Ann", "Bob", "Cid"):
        page = host if name == "Ann" else phone()
        page.set_viewport_size(SMALL)
        if name == "Bob":  # Bob's phone is in the dark theme: the giving grid must stay readable
            page.emulate_media(color_scheme="dark")
        page.goto(f"{server}/t/{code}?pick=1")
        page.get_by_role("button", name=name, exact=True).click()
        page.goto(f"{server}/vote/{code}/")
        phones[name] = page
    for page in phones.values():
        expect(page.locator("#president")).to_have_text("Cid", timeout=TOLD)
    # Hand count: 60 cards (l. 20–21), 3 to each of 5 (l. 101): 45 in the deck; Dan's and Eve's
    # hands to the discard (l. 93): 6. Nobody has put a card in yet.
    assert state(host) == {"hands": {"Ann": 3, "Bob": 3, "Cid": 3}, "deck": (45, 6, 0), "president": "Cid"}

    # Cid's round: three cards in, kept, given, applied and discarded (l. 152, l. 218): discard 9.
    for to in ("Ann", "Bob", "Cid"):
        give(phones, "Cid", to, "0,1")
    write(phones, host, lambda: host.locator("#end-round").click())
    # Hands back to three once (l. 166): 42 in the deck. The plaque moves to Ann; the window is open
    # on every phone, and the Transfer is offered to Cid alone.
    assert state(host) == {"hands": {"Ann": 3, "Bob": 3, "Cid": 3}, "deck": (42, 9, 0), "president": "Ann"}
    for page in phones.values():
        expect(page.locator("#transfer-window")).to_contain_text(
            "until President Ann gives the first card (the cards go in then), Cid may still transfer")
    cid = phones["Cid"]
    cid.locator("#ability-transfer_presidency > summary").click()
    targets = cid.locator("#ability-transfer_presidency button[name=target]").all_inner_texts()
    assert sorted(targets) == ["Ann", "Bob"]
    write(phones, cid, lambda: cid.locator('#ability-transfer_presidency button[name=target][value="Bob"]').click())

    # The Transfer: Cid's card to the used pile, he draws one (deck 41), pays 1/1; Bob is President;
    # nobody holds the round's cards yet.
    for page in phones.values():
        expect(page.locator("#president")).to_have_text("Bob", timeout=TOLD)
        expect(page.locator("#transfer-window")).to_have_count(0)
        assert state(page) == {"hands": {"Ann": 3, "Bob": 3, "Cid": 3}, "deck": (41, 9, 1), "president": "Bob"}
    text = log(host)
    assert "Cid transfers presidential powers: Bob is President" in text
    # The giving grid on Bob's dark phone: every text at WCAG AA against what is behind it.
    assert phones["Bob"].locator("#give .mods-grid").is_visible()
    assert phones["Bob"].evaluate(CONTRAST.replace("querySelectorAll('body *')", "querySelectorAll('#give *')")) == []
    assert "Bob receives" not in text and text.count("draws or discards to 3") == 2  # once a round, once the Transfer

    # Bob's first card brings the three cards in (hands 2/2/2) and shuts the window.
    give(phones, "Bob", "Ann", "1,0")
    for page in phones.values():
        assert state(page) == {"hands": {"Ann": 2, "Bob": 2, "Cid": 2}, "deck": (41, 10, 1), "president": "Bob"}
        expect(page.locator("#ability-transfer_presidency")).to_have_count(0)
    assert "President Bob receives all 3" in log(host)
