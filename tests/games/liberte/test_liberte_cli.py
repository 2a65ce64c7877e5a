"""``companion liberte resolve|check`` through a real subprocess: JSON on stdout, or one error line on
stderr with exit 2 (docs/formats.md)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "liberte-turn3.json"


def companion(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, capture_output=True,
                          text=True, encoding="utf-8")


def test_resolve_prints_the_documented_fields():
    done = companion("liberte", "resolve", str(EXAMPLE))
    assert done.returncode == 0 and done.stderr == ""
    result = json.loads(done.stdout)
    assert set(result) >= {"battle", "counter_revolution", "provinces", "votes", "landslide", "government",
                           "opposition", "awards", "present", "vp", "ended", "board_after", "log"}
    assert result["battle"]["winner"] == "Joshua"  # Max's 3 tokens do not count without a General
    assert result["provinces"][7] == {"number": 8, "name": "Île de France", "winner": "Christie",
                                      "faction": "red", "votes": 3, "tie": True, "vp": 0, "cleared": 4,
                                      "advanced": [{"round": 1, "player": "Christie", "card": "marat", "value": 3}]}
    assert result["votes"] == {"red": 4, "white": 0, "blue": 0}
    assert (result["government"], result["vp"]["Christie"]) == ("red", 14)


def test_resolve_reads_standard_input():
    done = companion("liberte", "resolve", "-", stdin=EXAMPLE.read_text(encoding="utf-8"))
    assert json.loads(done.stdout)["government"] == "red"


def test_check_prints_control_supply_and_the_counter_revolution():
    done = companion("liberte", "check", str(EXAMPLE))
    result = json.loads(done.stdout)
    assert result["control"]["1"] == "Christie" and result["control"]["8"] is None
    assert result["supply"] == {"red": 21, "white": 23, "blue": 26}
    assert result["counter_revolution"]["count"] is None and result["counter_revolution"]["active"] is True
    assert result["action_phase_over"] is False


@pytest.mark.parametrize("scenario, line", [
    ("not json", "error: the scenario is not JSON: Expecting value: line 1 column 1 (char 0) (docs/formats.md)"),
    ('{"turn": 9, "players": ["A"]}', "error: turn: 9 is out of range (1 to 4) (LIB-TURN-1)"),
    ('{"turn": 1, "players": ["A", "B"], "board": {"3": [{"player": "A", "faction": "red", "blocks": 4}]}}',
     "error: province 3, stack 1 (A): blocks: 4 is out of range (1 to 3) (LIB-PLACE-1)"),
    ('{"turn": 1, "players": ["A"], "board": {"3": [{"player": "A", "faction": "red", "blocks": 1},'
     ' {"player": "A", "faction": "blue", "blocks": 1}]}}',
     "error: province 3: two stacks of A; a player owns at most one stack in a province (LIB-PLACE-3)"),
    ("[1, 2]", "error: the scenario must be a JSON object (docs/formats.md)"),
])
def test_bad_input_is_one_error_line_and_exit_2(scenario, line):
    for command in ("resolve", "check"):
        done = companion("liberte", command, "-", stdin=scenario)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", line + "\n")


def test_a_missing_file_is_an_error_line_too():
    done = companion("liberte", "resolve", "no-such-file.json")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("error: cannot read the scenario 'no-such-file.json'")
    assert "Traceback" not in done.stderr


def test_special_checks_each_special_card_and_shows_the_position_after_LIB_SPEC_5(tmp_path):
    """A Purge by a player present in the Government takes the card; by another, it is refused
    with the rule, nothing on standard output."""
    scenario = {"turn": 2, "players": ["Anna", "Boris"], "government": "blue", "present": ["Anna"],
                "displays": {"Boris": [{"id": "club", "faction": "blue", "value": 1, "kind": "club"}]},
                "special": [{"name": "purge", "player": "Anna", "target": "Boris", "card": "club"}]}
    path = tmp_path / "special.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    done = companion("liberte", "special", str(path))
    assert done.returncode == 0 and json.loads(done.stdout)["displays"] == {"Boris": []}
    scenario["special"][0]["player"] = "Boris"
    done = companion("liberte", "special", "-", stdin=json.dumps(scenario))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip() == ("error: special[0] (purge): Purge: Boris is not present in the Government "
                                   "(LIB-VP-5) (LIB-SPEC-5)")
