"""Languages: English, Russian and Italian complete; chosen per table; a switch on every page."""
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from conftest import TableHelper

ROOT = Path(__file__).parent.parent
TRANSLATIONS = ROOT / "companion" / "translations"
PLACEHOLDER = re.compile(r"%\(\w+\)[sr]")


def source_messages() -> set:
    """Every message the code and templates mark for translation, extracted now."""
    method_map = [("companion/**.py", "python"), ("companion/templates/**.html", "jinja2")]
    found = extract_from_dir(str(ROOT), method_map, keywords={"_": None, "gettext": None},
                             options_map={"companion/templates/**.html": {}})
    return {message for _, _, message, _, _ in found if message}


@pytest.mark.parametrize("lang", ["ru", "it"])
def test_every_message_is_translated_with_the_same_placeholders(lang):
    folder = TRANSLATIONS / lang / "LC_MESSAGES"
    with open(folder / "messages.po", "rb") as po:
        catalog = {m.id: m.string for m in read_po(po) if m.id}
    missing = sorted(source_messages() - set(catalog))
    assert missing == [], f"run the extraction and translate: {missing[:5]}"
    for msgid, text in catalog.items():
        assert text, f"{lang}: {msgid!r} is untranslated"
        assert sorted(PLACEHOLDER.findall(msgid)) == sorted(PLACEHOLDER.findall(text)), msgid
    with open(folder / "messages.mo", "rb") as mo:
        compiled = {m.id: m.string for m in read_mo(mo) if m.id}
    assert compiled == catalog, "messages.mo is older than messages.po: compile it"


def test_the_table_language_is_used_and_the_switch_changes_it_for_this_browser(app, client):
    t = TableHelper(client, language="ru")
    t.sit("Max")
    page = client.get(f"/liberte/{t.code}/").get_data(as_text=True)
    assert "Порядок хода" in page and '<html lang="ru">' in page
    assert 'name="lang" value="it"' in page  # the switch is on the page
    back = client.post("/lang", data={"lang": "it", "code": t.code, "next": f"/liberte/{t.code}/"})
    assert back.status_code == 303 and back.location == f"/liberte/{t.code}/"
    assert "Ordine di gioco" in client.get(f"/liberte/{t.code}/").get_data(as_text=True)
    other = app.test_client()  # another phone keeps the table's language
    other.post(f"/t/{t.code}/seat", data={"player": "Joshua"})
    assert "Порядок хода" in other.get(f"/liberte/{t.code}/").get_data(as_text=True)


def test_start_page_follows_the_browser_and_the_switch(client):
    assert "Новый стол" in client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    client.post("/lang", data={"lang": "it", "next": "//evil.example/"})
    page = client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Un nuovo tavolo" in page
    assert client.post("/lang", data={"lang": "it", "next": "//evil.example/"}).location == "/"


def test_bad_input_messages_are_translated(client):
    client.post("/lang", data={"lang": "ru", "next": "/"})
    r = client.post("/tables", data={"game": "liberte", "players": "A\nA\nB"})
    assert "одинаковые имена" in r.get_data(as_text=True)
