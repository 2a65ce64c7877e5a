"""The narrated night at the table (VOTE-SETUP-3): the narrator's page, its script, the captions."""
import json
import random
import re

import pytest
from markupsafe import escape

from companion.scorers.vote.night_script import NightSettings, timed_script
from table_support import night_table



def data_block(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="night-data">(.*?)</script>', page, re.S)
    return json.loads(found.group(1))


def test_the_page_carries_the_engines_script_in_the_tables_language(client):
    """VOTE-SETUP-3: the companion speaks the engine's lines; the settings feed timed_script."""
    code = night_table(client, "ru")
    page = client.get(f"/vote/{code}/night/?pace=0.5&eyes_open=4&pause=1&padding=2&seed=7")
    assert page.status_code == 200 and '<html lang="ru">' in page.get_data(as_text=True)
    data = data_block(page.get_data(as_text=True))
    settings = NightSettings(eyes_open=4, pause=1, pace=0.5, padding=2)
    assert data["lang"] == "ru" and data["players"] == 7 and data["seed"] == 7
    assert data["steps"] == timed_script(7, "ru", settings, random.Random(7))
    assert "Ночь" in page.get_data(as_text=True)  # the page's own words are Russian too


def test_htmx_gets_the_fragment_and_the_plain_request_the_page(client):
    code = night_table(client)
    fragment = client.get(f"/vote/{code}/night/", headers={"HX-Request": "true"})
    assert fragment.get_data(as_text=True).startswith('<div id="night"')
    assert "HX-Request" in fragment.headers["Vary"]
    page = client.get(f"/vote/{code}/night/").get_data(as_text=True)
    assert page.startswith("<!doctype html>") and '<div id="night"' in page


def test_the_page_runs_no_inline_script(client):
    """The CSP allows scripts from files only: a JSON data block is never executed."""
    code = night_table(client)
    page = client.get(f"/vote/{code}/night/").get_data(as_text=True)
    scripts = re.findall(r"<script\b[^>]*>", page)
    assert scripts and all('src="' in tag or 'type="application/json"' in tag for tag in scripts)
    assert 'src="/static/narrator.js?v=' in page
    assert not re.search(r"\son[a-z]+=", page)


@pytest.mark.parametrize("lang", ["en", "ru", "it", "fr", "de"])
def test_the_script_json_in_each_language(client, lang):
    """VOTE-SETUP-3: the script in English, Russian, Italian, French and German, seeded padding included."""
    code = night_table(client, "en")
    answer = client.get(f"/vote/{code}/night/script.json?lang={lang}&seed=3&padding=5&pause=2")
    assert answer.status_code == 200
    expected = timed_script(7, lang, NightSettings(pause=2, padding=5), random.Random(3))
    assert answer.get_json()["steps"] == expected
    assert answer.get_json()["settings"] == {"eyes_open": 10, "pause": 2, "pace": 1, "padding": 5}


def test_the_script_follows_the_table_and_then_this_phones_language_switch(client):
    code = night_table(client, "ru")
    assert client.get(f"/vote/{code}/night/script.json").get_json()["lang"] == "ru"
    client.post("/lang", data={"lang": "it", "code": code, "next": "/"})
    data = client.get(f"/vote/{code}/night/script.json").get_json()
    assert data["lang"] == "it" and data["steps"][1]["text"].startswith("Repubblicani")


def test_without_a_seed_each_night_draws_a_fresh_one(client):
    """VOTE-SETUP-3: the padding is random, so a silence's length tells nobody anything."""
    code = night_table(client)
    seeds = {client.get(f"/vote/{code}/night/script.json").get_json()["seed"] for _ in range(5)}
    assert len(seeds) > 1


@pytest.mark.parametrize("query, field, message", [
    ("pace=0", "pace", "Pace: 0 is not between 0.1 and 5"),
    ("eyes_open=-1", "eyes_open", "Eyes open (seconds): -1 is not between 0 and 300"),
    ("pause=soon", "pause", "Pause between lines (seconds): 'soon' is not a number"),
    ("padding=nan", "padding", "Random padding (seconds): 'nan' is not a number"),
    ("seed=-4", "seed", "Seed: a whole number from 0 to 2147483647 is needed"),
])
def test_a_refused_setting_is_named_beside_its_field_with_the_rule(client, query, field, message):
    """VOTE-SETUP-3: durations are settings; a bad one says which rule and field refuse it."""
    code = night_table(client, "en")
    answer = client.get(f"/vote/{code}/night/?{query}", headers={"HX-Request": "true"})
    assert answer.status_code == 422
    page, shown = answer.get_data(as_text=True), str(escape(message))
    assert f"{shown} <span class=\"rule\">(VOTE-SETUP-3)</span>" in page
    assert 'id="night-data"' not in page and 'data-night="start" disabled' in page
    if field in ("pace", "eyes_open", "pause", "padding"):  # the message follows its input
        after = page.split(f'id="night-{field}"', 1)[1]
        next_field = min(i for i in (after.find("<label"), after.find("</form>")) if i >= 0)
        assert after.index(shown) < next_field
    json_answer = client.get(f"/vote/{code}/night/script.json?{query}")
    assert json_answer.status_code == 422
    assert json_answer.get_json() == {"error": message, "rule": "VOTE-SETUP-3", "field": field}


def test_a_refused_setting_is_translated(client):
    code = night_table(client, "it")
    page = client.get(f"/vote/{code}/night/?pace=9").get_data(as_text=True)
    assert "Ritmo: 9 non è tra 0,1 e 5" in page  # the decimal comma of Italian (issue 26)


def test_an_unknown_language_is_refused(client):
    code = night_table(client, "en")
    answer = client.get(f"/vote/{code}/night/script.json?lang=es")  # Spanish: no script
    assert answer.status_code == 422 and answer.get_json()["field"] == "lang"


def test_only_a_vote_table_has_a_night(client):
    response = client.post("/tables", data={"game": "liberte", "players": "A\nB\nC"})
    code = response.location.split("/")[2]
    assert client.get(f"/vote/{code}/night/").status_code == 404
    assert client.get("/vote/NOPE1/night/").status_code == 404


def test_the_table_links_to_the_night(client):
    code = night_table(client, "en")
    assert f'href="/vote/{code}/night/"' in client.get(f"/vote/{code}/").get_data(as_text=True)
