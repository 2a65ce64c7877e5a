"""``companion virgin-queen …`` and ``companion conquest …``: docs/cli.md's examples as printed, the same
answers as the screens, JSON, and bad input as one ``error: … (RULE-ID)`` line with exit 2."""
import json
import random
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.scorers.virgin_queen import draw
from page_support import shown

CLI_DOC = Path(__file__).resolve().parents[3] / "docs" / "cli.md"


def run(command: str):
    return CliRunner().invoke(main, shlex.split(command))


def readme_examples() -> list[tuple[str, list[str]]]:
    """Each ``$ companion virgin-queen|conquest …`` line of docs/cli.md with the lines printed under it."""
    text = CLI_DOC.read_text(encoding="utf-8")
    section = text[text.index("## The Virgin Queen and the conquest helper"):text.index("## The JSON API")]
    examples = []
    for block in re.findall(r"```console\n(.*?)```", section, re.S):
        for line in block.splitlines():
            if line.startswith("$ "):
                examples.append((line[len("$ companion "):], []))
            else:
                examples[-1][1].append(line)
    return examples


def test_the_readme_shows_both_helpers():
    commands = [command.split()[0:2] for command, _ in readme_examples()]
    assert ["virgin-queen", "draw"] in commands and ["conquest", "roll"] in commands
    assert ["conquest", "resources"] in commands and len(commands) >= 6


@pytest.mark.parametrize("command, printed", readme_examples(), ids=[c for c, _ in readme_examples()])
def test_every_readme_example_prints_what_the_readme_says(command, printed):
    result = run(command)
    if printed[0].startswith("error:"):
        assert result.exit_code == 2 and result.stderr.splitlines() == printed and result.stdout == ""
    else:
        assert result.exit_code == 0 and result.stdout.splitlines() == printed


@pytest.mark.parametrize("command, line", [
    ("virgin-queen draw --power england --cards x --treasures 2", "error: cards: 'x' is not a count from 0 to 99 (VQ-DRAW-1)"),
    ("virgin-queen draw --power england --cards 2 --treasures 0 --card-names A",
     "error: cards: 2 counted but 1 named; name all of them or none (VQ-DRAW-1)"),
    ("virgin-queen turn 8", "error: turn 8: the game lasts 1 to 7 turns (VQ-SEQ-1)"),
    ("virgin-queen turn 3 --done lunch", "error: the sequence of play has no step 'lunch' (VQ-SEQ-2)"),
    ("conquest roll --nation poland --key-areas 3", "error: unknown nation 'poland' (CONQ-ROLL-4)"),
    ("conquest roll --nation spain --key-areas 3 --capitals 1", None),
    ("conquest cede --die 7", "error: die: 7 is not a whole number from 1 to 6 (CONQ-CEDE-1)"),
    ("conquest surrender --units 3 --aggressor prussia", "error: 'prussia': write nation=number (CONQ-SURR-1)"),
    ("conquest resources spend --winner sweden", "error: Sweden has no resource to spend (CONQ-RES-4)"),
    ("conquest resources loot", "error: unknown action 'loot': conquest, surrender, spend or score (CONQ-RES-1)")])
def test_bad_input_is_one_error_line_and_exit_2(command, line):
    result = run(command)
    if line is None:  # a die left out is rolled, never refused
        assert result.exit_code == 0 and "The die is rolled on screen:" in result.stdout
        return
    assert result.exit_code == 2 and result.stdout == "" and result.stderr.splitlines() == [line]


def test_json_answers_carry_the_same_sentences():
    answer = json.loads(run("conquest roll --nation sweden --key-areas 3 --lost 1 --capitals 1 --die 3 --json").stdout)
    assert answer["conquered"] and answer["total"] == 6 and answer["modifier"] == 2
    assert answer["log"][0].endswith("= 6; 6 or more: conquered (CONQ-ROLL-2)")
    take = json.loads(run("virgin-queen draw --power spain --cards 1 --treasures 4 --seed 11 --json").stdout)
    expected = draw("spain", 1, 4, random.Random(11))
    assert take == json.loads(json.dumps(expected))
    check = json.loads(run("virgin-queen turn 7 --done deal --json").stdout)
    assert check["last"] and check["next"] == "characters" and len(check["phases"]) == 8


