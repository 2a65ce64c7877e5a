"""The small things a VOTE! table hits: the first President from the table's own lot, a timer that
has run out or outlived the game, the captions phones told when the night runs."""
from page_support import text_of
from table_support import FIRST_CID


def test_the_table_may_enter_the_president_its_own_lot_picked_VOTE_SETUP_5(client, vote_table):
    """VOTE-SETUP-5, l. 114: «Если таких игроков всё ещё двое или больше, то президент выбирается
    любым жребием»: Cid and Dan tie at 2/2; the table drew Dan itself and starts with him."""
    for name, (b, s) in dict(FIRST_CID, Dan=(1, 1)).items():
        text = text_of(vote_table.dice(name, b, s))
    assert 'name="first" value="Cid"' in text and 'name="first" value="Dan"' in text
    refused = vote_table.post(vote_table.at("/start"), {"first": "Ann"})
    assert refused.status_code == 422 and "exactly the tied players: Cid and Dan" in text_of(refused)
    text = text_of(vote_table.post(vote_table.at("/start"), {"first": "Dan"}))
    start = client.get(f"/t/{vote_table.code}/export.json").get_json()["events"][-1]["data"]
    assert start["lot"] == ["Dan", "Cid"] and start["president"] == "Dan" and start["by"] == "lot"
    assert 'id="president">Dan<' in text


def test_a_timer_that_ran_out_offers_no_pause_and_the_game_over_has_none(clock, started):
    """The discussion timer at 0 has nothing to pause; once the game is over it is gone."""
    started.timer("start", 60)
    assert ">Pause<" in text_of(started.client.get(started.at("/")))
    clock.now += 61
    page = text_of(started.client.get(started.at("/")))
    assert "Time is up" in page and ">Pause<" not in page and ">Stop<" in page
    for name in ("Ann", "Bob", "Dan", "Eve", "Fay"):  # two left, Cid 2/2 and Gil 4/4: Gil's party
        started.play("eliminate", {"player": name})
    page = text_of(started.client.get(started.at("/")))
    assert 'id="winner"' in page and 'id="timer"' not in page


def test_the_captions_say_whether_the_night_runs(client, vote_table):
    """The captions phones keep the screen awake while the night runs (narrator.js reads the
    phase the captions show; nobody narrating yet: none)."""
    page = text_of(client.get(vote_table.at("/night/captions")))
    assert 'id="captions"' in page and 'data-phase=""' in page
