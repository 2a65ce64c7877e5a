"""The discussion timer: the deadline is held by the server; start, pause, resume, extend, stop."""
import re

import pytest


def shown(response) -> tuple[str, str, str]:
    """(state, seconds left, clock text) as the page renders them."""
    text = response.get_data(as_text=True)
    found = re.search(r'data-state="(\w+)" data-left="([\d.]+)"><span class="t">([\d:]+)</span>', text)
    return found.groups()


def test_the_deadline_is_stored_with_the_servers_time_and_every_phone_sees_it(app, clock, started):
    """Start 2:00 at t; 30 s later any phone renders 1:30 (the server counts, not the phone)."""
    started.timer("start", 120)
    data = started.position(app)["timer"]
    assert data == {"state": "running", "deadline": clock.now + 120, "left": None, "length": 120}
    clock.now += 30
    other = app.test_client()
    assert shown(other.get(started.at("/"))) == ("running", "90.0", "1:30")
    assert shown(started.client.get(started.at("/"), headers={"HX-Request": "true"}))[2] == "1:30"


def test_pause_keeps_the_time_left_and_resume_sets_a_new_deadline(app, clock, started):
    started.timer("start", 60)
    clock.now += 20
    started.timer("pause")
    clock.now += 500  # paused: no time passes for the timer
    assert shown(started.client.get(started.at("/"))) == ("paused", "40.0", "0:40")
    started.timer("resume")
    assert started.position(app)["timer"]["deadline"] == clock.now + 40
    clock.now += 10
    assert shown(started.client.get(started.at("/")))[2] == "0:30"


def test_extend_adds_time_running_or_paused_and_after_time_is_up(app, clock, started):
    started.timer("start", 60)
    started.timer("extend", 30)
    assert shown(started.client.get(started.at("/")))[2] == "1:30"
    clock.now += 200  # time is up
    text = started.client.get(started.at("/")).get_data(as_text=True)
    assert 'class="clock up"' in text and "Time is up" in text
    started.timer("extend", 60)  # a minute more from now
    assert shown(started.client.get(started.at("/")))[2] == "1:00"
    started.timer("pause")
    started.timer("extend", 30)
    assert shown(started.client.get(started.at("/"))) == ("paused", "90.0", "1:30")


def test_stop_returns_to_the_start_buttons(started, clock):
    started.timer("start", 180)
    text = started.timer("stop").get_data(as_text=True)
    assert "data-timer" not in text and re.findall(r'name="seconds" value="(\d+)"', text) == [
        "60", "120", "180", "300"]


@pytest.mark.parametrize("action, seconds, message", [
    ("pause", None, "the timer is not running"), ("resume", None, "the timer is not paused"),
    ("extend", 30, "start the timer first"), ("start", 0, "seconds: 0 is not between 1 and 3600"),
    ("start", "soon", "seconds: a whole number is needed"), ("jump", None, "unknown timer action"),
])
def test_timer_actions_that_make_no_sense_are_refused_beside_the_timer(app, started, action, seconds,
                                                                        message):
    response = started.timer(action, seconds)
    text = response.get_data(as_text=True)
    assert response.status_code == 422 and "TABLE-TIMER" in text
    timer_part = re.search(r'<section class="card timer".*?</section>', text, re.S).group(0)
    assert message in timer_part.replace("&#39;", "'")
    assert started.position(app)["timer"]["state"] == "idle"


def test_the_timer_runs_during_set_up_too(vote_table, clock):
    """Before the game starts the page has no timer; the timer route still checks its input."""
    assert "data-timer" not in vote_table.client.get(vote_table.at("/")).get_data(as_text=True)


def test_the_timer_is_in_the_shared_history(client, started, clock):
    started.timer("start", 120)
    started.timer("pause")
    page = client.get(f"/t/{started.code}/history").get_data(as_text=True)
    assert "discussion timer started: 2:00" in page and "discussion timer paused" in page


def test_the_page_loads_the_countdown_script_without_inline_script(client, started):
    page = client.get(started.at("/")).get_data(as_text=True)
    src = page.split('<script src="/static/timer.js', 1)[1].split('"', 1)[0]  # ?v=its version
    assert src.startswith("?v=") and f'<script src="/static/timer.js{src}" defer></script>' in page
    with client.get("/static/timer.js" + src) as script:
        assert script.status_code == 200 and b"data-left" in script.data
