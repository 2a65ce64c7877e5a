"""The narrated night (VOTE-SETUP-3) and ``companion vote script``."""
import random
import subprocess
import sys

import pytest

from companion.scorers.vote.night_script import NightSettings, night_script, timed_script


def test_the_night_has_the_four_steps_of_the_rulebook():
    """VOTE-SETUP-3: close, Republicans open, Republicans close, everyone opens."""
    steps = night_script(7)
    assert [s.key for s in steps] == ["everyone_close", "republicans_open", "republicans_close",
                                      "everyone_open"]
    assert [s.countdown for s in steps] == [False, True, False, False]
    assert all(set(s.text) == {"en", "ru", "it", "fr", "de"} for s in steps)


@pytest.mark.parametrize("players, ru", [(5, "Вас двое"), (7, "Вас трое"), (10, "Вас четверо")])
def test_the_republicans_hear_how_many_they_are(players, ru):
    """VOTE-SETUP-3 with VOTE-SETUP-1: the count of Republicans is read out."""
    assert ru in night_script(players)[1].text["ru"]


def test_the_first_line_gives_the_split_in_correct_russian():
    """VOTE-SETUP-1: 8 players are 5 Democrats and 3 Republicans."""
    assert night_script(8)[0].text["ru"].startswith("Нас 8: 5 демократов и 3 республиканца.")


def test_the_last_line_asks_if_something_went_wrong():
    """VOTE-SETUP-3"""
    last = night_script(6)[-1].text
    assert "something went wrong" in last["en"]
    assert "что-то пошло не так" in last["ru"]
    assert "qualcosa è andato storto" in last["it"]
    assert "quelque chose s'est mal passé" in last["fr"]
    assert "etwas schiefgegangen" in last["de"]


def test_the_countdown_lasts_the_eyes_open_setting_times_the_pace():
    """VOTE-SETUP-3: durations are settings."""
    steps = timed_script(7, "en", NightSettings(eyes_open=12, pace=1.5))
    assert steps[1]["countdown"] and steps[1]["wait"] == 18


def test_steps_follow_each_other_without_gaps():
    """VOTE-SETUP-3"""
    steps = timed_script(9, "it", NightSettings(padding=4), random.Random(3))
    for before, after in zip(steps, steps[1:]):
        assert after["start"] == pytest.approx(before["start"] + before["duration"])


def test_padding_varies_the_silences_but_not_the_countdown():
    """VOTE-SETUP-3: random padding comes from the seeded generator only."""
    settings = NightSettings(pause=2, padding=5)
    runs = [timed_script(7, "ru", settings, random.Random(seed)) for seed in range(5)]
    assert len({run[0]["wait"] for run in runs}) > 1
    assert {run[1]["wait"] for run in runs} == {10}
    assert all(2 <= run[2]["wait"] <= 7 for run in runs)
    assert timed_script(7, "ru", settings, random.Random(2)) == runs[2]


def test_the_script_command_prints_start_duration_and_text():
    """VOTE-SETUP-3 from the command line."""
    out = subprocess.run([sys.executable, "-m", "companion", "vote", "script", "--players", "7",
                          "--lang", "ru", "--seed", "1", "--pause", "2"],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(out) == 4
    start, duration, text = out[1].split(maxsplit=2)
    assert float(start) > 0 and float(duration) >= 10
    assert text.startswith("Республиканцы открывают глаза") and "[countdown 10 s]" in text


def test_the_script_command_refuses_four_players():
    """VOTE-SETUP-1: the script needs 5 to 10 players."""
    run = subprocess.run([sys.executable, "-m", "companion", "vote", "script", "--players", "4"],
                         capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == ""


@pytest.mark.parametrize("players, fr, de", [(5, "Vous êtes deux", "Ihr seid zwei"),
                                             (10, "Vous êtes quatre", "Ihr seid vier")])
def test_the_republicans_hear_how_many_they_are_in_french_and_german(players, fr, de):
    """VOTE-SETUP-3 with VOTE-SETUP-1: the French and German narrators read the count too."""
    line = night_script(players)[1].text
    assert fr in line["fr"] and de in line["de"]
