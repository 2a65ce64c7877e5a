"""Languages: English, Russian, Italian, French and German complete; chosen per table; a switch on every page.

Two catalogs per language: ``messages`` (the pages) and ``engine`` (the engines' sentences and
refusals, shown through the ``tr`` filter while the CLI and the JSON API stay in English).
"""
import importlib
import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion.games.liberte import position
from companion.i18n import LANGUAGES
from companion.scorers.liberte import resolve_json
from companion.scorers.sentence import Joined, Sentence, expansions
from companion.scorers.vote import replay
from companion.table import games
from page_support import refusals, shown
from table_support import SEVEN, TableHelper, VoteTable

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "companion" / "translations"
PLACEHOLDER = re.compile(r"%\((\w+)(?:@(?:nom|gen|dat|acc|ins|loc))?\)[sr]")
RULE_ID = re.compile(r"\b[A-Z]+-[A-Z]+-\d+\b")
ENGINE_KEYWORDS = {"sentence": None, "plural": (1, 2), "word": ((1, "c"), 2)}  # as in CONTRIBUTING.md


def owner(filename: str) -> str | None:
    """The registered game whose folder (companion/games/<name>/, companion/scorers/<name>/)
    holds ``filename``, or None for the shared code."""
    parts = Path(filename).parts
    for at, part in enumerate(parts[:-2]):
        if part in ("games", "scorers") and parts[at + 1] in LANGUAGES_OF:
            return parts[at + 1]
    return None


LANGUAGES_OF = {game.name: set(game.languages) for game in games.registered()}


def wanted(lang: str, filename: str) -> bool:
    """Whether a message of ``filename`` must be translated into ``lang``: the shared code's
    always, a game's only into the languages it declares (Game.languages)."""
    return owner(filename) is None or lang in LANGUAGES_OF[owner(filename)]


def source_messages(lang: str) -> set:
    """Every message the code and templates mark for translation and ``lang`` must translate,
    extracted now."""
    method_map = [("companion/**.py", "python"), ("companion/templates/**.html", "jinja2")]
    keywords = {"_": None, "_l": None, "gettext": None, "ngettext": (1, 2)}
    found = list(extract_from_dir(str(ROOT), method_map, keywords=keywords,
                                  options_map={"companion/templates/**.html": {}}))
    for name, folder in outside_games().items():  # a game registered for a run (test_new_game)
        found += [(f"companion/games/{name}/{filename}", *rest) for filename, *rest in extract_from_dir(
            str(folder), [("**.py", "python"), ("templates/**.html", "jinja2")], keywords=keywords,
            options_map={"templates/**.html": {}})]
    return {forms(message)[0] for filename, _, message, _, _ in found if message and wanted(lang, filename)}


def outside_games() -> dict:
    """The registered games whose folder is not under companion/games/: name → folder."""
    import companion.games
    folders = {name: Path(importlib.import_module(f"companion.games.{name}").__file__).parent
               for name in companion.games.GAMES}
    return {name: folder for name, folder in folders.items() if ROOT not in folder.parents}


def engine_templates(lang: str | None = None) -> set:
    """Every (template, context) the engines mark with sentence/plural/word, extracted now (only
    those ``lang`` must translate, when given)."""
    found = extract_from_dir(str(ROOT / "companion" / "scorers"), [("**.py", "python")],
                             keywords=ENGINE_KEYWORDS)
    return {(message[0] if isinstance(message, tuple) else message, context)
            for filename, _, message, _, context in found
            if lang is None or wanted(lang, str(Path("companion/scorers") / filename))}


def engine_catalog(lang: str, kind: str = "po") -> dict:
    """(template, context) -> the translated forms in ``engine.po`` (or the compiled ``engine.mo``)."""
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / f"engine.{kind}", "rb") as file:
        catalog = read_po(file) if kind == "po" else read_mo(file)
    return {(forms(m.id)[0], text(m.context)): forms(m.string) for m in catalog if m.id}


