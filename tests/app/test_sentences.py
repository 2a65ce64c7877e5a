"""A proof-reader: every message of both catalogs, in every language, read as a table would.

Each message is rendered with a woman's and a man's name wherever a player is named, and with the
counts 0, 1, 2, 5 and 21 wherever a number stands (issue 26). The reader refuses:

- a raw key: a message shown in English on a non-English page (a short allow-list names the few
  that are the same by design), or an English word of the catalog inside a translation;
- a count that does not go through the plural forms (``1 жетонов``, ``1 segnalini``, ``1 cards``)
  or a catalog whose plural forms are missing for a count;
- a name inflected by its place: after «у», «между», «Президенту» in Russian; after «a» (which
  turns into «ad» before a vowel) in Italian, or «e» before an E (which asks for «ed»); after «de»,
  «que», «le», «la» (elided before a vowel) in French;
- a capital letter after «; » (German excepted, whose nouns are capitals).
"""
import pickle
import re
from pathlib import Path

import pytest
from babel import Locale
from babel.lists import format_list
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from companion.games.liberte import position
from companion.grammar import speaker
from companion.grammar.russian import analyzer
from companion.scorers.sentence import SELECT, names, plural, render, sentence, variants
from table_support import SEVEN

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "companion" / "translations"
LANGUAGES = ["en", "ru", "it", "fr", "de"]
DOMAINS = ["messages", "engine"]
COUNTS = [0, 1, 2, 5, 21]
PLACEHOLDER = re.compile(r"%\((\w+)(?:@\w+)?\)([srd])")

# A woman and a man at each table; the Italian, French and German names open with a vowel, where
# an article or a preposition would have to change.
NAMES = {"en": ("Anne", "Owen"), "ru": ("Вера", "Глеб"), "it": ("Anna", "Ugo"),
         "fr": ("Inès", "Olivier"), "de": ("Ida", "Emil")}
# Placeholders that carry a player's name, and those that carry a list of names.
NAMED = {"p", "player", "target", "president", "pm", "candidate", "first", "to", "name", "winner", "c"}
LISTED = {"players", "names", "tied", "losers", "winners", "strangers", "w"}
# Placeholders that carry a count; any other (a field, a faction, a card's value) gets a word.
COUNTED = {"n", "num", "k", "t", "count", "voters", "votes", "tokens", "blocks", "cards", "treasures",
           "lost", "need", "limit", "max", "vp", "d", "r", "i", "total", "y", "yes", "no", "sum", "democrats",
           "republicans", "needed", "named", "points", "u", "x"}

# Messages identical to the English by design: names, numbers, abbreviations and words that are
# the same in that language. Anything without a letter outside its placeholders is allowed too.
SAME = {
    "ru": set(),
    "it": {"PM", "Paris", "Host", "no", "No: %(names)s", "[nation] Austria", "[nation] Prussia", "[nation] Russia",
           "VP", "%(n)s VP", "%(p)s: %(v)s VP", "%(n)s no", "[badge of a player] PM",  # the aid's «VP» (002)
           "Club"},  # the aid's «Club» (002)
    "fr": {"PM", "[badge of a player] PM", "Paris", "Code", "Budget", "Discussion", "Pause", "Nation", "Province %(p)s", "Provinces",
           "Points", "Version %(v)s", "Table %(code)s", "Votes", "Opposition", "budget", "province",
           "province %(n)s", "vote", "sans-culottes", "[phase] vote", "[event] vote", "[nation] France",
           "[power] France", "[points] budget", "Passes", "[phase] unrest", "province %(number)s",
           "[power] Protestant", "[nation] another nation", "%(n)s players: %(democrats)s Democrats and "
           "%(republicans)s Republicans are dealt, with 3 cards each (VOTE-SETUP-1, VOTE-SETUP-2)",
           "Club", "Guillotine", "Score"},
    "de": {"PM", "[badge of a player] PM", "Paris", "Code", "Budget", "Name", "Nation", "Region", "Start", "General", "Hand",
           "Version %(v)s", "Pause", "Spieler", "Opposition", "budget", "[points] budget", "[power] England",
           "[nation] another nation", "Club", "Emigration", "Guillotine", "Terror"},
}


