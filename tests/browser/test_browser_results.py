"""The end of a game on two phones (companion.table.ending): the last move is played, both phones
find the results, the chart's numbers are those of the log, play.json gives the same players,
scores, winners and ranks, and "Play again" takes both phones to the new table without scanning.
Screenshots of the results at 360×740, light and dark, in English, Russian and Italian, go to
artifacts/ (docs/results-*.png are copies of them)."""
import json
import re

from table_support import DICE, vote_to_the_last_card
from browser_support import CONTRAST, imported_table, phone_layout_problems, shot, wait_until

SMALL = {"width": 360, "height": 740}
def chart_rows(page, number: int) -> dict:
    """The chart's table (the screen reader's version of the SVG): step → the players' values."""
    return dict(page.evaluate(f"""() => [...document.querySelectorAll(
        '#chart-{number} table.chart-data tbody tr')].map(r => [r.querySelector('th').textContent.trim(),
        [...r.querySelectorAll('td')].map(c => c.textContent.trim())])"""))


def standings(page) -> list:
    return page.evaluate("""() => [...document.querySelectorAll('#standings tbody tr')].map(r => ({
        name: r.dataset.player, won: r.classList.contains('won'),
        cells: [...r.querySelectorAll('td')].map(c => c.textContent.trim())}))""")


def seat(page, server, code, player):
    page.goto(f"{server}/t/{code}")
    page.get_by_role("button", name=player, exact=True).first.click()


def follows(page, code):
    """The page left the table ``code`` for another without being told where by hand."""
    wait_until(page, f"!location.pathname.includes('/{code}') && document.readyState === 'complete'")
    return re.search(r"/(?:t|vote|liberte)/([A-Z0-9]+)", page.url).group(1)