def forms(message) -> tuple:
    """A message's text as a tuple: one form, or the plural forms (read_mo gives lists)."""
    return tuple(message) if isinstance(message, (list, tuple)) else (message,)


def text(context):
    """A message context as text (read_mo gives bytes)."""
    return context.decode() if isinstance(context, bytes) else context


TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]  # the catalogs: English is the source


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_engine_sentence_is_translated_with_the_same_placeholders_and_rule_ids(lang):
    catalog = engine_catalog(lang)
    missing = sorted(engine_templates(lang) - set(catalog), key=str)
    assert missing == [], f"extract the engine domain and translate (CONTRIBUTING.md): {missing[:5]}"
    for (english, context), translated in catalog.items():
        for form in translated:
            assert form, f"{lang}: {english!r} is untranslated"
            for reading in expansions(form):  # each variant of its choices (docs/grammar.md)
                assert set(PLACEHOLDER.findall(reading)) == set(PLACEHOLDER.findall(english)), (lang, english)
                assert sorted(RULE_ID.findall(reading)) == sorted(RULE_ID.findall(english)), (lang, english)
    assert engine_catalog(lang, "mo") == catalog, "engine.mo is older than engine.po: compile it"


def test_every_engine_plural_has_its_own_singular():
    """A count of one reads in the singular in English too ("1 vote", not "1 votes")."""
    found = extract_from_dir(str(ROOT / "companion" / "scorers"), [("**.py", "python")],
                             keywords=ENGINE_KEYWORDS)
    same = [message[0] for _, _, message, _, _ in found
            if isinstance(message, tuple) and len(message) == 2 and message[0] == message[1]]
    assert same == []


def said_templates(value) -> set:
    """The (template, context) of a Sentence and of every Sentence inside it."""
    if not isinstance(value, Sentence):
        return set()
    found = set() if isinstance(value, Joined) else {(value.template, value.context)}
    for param in value.params.get("parts", []) if isinstance(value, Joined) else value.params.values():
        found |= said_templates(param)
    return found


def test_the_engines_say_nothing_the_extraction_misses():
    """A template built somewhere extraction cannot see would stay English on every page."""
    said = set()
    for name in ("liberte-turn3.json", "liberte-dense.json"):
        result = resolve_json(json.loads((ROOT / "examples" / name).read_text(encoding="utf-8")))
        for line in result["log"]:
            said |= said_templates(line)
    for line in replay(json.loads((ROOT / "examples" / "vote-game.json").read_text(encoding="utf-8")))["log"]:
        said |= said_templates(line)
    assert len(said) > 40 and said - engine_templates() == set()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang):
    folder = TRANSLATIONS / lang / "LC_MESSAGES"
    with open(folder / "messages.po", "rb") as po:
        catalog = {forms(m.id)[0]: forms(m.string) for m in read_po(po) if m.id}
    missing = sorted(source_messages(lang) - set(catalog))
    assert missing == [], f"run the extraction and translate: {missing[:5]}"
    for msgid, translated in catalog.items():
        for text in translated:  # one form, or each plural form (ngettext)
            assert text, f"{lang}: {msgid!r} is untranslated"
            for reading in expansions(text):  # each variant of its choices (docs/grammar.md)
                assert set(PLACEHOLDER.findall(msgid)) == set(PLACEHOLDER.findall(reading)), msgid
    with open(folder / "messages.mo", "rb") as mo:
        compiled = {forms(m.id)[0]: forms(m.string) for m in read_mo(mo) if m.id}
    assert compiled == catalog, "messages.mo is older than messages.po: compile it"


def test_a_games_messages_are_asked_only_in_the_languages_it_declares(monkeypatch):
    """Game.languages: a game speaking English alone needs no catalog entry; the shared code's
    messages and those of a game declaring every language need all of them."""
    monkeypatch.setitem(LANGUAGES_OF, "tally", {"en"})
    assert not wanted("ru", "companion/games/tally/views.py")
    assert not wanted("de", "companion/scorers/tally/rules.py")
    assert wanted("ru", "companion/table/live.py") and wanted("ru", "companion/games/vote/views.py")
    assert wanted("ru", "companion/templates/base.html") and wanted("it", "companion/games/__init__.py")