def catalog(lang: str, domain: str):
    """The compiled catalog of a language (English: the templates themselves)."""
    if lang == "en":
        return NullTranslations()
    return Translations.load(str(TRANSLATIONS), [lang], domain)


def messages(domain: str) -> list:
    """Every message of a domain's template (.pot): (context, msgid, plural msgid or None)."""
    with open(TRANSLATIONS / f"{domain}.pot", "rb") as file:
        found = [m for m in read_po(file) if m.id]
    return [(m.context, m.id, None) if isinstance(m.id, str) else (m.context, m.id[0], m.id[1])
            for m in found]


def params(msgid: str, lang: str, name: str, count: int) -> dict:
    """Values for a message's placeholders: the name, a list of two names in the language's own
    way, or the count (``%(t)s`` is a player only in "uses %(a)s on %(t)s")."""
    female, male = NAMES[lang]
    values = {}
    for key, kind in PLACEHOLDER.findall(msgid):
        if key in NAMED or (key == "t" and "on %(t)s" in msgid):
            values[key] = name
        elif key in LISTED:
            values[key] = names([female, male])
        elif key in COUNTED or kind == "d":
            values[key] = count
        else:
            values[key] = "x"
    return values


def rendered(lang: str, domain: str) -> list:
    """(msgid, text) for every message, every name and every count."""
    found, lists = catalog(lang, domain), catalog(lang, "engine")
    grammar = speaker(lang, dict(zip(NAMES[lang], ("f", "m"))))  # the woman and the man said so
    texts = []
    for context, msgid, plural_id in messages(domain):
        for name in NAMES[lang]:
            for count in COUNTS:
                if plural_id is None:
                    text = found.pgettext(context, msgid) if context else found.gettext(msgid)
                elif context:
                    text = found.npgettext(context, msgid, plural_id, count)
                else:
                    text = found.ngettext(msgid, plural_id, count)
                values = params(plural_id or msgid, lang, name, count)
                texts.append((msgid, render(text, values, grammar, lists)))
    return texts


# The count nouns of the catalogs, with the form each count asks for: Russian one/few/many,
# the others singular/plural (French: 0 and 1 singular).
NOUNS = {
    "en": [("token", "tokens"), ("card", "cards"), ("vote", "votes"), ("block", "blocks"),
           ("player", "players"), ("stack", "stacks"), ("treasure", "treasures"), ("battle", "battles")],
    "ru": [("жетон", "жетона", "жетонов"), ("голос", "голоса", "голосов"), ("карта", "карты", "карт"),
           ("блок", "блока", "блоков"), ("игрок", "игрока", "игроков"), ("стек", "стека", "стеков"),
           ("сокровище", "сокровища", "сокровищ"), ("сражение", "сражения", "сражений"),
           ("провинция", "провинции", "провинций"), ("профиль", "профиля", "профилей"),
           ("событие", "события", "событий"), ("секунда", "секунды", "секунд")],
    "it": [("segnalino", "segnalini"), ("carta", "carte"), ("voto", "voti"), ("blocco", "blocchi"),
           ("giocatore", "giocatori"), ("pila", "pile"), ("tesoro", "tesori"), ("battaglia", "battaglie"),
           ("profilo", "profili"), ("evento", "eventi")],
    "fr": [("jeton", "jetons"), ("carte", "cartes"), ("bloc", "blocs"), ("joueur", "joueurs"),
           ("pile", "piles"), ("trésor", "trésors"), ("bataille", "batailles"), ("profil", "profils"),
           ("événement", "événements")],
    "de": [("Karte", "Karten"), ("Stein", "Steine"), ("Stimme", "Stimmen"), ("Schatz", "Schätze"),
           ("Schlacht", "Schlachten"), ("Profil", "Profile"), ("Ereignis", "Ereignisse")],
}


