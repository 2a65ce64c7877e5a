"""The repository's own reference keeps honest: docs/formats.md's examples are run through the command
line (and the app) and give the answers shown; every rule id in docs/rules/ is named by a test, and
every id the code or the tests cite is defined there."""
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.scorers.liberte import read_profile

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
RULE_ID = re.compile(r"\b[A-Z]{2,5}-[A-Z]{2,6}-\d+\b")
# A rule is defined where its id opens a heading (### LIB-ELEC-3 — …) or, in bold, a line or a list item
# (- **LIB-ELEC-3** …)
DEFINED = re.compile(r"^(?:#{2,6} (?:\*\*)?|(?:[-*] )?\*\*)(" + RULE_ID.pattern + r")\b", re.MULTILINE)
EXAMPLE = re.compile(r"<!-- example: ([\w-]+) -->\n```\w*\n(.*?)\n```", re.DOTALL)


def examples(path: Path) -> dict:
    """The blocks marked ``<!-- example: name -->`` in a doc, by name."""
    return dict(EXAMPLE.findall(path.read_text(encoding="utf-8")))


FORMATS = examples(DOCS / "formats.md")


def shown_in(shown, actual, where="answer"):
    """The doc's shortened answer is the real one: an object shows some of its fields, a list its first
    items, everything else exactly."""
    if isinstance(shown, dict):
        assert isinstance(actual, dict), where
        for key, value in shown.items():
            assert key in actual, f"{where}.{key} is not in the answer"
            shown_in(value, actual[key], f"{where}.{key}")
    elif isinstance(shown, list):
        assert isinstance(actual, list) and len(shown) <= len(actual), where
        for index, value in enumerate(shown):
            shown_in(value, actual[index], f"{where}[{index}]")
    else:
        assert shown == actual, f"{where}: the doc shows {shown!r}, the engine answers {actual!r}"


def run(*command, scenario: str):
    return CliRunner().invoke(main, [*command, "-"], input=scenario)


@pytest.mark.parametrize("command, scenario, answer", [
    (("liberte", "resolve"), "liberte-scenario", "liberte-resolve"),
    (("liberte", "check"), "liberte-scenario", "liberte-check"),
    (("vote", "replay"), "vote-scenario", "vote-replay"),
])
def test_the_formats_examples_give_the_answers_shown(command, scenario, answer):
    result = run(*command, scenario=FORMATS[scenario])
    assert result.exit_code == 0, result.output
    shown_in(json.loads(FORMATS[answer]), json.loads(result.output))


@pytest.mark.parametrize("command, scenario", [(("liberte", "resolve"), "liberte-bad"),
                                               (("vote", "replay"), "vote-bad")])
def test_the_formats_refusals_are_the_ones_shown(command, scenario):
    result = run(*command, scenario=FORMATS[scenario])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", FORMATS[f"{scenario}-error"] + "\n")


def test_the_resolve_fields_are_all_documented():
    """Every field of the resolve answer has its line in the table of fields."""
    answer = json.loads(run("liberte", "resolve", scenario=FORMATS["liberte-scenario"]).output)
    text = (DOCS / "formats.md").read_text(encoding="utf-8")
    table = text[text.index("Every field of the answer:"):text.index("## `check`")]
    assert [key for key in answer if f"`{key}`" not in table] == []


def test_the_table_file_example_imports(client):
    """The table file of docs/formats.md makes a table whose log replays: the undo takes back the
    turn, so the table is in turn 1 with Christie's stack in Paris."""
    upload = {"file": (io.BytesIO(FORMATS["table-file"].encode()), "table.json")}
    response = client.post("/tables/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 303, response.data
    code = response.location.split("/")[2]
    exported = json.loads(client.get(f"/t/{code}/export.json").data)
    assert [e["kind"] for e in exported["events"]] == ["stack", "card", "turn", "undo"]
    page = client.get(f"/liberte/{code}/displays").get_data(as_text=True)
    assert "<option selected>1</option>" in page and "marat" in page


def test_the_board_profile_example_reads():
    profile = read_profile(json.loads(examples(DOCS / "rules" / "liberte-board.md")["board-profile"]))
    assert (profile.fleur_de_lis, profile.provinces[14].vp, profile.paris) == ([14], 2, 8)
    assert profile.battle_vp == {2: 4, 3: None, 4: None}


# --- rule ids: docs/rules/*.md define them, tests name them, the code cites only those ---

def rule_docs() -> dict:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted((DOCS / "rules").glob("*.md"))}