def test_the_table_language_is_used_and_the_switch_changes_it_for_this_browser(app, client):
    t = TableHelper(client, language="ru")
    t.sit("Max")
    page = client.get(f"/liberte/{t.code}/").get_data(as_text=True)
    assert "Игровой Порядок" in page and '<html lang="ru">' in page
    assert 'name="lang" value="it"' in page  # the switch is on the page
    back = client.post("/lang", data={"lang": "it", "code": t.code, "next": f"/liberte/{t.code}/"})
    assert back.status_code == 303 and back.location == f"/liberte/{t.code}/"
    assert "Ordine di gioco" in client.get(f"/liberte/{t.code}/").get_data(as_text=True)
    other = app.test_client()  # another phone keeps the table's language
    other.post(f"/t/{t.code}/seat", data={"player": "Joshua"})
    assert "Игровой Порядок" in other.get(f"/liberte/{t.code}/").get_data(as_text=True)


def test_start_page_follows_the_browser_and_the_switch(client):
    assert "Новый стол" in client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    client.post("/lang", data={"lang": "it", "next": "//evil.example/"})
    page = client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Un nuovo tavolo" in page
    assert client.post("/lang", data={"lang": "it", "next": "//evil.example/"}).location == "/"


def test_bad_input_messages_are_translated(client):
    client.post("/lang", data={"lang": "ru", "next": "/"})
    r = client.post("/tables", data={"game": "liberte", "players": "A\nA\nB"})
    assert "Имя «A» записано дважды: у каждого игрока должно быть своё имя" in r.get_data(as_text=True)


def paris_tie_and_more(t):
    """Turn 3: Normandie won outright, a Paris tie (Christie advances marat), a battle with Max's
    tokens ignored for want of a General."""
    t.displays("turn", {"turn": 3})
    t.stack(1, "Christie", "red", 3)
    t.stack(1, "Joshua", "blue", 2)
    t.stack(8, "Christie", "red", 3)
    t.stack(8, "Joshua", "red", 3)
    t.displays("card", {"player": "Christie", "faction": "red", "value": 3, "id": "marat"})
    t.displays("battle", {"player": "Max", "tokens": 3})


def step(client, t, name) -> str:
    """One step of the election wizard (after the battle VPs the profile lacks, LIB-BAT-1), with
    the rule ids shown."""
    page = client.get(f"/liberte/{t.code}/election/?step={name}").get_data(as_text=True)
    return re.sub(r'<span class="rule">([^<]*)</span>', r"\1", page)


def advance(t, player, card):
    return t.post(f"/liberte/{t.code}/election/advance", {"contest": "province:8", "player": player, "card": card})


def elect(client, t) -> dict:
    """The wizard's steps in the table's language, before and after the Paris tie is answered."""
    t.post(f"/liberte/{t.code}/election/battle-vp", {"vp": 5})
    pages = {"question": step(client, t, "8"), "battle": step(client, t, "battle"), "1": step(client, t, "1")}
    advance(t, "Christie", "marat")
    advance(t, "Joshua", "")
    pages.update({"8": step(client, t, "8"), "government": step(client, t, "government")})
    return pages


def fourth_stack_refused(client, language) -> tuple:
    """A table in ``language`` whose fourth stack in province 5 is refused (LIB-PLACE-2): the table
    and the refusal as the page shows it."""
    t = TableHelper(client, players=["Christie", "Joshua", "Max", "Anne"], language=language)
    t.sit("Christie")
    for height, player in enumerate(["Christie", "Joshua", "Max"], 1):
        t.stack(5, player, "blue", height)
    return t, t.stack(5, "Anne", "white", 2).get_data(as_text=True)