def form_index(lang: str, n: int) -> int:
    """Which of a noun's forms follows the number ``n``."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        return 1 if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else 2
    if lang == "fr":
        return 0 if n in (0, 1) else 1
    return 0 if n == 1 else 1


def wrong_counts(lang: str, text: str) -> list:
    """Number–noun pairs whose noun has the wrong form for the number (``1 жетонов``)."""
    wrong = []
    for forms in NOUNS[lang]:
        for index, form in enumerate(forms):
            for number in re.findall(rf"(?<![\w.,])(\d+)\s{re.escape(form)}\b", text):
                if forms[form_index(lang, int(number))] != form and forms.count(form) == 1:
                    wrong.append(f"{number} {form}")
    return wrong


def inflected_names(lang: str, text: str) -> list:
    """A name where the language would inflect it or change the word before it."""
    names = "|".join(NAMES[lang])
    patterns = {"ru": rf"\b(?:[Уу]|[Мм]ежду|Президенту)\s+(?:{names})\b",
                "it": rf"\b(?:a\s+(?:{names})\b|e\s+E)",
                "fr": rf"\b(?:de|que|le|la)\s+(?:{names})\b"}
    return re.findall(patterns[lang], text) if lang in patterns else []


# Capitalised after «; » on purpose: the rulebooks' terms (factions, bodies, offices; the Russian
# conquest rules write «Держава» so), countries, the game's name, and the players' names.
CAPITALS = {"ru": {"Радикалы", "Роялисты", "Умеренные", "Правительство", "Оппозиция", "Армию", "Армия",
                   "ПО", "Генерал", "Президент", "Англия", "Империя", "Париж", "Liberté", "Держава"},
            "it": {"Radicali", "Monarchici", "Moderati", "Governo", "Opposizione", "VP", "Presidente",
                   "Inghilterra", "Liberté"},
            "fr": {"PV", "Président", "Angleterre", "Liberté"},
            "en": {"VP", "Government", "Opposition", "Radicals", "Royalists", "President", "England", "Liberté"}}


def capitals_after_semicolon(lang: str, text: str) -> list:
    if lang == "de":
        return []
    allowed = CAPITALS.get(lang, set()) | set(NAMES[lang])
    return [w for w in re.findall(r";\s+([A-ZА-ЯЁÀ-Ý]\w*)", text) if w not in allowed]


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_reads_as_a_native_speaker_would_write_it(lang, domain):
    problems = []
    for msgid, text in rendered(lang, domain):
        for found in wrong_counts(lang, text):
            problems.append(f"count {found!r}: {text}")
        for found in inflected_names(lang, text):
            problems.append(f"name after {found!r}: {text}")
        for found in capitals_after_semicolon(lang, text):
            problems.append(f"capital after '; ' ({found}): {text}")
    assert sorted(set(problems)) == []


def english_words() -> set:
    """The words of the English templates (4 letters or more, placeholders aside)."""
    words = set()
    for domain in DOMAINS:
        for _context, msgid, plural_id in messages(domain):
            words |= set(re.findall(r"[a-z]{4,}", PLACEHOLDER.sub(" ", f"{msgid} {plural_id or ''}")))
    return words


# The keys and values of the file formats (docs/formats.md), typed as they are in any language, and
# the words each language writes as English does (French «question», «plaque»; German «Timer»,
# «neutral»; Italian «file», «host», and the rulebook's own «casella Battle Box»): no word there
# is an untranslated one, so the reader does not stop at it.
FORMAT_KEYS = {"events", "players", "seed", "lot", "cards", "type", "kind", "club", "personality", "true",
               "false", "name", "region", "paris", "options", "highest", "total", "conquest", "surrender",
               "spend", "score", "provinces", "budget", "support", "faction", "value", "player", "blocks", "map",
               "advances", "board", "government", "battle", "displays", "hands", "red", "white", "blue",
               "vote", "liberté", "special"}
SHARED = {"ru": set(),
          "it": {"come", "data", "date", "decide", "dice", "file", "host", "link", "pile", "province", "area",
                 "timer", "browser", "scenario", "russia", "austria", "prussia", "battle", "box",
                 "turn", "track", "election",  # the aid's board labels «Turn Track», «Election Track» (002)
                 "computer", "state"},
          "fr": {"table", "tables", "code", "budget", "discussion", "pause", "nation", "province", "provinces", "points",
                 "version", "votes", "vote", "opposition", "passe", "passes", "sans", "culottes", "double",
                 "date", "action", "options", "total", "type", "impulsion", "phase", "France", "commande",
                 "profil", "profils", "segment", "initial", "minute", "minutes", "secondes", "page", "pages",
                 "image", "note", "notes", "rose", "client", "courts", "place", "places", "format",
                 "objet", "texte", "contre", "plus", "moins", "tour", "tours", "jeton", "jetons", "case",
                 "cases", "pile", "piles", "carte", "cartes", "ligne", "lignes", "close", "codes", "correction",
                 "face", "fleur", "long", "option", "pays", "plaque", "plaques", "position", "question", "rotation",
                 "script", "secret", "silence", "actions", "alliances", "arrive", "attrition", "camp", "change",
                 "conditions", "consul", "doubles", "formation", "nations", "pain", "voter"},
          "de": {"name", "namen", "code", "budget", "start", "general", "hand", "version", "pause", "region",
                 "nation", "opposition", "england", "spieler", "marker", "phase", "impuls", "impulse",
                 "plus", "minus", "text", "format", "link", "minute", "minuten", "sekunde", "sekunden",
                 "objekt", "option", "wert", "land", "finale", "total", "stapel", "profil", "profile",
                 "runde", "runden", "generals", "person", "browser", "countdown", "stand", "timer", "lost",
                 "neutral", "chance", "impulses", "also", "formation", "optional"}}


def raw_keys_and_english_words(lang: str, domain: str) -> tuple:
    """The messages shown in English, and the English words inside the translations."""
    found = catalog(lang, domain)
    english = english_words() - FORMAT_KEYS - {w.lower() for w in SHARED[lang]}
    raw, words = [], []
    for context, msgid, plural_id in messages(domain):
        key = f"[{context}] {msgid}" if context else msgid
        forms = ([found.pgettext(context, msgid) if context else found.gettext(msgid)] if plural_id is None
                 else [found.ngettext(msgid, plural_id, n) if not context
                       else found.npgettext(context, msgid, plural_id, n) for n in COUNTS])
        bare = re.sub(r"[^A-Za-z]", "", re.sub(r"\b[\w\[\]]+_\w+|\b[a-z]+\[|\b(?:%s)\b" % "|".join(FORMAT_KEYS), "",
                      PLACEHOLDER.sub("", re.sub(r"\b[A-Z]+-[A-Z]+-\d+\b", "", msgid))))
        if bare and key not in SAME.get(lang, set()) and any(form == msgid for form in forms):
            raw.append(key)
        for form in forms:
            text = re.sub(r"'[^']*'|\{[^}]*\}|\b\w+\.\w+|\b\w+_\w+|\b[A-Z]+-[A-Z]+-\d+\b", " ", PLACEHOLDER.sub(" ", form))
            words += [f"{w!r} in {form!r}" for w in re.findall(r"[A-Za-zÀ-ÿ]{4,}", text) if w.lower() in english]
    return raw, sorted(set(words))


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", ["ru", "it", "fr", "de"])
def test_no_raw_key_and_no_english_word_on_a_page_in_another_language(lang, domain):
    assert raw_keys_and_english_words(lang, domain) == ([], [])


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", ["ru", "it", "fr", "de"])
def test_every_plural_has_its_forms_for_every_count(lang, domain):
    """Russian has three forms, the others two; each count finds a translated one."""
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as file:
        po = read_po(file)
    assert po.num_plurals == (3 if lang == "ru" else 2)
    found = catalog(lang, domain)
    for context, msgid, plural_id in messages(domain):
        if plural_id is None:
            continue
        entry = po.get((msgid, plural_id), context=context)
        assert entry is not None and len(entry.string) == po.num_plurals and all(entry.string), msgid
        for n in COUNTS:
            text = found.npgettext(context, msgid, plural_id, n) if context else found.ngettext(msgid, plural_id, n)
            assert text not in (msgid, plural_id), (msgid, n)


def test_the_french_and_german_plural_rules_are_the_languages_own():
    """French: 0 and 1 take the singular; German: only 1."""
    for lang, rule in (("fr", "nplurals=2; plural=(n > 1);"), ("de", "nplurals=2; plural=(n != 1);")):
        for domain in DOMAINS:
            text = (TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
            assert f'"Plural-Forms: {rule}\\n"' in text
    fr, de = catalog("fr", "engine"), catalog("de", "engine")
    assert [plural("%(n)s card", "%(n)s cards", n).translate(fr) for n in (0, 1, 2)] == \
        ["0 carte", "1 carte", "2 cartes"]
    assert [plural("%(n)s card", "%(n)s cards", n).translate(de) for n in (0, 1, 2)] == \
        ["0 Karten", "1 Karte", "2 Karten"]
    assert sentence("%(faction)s %(n)s", faction="x", n=1).translate(fr) == "x 1"


def test_the_proof_reader_catches_what_the_issue_saw():
    """The reader itself: each sentence the issue quotes is refused."""
    assert wrong_counts("ru", "1 жетонов") and wrong_counts("ru", "2 жетонов") and not wrong_counts("ru", "21 жетон")
    assert wrong_counts("it", "1 segnalini") and not wrong_counts("it", "0 segnalini")
    assert wrong_counts("fr", "0 cartes") and not wrong_counts("fr", "21 cartes")
    assert inflected_names("ru", "У Глеб больше всего голосов") and inflected_names("ru", "между Вера и Глеб")
    assert inflected_names("ru", "Президенту Вера") and not inflected_names("ru", "Глеб — больше всего голосов")
    assert inflected_names("it", "dà una carta a Anna") and not inflected_names("it", "Anna: riceve una carta")
    assert inflected_names("it", "Anna e Elio") and not inflected_names("it", "tra Anna e Ugo")
    assert inflected_names("fr", "la carte de Inès") and not inflected_names("fr", "Inès : une carte")
    assert capitals_after_semicolon("ru", "ничья; Побеждает") and not capitals_after_semicolon("ru", "ничья; Глеб")
    assert format_list(["Вера", "Глеб"], locale=Locale("ru")) == "Вера и Глеб"
    assert format_list(["Anna", "Ugo"], locale="it") == "Anna e Ugo"


def test_names_are_listed_as_each_language_lists_them():
    """«между Вера, Глеб» was the engine joining names with a comma in every language: the names
    are now a list the page's language joins, and stand in the nominative, apart from «между»."""
    tie = sentence("tied with %(names)s: the companion drew lots", names=names(["Вера", "Глеб"]))
    assert tie == "tied with Вера, Глеб: the companion drew lots"  # the JSON API and the CLI: unchanged
    russian = speaker("ru", {"Вера": "f", "Глеб": "m"})
    assert tie.translate(catalog("ru", "engine"), russian) == "поровну с Верой и Глебом: жребий бросило приложение"
    italian = sentence("tied with %(names)s: the companion drew lots", names=names(["Anna", "Dario"]))
    assert pickle.loads(pickle.dumps(italian)).translate(catalog("it", "engine")) == \
        "l'app ha sorteggiato tra Anna e Dario, a pari merito"
    assert names(["Inès", "Olivier", "Ida"]).translate(catalog("fr", "engine")) == "Inès, Olivier et Ida"
    assert names(["Ida", "Emil"]).translate(catalog("de", "engine")) == "Ida und Emil"


