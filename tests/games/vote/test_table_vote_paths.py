"""The VOTE! round screen off the happy path: its words come from the engine's state (the cards of
the round after an elimination, whether there is a PM), Cancel offered against a card that took its
recipient out, and why a failed election's President may be nominated."""
import re

import pytest

from page_support import section, text_of
from table_support import DICE

# Cid (2/2) is the first President; clockwise Dan, Eve, Fay, Gil, Ann, Bob. Eve is 6/3.


@pytest.fixture
def started(vote_table):
    assert vote_table.start(DICE).status_code == 200
    return vote_table


def page(table) -> str:
    return text_of(table.client.get(table.at("/")))


def test_the_cards_of_the_round_stay_as_dealt_after_an_elimination_VOTE_EVT_2_VOTE_ABL_5(started):
    """VOTE-EVT-2, l. 144–146: 7 players, «Карт приходит Премьер-министру 7», «Президенту 4». Eve
    (6/3) gets 0/−3 and is out: PM Dan received 7 all the same, and Eve may still cancel the card
    (l. 206: «к нему не применяются модификаторы»)."""
    started.nominate("Dan")
    started.counts(7, 0)
    started.give("Eve", 0, -3)
    text = page(started)
    assert "PM Dan receives 7 and passes 4 to President Cid" in section(text, "give")
    assert "Three players left" not in text
    cancel = re.search(r'id="ability-cancel_event".*?</details>', text, re.S).group(0)
    assert "May use it now: Eve" in cancel
    assert started.ability("Eve", "cancel_event").status_code == 200
    assert 'data-player="Eve" data-budget="6" data-support="3"' in page(started)


def test_a_pm_whose_round_began_with_four_keeps_his_plaque_on_screen_VOTE_FEW_1(started):
    """VOTE-FEW-1, l. 218: «Если в игре осталось три игрока, то должность Премьер-министра
    упраздняется»: from the next round. Four play (4 to the PM, 3 to the President); Eve goes out
    during the giving: the screen still names PM Dan and says nothing of a round without PM."""
    for name in ("Ann", "Bob", "Gil"):
        assert started.play("eliminate", {"player": name}).status_code == 200
    started.nominate("Dan")
    started.counts(4, 0)
    started.give("Eve", 0, -3)
    text = page(started)
    assert "Three players left" not in text and 'id="prime-minister">Dan<' in text
    assert "PM Dan receives 4 and passes 3 to President Cid" in section(text, "give")
    started.give("Dan")
    started.give("Cid")
    started.play("end_round")
    text = page(started)
    assert "Three players left: there is no Prime Minister" in text and 'id="prime-minister">—<' in text


def test_a_failed_elections_president_is_offered_with_the_reason_VOTE_GOV_4(started):
    """VOTE-GOV-4, l. 132: «игрок, бывший в этом раунде Президентом, не считается бывшим Президентом,
    и может быть номинирован». Cid and Dan are elected; Dan, President next, fails with Eve; Eve's
    nomination offers Dan (the last elected PM) and says why; Cid stays barred (VOTE-GOV-2)."""
    started.nominate("Dan")
    started.counts(7, 0)
    for name in ("Eve", "Fay", "Dan", "Cid"):
        assert started.give(name).status_code == 200
    started.play("end_round")
    started.nominate("Eve")
    started.counts(0, 7)
    text = re.sub(r'<span class="rule">([^<]*)</span>', r"\1", section(page(started), "nominate"))
    assert re.findall(r'name="candidate" value="(\w+)"', text) == ["Ann", "Bob", "Dan", "Fay", "Gil"]
    assert "<strong>Dan</strong> was President of a failed election: may be nominated (VOTE-GOV-4)" in text
    assert "<strong>Cid</strong> was President of the last elected government (VOTE-GOV-2)" in text


def test_a_card_is_given_in_two_taps_its_modifiers_then_the_player_VOTE_EVT_3(app, started):
    """VOTE-EVT-3, l. 152: the President «раздает другим игрокам … одна карта одному игроку»: the
    grid's cell (budget,support) then the player's button; a player's button alone is refused
    beside the grid and changes nothing."""
    started.nominate("Dan")
    started.counts(7, 0)
    refused = started.play("give", {"to": "Eve"})
    assert refused.status_code == 422
    assert "tap the card&#39;s modifiers first, then the player who gets it" in section(text_of(refused), "give")
    assert started.position(app)["game"].gives == []
    assert started.play("give", {"mods": "-1,2", "to": "Eve"}).status_code == 200
    assert started.play("give", {"mods": "ability", "to": "Fay"}).status_code == 200
    game = started.position(app)["game"]
    eve, fay = (next(p for p in game.players if p.name == n) for n in ("Eve", "Fay"))
    assert (eve.budget, eve.support, fay.hand) == (5, 5, 3) and game.gives == ["Eve", "Fay"]
