"""Comfort on a 360×740 phone (issue 21): the dark theme that follows the phone's setting, with text
and the board's marks readable in both themes (WCAG AA); text that follows the browser's font size;
the province sheet that takes the focus and closes with Escape; the start page's options per game.
Screenshots of the start page, the Liberté board and the VOTE! table, light and dark, in artifacts/."""
import re

import pytest

from browser_support import CONTRAST, new_table, shot, wait_until

SMALL = {"width": 360, "height": 740}
SIX = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]  # every player colour of the board
SEVEN = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil"]

# The contrast of two CSS colours (WCAG 2.1: relative luminance), and what a page fails: every
# element showing text of its own, against the first opaque background behind it (4.5:1; 3:1 for
# large text), and the board's marks against their tile (3:1 for the rings of the players' colours
# and the bars' edges). Disabled controls are exempt (WCAG 1.4.3), as are texts on a pattern.


def colour(page, selector, prop="backgroundColor"):
    return page.locator(selector).first.evaluate(f"e => getComputedStyle(e).{prop}")


def luminance(css):
    def linear(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(float(v)) for v in re.findall(r"[\d.]+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def small_phone(phone, scheme="light"):
    page = phone()
    page.set_viewport_size(SMALL)
    page.emulate_media(color_scheme=scheme)
    return page


def liberte_board(server, page):
    """A Liberté table of six: each player controls a province (every player colour shows as a
    ring), and a tie; returns the board's address."""
    from playwright.sync_api import expect
    new_table(page, server, SIX)
    page.locator("#take-seat").get_by_role("button", name="Ann").click()
    stacks = [(1, "Ann", "red", 3), (2, "Bob", "white", 2), (3, "Cid", "blue", 1),
              (4, "Dan", "red", 2), (5, "Eve", "blue", 3), (6, "Fay", "white", 1),
              (7, "Ann", "blue", 2), (7, "Bob", "blue", 2)]
    for province, player, faction, blocks in stacks:
        if page.locator("#open .num").count() == 0 or page.locator("#open .num").text_content() != str(province):
            page.locator(f"#tile-{province}").click()
            expect(page.locator("#open .num")).to_have_text(str(province))
        if player != "Ann":
            page.locator(f'#open .for label:has(input[value="{player}"])').click()
        page.locator(f'#open button[name=pick][value="{faction}:{blocks}"]').click()
        expect(page.locator(f'#open .chip[data-player="{player}"]')).to_contain_text(str(blocks))
    page.locator("#open .close").click()
    expect(page.locator("#open")).to_have_count(0)
    expect(page.locator("#tile-7 .ctl.tie")).to_have_count(1)
    return page.url


def vote_table(server, page):
    from playwright.sync_api import expect
    new_table(page, server, SEVEN, game="vote")
    page.locator("#take-seat").get_by_role("button", name="Ann").click()
    expect(page.locator("h1")).to_have_text("VOTE! set-up")
    return page.url


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_theme_follows_the_phone_and_every_text_is_readable(server, phone, scheme):
    """The start page, the Liberté board (the players' rings, the factions' bars, a tie) and the
    VOTE! set-up, in the phone's colour scheme: dark backgrounds in the dark one, and no text
    below WCAG AA's contrast, no mark on a tile below 3:1, in either."""
    from playwright.sync_api import expect
    page = small_phone(phone, scheme)
    page.goto(server + "/")
    dark = luminance(colour(page, "body")) < 0.05
    assert dark == (scheme == "dark")
    assert (luminance(colour(page, "form.card")) < 0.05) == dark
    assert page.evaluate(CONTRAST) == []
    shot(page, f"comfort-start-{scheme}")

    board = liberte_board(server, page)
    page.goto(board)
    assert (luminance(colour(page, "#tile-1")) < 0.05) == dark
    assert len(page.locator(".tile .ctl").all()) == 7  # six rings and the tie
    assert page.evaluate(CONTRAST) == []
    shot(page, f"comfort-board-{scheme}")
    page.locator("#tile-7").click()
    page.locator("#open").wait_for()
    assert (luminance(colour(page, "#open")) < 0.05) == dark
    assert page.evaluate(CONTRAST) == []
    shot(page, f"comfort-board-open-{scheme}")
    for tab in ("Displays", "Election", "Profile", "Room", "History"):  # the table's other pages
        page.locator("nav.tabs").get_by_role("link", name=tab, exact=True).click()
        expect(page.locator("h1")).to_have_count(1)
        assert page.evaluate(CONTRAST) == [], tab
        shot(page, f"comfort-{tab.lower()}-{scheme}")

    page.goto(vote_table(server, page))
    assert (luminance(colour(page, "body")) < 0.05) == dark
    assert page.evaluate(CONTRAST) == []
    shot(page, f"comfort-vote-{scheme}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_vote_round_is_readable_in_both_themes(server, phone, tmp_path, scheme):
    """The round's plaques, point bars and ballots (a game built with the test client, exported,
    and imported on the phone from the start page)."""
    from playwright.sync_api import expect
    from companion import create_app
    from table_support import VoteTable
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "v.sqlite"), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    game = VoteTable(client)
    game.sit("Ann")
    dice = {"Ann": (6, 6), "Bob": (3, 4), "Cid": (1, 1), "Dan": (4, 4), "Eve": (5, 2),
            "Fay": (2, 5), "Gil": (3, 3)}
    assert game.start(dice).status_code == 200
    exported = client.get(f"/t/{game.code}/export.json").data
    page = small_phone(phone, scheme)
    page.goto(server + "/")
    page.set_input_files("#file", {"name": "vote.json", "mimeType": "application/json",
                                   "buffer": exported})
    page.locator("#import button").click()
    page.locator("#take-seat").get_by_role("button", name="Ann").click()
    expect(page.locator(".plaques h1")).to_contain_text("Round 1")
    assert (luminance(colour(page, "body")) < 0.05) == (scheme == "dark")
    assert page.evaluate(CONTRAST) == []
    shot(page, f"comfort-vote-round-{scheme}", at=".points")


def test_the_night_stays_dark_in_the_light_theme(server, phone):
    """VOTE!'s night is read in a dark room: its page is dark whatever the phone's setting."""
    page = small_phone(phone, "light")
    table = vote_table(server, page)
    page.goto(table.rstrip("/") + "/night/")
    assert luminance(colour(page, "body")) < 0.01 and luminance(colour(page, ".night")) < 0.01
    assert page.evaluate(CONTRAST) == []


def font_size(page, selector):
    return page.locator(selector).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")


def test_the_text_follows_the_browsers_font_size(server, phone):
    """A phone whose browser is set to 24 px text (Chromium's default font size, as its settings
    set it) gets the tiles' text half as large again as at 16 px, not 11 px either way; at 16 px
    France still fits a 360×740 screen."""
    page = small_phone(phone)
    board = liberte_board(server, page)
    page.goto(board)
    at_16 = {s: font_size(page, s) for s in ("body", ".tile", ".tile .tn", ".tile .ctl", ".legend")}
    assert at_16[".tile"] == 11 and at_16["body"] == 16
    assert at_16[".tile .ctl"] >= 12  # initials readable at arm's length (issue 24)
    box = page.locator("#overview").bounding_box()
    assert box["y"] + box["height"] <= SMALL["height"]

    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.enable")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 24, "fixed": 20}})
    page.reload()
    wait_until(page, "parseFloat(getComputedStyle(document.body).fontSize) === 24")
    at_24 = {s: font_size(page, s) for s in at_16}
    assert at_24 == {s: size * 1.5 for s, size in at_16.items()}
    tile = page.locator("#tile-1").bounding_box()
    assert tile["height"] == pytest.approx(60 * 1.5, abs=1)  # the tile grows with its text
    shot(page, "comfort-board-24px")


def test_a_tile_opens_the_sheet_with_the_focus_in_it_and_escape_closes_it(server, phone):
    """A keyboard (or a screen reader) lands in the province it opened; Escape closes it as the ×
    does, and the focus goes back to the tile."""
    from playwright.sync_api import expect
    page = small_phone(phone)
    new_table(page, server, SIX[:3])
    page.locator("#take-seat").get_by_role("button", name="Ann").click()
    page.locator("#tile-5").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#open .num")).to_have_text("5")
    wait_until(page, "document.activeElement && document.activeElement.id === 'open'")
    page.keyboard.press("Tab")  # onwards from the sheet: into its own controls
    assert page.evaluate("document.getElementById('open').contains(document.activeElement)")
    page.keyboard.press("Escape")
    expect(page.locator("#open")).to_have_count(0)
    assert "open=" not in page.url
    wait_until(page, "document.activeElement && document.activeElement.id === 'tile-5'")
    page.reload()  # Escape with no sheet open does nothing
    page.keyboard.press("Escape")
    assert page.locator("#overview").is_visible()


def test_the_start_page_shows_the_chosen_games_options_only(server, phone):
    page = small_phone(phone)
    page.goto(server + "/")
    assert page.locator("#options-liberte").is_visible() and not page.locator("#options-vote").is_visible()
    page.check("input[name=game][value=vote]")
    assert page.locator("#options-vote").is_visible() and not page.locator("#options-liberte").is_visible()
    page.check("input[name=game][value=virgin_queen]")
    assert not page.locator(".game-options").first.is_visible()
    assert page.locator(".game-options:visible").count() == 0
    page.check("input[name=game][value=vote]")
    shot(page, "comfort-start-vote-options", at="#options-vote")