def test_a_russian_table_sees_the_engine_in_russian(client):
    """The election's sentences (LIB-BAT-1, LIB-ELEC-3, LIB-ELEC-6, LIB-GOV-1, LIB-VP-1) and a refused
    placement (LIB-PLACE-2) in the table's language; the rule ids stay as they are."""
    t, refused = fourth_stack_refused(client, "ru")
    assert "провинция 5: стеков — 4; в провинции их не больше 3" in refused and "(LIB-PLACE-2)" in refused
    paris_tie_and_more(t)
    pages = elect(client, t)
    # the rulebook's verb: R l. 392 «УЛУЧШАТЬ свои карты» (not «выложить», "put on the display")
    assert "Christie, улучшите одну карту или пасуйте." in pages["question"]
    assert "3 жетона игрока Max не считаются без Генерала (LIB-BAT-1)" in pages["battle"]
    assert ("1 Normandie: Радикалы 3 (Christie) — впереди; позади: Умеренные 2 (Joshua); Christie забирает "
            "1 голос Радикалов (LIB-ELEC-3)") in pages["1"]
    assert "Christie улучшает marat (Радикалы 3); Christie забирает 3 голоса Радикалов (LIB-ELEC-6)" in pages["8"]
    assert "Правительство: Радикалы, 4 голоса (LIB-GOV-1)" in pages["government"]
    assert shown(pages["government"]).count("Голоса:") == 1  # the engine's line, in the rulebook's names
    assert "Голоса: Радикалы 4, Роялисты 0, Умеренные 1" in pages["government"]
    assert "Christie — больше всего голосов Радикалов: 5 ПО (LIB-VP-1)" in pages["government"]
    for page in pages.values():
        assert "takes" not in page and "votes (LIB" not in page


def test_an_italian_table_sees_the_engine_in_italian(client):
    t, refused = fourth_stack_refused(client, "it")
    assert "provincia 5: 4 pile; una provincia ne contiene al massimo 3" in refused and "(LIB-PLACE-2)" in refused
    paris_tie_and_more(t)
    pages = elect(client, t)
    assert ("1 Normandie: Radicali 3 (Christie) batte Moderati 2 (Joshua); Christie prende 1 voto dei "
            "Radicali (LIB-ELEC-3)") in pages["1"]
    assert "Christie fa avanzare marat (Radicali 3); Christie prende 3 voti dei Radicali (LIB-ELEC-6)" in pages["8"]
    # the supply is «scorta»: the player aid calls the display «riserva» (I l. 120)
    assert "i blocchi rimasti (3) tornano nella scorta (LIB-ELEC-5)" in pages["8"]  # never "i 8 blocchi"
    assert "Governo: Radicali con 4 voti (LIB-GOV-1)" in pages["government"]
    assert "Presenti nel Governo dei Radicali: Christie (LIB-VP-5)" in pages["government"]


def test_the_json_api_stays_english_whatever_the_browser_language(client):
    body = {"turn": 2, "players": ["A", "B"], "board": {"1": [{"player": "A", "faction": "red", "blocks": 2}]}}
    answer = client.post("/api/liberte/resolve", json=body, headers={"Accept-Language": "ru"}).get_json()
    assert answer["log"][1] == "1 Normandie: red 2 (A) stands alone; A takes 1 red vote (LIB-ELEC-3)"
    body["board"]["1"][0]["blocks"] = 4
    refused = client.post("/api/liberte/resolve", json=body, headers={"Accept-Language": "it"})
    assert refused.get_json() == {"error": "province 1, stack 1 (A): blocks: 4 is out of range (1 to 3)",
                                  "rule": "LIB-PLACE-1"}


def vp_province_won(client, language) -> TableHelper:
    """A table in ``language`` whose profile gives province 3 two VPs (LIB-ELEC-8); Christie holds it."""
    t = TableHelper(client, language=language)
    t.sit("Christie")
    t.post(f"/liberte/{t.code}/profile/", {f"vp-{n}": 2 if n == 3 else 0 for n in range(1, 28)})
    t.stack(3, "Christie", "red", 1)
    return t