@pytest.mark.parametrize("tokens, said", [(1, "Вера: 1 жетон в Секции Сражения"), (2, "Вера: 2 жетона в Секции Сражения"),
                                          (5, "Вера: 5 жетонов в Секции Сражения"),
                                          (21, "Вера: 21 жетон в Секции Сражения")])
def test_the_history_counts_tokens_in_russian_plural_forms(app, tokens, said):
    """«1 жетонов» on the history page: the count now goes through ngettext (LIB-BAT-1's tokens)."""
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        assert position.describe({"kind": "battle", "data": {"player": "Вера", "tokens": tokens}}) == said


@pytest.mark.parametrize("lang, said", [("ru", "затем 0,5 с"), ("it", "poi 0,5 s"), ("fr", "puis 0,5 s"),
                                        ("de", "dann 0,5 s"), ("en", "then 0.5 s")])
def test_the_nights_seconds_are_written_as_the_language_writes_them(client, lang, said):
    """«0.0 с»: the script's timings (VOTE-SETUP-3) with the decimal comma of the page's language."""
    code = client.post("/tables", data={"game": "vote", "players": "\n".join(SEVEN), "language": lang}).location.split("/")[2]
    page = client.get(f"/vote/{code}/night/?pause=0.5&eyes_open=5").get_data(as_text=True)
    script = page[page.index('<ol class="night-script">'):page.index("</ol>")]
    assert said in script.replace("\u00a0", " ")
    assert lang == "en" or not re.search(r"\d\.\d", script)