def test_a_vote_game_ends_on_two_phones_and_plays_again(phone, server, client, vote_table):
    vote_to_the_last_card(vote_table)
    table = json.loads(client.get(f"/t/{vote_table.code}/export.json").data)
    host, bob = phone(), phone()
    for page in (host, bob):
        page.set_viewport_size(SMALL)
    code = imported_table(host, server, json.dumps(table).encode())
    seat(host, server, code, "Fay")  # the President gives the cards
    seat(bob, server, code, "Bob")
    final = host.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-player][data-budget]')]
        .map(e => [e.dataset.player, +e.dataset.budget]))""")
    # the last card of the round, tapped on the host's phone: President Fay keeps it, the only one
    # who may get it, so the card's cell sends it; the game ends (VOTE-END-3)
    assert host.locator("#give form").get_attribute("data-only") == "Fay"
    host.locator('#give label:has(> input[name=mods][value="0,-1"])').click()
    for page in (host, bob):
        wait_until(page, "!!document.getElementById('see-results')")
    bob.locator("#see-results").click()
    host.goto(f"{server}/t/{code}/results")
    for page in (host, bob):
        assert page.locator("h1").first.inner_text() == "Ann's party wins"
        assert phone_layout_problems(page) == []
    # the chart against the log: the start is 1 + each die (VOTE-SETUP-4), each round's end the
    # points the round screen showed, and the last card's −1 support is Fay's
    budget = chart_rows(bob, 0)
    names = list(DICE)
    assert budget["start"][:7] == [str(1 + DICE[n][0]) for n in names]
    assert list(budget) == ["start", "1", "2", "3", "4"]
    assert budget["4"][:7] == [str(final[n]) if n != "Gil" else "0" for n in names]
    support = chart_rows(bob, 1)
    assert support["start"][:7] == [str(1 + DICE[n][1]) for n in names]
    assert support["4"][names.index("Fay")] == str(1 + DICE["Fay"][1] - 1)
    assert bob.locator("#chart-0 polyline").count() == len(names)
    # play.json: the same players, scores, winners and ranks as the results
    play = json.loads(bob.request.get(f"{server}/t/{code}/play.json").text())
    shown = standings(bob)
    assert [(p["name"], p["winner"], str(p["rank"]), str(p["score"])) for p in play["players"]] == \
        [(s["name"], s["won"], s["cells"][0], s["cells"][1]) for s in shown]
    link = bob.locator("#bgstats").get_attribute("href")
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    screenshots(host, server, code, "vote")
    # Play again: one tap on the host's phone; Bob's phone follows by itself, to Bob's seat
    host.locator("#play-again").click()
    new = follows(host, code)
    assert f"/vote/{new}/night/" in host.url                      # VOTE!: straight to the night
    assert follows(bob, code) == new and f"/vote/{new}/night/captions" in bob.url
    assert bob.request.get(f"{server}/t/{new}", max_redirects=0).headers["location"] == f"/vote/{new}/"
    # the finished table stays readable, not changeable; the host's start page lists the evening
    bob.goto(f"{server}/t/{code}/results")
    assert bob.locator("#ended").is_visible() and bob.locator("#play-again").count() == 0
    host.goto(server + "/")
    evening = host.locator("#evening").inner_text()
    assert "Ann's party wins" in evening and "Under way" in evening


def screenshots(page, server, code, game):
    """The results at 360×740: light and dark in English, and in Russian and Italian."""
    page.goto(f"{server}/t/{code}/results")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        assert page.evaluate(CONTRAST) == [], scheme  # the tables and notes at WCAG AA
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = false)")
        shot(page, f"results-{game}-en-{scheme}")
        shot(page, f"results-{game}-en-{scheme}-chart", at="#chart-0")
    page.emulate_media(color_scheme="light")
    for lang in ("ru", "it"):
        page.locator(f"form.lang button[value={lang}]").click()
        wait_until(page, f"document.documentElement.lang === '{lang}'")
        assert phone_layout_problems(page) == []
        shot(page, f"results-{game}-{lang}")
        shot(page, f"results-{game}-{lang}-chart", at="#chart-0")
    page.locator("form.lang button[value=en]").click()
    wait_until(page, "document.documentElement.lang === 'en'")


STACKS = {1: [(1, "Christie", "red", 3), (2, "Joshua", "blue", 2), (3, "Max", "white", 1)],
          2: [(4, "Joshua", "blue", 3), (5, "Max", "white", 2)],
          3: [(6, "Max", "white", 3), (7, "Christie", "red", 1)],
          4: [(9, "Christie", "red", 2), (10, "Joshua", "blue", 1)]}


def liberte_game(table):
    """A profile marking three fleur-de-lis provinces (LIB-CR-1), three turns held and turn 4's
    stacks placed: its elections are the last tap."""
    profile = {"profile-name": "Ours", "battle-2": 4, "fleur-3": 1, "fleur-5": 1, "fleur-6": 1}
    assert table.post(f"/liberte/{table.code}/profile/", profile | {
        f"vp-{n}": 0 for n in range(1, 28)}).status_code == 200
    for turn, stacks in STACKS.items():
        for province, player, faction, blocks in stacks:
            assert table.stack(province, player, faction, blocks).status_code == 200
        if turn < 4:
            held = table.post(f"/liberte/{table.code}/election/hold",
                              {"vp": 5} if turn > 2 else {})  # LIB-BAT-1: not in the profile
            assert held.status_code == 200


def test_a_liberte_game_ends_on_two_phones_and_plays_again(phone, server, client, table):
    liberte_game(table)
    exported = json.loads(client.get(f"/t/{table.code}/export.json").data)
    host, max_ = phone(), phone()
    for page in (host, max_):
        page.set_viewport_size(SMALL)
    code = imported_table(host, server, json.dumps(exported).encode())
    seat(host, server, code, "Christie")
    seat(max_, server, code, "Max")
    # turn 4's elections, held in one tap on the host's phone: the game ends (LIB-END)
    host.goto(f"{server}/liberte/{code}/election/")
    if host.locator("#battle-vp-taps").count():  # asked only when someone may lead the army
        host.locator('#battle-vp-taps label:has(> input[value="6"])').click()
    host.locator("#hold-button").click()
    for page in (host, max_):
        wait_until(page, "!!document.getElementById('see-results')")
    max_.locator("#see-results").click()
    host.goto(f"{server}/t/{code}/results")
    for page in (host, max_):
        assert "ended with the elections of turn 4" in page.locator("#why").inner_text()
        assert phone_layout_problems(page) == []
    # the chart against the log: each turn's VPs as the election of that turn recorded them
    log = json.loads(host.request.get(f"{server}/t/{code}/export.json").text())["events"]
    assert [e["kind"] for e in log].count("hold") == 4
    vps = chart_rows(max_, 0)
    assert list(vps) == ["start", "1", "2", "3", "4"] and vps["start"][:3] == ["0", "0", "0"]
    shown = standings(max_)
    final = {s["name"]: s["cells"][1] for s in shown}
    assert vps["4"][:3] == [final[s["name"]] for s in shown]   # the series are in standing order
    assert all(row[-1].startswith("Government: ") for step, row in vps.items() if step != "start")
    meter = chart_rows(max_, 1)   # the counter-revolution's count after each turn (LIB-CR-1)
    assert list(meter) == ["1", "2", "3", "4"] and all(row[0].isdigit() for row in meter.values())
    # play.json: the same players, scores, winners and ranks as the results
    play = json.loads(max_.request.get(f"{server}/t/{code}/play.json").text())
    assert [(p["name"], p["winner"], str(p["rank"]), str(p["score"])) for p in play["players"]] == \
        [(s["name"], s["won"], s["cells"][0], s["cells"][1]) for s in shown]
    screenshots(host, server, code, "liberte")
    shot(host, "results-liberte-en-meter", at="#chart-1")
    host.locator("#play-again").click()
    new = follows(host, code)
    assert f"/liberte/{new}/" in host.url and follows(max_, code) == new
    assert max_.request.get(f"{server}/t/{new}", max_redirects=0).headers["location"] == \
        f"/liberte/{new}/"
