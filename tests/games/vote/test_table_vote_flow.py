"""A VOTE! game for seven through the screens: set-up, failed elections, unrest, an ability, the
cards, an elimination and the 10/10 win, as a table would play it."""
import re

from page_support import points, section
from table_support import DICE


def test_a_game_of_seven_from_setup_to_the_ten_ten_win(app, client, vote_table):
    t = vote_table
    assert t.start(DICE).status_code == 200                        # VOTE-SETUP-4, VOTE-SETUP-5: Cid 2/2

    # Three failed elections in a row (VOTE-GOV-4), by ballots and by counts.
    t.nominate("Eve")
    text = t.vote(yes=["Ann", "Bob", "Eve"], no=["Cid", "Dan", "Fay", "Gil"]).get_data(as_text=True)
    assert 'id="president">Dan<' in text and "Failed elections in a row: 1 of 3" in text
    t.nominate("Ann")
    text = t.counts(3, 4).get_data(as_text=True)
    assert 'id="president">Eve<' in text and "Failed elections in a row: 2 of 3" in text
    t.nominate("Bob")
    text = t.vote(yes=["Bob", "Eve"], no=["Ann", "Cid", "Dan", "Fay", "Gil"]).get_data(as_text=True)

    # Unrest (VOTE-GOV-5): a random card for everybody holding cards, each entered on its owner's
    # phone (VOTE-GOV-6); the page says whose are missing; Gil's takes him out.
    unrest = section(text, "unrest")
    assert unrest.count('class="cell who') == 7 and 'id="president">Fay<' in text
    assert "Still missing: the cards of Ann, Bob, Cid, Dan, Eve, Fay and Gil." in unrest
    no_card = t.play("random_card", {"player": "Ann"})
    assert no_card.status_code == 422 and b"tap the card&#39;s modifiers" in no_card.data
    cards = {name: (0, 0) for name in DICE} | {"Gil": (-4, 0), "Cid": (1, 1)}
    text = t.each_card(dict(list(cards.items())[:6])).get_data(as_text=True)
    assert "Still missing: the cards of Gil." in text and points(text, "Cid") == (2, 2)  # nothing applied
    text = t.card("Cid", (2, 1)).get_data(as_text=True)  # changed before the last one is in
    assert "✓ +2/+1" in section(text, "unrest")
    text = t.card("Gil", cards["Gil"]).get_data(as_text=True)  # the last card: all apply, no Apply tap
    assert 'id="unrest"' not in text
    assert 'class="pl out" id="points-6"' in text                    # VOTE-END-4
    assert points(text, "Cid") == (4, 3) and "Failed elections in a row: 0 of 3" in text
    nominate = section(text, "nominate")
    assert re.findall(r'name="candidate" value="(\w+)"', nominate) == ["Ann", "Bob", "Cid", "Dan", "Eve"]

    # An ability at any time (VOTE-ABL-1), then a government with a Double vote (VOTE-ABL-2).
    text = t.ability("Cid", "loyalty_check", "Eve").get_data(as_text=True)
    assert points(text, "Cid") == (3, 3)
    t.nominate("Dan")
    text = t.vote(yes=["Dan", "Fay", "Bob"], no=["Ann", "Cid", "Eve"], double=["Bob"]).get_data(as_text=True)
    assert 'id="prime-minister">Dan<' in text and points(text, "Bob") == (4, 4)
    give = section(text, "give")
    assert "PM Dan receives 6 and passes 3 to President Fay" in give  # VOTE-EVT-2, six left

    # The cards: Ann reaches 10/10 first (VOTE-END-2); the round's cards are still given (VOTE-END-3).
    text = t.give("Ann", 3, 3).get_data(as_text=True)
    assert "Ann has 10/10: Ann's party wins" in section(text, "winner")
    assert "The President gives the rest of the round" in section(text, "winner")
    text = t.give("Dan", ability=True).get_data(as_text=True)   # VOTE-EVT-4
    text = t.give("Fay", 0, -1).get_data(as_text=True)
    winner = section(text, "winner")
    assert "Ann has 10/10" in winner and "gives the rest" not in winner
    assert 'id="give"' not in text and 'id="nominate"' not in text and "The game is over" in text
    over = t.play("end_round")
    assert over.status_code == 422 and b"the game is over" in over.data

    # The history of governments: four votes, one elected.
    history = client.get(t.at("/history/")).get_data(as_text=True)
    assert history.count('class="gov failed"') == 3 and history.count('class="gov elected"') == 1
    assert t.position(app)["game"].winner == {"player": "Ann", "reason": "10/10"}


def test_the_unrest_form_takes_an_ability_card_as_a_random_card_VOTE_GOV_5(vote_table):
    """l. 101: an ability card may be the card picked at random (l. 134); the form offers it and it
    is discarded unused, with no modifiers (the reading of VOTE-GOV-5)."""
    t = vote_table
    assert t.start(DICE).status_code == 200
    for candidate in ("Eve", "Ann", "Bob"):
        t.nominate(candidate)
        t.vote(no=list(DICE))
    text = t.play("unrest", {"0-card": "ability", "0-budget": "", "0-support": ""}
                  | {f"{i}-{k}": 0 for i in range(1, 7) for k in ("budget", "support")}).get_data(as_text=True)
    assert 'name="0-card" value="ability"' not in text and points(text, "Ann") == (7, 7)
    assert "random card is an ability card: it has no modifiers to apply and goes to the discard pile" in text
