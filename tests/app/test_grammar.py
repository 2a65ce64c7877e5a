"""Names in their cases and words that agree (docs/grammar.md): the syntax a translation may use,
the Russian declension, the guess of a form of address, and the seat's form of address as a table
event (TABLE-ADDRESS)."""
import gettext
import io
import json

import pytest

from companion.grammar import genders_of, guess, speaker
from companion.grammar.russian import decline_name, decline_term
from companion.scorers.sentence import Grammar, expansions, names, render, sentence, word
from companion.table import events
from table_support import TableHelper, VoteTable

RU = speaker("ru", {"Аня": "f", "Ольга": "f", "Дмитрий": "m", "Дина": "f"})
NONE = gettext.NullTranslations()


class Catalog(gettext.NullTranslations):
    """A catalog of a few hand-written translations, as a translator would write them."""

    def __init__(self, entries: dict):
        super().__init__()
        self.entries = entries

    def gettext(self, message):
        return self.entries.get(message, message)

    def pgettext(self, context, message):
        return self.entries.get((context, message), message)


@pytest.mark.parametrize("case, expected", [
    ("gen", "Ани"), ("dat", "Ане"), ("acc", "Аню"), ("ins", "Аней"), ("loc", "Ане")])
def test_a_russian_first_name_takes_the_case_the_sentence_asks(case, expected):
    assert render(f"%(p@{case})s", {"p": "Аня"}, RU) == expected


def test_names_the_dictionary_knows_are_declined_and_the_others_stay_as_typed():
    assert decline_name("Дмитрий", "accs", "m") == "Дмитрия"
    assert decline_name("Анна Петрова", "accs", "f") == "Анну Петрову"
    assert decline_name("Лев", "gent", "m") == "Льва"
    assert decline_name("Дина", "accs", "f") == "Дину"  # not «Дина», the genitive of a man's «Дин»
    assert decline_name("Alex", "accs", None) is None
    assert render("выдвигает %(p@acc)s", {"p": "Alex"}, RU) == "выдвигает Alex"
    assert not RU.declinable("Alex") and RU.declinable("Аня")


def test_a_choice_follows_the_players_form_of_address_with_a_neutral_default():
    text = "{p?f:%(p)s выбыла|m:%(p)s выбыл|%(p)s выбывает из игры}"
    assert render(text, {"p": "Ольга"}, RU) == "Ольга выбыла"
    assert render(text, {"p": "Дмитрий"}, RU) == "Дмитрий выбыл"
    assert render(text, {"p": "Саша"}, RU) == "Саша выбывает из игры"
    german = speaker("de", {"Carla": "f", "Dieter": "m"})
    badge = "{p?f:Präsidentin %(p)s|m:Präsident %(p)s|Präsidentschaft: %(p)s}"
    assert [render(badge, {"p": p}, german) for p in ("Carla", "Dieter", "Kim")] == [
        "Präsidentin Carla", "Präsident Dieter", "Präsidentschaft: Kim"]


def test_a_name_that_cannot_be_declined_takes_the_nominative_wording():
    text = "{c?nom:Голосование: кандидат — %(c)s|Голосование по кандидатуре %(c@gen)s}"
    assert render(text, {"c": "Аня"}, RU) == "Голосование по кандидатуре Ани"
    assert render(text, {"c": "Zed"}, RU) == "Голосование: кандидат — Zed"


def test_a_list_of_names_is_declined_name_by_name_and_is_plural():
    catalog = Catalog({("list of names", "%(rest)s, %(last)s"): "%(rest)s и %(last)s",
                       "%(players)s are out": "{players?pl:%(players@acc)s выводят из игры|"
                                              "%(players@acc)s выводят из игры}"})
    said = sentence("%(players)s are out", players=names(["Ольга", "Дмитрий"]))
    assert said.translate(catalog, RU) == "Ольгу и Дмитрия выводят из игры"


def test_a_term_of_the_rulebook_is_declined_as_a_noun_phrase():
    assert decline_term("Секция Сражения", "accs") == "Секцию Сражения"
    assert decline_term("белая 1", "accs") == "белую 1"
    assert decline_term("белые кубики", "gent") == "белых кубиков"
    catalog = Catalog({("box", "Battle box"): "Секция Сражения",
                       "Clear the %(box)s": "Очистите %(box@acc)s"})
    said = sentence("Clear the %(box)s", box=word("box", "Battle box"))
    assert str(said) == "Clear the Battle box"  # the CLI, the JSON: English
    assert said.translate(catalog, RU) == "Очистите Секцию Сражения"


