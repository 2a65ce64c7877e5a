"""The conquest helper page: linked from the start page, four tools answered by the engine, a die
rolled on screen, bad input refused beside its field with its rule, three languages, never a 500."""
import random
import re

import pytest

from companion.games.conquest import views
from page_support import refusals, shown

HTMX = {"HX-Request": "true"}


def ask(client, tool, data, htmx=True):
    return client.post(f"/conquest/{tool}", data=data, headers=HTMX if htmx else {})


def test_the_start_page_links_the_helper_and_the_page_has_four_tools(client):
    start = client.get("/").get_data(as_text=True)
    assert 'id="conquest-link" href="/conquest/"' in start
    page = client.get("/conquest/").get_data(as_text=True)
    assert re.findall(r'<section class="card" id="tool-(\w+)"', page) == ["roll", "cede", "surrender", "resources"]


def test_what_to_enter_is_told_under_the_field_in_full_not_in_a_placeholder(client):
    """A placeholder was cut at 360 px ("изначально или…") and vanished once typing."""
    client.post("/lang", data={"language": "ru", "next": "/conquest/"})
    page = client.get("/conquest/").get_data(as_text=True)
    assert "placeholder" not in page
    assert 'aria-describedby="key_areas-hint"' in page
    assert re.search(r'<small class="hint" id="key_areas-hint">[^<]+</small>', page)


def test_conq_roll_the_answer_with_its_arithmetic(client):
    answer = ask(client, "roll", {"nation": "denmark", "key_areas": "3", "lost": "1", "capitals": "1", "die": "2",
                                  "controller": "sweden"})
    text = shown(answer.get_data(as_text=True))
    assert answer.status_code == 200 and text.count('id="tool-') == 0  # htmx gets the card alone
    assert "Conquered" in text and ("Conquest roll of Denmark: die 2 + 1 for key areas lost (CONQ-ROLL-3) +3 for the "
                                    "nation (CONQ-ROLL-4) = 6; 6 or more: conquered (CONQ-ROLL-2)") in text
    assert "Sweden controls the capital: it is the conqueror" in text and "(CONQ-JOINT-1)" in text
    assert 'href="#tool-cede"' in answer.get_data(as_text=True)  # what follows a conquest: 15.2, 15.5
    plain = ask(client, "roll", {"nation": "russia", "key_areas": "3", "lost": "1", "capitals": "1"}, htmx=False)
    assert "<html" in plain.get_data(as_text=True) and "Not conquered" in shown(plain.get_data(as_text=True))
    assert "(CONQ-ROLL-5)" in plain.get_data(as_text=True)


def test_conq_roll_an_empty_die_is_rolled_on_screen(client, monkeypatch):
    monkeypatch.setattr(views, "rng", lambda: random.Random(2))
    die = random.Random(2).randint(1, 6)
    text = shown(ask(client, "roll", {"nation": "other", "key_areas": "3", "lost": "0", "capitals": "1"}).get_data(
        as_text=True))
    assert f"The die is rolled on screen: {die}" in text and f"= {die};" in text


@pytest.mark.parametrize("tool, data, field, said, rule", [
    ("roll", {"nation": "", "key_areas": "3", "capitals": "1"}, "nation", "choose a nation", "CONQ-ROLL-4"),
    ("roll", {"nation": "spain", "key_areas": "x", "capitals": "1"}, "key_areas",
     "Key areas: a whole number is needed, not 'x'", "CONQ-ROLL-3"),
    ("roll", {"nation": "spain", "key_areas": "", "capitals": "1"}, "key_areas",  # not «not ''»
     "Key areas: a whole number is needed", "CONQ-ROLL-3"),
    ("roll", {"nation": "spain", "key_areas": "3", "lost": "4", "capitals": "1", "die": "3"}, "roll",
     "key areas lost: 4 is not a whole number from 0 to 3", "CONQ-ROLL-3"),
    ("roll", {"nation": "spain", "key_areas": "3", "lost": "0", "capitals": "1", "die": "9"}, "die", "Die: 9 is not between 1 and 6",
     "CONQ-ROLL-2"),
    ("cede", {"cede_die": "0"}, "cede_die", "Die: 0 is not between 1 and 6", "CONQ-CEDE-1"),
    ("surrender", {"defender": "2", "aggressor-1": "prussia", "troops-1": "-3"}, "troops-1",
     "Troops: -3 is not between 0 and 999", "CONQ-SURR-1"),
    ("resources", {"action": "spend", "winner": "spain"}, "resources", "Spain has no resource to spend", "CONQ-RES-4"),
    ("resources", {"action": "conquest", "winner": "spain", "res-spain": "abc"}, "res-spain",
     "Spain: a whole number is needed, not 'abc'", "CONQ-RES-1")])
