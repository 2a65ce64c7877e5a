"""Who acts at a VOTE! table: the toast names the seat that tapped; a phone whose player is out of the
game reads and does not act (the host's still may); the President's phone is offered the moves the
rules give him, the others see whom the table waits for."""
import re

import pytest

from page_support import section, text_of
from table_support import DICE

# Cid (2/2) is the first President; the helper's client is the host, sitting as Ann.


@pytest.fixture
def started(vote_table):
    assert vote_table.start(DICE).status_code == 200
    return vote_table


def toast(response) -> str:
    found = re.search(r'<div id="toast"[^>]*hx-swap-oob="true"><div class="done" data-undo[^>]*><span>(.*?)</span>',
                      text_of(response), re.S)
    return found.group(1) if found else ""


def test_the_toast_names_the_seat_that_tapped_not_the_president(started):
    """Bob's phone enters Cid's nomination (VOTE-GOV-2): the toast says it was Bob's phone."""
    bob = started.seated_phone("Bob")
    answer = started.nominate("Dan", client=bob)
    assert answer.status_code == 200
    assert toast(answer).startswith("Bob: Cid nominates for Prime Minister: Dan")
    history = text_of(started.client.get(f"/t/{started.code}/history"))
    assert "<strong><bdi>Bob</bdi></strong>: Cid nominates for Prime Minister: Dan" in history


def test_the_toast_names_the_seat_once_when_it_is_the_one_acting(started):
    """Cid's own phone nominates: "Cid nominates…", not "Cid: Cid nominates…"."""
    cid = started.seated_phone("Cid")
    answer = started.nominate("Dan", client=cid)
    assert toast(answer).startswith("Cid nominates for Prime Minister: Dan")


def test_the_presidents_phone_is_offered_the_nomination_the_others_see_whom_they_wait_for(started):
    """VOTE-GOV-2, l. 126: «Президент выбирает своего Премьер-министра»: on Cid's phone the
    nomination is the move on screen; on Ann's the table waits for Cid, the move tucked away."""
    cid = started.seated_phone("Cid")
    mine = text_of(cid.get(started.at("/")))
    assert 'id="awaited"' not in mine and 'name="candidate" value="Dan"' in section(mine, "nominate")
    theirs = text_of(started.client.get(started.at("/")))
    awaited = section(theirs, "awaited")
    assert "Waiting for the President: Cid" in awaited and '<details id="instead">' in awaited
    assert 'name="candidate" value="Dan"' in awaited  # entering it for him stays possible


def test_a_phone_out_of_the_game_reads_and_does_not_act_VOTE_END_4(app, started):
    """VOTE-END-4, l. 93: «он выбывает из игры»: Eve's phone shows the game but no move, and a
    change sent from it is refused and changes nothing; the host's phone (Ann) still acts."""
    eve = started.seated_phone("Eve")
    assert started.play("eliminate", {"player": "Eve"}).status_code == 200
    page = text_of(eve.get(started.at("/")))
    assert "Eve: out of the game, this phone follows the game but no longer changes it" in page
    assert 'name="candidate"' not in page and 'id="undo-button"' not in page and 'id="points"' in page
    refused = started.nominate("Dan", client=eve)
    assert refused.status_code == 422 and "(VOTE-END-4)" in text_of(refused)
    assert started.position(app)["game"].phase == "nominate"
    assert started.play("eliminate", {"player": "Ann"}).status_code == 200  # the host, out too
    assert started.nominate("Dan").status_code == 200
    assert started.position(app)["game"].candidate == "Dan"


def test_a_phone_out_by_a_card_may_still_cancel_it_VOTE_ABL_5(app, started):
    """VOTE-ABL-5 before the card's effect is final: Eve (6/3) is out by 0/−3, her phone may
    still play Cancel, and is back in the game."""
    eve = started.seated_phone("Eve")
    started.nominate("Dan")
    started.counts(7, 0)
    started.give("Eve", 0, -3)
    assert 'id="reading-only"' not in text_of(eve.get(started.at("/")))
    # Cancel is the one change her phone may make: not the President's next card, nor the timer
    refused = started.give("Ann", 1, 1, client=eve)
    assert refused.status_code == 422 and "(VOTE-END-4)" in text_of(refused)
    refused = started.post(started.at("/timer"), {"action": "start"}, client=eve)
    assert refused.status_code == 422 and "(VOTE-END-4)" in text_of(refused)
    assert len(started.position(app)["game"].gives) == 1
    assert started.ability("Eve", "cancel_event", client=eve).status_code == 200
    eve_now = next(p for p in started.position(app)["game"].players if p.name == "Eve")
    assert (eve_now.budget, eve_now.support, eve_now.in_game) == (6, 3, True)


def test_an_out_players_phone_cannot_undo_either(app, client, vote_table):
    """VOTE-END-4 holds for the shared writes too: the Undo in History, or in a toast, from the
    phone of a player out of the game is refused; the host's is not."""
    started = vote_table
    started.start(DICE)
    eve = app.test_client()
    started.sit("Eve", client=eve)
    assert started.play("eliminate", {"player": "Eve"}).status_code == 200
    refused = started.post(f"/t/{started.code}/undo", {}, client=eve)
    assert refused.status_code == 422 and "VOTE-END-4" in refused.get_data(as_text=True)
    assert started.post(f"/t/{started.code}/undo", {}).status_code == 200  # the host's phone


def test_a_president_out_by_the_card_he_kept_is_not_waited_for_VOTE_END_4(app, started):
    """VOTE-END-4 while VOTE-EVT-3's cards are given: President Cid (2/2) keeps a card of −2
    budget and leaves the game; the table does not wait for him: every phone in the game is
    offered the rest of his cards and told why."""
    started.nominate("Eve")
    started.vote(yes=["Ann", "Bob", "Cid", "Eve"], no=["Dan", "Fay", "Gil"])
    assert started.give("Cid", budget=-2).status_code == 200
    assert not next(p for p in started.position(app)["game"].players if p.name == "Cid").in_game
    bob = started.seated_phone("Bob")
    page = text_of(bob.get(started.at("/")))
    assert 'id="awaited"' not in page and "Waiting for the President" not in page
    notice = re.search(r'<p class="notice" id="president-out".*?</p>', page, re.S).group(0)
    assert ("Cid has left the game: any phone of the table gives the rest of the President's"
            " cards") in notice
    assert 'id="give"' in page
    assert started.give("Eve", support=1, client=bob).status_code == 200


def test_the_undo_in_the_toast_of_a_phone_just_out_says_why_it_is_refused_VOTE_END_4(app, started):
    """Dan (5/5) eliminates Bob and leaves the game too (VOTE-ABL-4 at exactly 5 points): the
    Undo of his toast is refused for the real reason, his phone being out, not «the table changed
    after this change»; the host's phone may still undo it."""
    dan = started.seated_phone("Dan")
    used = started.ability("Dan", "eliminate", target="Bob", client=dan)
    of = re.search(r'data-of="(\d+)"', text_of(used)).group(1)
    refused = dan.post(f"/t/{started.code}/undo", data={"of": of}, headers={"HX-Request": "true"})
    said = text_of(refused)
    assert "Dan: out of the game, this phone follows the game but no longer changes it" in said
    assert "the table changed after this change" not in said
    assert not next(p for p in started.position(app)["game"].players if p.name == "Dan").in_game
