"""``companion liberte resolve|check`` read a table file the app exported, as well as a scenario
(docs/formats.md, "Calling the engines"): the position at its last version or at ``--at VERSION``,
and the answer agrees with what the screens show of that table."""
import json
import re
import subprocess
import sys

from test_table_liberte_profile import profile_form


def companion(*args):
    return subprocess.run([sys.executable, "-m", "companion", "liberte", *args], capture_output=True,
                          text=True, encoding="utf-8")


def export(client, table, path):
    path.write_bytes(client.get(f"/t/{table.code}/export.json").data)
    return json.loads(path.read_text(encoding="utf-8"))


def turn_4(table):
    """Turn 4 after the actions: Christie wins three red provinces and forms the Government, Joshua
    and Max one each; Joshua starts with the most VPs."""
    table.post(f"/liberte/{table.code}/profile/", profile_form(vp={3: 2}, battle=("4", "5", "6")))
    table.displays("turn", {"turn": 4})
    for player, vp in (("Christie", 13), ("Joshua", 16), ("Max", 9)):
        table.displays("vp", {"player": player, "vp": vp})
    for n in (1, 2, 3):
        table.stack(n, "Christie", "red", 2)
    table.stack(4, "Joshua", "blue", 1)
    table.stack(5, "Max", "white", 2)


def test_resolve_reads_an_exported_table_and_agrees_with_the_screens(client, table, tmp_path):
    """The table file of a turn 4 before its elections: the command's end of the game is the one the
    app records when the table holds them, the same VPs, places and winner on the board and on the
    results; the table file after the end is not resolved again, and --at goes back before it."""
    turn_4(table)
    before = export(client, table, tmp_path / "before.json")
    done = companion("resolve", str(tmp_path / "before.json"))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["final"]["winners"] == ["Christie"]  # 13 + 5 + 2 (province 3) = 20 against 16 + 3
    assert table.post(f"/liberte/{table.code}/election/hold", {}).status_code == 200
    after = export(client, table, tmp_path / "after.json")
    ended = after["events"][-1]["data"]["ended"]
    assert ended["standings"] == answer["final"]["standings"] and ended["winners"] == answer["final"]["winners"]
    board = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert "Winner: Christie" in board
    results = client.get(f"/liberte/{table.code}/election/").get_data(as_text=True)
    shown = re.findall(r"<tr><td>(\d)</td><td>(\w+)</td><td>(\d+) VP</td></tr>", results)
    assert shown == [(str(s["rank"]), s["player"], str(answer["vp"][s["player"]]))
                     for s in answer["final"]["standings"]]
    again = companion("resolve", str(tmp_path / "after.json"))
    assert again.returncode == 2 and again.stdout == ""
    assert again.stderr == ("error: The game ended with the elections of turn 4. Its winners: Christie; the "
                            "position before the change that ended it is resolved with --at (LIB-END-2)\n")
    at = companion("resolve", str(tmp_path / "after.json"), "--at", str(len(before["events"])))
    assert json.loads(at.stdout) == answer


def test_check_reads_a_table_file_at_any_version_and_agrees_with_the_board(client, table, tmp_path):
    """check at the last version and at an earlier one: the control and the supply the board shows."""
    turn_4(table)
    export(client, table, tmp_path / "table.json")
    now = json.loads(companion("check", str(tmp_path / "table.json")).stdout)
    assert now["control"]["1"] == "Christie" and now["supply"] == {"red": 24, "white": 22, "blue": 27}
    meters = client.get(f"/liberte/{table.code}/meters", headers={"HX-Request": "true"}).get_data(as_text=True)
    for faction, left in now["supply"].items():
        assert f'<span class="tag f-{faction}">{faction} {left}</span>' in meters
    earlier = json.loads(companion("check", str(tmp_path / "table.json"), "--at", "2").stdout)
    assert earlier["turn"] == 4 and earlier["control"]["1"] is None


def test_a_table_file_the_rules_refuse_or_an_at_it_lacks_is_one_error_line(client, table, tmp_path):
    turn_4(table)
    data = export(client, table, tmp_path / "table.json")
    beyond = companion("check", str(tmp_path / "table.json"), "--at", "999")
    assert beyond.returncode == 2 and f"goes up to version {len(data['events'])}" in beyond.stderr
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps({"turn": 2, "players": ["A", "B", "C"]}), encoding="utf-8")
    assert "--at reads a table file" in companion("check", str(scenario), "--at", "1").stderr
    data["events"].append({"kind": "stack", "data": {"province": "6", "player": "Max", "faction": "white",
                                                      "blocks": 4}})
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    bad = companion("resolve", str(tmp_path / "bad.json"))
    assert bad.returncode == 2 and bad.stderr.startswith(f"error: event {len(data['events'])} (stack):")
