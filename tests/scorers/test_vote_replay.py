"""``companion vote replay``: whole games through the CLI, and the scenario's validation."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.scorers.rules import RuleError
from companion.scorers.vote.replay import replay

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "vote-game.json"


def run(scenario):
    return subprocess.run([sys.executable, "-m", "companion", "vote", "replay", "-"],
                          input=json.dumps(scenario), capture_output=True, text=True)


def test_the_example_game_replays_through_the_cli():
    """VOTE-GOV-4, VOTE-ABL-3: the example ends with Egor's failed President handing powers to Vera."""
    out = subprocess.run([sys.executable, "-m", "companion", "vote", "replay", str(EXAMPLE)],
                         capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    assert (result["round"], result["president"], result["failed_elections"]) == (3, "Vera", 1)
    assert result["eligible"] == ["Anna", "Boris", "Gleb", "Egor"]
    assert (result["cards_to_pm"], result["cards_to_president"]) == (5, 3)
    assert {"name": "Dina", "budget": 6, "support": 0, "in_game": False, "hand": 0} in result["players"]
    assert result["winner"] is None


def test_a_whole_game_to_a_ten_ten_win():
    """VOTE-END-2 through the CLI."""
    scenario = json.loads(EXAMPLE.read_text())
    scenario["events"] = scenario["events"][:3] + [
        {"type": "give", "to": "Egor", "budget": 3, "support": 6},
        {"type": "give", "to": "Vera"}]
    result = json.loads(run(scenario).stdout)
    assert result["winner"] == {"player": "Egor", "reason": "10/10"}


@pytest.mark.parametrize("events, rule, where", [
    ([{"type": "nominate", "candidate": "Gleb"}], "VOTE-GOV-2", "events[0] (nominate)"),
    ([{"type": "dance"}], "docs/formats.md", "unknown event type 'dance'"),
    ([{"type": "nominate", "candidate": "Vera"},
      {"type": "vote", "yes": ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Olga"], "no": []}],
     "VOTE-GOV-3", "events[1] (vote): unknown voter 'Olga'"),
    ([{"type": "ability", "player": "Anna", "ability": "cancel_event"}], "VOTE-ABL-5", "events[0]"),
])
def test_forbidden_events_give_one_error_line_and_exit_2(events, rule, where):
    """VOTE-GOV-2, VOTE-GOV-3, VOTE-ABL-5: error on stderr, nothing on stdout."""
    scenario = json.loads(EXAMPLE.read_text()) | {"events": events}
    done = run(scenario)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("error: ") and done.stderr.rstrip().endswith(f"({rule})")
    assert where in done.stderr and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize("players, rule", [
    ([{"name": "Anna", "budget": 4, "support": 4}] * 5, "docs/formats.md"),
    ([{"name": n, "budget": 11, "support": 4} for n in "ABCDE"], "VOTE-END-5"),
    ([{"name": n, "budget": 4, "support": 4} for n in "ABCD"], "VOTE-SETUP-1"),
    ([{"name": n, "dice": [3, 9]} for n in "ABCDE"], "VOTE-SETUP-4"),
])
def test_bad_players_are_refused(players, rule):
    """VOTE-SETUP-1, VOTE-SETUP-4: duplicate names, points outside 1..10, 4 players, a die of 9."""
    with pytest.raises(RuleError) as err:
        replay({"players": players, "events": []})
    assert err.value.rule == rule


def test_rolled_players_and_a_drawn_lot_depend_only_on_the_seed():
    """VOTE-SETUP-4, VOTE-SETUP-5: nothing entered, the seed rolls and draws the same way twice."""
    scenario = {"players": [{"name": n} for n in "ABCDEFG"], "seed": 5}
    first, again = replay(scenario), replay(scenario)
    assert first == again
    assert all(2 <= p["budget"] <= 7 and 2 <= p["support"] <= 7 for p in first["players"])


def test_not_json_is_an_error_line():
    done = subprocess.run([sys.executable, "-m", "companion", "vote", "replay", "-"],
                          input="{nope", capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (2, "") and done.stderr.startswith("error: the scenario")