def test_every_language_joins_the_last_two_names_by_its_own_and():
    """The engines are pure (no Babel): the catalogs say how the last two names of a list are
    joined, in an entry the extraction does not find by itself."""
    from companion.scorers.sentence import LAST_TWO, LAST_TWO_CONTEXT
    template = (TRANSLATIONS / "engine.pot").read_text(encoding="utf-8")
    assert f'msgctxt "{LAST_TWO_CONTEXT}"\nmsgid "{LAST_TWO}"' in template
    joined = {"ru": "Вера, Ида и Глеб", "it": "Vera, Ida e Glauco", "fr": "Vera, Ida et Glauco",
              "de": "Vera, Ida und Glauco"}
    for lang, expected in joined.items():
        people = expected.replace(" и ", ", ").replace(" e ", ", ").replace(" et ", ", ").replace(
            " und ", ", ").split(", ")
        assert names(people).translate(catalog(lang, "engine")) == expected
    assert names(["Vera", "Ida"]) == "Vera, Ida"  # the English text: the API and the CLI


def neutral_readings(text: str) -> list[tuple[str, str]]:
    """(parameter, default variant) of each choice in a translation: what a player whose form of
    address is not said reads (docs/grammar.md, Choices)."""
    found = []
    for match in SELECT.finditer(text):
        found += [(match.group(1), variant) for key, variant in variants(match.group(2)) if key is None]
    return found