def defined_ids() -> list:
    return [rule for text in rule_docs().values() for rule in DEFINED.findall(text)]


def cited(paths) -> dict:
    """Rule ids cited in these files, each with the first file that cites it."""
    found = {}
    for path in paths:
        for rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
            found.setdefault(rule, str(path.relative_to(ROOT)))
    return found


def source_files(folder: str, suffixes=(".py", ".html", ".js")) -> list:
    return [p for p in sorted((ROOT / folder).rglob("*")) if p.suffix in suffixes and p.is_file()]


def test_each_rule_is_defined_once_with_its_id_in_bold():
    ids = defined_ids()
    assert len(ids) >= 74  # Liberté's 43 and VOTE!'s 31, and any game added since
    assert sorted({i for i in ids if ids.count(i) > 1}) == []
    mentioned = {rule for text in rule_docs().values() for rule in RULE_ID.findall(text)}
    assert sorted(mentioned - set(ids)) == []  # a doc refers only to rules defined in docs


def test_every_rule_in_the_docs_is_named_by_a_test():
    tests = "\n".join(p.read_text(encoding="utf-8") for p in source_files("tests", (".py",)))
    named = {rule for rule in defined_ids() if names(rule, tests)}
    assert sorted(set(defined_ids()) - named) == []


def names(rule: str, text: str) -> bool:
    """Whether ``text`` names ``rule``: as written (VQ-DRAW-2) or in a test's name, in any case
    (test_vq_draw_2_…), and never a longer id (VQ-DRAW-2 is not VQ-DRAW-21)."""
    spelled = r"[-_]".join(map(re.escape, rule.split("-")))
    return re.search(rf"(?<![A-Za-z0-9]){spelled}(?!\d)", text, re.IGNORECASE) is not None


def test_a_rule_is_named_in_any_case_by_its_whole_id():
    assert names("VQ-DRAW-2", "def test_vq_draw_2_more_cards_draws_a_card():")
    assert names("VQ-DRAW-2", '"""VQ-DRAW-2: more cards than treasures"""')
    assert not names("VQ-DRAW-2", "def test_vq_draw_21_x():") and not names("VQ-DRAW-2", "XVQ-DRAW-2")


def test_every_rule_the_code_and_tests_cite_is_in_the_docs():
    defined = set(defined_ids())
    tests = [p for p in source_files("tests", (".py",)) if p != Path(__file__).resolve()]  # not the samples below
    files = source_files("companion") + tests + [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *DOCS.glob("*.md")]
    unknown = {rule: where for rule, where in cited(files).items() if rule not in defined}
    assert unknown == {}


def test_the_id_pattern_finds_the_ids_and_nothing_else():
    """The pattern the checks above use: game-area-number, both words in capitals."""
    text = "LIB-ELEC-3, VOTE-SETUP-5 and VQ-TURN-2 count; UTF-8, X-CSRF-Token, ISO-8859-1, LIB-ELEC do not."
    assert RULE_ID.findall(text) == ["LIB-ELEC-3", "VOTE-SETUP-5", "VQ-TURN-2"]
    doc = ("### VQ-TURN-2 — a heading\n- **CONQ-WAR-1** a list item\n**LIB-ELEC-3** a line\n"
           "- LIB-ELEC-4 not in bold\nsee LIB-ELEC-5, cited\n")
    assert DEFINED.findall(doc) == ["VQ-TURN-2", "CONQ-WAR-1", "LIB-ELEC-3"]


LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(path: Path) -> set:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as dashes."""
    headings = re.findall(r"^#{1,6} (.*)$", path.read_text(encoding="utf-8"), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def test_every_link_between_the_docs_leads_somewhere():
    """The README sends a newcomer to docs/, and the pages to each other: each relative link names a
    file that exists, and a heading of it when it names one (a moved section leaves no dead link)."""
    pages = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted(DOCS.rglob("*.md"))]
    dead = []
    for page in pages:
        for link in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", link):
                continue
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            if not target.exists() or (anchor and target.is_file() and anchor not in anchors(target)):
                dead.append(f"{page.relative_to(ROOT)}: {link}")
    assert dead == []


def test_the_readme_stays_a_first_page():
    """What it is, set-up, the games, links: the rest lives in docs/ (issue 25)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    for page in ("docs/architecture.md", "docs/adding-a-game.md", "docs/performance.md", "docs/cli.md",
                 "docs/hosting.md", "CONTRIBUTING.md"):
        assert f"]({page}" in readme, page