def test_bad_input_is_refused_beside_its_field_with_its_rule(client, tool, data, field, said, rule):
    answer = ask(client, tool, data)
    assert answer.status_code == 422 and refusals(answer) == [said]
    body = answer.get_data(as_text=True)
    assert f"({rule})" in body
    if field != tool:  # the refusal follows the field it names
        after = body[body.index(f'name="{field}"'):]
        next_field = min(after.find(tag, 1) for tag in ("<label", "<button") if after.find(tag, 1) > 0)
        assert after.index('class="error"') < next_field


def test_conq_cede_and_surrender_on_the_page(client):
    cede = shown(ask(client, "cede", {"cede_die": "5", "provinces": "2"}).get_data(as_text=True))
    assert "Provinces that pass: 2" in cede and "1 conqueror, 2 victim (CONQ-CEDE-2)" in cede
    assert "The capital is never ceded (CONQ-CEDE-3)" in cede
    surrender = shown(ask(client, "surrender", {"defender": "3", "aggressor-0": "prussia", "troops-0": "2",
                                                "aggressor-1": "austria", "troops-1": "4"}).get_data(as_text=True))
    assert "It may surrender" in surrender and "It surrenders to Austria" in surrender and "(CONQ-SURR-2)" in surrender
    minor = shown(ask(client, "surrender", {"defender": "9", "aggressor-0": "sweden", "troops-0": "1",
                                            "minor": "1"}).get_data(as_text=True))
    assert "It may not surrender" in minor and "counts as conquered by Sweden" in minor and "(CONQ-SURR-3)" in minor


def test_conq_surr_1_and_3_nobody_on_the_territory_is_answered_not_refused(client):
    """15.4: «Если таковых там вообще нет, то Сдача опускается, эта нация становится неприсоединившейся и
    Нейтральной»; a power surrenders only «агрессору», so with none it may not."""
    minor = ask(client, "surrender", {"defender": "1", "minor": "1"})
    text = shown(minor.get_data(as_text=True))
    assert minor.status_code == 200 and "No surrender: unaligned and neutral" in text
    assert "it skips the surrender and becomes unaligned and neutral (CONQ-SURR-3)" in text
    power = ask(client, "surrender", {"defender": "2"})
    text = shown(power.get_data(as_text=True))
    assert power.status_code == 200 and "It may not surrender" in text
    assert "No aggressor on its territory: there is nobody to surrender to" in text


def test_conq_after_the_answers_end_with_a_checklist_of_what_happens_next(client):
    """15.21–15.22, 15.3 after a roll that conquers; 15.4's offer after «может Сдаться»."""
    body = ask(client, "roll", {"nation": "turkey", "key_areas": "3", "lost": "3", "capitals": "0",
                                "controller": "russia"}).get_data(as_text=True)
    body = re.sub(r'<span class="rule">([^<]*)</span>', r"\1", body)  # the rule ids shown
    boxes = re.findall(r'<li><label><input type="checkbox"> ([^<]+)</label></li>',
                       body[body.index('id="roll-next"'):])
    assert len(boxes) == 11 and boxes[0].endswith("(CONQ-PHASE-1)") and boxes[-1].endswith("(CONQ-RES-1, CONQ-RES-2)")
    assert any(b.endswith("(CONQ-TURKEY-1)") for b in boxes) and any(b.endswith("(CONQ-AFTER-5)") for b in boxes)
    minor = shown(ask(client, "roll", {"nation": "other", "key_areas": "2", "lost": "2", "capitals": "0",
                                       "minor": "1"}).get_data(as_text=True))
    assert "its consul may not move on the diplomatic track until the next Interphase (CONQ-AFTER-6)" in minor
    offer = ask(client, "surrender", {"defender": "1", "aggressor-0": "prussia", "troops-0": "3"}).get_data(as_text=True)
    assert 'id="surrender-next"' in offer and "only one offer per impulse (CONQ-OFFER-1)" in shown(offer)
    assert 'id="roll-next"' not in ask(client, "roll", {"nation": "spain", "key_areas": "3", "capitals": "0"}).get_data(
        as_text=True)  # not conquered: nothing follows


