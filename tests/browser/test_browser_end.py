"""The end of a Liberté game is final (LIB-END-2), on a 360 px phone: a French table of three in turn 3
taps the seventh white fleur-de-lis province, the counter-revolution ends the game at once, the board
says how, when and who won, and the next stack and the next discard are refused, nothing stored."""
import json

from browser_support import ARTIFACTS, phone_layout_problems, shot, wait_until

SMALL = {"width": 360, "height": 740}
PLAYERS = ["Bruno", "Denis", "Max"]
FLEUR = ("2", "4", "6", "10", "14", "17", "20")
MAP = {"name": "test board", "battle_vp": {"2": 4, "3": 5, "4": 6},
       "provinces": {n: {"fleur_de_lis": True} for n in FLEUR}}


def table_file() -> bytes:
    """Turn 3: Bruno holds three white fleur-de-lis provinces and a white stack more, Denis three;
    white cards: Bruno 2 in hand, Denis 3 on his display."""
    log = [("profile", {"map": MAP}), ("turn", {"turn": 3}),
           ("card", {"player": "Bruno", "where": "hands", "card": {"faction": "white", "value": 2}}),
           ("card", {"player": "Denis", "where": "displays", "card": {"faction": "white", "value": 3}})]
    log += [("stack", {"province": n, "player": p, "faction": "white", "blocks": 2})
            for n, p in zip(FLEUR[:6], ["Bruno"] * 3 + ["Denis"] * 3)]
    log.append(("stack", {"province": "1", "player": "Bruno", "faction": "white", "blocks": 1}))
    return json.dumps({"format": "companion-table/1", "game": "liberte", "title": "Fin", "language": "fr",
                       "setup": {"players": PLAYERS, "options": {}},
                       "events": [{"kind": k, "data": d} for k, d in log]}).encode()


def logged(page, server, code) -> int:
    return len(page.request.get(f"{server}/t/{code}/export.json").json()["events"])


def test_the_counter_revolution_ends_the_game_and_the_next_stack_and_discard_are_refused(server, phone):
    from playwright.sync_api import expect
    from browser_support import imported_table
    page = phone()
    page.set_viewport_size(SMALL)
    code = imported_table(page, server, table_file())
    page.goto(f"{server}/t/{code}?pick=1")
    page.get_by_role("button", name="Max", exact=True).click()
    page.goto(f"{server}/liberte/{code}/")
    page.locator("#tile-20").click()
    expect(page.locator("#open .num")).to_have_text("20")
    page.locator('#open button[name=pick][value="white:1"]').click()
    ended = "La contre-révolution royaliste a mis fin à la partie pendant les actions du tour 3."
    expect(page.locator("#game-over")).to_contain_text(ended)  # the tapping phone: with its meters
    expect(page.locator("#game-over")).to_contain_text("Denis")
    page.goto(f"{server}/liberte/{code}/")  # as every other phone shows it
    expect(page.locator("#game-over")).to_contain_text("Gagnant\u00a0: Denis")
    assert phone_layout_problems(page) == []
    shot(page, "liberte-ended-fr")
    page.screenshot(path=str(ARTIFACTS / "end-board-ended-fr.png"))
    stored = logged(page, server, code)

    page.locator("#tile-3").click()
    expect(page.locator("#open .num")).to_have_text("3")
    page.locator('#open button[name=pick][value="white:1"]').click()
    refusal = "Plus rien ne peut être modifié ; l'hôte peut annuler la modification qui a mis fin à la partie."
    expect(page.locator("#open")).to_contain_text(refusal.replace(" ;", "\u00a0;"))
    expect(page.locator("#open")).to_contain_text(ended)
    page.locator("#open").screenshot(path=str(ARTIFACTS / "end-stack-refused-fr.png"))

    page.goto(f"{server}/liberte/{code}/displays")
    bruno = page.locator("section.card", has=page.locator("h2", has_text="Bruno"))
    bruno.locator('form[action$="/displays/discard"] button').first.click()
    expect(bruno).to_contain_text(ended)
    wait_until(page, "document.body.textContent.includes('Plus rien ne peut être modifié')")
    assert logged(page, server, code) == stored
    page.screenshot(path=str(ARTIFACTS / "end-discard-refused-fr.png"))

    page.goto(f"{server}/liberte/{code}/")
    page.locator('button[name=lang][value=ru]').click()
    expect(page.locator("#game-over")).to_contain_text(
        "Контрреволюция Роялистов закончила игру во время Фазы Действия хода 3.")
    assert phone_layout_problems(page) == []
    shot(page, "liberte-ended-ru")
    page.screenshot(path=str(ARTIFACTS / "end-board-ended-ru.png"))
    page.goto(f"{server}/liberte/{code}/election/")
    expect(page.locator("#standings")).to_contain_text("Denis")
    page.screenshot(path=str(ARTIFACTS / "end-results-ended-ru.png"), full_page=True)