@pytest.mark.parametrize("domain", DOMAINS)
def test_a_russian_neutral_wording_gives_no_player_a_gender(domain):
    """«Мария выбыла из игры (ликвидировал игрок Дмитрий)» with Дмитрий's form of address not
    said: a choice's neutral variant must read right for anybody, so it holds no verb in the past
    tense, which Russian gives a gender (a participle agreeing with a noun of the sentence stays:
    «голос уже удвоен»)."""
    morph = analyzer()
    with open(TRANSLATIONS / "ru" / "LC_MESSAGES" / f"{domain}.po", "rb") as file:
        entries = [m for m in read_po(file) if m.id and m.string]
    gendered = []
    for entry in entries:
        for text in entry.string if isinstance(entry.string, tuple) else (entry.string,):
            for parameter, reading in neutral_readings(text):
                words = re.findall(r"[А-Яа-яЁё]+", PLACEHOLDER.sub(" ", reading))
                gendered += [(entry.id, parameter, word) for word in words
                             if {"VERB", "past"} <= morph.parse(word)[0].tag.grammemes
                             and morph.parse(word)[0].tag.gender in ("masc", "femn")]
    assert gendered == []


@pytest.mark.parametrize("present, said", [(["Глеб"], "присутствует: Глеб"),
                                           (["Глеб", "Вера"], "присутствуют: Глеб и Вера")])
def test_the_government_present_agrees_with_how_many_are_named_LIB_VP_5(present, said):
    """«В Правительстве Умеренных присутствуют: Борис»: one name, one verb in the singular."""
    found = catalog("ru", "engine")
    text = found.gettext("Present in the %(faction)s Government: %(players)s (LIB-VP-5). All votes "
                         "return to the supply; the blocks on the board stay (LIB-VP-6)")
    grammar = speaker("ru", {"Глеб": "m", "Вера": "f"})
    assert said in render(text, {"faction": "Умеренных", "players": names(present)}, grammar, found)


def test_nations_tied_for_the_most_troops_are_joined_as_the_language_joins_CONQ_SURR_2():
    """«поровну у Пруссии, Австрии»: a list of nations ends with the language's «и», «e»."""
    from companion.scorers.conquest.surrender import tie
    said = tie(["prussia", "austria"], 3, "CONQ-SURR-2")
    assert "у Пруссии и Австрии" in said.translate(catalog("ru", "engine"), speaker("ru", {}))
    assert "Prussia e Austria" in said.translate(catalog("it", "engine"), speaker("it", {}))
