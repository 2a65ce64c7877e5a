"""Caption mode (VOTE-SETUP-3): the other phones follow the narrating phone's reports."""
import time

import pytest

from companion import create_app
from companion.server import push
from companion.table.db import connect, init_db
from companion.scorers.vote.night_script import night_script
from companion.games.vote.night_progress import NightBoard
from table_support import night_table


def report(client, code, **body):
    return client.post(f"/vote/{code}/night/progress", json=body)


def test_before_anyone_narrates_the_captions_say_so(client):
    code = night_table(client, "en")
    page = client.get(f"/vote/{code}/night/captions").get_data(as_text=True)
    assert "Nobody is narrating yet" in page and "aria-current" not in page
    assert night_script(7)[0].text["en"] in page  # the whole script is there to read


def test_a_caption_phone_shows_the_line_the_narrator_reports(app, client):
    """VOTE-SETUP-3: the others just show captions, in their own language."""
    code = night_table(client, "ru")
    assert report(client, code, run="r1", line=2, phase="speaking").status_code == 204
    other = app.test_client()  # another phone, switched to Italian
    other.post("/lang", data={"lang": "it", "code": code, "next": "/"})
    page = other.get(f"/vote/{code}/night/captions").get_data(as_text=True)
    line = night_script(7)[2].text["it"]
    assert f'<p class="caption" data-caption>{line}</p>' in page
    assert f'<li aria-current="step">{line}</li>' in page
    assert "Riga 3 di 4" in page


def test_the_countdown_is_shown_with_the_seconds_left(client):
    """VOTE-SETUP-3: the eyes-open step has a countdown, on the caption phones too."""
    code = night_table(client, "en")
    report(client, code, run="r1", line=1, phase="countdown", seconds=8)
    page = client.get(f"/vote/{code}/night/captions").get_data(as_text=True)
    assert 'role="timer" data-remaining="' in page and ">8</p>" in page


def test_a_poll_answers_204_until_the_narrator_moves_on(client):
    code = night_table(client, "en")
    report(client, code, run="r1", line=0, phase="speaking")
    page = client.get(f"/vote/{code}/night/captions").get_data(as_text=True)
    poll = page.split('hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    htmx = {"HX-Request": "true"}
    assert client.get(poll, headers=htmx).status_code == 204
    report(client, code, run="r1", line=0, phase="pause")
    changed = client.get(poll, headers=htmx)
    assert changed.status_code == 200
    assert changed.get_data(as_text=True).startswith('<div id="captions"')


def test_the_caption_page_listens_to_the_tables_news_and_asks_only_when_the_narrator_moves(
        client):
    """No polling: the page's news stream says the number of the narrator's latest report; the
    captions ask for themselves when it is not the one they show (companion.js passes the
    stream's "news" on, narrator.js asks)."""
    code = night_table(client, "en")
    report(client, code, run="r1", line=0, phase="speaking")
    page = client.get(f"/vote/{code}/night/captions").get_data(as_text=True)
    shown = page.split('data-seq="', 1)[1].split('"', 1)[0]
    assert 'hx-trigger="night-moved"' in page and "every 1s" not in page
    assert f'data-events="/t/{code}/events"' in page  # the page holds the table's stream
    assert f"event: news\ndata: {shown}\n\n" in client.get(f"/t/{code}/events").get_data(
        as_text=True)
    report(client, code, run="r1", line=1, phase="speaking")
    told = client.get(f"/t/{code}/events").get_data(as_text=True)
    assert "event: news" in told and f"data: {shown}\n" not in told


def test_the_watcher_tells_a_narrators_report_to_the_tables_phones(app, client, monkeypatch):
    """A report is no game event: the watcher's look after a change finds it among the table's
    news, not the events."""
    code = night_table(client, "en")
    watcher = push.Watcher(lambda: app.config["DATABASE"])
    version, seq = watcher.news(code)
    phone = push.Phone(version, seq)
    watcher.phones[code] = {phone}
    watcher.look()
    report(client, code, run="r1", line=2, phase="speaking")
    watcher.look()
    assert phone.version == version and phone.seq > seq == 0
    assert push.news_message(phone.seq) == f"event: news\ndata: {phone.seq}\n\n".encode()


@pytest.mark.parametrize("phase, text", [("stopped", "The narrator stopped."),
                                         ("done", "The night is over.")])
def test_stop_and_the_end_reach_the_captions(client, phase, text):
    code = night_table(client, "en")
    report(client, code, run="r1", line=3, phase=phase)
    assert text in client.get(f"/vote/{code}/night/captions").get_data(as_text=True)


@pytest.mark.parametrize("body", [
    {"run": "r", "line": 4, "phase": "speaking"},
    {"run": "r", "line": True, "phase": "speaking"},
    {"run": "", "line": 0, "phase": "speaking"},
    {"run": "r", "line": 0, "phase": "dancing"},
    {"run": "r", "line": 1, "phase": "countdown", "seconds": -2},
    {"run": "r", "line": 0, "phase": "speaking", "seconds": "ten"},
])
def test_a_malformed_report_is_refused_and_changes_nothing(client, body):
    code = night_table(client, "en")
    answer = report(client, code, **body)
    assert answer.status_code == 400 and answer.get_json()["rule"] == "VOTE-SETUP-3"
    assert "Nobody is narrating yet" in client.get(f"/vote/{code}/night/captions").get_data(
        as_text=True)


def test_the_board_numbers_each_report_and_runs_the_countdown_down(tmp_path):
    init_db(str(tmp_path / "night.sqlite"))
    conn = connect(str(tmp_path / "night.sqlite"))
    board = NightBoard(lambda: conn)
    assert board.seq(1) == 0 and board.get(1) is None
    first = board.report(1, "r", 1, "countdown", 0.5)
    assert board.seq(1) == first.seq and 0 < first.remaining() <= 0.5
    time.sleep(0.6)
    assert first.remaining() == 0
    second = board.report(1, "r", 2, "speaking")
    assert second.seq > first.seq and second.remaining() is None
    assert board.get(2) is None  # tables are apart
    with pytest.raises(ValueError, match="phase 'asleep'"):
        board.report(1, "r", 2, "asleep")


def test_a_caption_phone_follows_a_narrator_whose_reports_reach_another_server_process(
        app, client):
    """Two apps on one database stand for two workers of ``companion serve --workers``."""
    code = night_table(client, "en")
    other = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test",
                        "WTF_CSRF_ENABLED": False}).test_client()
    page = other.get(f"/vote/{code}/night/captions").get_data(as_text=True)
    poll = page.split('hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    assert report(client, code, run="r", line=1, phase="countdown", seconds=9).status_code == 204
    moved = other.get(poll, headers={"HX-Request": "true"})
    assert moved.status_code == 200 and 'aria-current="step"' in moved.get_data(as_text=True)
    assert 'role="timer"' in moved.get_data(as_text=True)


def test_deleting_a_table_forgets_its_night(app, client):
    code = night_table(client, "en")
    report(client, code, run="r", line=1, phase="speaking")
    with app.app_context():
        from companion.table import tables
        from companion.table.db import get_db
        table = tables.find(code)
        tables.delete(table)
        assert get_db().execute("SELECT count(*) FROM nights").fetchone()[0] == 0
        assert get_db().execute("SELECT count(*) FROM news").fetchone()[0] == 0