@pytest.mark.parametrize("command, tool, form", [
    ("conquest roll --nation turkey --key-areas 5 --lost 3 --capitals 1 --die 5 --by russia", "roll",
     {"nation": "turkey", "key_areas": "5", "lost": "3", "capitals": "1", "die": "5", "controller": "russia"}),
    ("conquest cede --die 3", "cede", {"cede_die": "3"}),
    ("conquest surrender --units 4 --aggressor britain=4 --minor", "surrender",
     {"defender": "4", "aggressor-0": "britain", "troops-0": "4", "minor": "1"}),
    ("conquest resources surrender --track spain=2 --winner france --victim spain", "resources",
     {"res-spain": "2", "action": "surrender", "winner": "france", "victim": "spain"}),
    ("conquest resources conquest --winner sweden --victim other", "resources",
     {"action": "conquest", "winner": "sweden", "victim": "other"}),
    ("conquest surrender --units 1 --minor", "surrender", {"defender": "1", "minor": "1"}),
    ("conquest surrender --units 2", "surrender", {"defender": "2"}),
    ("conquest surrender --units 2 --aggressor prussia=3", "surrender",
     {"defender": "2", "aggressor-0": "prussia", "troops-0": "3"}),
    ("conquest roll --nation other --key-areas 2 --lost 2 --by austria --minor", "roll",
     {"nation": "other", "key_areas": "2", "lost": "2", "capitals": "0", "controller": "austria", "minor": "1"})])
def test_the_cli_answers_as_the_page_does(client, command, tool, form):
    printed = [line.removeprefix("[ ] ").removesuffix(":") for line in run(command).stdout.splitlines()]
    page = shown(client.post(f"/conquest/{tool}", data=form, headers={"HX-Request": "true"}).get_data(as_text=True))
    assert printed and all(line in page for line in printed)


@pytest.mark.parametrize("command, first, said", [
    ("conquest surrender --units 1 --minor", "No surrender: unaligned and neutral",
     "it skips the surrender and becomes unaligned and neutral (CONQ-SURR-3)"),    # 15.4 «Сдача опускается»
    ("conquest surrender --units 2", "It may not surrender", "there is nobody to surrender to"),
    ("conquest resources conquest --winner prussia --victim other", "Prussia conquers another nation",
     "(0 → 1) (CONQ-RES-1)"),                                           # 15.5 «завоевывает нацию»
    ("conquest roll --nation turkey --key-areas 2 --lost 2", "Conquered", "[ ] Turkey is conquered"),  # 15.3
    ("virgin-queen turn 7", "Turn 7 of at most 7 (VQ-SEQ-1)",
     "the game ends here, with no new turn (VQ-END-1)")])
def test_the_cases_the_helpers_used_to_refuse_are_answered(command, first, said):
    result = run(command)
    assert result.exit_code == 0 and result.stdout.startswith(first) and said in result.stdout
    assert "start a new turn" not in result.stdout


def test_the_turn_command_lists_the_steps_the_turn_screen_shows(client):
    printed = run("virgin-queen turn 1").stdout.splitlines()
    response = client.post("/tables", data={"game": "virgin_queen", "players": "A\nB", "language": "en"})
    code = response.location.split("/")[2]
    page = shown(client.get(f"/virgin-queen/{code}/").get_data(as_text=True))
    steps = [re.sub(r"^\s+\[ \] ", "", line) for line in printed if line.lstrip().startswith("[ ]")]
    assert len(steps) == 28 and all(step in page for step in steps)


def test_the_console_script_runs_the_helpers():
    done = subprocess.run([sys.executable, "-m", "companion", "conquest", "cede", "--die", "2"], capture_output=True,
                          text=True, encoding="utf-8")
    assert done.returncode == 0 and done.stdout.splitlines()[0] == "Provinces that pass: 2"


def test_a_missing_nation_is_named_as_missing_with_the_choices():
    from click.testing import CliRunner
    from companion.cli import main
    result = CliRunner().invoke(main, ["conquest", "resources", "conquest", "--victim", "other"])
    assert result.exit_code == 2
    assert "a nation is missing: name one of" in result.output and "None" not in result.output
    assert "CONQ-RES-1" in result.output