@pytest.mark.parametrize("lang, vp", [("ru", "ПО"), ("it", "VP")])
def test_victory_points_are_abbreviated_as_in_the_tables_language(client, lang, vp):
    """ПО (Очки Победы), VP (the Italian aid's own word), as the engine's sentences say them: the board's VP
    province, the displays, the profile's column and the election's VP track."""
    t = vp_province_won(client, lang)
    pages = {where: client.get(f"/liberte/{t.code}/{where}").get_data(as_text=True)
             for where in ("", "displays", "profile/", "election/?step=end")}
    assert f'<span class="tag">2 {vp}</span>' in pages[""]
    assert f"Christie · 0 {vp}" in shown(pages["displays"])
    assert f"<th>{vp}</th>" in pages["profile/"] and f'aria-label="{vp} ' in pages["profile/"]
    assert f"Christie 5 {vp}" in shown(pages["election/?step=end"])
    if vp != "VP":  # the Italian aid writes «VP» itself (002)
        for page in pages.values():
            assert not re.search(r"\bVP\b", shown(page)) and 'aria-label="VP' not in page


@pytest.mark.parametrize("lang, paris", [("ru", "Париж"), ("it", "Parigi")])
def test_paris_is_named_in_the_tables_language_on_the_board_and_after_a_tap(client, lang, paris):
    t = TableHelper(client, language=lang)
    t.sit("Christie")
    board = client.get(f"/liberte/{t.code}/").get_data(as_text=True)
    tap = t.stack(8, "Christie", "red", 1).get_data(as_text=True)  # the province answered alone
    for page in (board, tap):
        assert f'<span class="tag">{paris}</span>' in page and ">Paris<" not in page


def test_the_history_names_each_tie_in_the_tables_language(app, client):
    """An answer to a tie (LIB-ELEC-4) says in words which contest it settled, not its key."""
    t = TableHelper(client, language="ru")
    t.sit("Christie")
    paris_tie_and_more(t)
    elect(client, t)
    history = shown(client.get(f"/t/{t.code}/history").get_data(as_text=True))
    assert "Christie улучшает marat (провинция 8)" in history
    with app.test_request_context(headers={"Accept-Language": "it"}):
        said = {contest: position.describe({"kind": "advance", "data": {
            "contest": contest, "round": 1, "player": "Max", "card": None}})
            for contest in ("battle", "government", "opposition")}
    assert said == {"battle": "Max passa (la battaglia)", "government": "Max passa (il Governo)",
                    "opposition": "Max passa (l'Opposizione)"}


def test_the_default_profile_is_named_in_the_tables_language_and_stored_in_english(client):
    t = TableHelper(client, language="ru")
    t.sit("Christie")
    page = client.get(f"/liberte/{t.code}/profile/").get_data(as_text=True)
    assert 'value="Liberté (только факты из правил)"' in page
    unchanged = {"profile-name": "Liberté (только факты из правил)", "battle-2": "4"}
    t.post(f"/liberte/{t.code}/profile/", {**unchanged, **{f"vp-{n}": 0 for n in range(1, 28)}})
    exported = client.get(f"/liberte/{t.code}/profile/profile.json").get_json()
    assert exported["name"] == "Liberté (the rulebook's facts only)"


@pytest.mark.parametrize("lang, said", [
    ("ru", ["провинция: нужно целое число, а не 'x'", "блоки: 4 не в пределах от 0 до 3",
            "неизвестный игрок 'Nobody'", "выберите цвет: красные, белые или синие",
            "жетоны: нужно целое число, а не 'x'", "ценность: 7 не в пределах от 1 до 3"]),
    ("it", ["provincia: serve un numero intero, non 'x'", "blocchi: 4 non è tra 0 e 3",
            "giocatore sconosciuto 'Nobody'", "scegli il colore: rosso, bianco o blu",
            "segnalini: serve un numero intero, non 'x'", "valore: 7 non è tra 1 e 3"])])