def test_conq_res_1_a_minor_country_may_be_the_victim(client):
    """15.5: «каждый раз, когда он завоевывает нацию» — any nation, a minor country too."""
    answer = ask(client, "resources", {"res-sweden": "1", "action": "conquest", "winner": "sweden", "victim": "other"})
    assert answer.status_code == 200
    assert 'name="res-sweden" inputmode="numeric" value="2"' in answer.get_data(as_text=True)
    assert "Sweden conquers another nation" in shown(answer.get_data(as_text=True))


def test_conq_res_the_track_travels_in_the_form(client):
    answer = ask(client, "resources", {"res-prussia": "2", "res-austria": "3", "marker-austria": "1",
                                       "action": "conquest", "winner": "prussia", "victim": "austria"})
    body = answer.get_data(as_text=True)
    assert 'name="res-prussia" inputmode="numeric" value="3"' in body
    assert 'name="res-austria" inputmode="numeric" value="0"' in body
    assert not re.search(r'name="marker-austria"[^>]*checked', body)
    text = shown(body)
    assert "Austria loses all its resources (3 → 0) and its +1 key-area marker (CONQ-RES-2)" in text
    assert "Prussia: 3 unused resources, 3 VP at the end of the game (CONQ-RES-3)" in text


def test_an_unknown_tool_is_a_404_not_a_500(client):
    assert client.post("/conquest/loot", data={}).status_code == 404
    assert client.post("/conquest/roll", data={"key_areas": "3" * 500, "nation": "spain"}).status_code == 422


@pytest.mark.parametrize("lang, said", [
    ("ru", ["Завоевание и Сдача", "Бросок на завоевание (Франция): кубик 6 + 2 за потерянные Ключевые области "
                                  "(CONQ-ROLL-3) −2 за нацию (CONQ-ROLL-4) = 6; 6 или больше: завоёвана (CONQ-ROLL-2)"]),
    ("it", ["Conquista e resa", "Tiro di conquista (Francia): dado 6 + 2 per le aree chiave perse (CONQ-ROLL-3) −2 per "
                                "la nazione (CONQ-ROLL-4) = 6; 6 o più: conquistata (CONQ-ROLL-2)"])])
def test_the_helper_speaks_the_browsers_language(client, lang, said):
    client.post("/lang", data={"lang": lang, "next": "/conquest/"})
    text = shown(ask(client, "roll", {"nation": "france", "key_areas": "4", "lost": "2", "capitals": "1", "die": "6"},
                     htmx=False).get_data(as_text=True))
    assert all(s in text for s in said)


def test_the_checklist_speaks_russian(client):
    client.post("/lang", data={"lang": "ru", "next": "/conquest/"})
    text = shown(ask(client, "roll", {"nation": "turkey", "key_areas": "3", "lost": "3", "capitals": "0"},
                     htmx=False).get_data(as_text=True))
    for said in ("Что дальше", "Только в фазу Завоевания (5.7).",
                 "Турция завоёвана: все её текущие Заморские войны заканчиваются; новые могут быть сыграны "
                 "(CONQ-TURKEY-1)",
                 "Безопасный период: завоеватель и его Союзники не могут объявлять войну жертве до начала следующей "
                 "Интерфазы, и жертва им тоже (CONQ-AFTER-4)"):
        assert said in text, said
    minor = shown(ask(client, "surrender", {"defender": "0", "minor": "1"}).get_data(as_text=True))
    assert "Сдача опускается: неприсоединившаяся и Нейтральная" in minor