def test_english_reads_the_same_without_a_grammar_and_every_variant_is_listed():
    said = sentence("%(p)s reveals {p?f:her|m:his|their} card", p="Ann")
    assert str(said) == "Ann reveals their card"
    assert said.translate(NONE, Grammar({"Ann": "f"})) == "Ann reveals her card"
    assert expansions("{p?f:a|m:b|c} {q?x|y}") == ["a x", "a y", "b x", "b y", "c x", "c y"]


def test_a_new_players_form_of_address_is_guessed_from_the_name_and_the_tables_language():
    assert guess("Аня", "ru") == "f" and guess("Дмитрий", "ru") == "m"
    assert guess("Саша", "ru") is None  # both
    assert guess("Andrea", "it") == "m" and guess("Andrea", "de") == "f"
    assert guess("Xq", "en") is None
    assert genders_of(["Аня", "Саша", "Kim"], {"Kim": "f"}, "ru") == {"Аня": "f", "Саша": "", "Kim": "f"}


def genders(client, code) -> dict:
    """A table's forms of address now, read from its export as any phone could."""
    exported = client.get(f"/t/{code}/export.json").get_json()
    return events.genders(exported["setup"], exported["events"])


def test_a_seat_s_form_of_address_is_set_in_one_tap_told_everywhere_and_never_undone(client):
    table = VoteTable(client, ["Аня", "Дмитрий", "Саша", "Вера", "Глеб"], language="ru")
    table.sit("Саша")
    assert genders(client, table.code) == {"Аня": "f", "Дмитрий": "m", "Саша": "", "Вера": "f", "Глеб": "m"}
    answer = table.post(f"/t/{table.code}/address", {"player": "Саша", "gender": "f"})
    assert answer.status_code == 200 and 'aria-pressed="true">' in answer.get_data(as_text=True)
    assert genders(client, table.code)["Саша"] == "f"
    assert "Саш" in client.get(f"/t/{table.code}/history").get_data(as_text=True)  # in any case
    undo = table.post(f"/t/{table.code}/undo", {})
    assert undo.status_code == 422  # nothing to undo: a form of address is no move
    refused = table.post(f"/t/{table.code}/address", {"player": "Саша", "gender": "x"})
    assert refused.status_code == 422 and genders(client, table.code)["Саша"] == "f"  # TABLE-ADDRESS
    stranger = table.post(f"/t/{table.code}/address", {"player": "Нина", "gender": "f"})
    assert stranger.status_code == 422


def test_a_form_of_address_set_meanwhile_makes_no_other_phones_move_stale(client):
    """Another phone's tap made from the version before a form of address was set is applied:
    a form of address is no move and conflicts with none (events.ADDRESS)."""
    table = TableHelper(client)
    table.sit("Christie")
    table.stack(1, "Christie", "red", 2)
    before = table.version
    table.post(f"/t/{table.code}/address", {"player": "Max", "gender": "m"})
    answer = table.stack(2, "Joshua", "blue", 1, version=before)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    assert genders(client, table.code)["Max"] == "m"


def test_the_seat_picker_takes_a_seat_with_its_form_of_address_in_one_tap(app, client):
    table = VoteTable(client, ["Anna", "Boris", "Kim", "Vera", "Gleb"])
    picker = app.test_client().get(f"/t/{table.code}").get_data(as_text=True)
    assert 'name="seat_as" value="f:Anna" aria-pressed="true"' in picker
    other = app.test_client()
    assert other.post(f"/t/{table.code}/seat", data={"seat_as": "f:Kim"}).status_code == 303
    assert genders(client, table.code)["Kim"] == "f"


def test_an_imported_table_keeps_its_forms_of_address(client):
    table = VoteTable(client, ["Anna", "Boris", "Kim", "Vera", "Gleb"])
    table.sit("Kim")
    table.post(f"/t/{table.code}/address", {"player": "Kim", "gender": "m"})
    exported = client.get(f"/t/{table.code}/export.json").get_json()
    assert exported["setup"]["genders"]["Anna"] == "f" and exported["events"][-1]["kind"] == "address"
    again = client.post("/tables/import", data={"file": (io.BytesIO(json.dumps(exported).encode()),
                                                        "t.json")})
    assert again.status_code == 303
    assert genders(client, again.location.split("/")[2])["Kim"] == "m"