def test_a_refused_field_is_named_in_the_tables_language(client, lang, said):
    """The board's and the displays' forms name the field as the page does, not by its form name."""
    t = TableHelper(client, language=lang)
    t.sit("Christie")
    stack = {"province": "3", "player": "Christie", "faction": "red", "blocks": 1}
    answers = [t.post(f"/liberte/{t.code}/", dict(stack, **change)) for change in (
        {"province": "x"}, {"blocks": 4}, {"player": "Nobody"}, {"faction": "pink"})]
    answers.append(t.displays("battle", {"player": "Joshua", "tokens": "x"}))
    answers.append(t.displays("card", {"player": "Joshua", "where": "hands", "faction": "red", "value": 7}))
    assert [refusals(answer) for answer in answers] == [[sentence] for sentence in said]


def test_the_engines_refusals_name_a_display_and_the_board_profile_in_words(client):
    """A fifth card (LIB-PLACE-5) and a profile with a province 30 (LIB-ELEC-1) are refused on a
    Russian page without the scenario's keys (displays.Joshua, map.provinces)."""
    t = TableHelper(client, language="ru")
    t.sit("Christie")
    for _ in range(5):
        full = t.displays("card", {"player": "Joshua", "where": "displays", "faction": "white", "value": 1})
    assert refusals(full) == ["личный дисплей игрока Joshua: карт — 5; на личном дисплее помещается 4 (5 — только с картой "
                              "санкюлотов)"]
    upload = {"file": (io.BytesIO(b'{"provinces": {"30": {}}}'), "profile.json"), "version": t.version}
    province_30 = client.post(f"/liberte/{t.code}/profile/import", data=upload)
    assert refusals(province_30) == ["профиль поля, провинции: неизвестная провинция '30'; провинции "
                                     "пронумерованы от 1 до 27"]


def test_a_refused_vote_names_the_move_and_the_phase_in_the_tables_language(client):
    t = VoteTable(client, language="it")
    t.sit("Ann")
    t.start({name: (3, 3) for name in SEVEN})
    assert refusals(t.vote(yes=["Ann"])) == ["nessuna votazione adesso: il giro è alla fase di nomina"]


@pytest.mark.parametrize("lang, said", [("it", ["Joshua: una carta rossa 3", "Joshua: una carta bianca 1"]),
                                        ("ru", ["Joshua: красная карта 3", "Joshua: белая карта 1"])])
def test_the_history_says_a_card_with_its_colour_agreeing(client, lang, said):
    t = TableHelper(client, language=lang)
    t.sit("Christie")
    for faction, value in (("red", 3), ("white", 1)):
        t.displays("card", {"player": "Joshua", "where": "displays", "faction": faction, "value": value})
    history = shown(client.get(f"/t/{t.code}/history").get_data(as_text=True))
    assert all(sentence in history for sentence in said)


@pytest.mark.parametrize("lang, order, refused", [
    ("fr", "Ordre du tour", "province 5\u00a0: 4\u00a0piles"),
    ("de", "Spielerreihenfolge", "Provinz 5: 4 Stapel; eine Provinz fasst höchstens 3")])
def test_a_new_table_may_speak_french_or_german_and_every_page_offers_both(client, lang, order, refused):
    """French and German, the game's largest audiences after English: chosen for a new table,
    offered by the switch, the engine's refusals (LIB-PLACE-2) in the table's language."""
    assert f'<option value="{lang}"' in client.get("/").get_data(as_text=True)
    t, answer = fourth_stack_refused(client, lang)
    page = client.get(f"/liberte/{t.code}/").get_data(as_text=True)
    assert f'<html lang="{lang}">' in page and order in page
    assert 'name="lang" value="fr"' in page and 'name="lang" value="de"' in page
    assert refused.replace("\u00a0", " ") in shown(answer).replace("\u00a0", " ") and "(LIB-PLACE-2)" in answer
