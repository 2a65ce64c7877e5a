"""Comfort of every page (issue 21): one heading per page, the start page saying what the companion
is, and each game's table options shown under that game only."""
import re

import pytest

from companion.table import games
from table_support import SEVEN, TableHelper, VoteTable

H1 = re.compile(r"<h1[\s>]")


def table_games() -> list:
    """The registry's games that keep a table (a helper page keeps none)."""
    return [game for game in games.registered() if isinstance(game, games.Game)]


def every_games_table(client) -> dict:
    """A table of each registered game, for as few players as it takes (three at least), seated
    as its first player: game name → its TableHelper."""
    made = {}
    for game in table_games():
        players = SEVEN[:min(max(game.min_players, 3), game.max_players)]
        made[game.name] = type("Table", (TableHelper,), {"game": game.name})(client, players)
        made[game.name].sit()
    return made


def html_pages(app, client, codes):
    """Every page the app answers with HTML to a GET: the URL map's GET routes that take no
    argument or only a table's join code, asked for each table (a page of another game is a 404)."""
    seen = {}
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or not set(rule.arguments) <= {"code"}:
            continue
        for code in (codes if rule.arguments else [None]):
            url = rule.build({"code": code} if code else {}, append_unknown=False)[1]
            response = client.get(url)
            if response.status_code == 200 and response.mimetype == "text/html":
                seen[url] = response.get_data(as_text=True)
    return seen


def test_every_page_has_one_main_heading(app, client):
    """A screen reader's user jumps to a page's h1 (axe's page-has-heading-one)."""
    made = every_games_table(client)
    liberte, vote = TableHelper(client), VoteTable(client)
    for table in (liberte, vote):
        table.sit()
    pages = html_pages(app, client, [liberte.code, vote.code, *(t.code for t in made.values())])
    vote.start()  # the VOTE! table's round, after its set-up
    pages["vote round"] = client.get(vote.at("/")).get_data(as_text=True)
    pages["404"] = client.get("/t/NOPE9").get_data(as_text=True)
    for name in ("/", f"/liberte/{liberte.code}/", f"/liberte/{liberte.code}/displays",
                 f"/vote/{vote.code}/", f"/t/{liberte.code}/room"):
        assert name in pages, sorted(pages)  # the walk reached the pages axe was run on
    counts = {url: len(H1.findall(page)) for url, page in pages.items()}
    assert {url: n for url, n in counts.items() if n != 1} == {}
    assert len(pages) >= 15


def test_the_start_page_says_what_the_companion_is(client):
    page = client.get("/").get_data(as_text=True)
    lead = re.search(r'<p class="lead">(.*?)</p>', page, re.S).group(1)
    assert "companion sits beside a board game" in lead and lead.count(". ") == 0
    assert page.index("<main>") < page.index('class="lead"') < page.index('action="/tables"')


def test_the_start_page_speaks_the_browsers_language(client):
    page = client.get("/", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert "L'app sta accanto a un gioco da tavolo" in re.search(r'<p class="lead">(.*?)</p>', page, re.S).group(1)


def options_under(page: str, game: str) -> str:
    return re.search(rf'<div class="game-options" id="options-{game}">(.*?)</div>', page, re.S).group(1)


def test_each_games_options_sit_under_that_game_only(client):
    """The Liberté tie variant (LIB-GOV-2, LIB-GOV-3) is under Liberté, the VOTE! history's votes
    under VOTE!; a game without options has none. Without CSS or :has() they all show, each under
    its own game's choice; the CSS shows only the chosen game's (tests/browser/test_browser_comfort.py)."""
    page = client.get("/").get_data(as_text=True)
    choices = [m.start() for m in re.finditer(r'<input type="radio" name="game"', page)]
    assert len(choices) == len(table_games())
    liberte, vote = options_under(page, "liberte"), options_under(page, "vote")
    assert 'name="option-government_tie"' in liberte and "option-votes" not in liberte
    assert 'name="option-votes"' in vote and "government_tie" not in vote
    assert choices[0] < page.index("options-liberte") < choices[1] < page.index("options-vote") < choices[2]
    assert "options-virgin_queen" not in page
    assert page.count("option-government_tie\"") == 3  # label for=, select id= and name=: once


@pytest.mark.parametrize("game, options, stored", [
    ("vote", {"option-votes": "totals", "option-government_tie": "total"}, {"votes": "totals"}),
    ("liberte", {"option-votes": "totals", "option-government_tie": "total"}, {"government_tie": "total"}),
])
def test_a_new_table_keeps_only_its_own_games_options(app, client, game, options, stored):
    """Every option of the form is sent (the hidden ones too): the table keeps its game's only."""
    response = client.post("/tables", data={"game": game, "players": "A\nB\nC\nD\nE", **options})
    assert response.status_code == 303
    from companion.table import tables
    with app.test_request_context():
        assert tables.find(response.location.split("/")[2]).setup["options"] == stored


def test_a_refused_new_table_keeps_the_options_chosen(client):
    response = client.post("/tables", data={"game": "liberte", "players": "A",
                                            "option-government_tie": "total"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(r'<option value="total" selected>', options_under(page, "liberte"))
