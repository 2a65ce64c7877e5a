"""Every explanation of the giving against the engine's own giving, for 2 to 10 players (issue 34).

l. 152: the President keeps one, gives one back to the PM, «а остальные раздает другим игрокам … из
расчета одна карта одному игроку»; with 4 to 6 players only one other player gets a card (3 cards:
l. 144–150). With 3 there is no PM (l. 218). With 2 there is no giving at all (l. 218–220)."""
import re

import pytest

from table_support import VoteTable
from companion.scorers.vote.engine import apply_event, legal_actions, play

NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gil", "Hal", "Ida", "Jon"]


def engine_others(players: int) -> int:
    """How many players other than the President and the PM the engine lets receive a card."""
    seated = [{"name": n, "budget": 5, "support": 5} for n in NAMES[:max(players, 5)]]
    game = play(seated, [{"type": "eliminate", "player": n} for n in NAMES[players:5]])
    if game.phase == "nominate":
        candidate = legal_actions(game)[0]["candidates"][0]
        game = apply_event(game, {"type": "nominate", "candidate": candidate})
        game = apply_event(game, {"type": "vote", "yes": [p.name for p in game.players if p.in_game], "no": []})
    while game.phase == "give":
        to = [n for n in legal_actions(game)[0]["to"] if n not in (game.president, game.prime_minister)]
        to = to or legal_actions(game)[0]["to"]
        game = apply_event(game, {"type": "give", "to": to[0], "budget": 0, "support": 0})
    return len([n for n in game.gives if n not in (game.president, game.prime_minister)])


@pytest.mark.parametrize("players", range(2, 11))
def test_the_giving_is_explained_as_the_engine_deals_VOTE_EVT_3_VOTE_FEW_1(client, players):
    t = VoteTable(client, players=NAMES[:max(players, 5)])
    t.sit("Ann")
    assert t.start({n: (4, 4) for n in NAMES[:max(players, 5)]}).status_code == 200
    for name in NAMES[players:5]:
        t.play("eliminate", {"player": name})
    text = client.get(f"/vote/{t.code}/").get_data(as_text=True)
    if players == 2:
        assert 'id="how-given"' not in text and 'id="tiebreak"' in text
        return
    if players > 3:
        t.nominate(re.search(r'name="candidate" value="(\w+)"', text).group(1))
        text = t.vote(yes=NAMES[:players]).get_data(as_text=True)
    said = re.search(r'<p id="how-given">(.*?)<span', text, re.S).group(1)
    others = engine_others(players)
    assert others == {3: 2, 4: 1, 5: 1, 6: 1, 7: 2, 8: 2, 9: 3, 10: 3}[players]
    if players == 3:
        assert f"keeps one card and gives {others} to {others} other players, one each." in said
    elif others == 1:
        assert "gives one back to the PM and 1 to one other player" in said
    else:
        assert f"gives one back to the PM and {others} to {others} other players, one each" in said


def test_greyed_recipients_say_why_VOTE_EVT_3(client):
    """Six players: once the one other player has his card, the rest are greyed, and the form says
    that the last two cards go to the President, who keeps one, and back to the PM (l. 152)."""
    t = VoteTable(client, players=NAMES[:6])
    t.sit("Ann")
    assert t.start({n: (4, 4) for n in NAMES[:6]}).status_code == 200
    text = client.get(f"/vote/{t.code}/").get_data(as_text=True)
    t.nominate(re.search(r'name="candidate" value="(\w+)"', text).group(1))
    text = t.vote(yes=NAMES[:6]).get_data(as_text=True)
    assert 'id="why-greyed"' not in text
    game = t.position(client.application)["game"]
    other = next(n for n in NAMES[:6] if n not in (game.president, game.prime_minister))
    text = t.give(other, 1, 1).get_data(as_text=True)
    why = re.search(r'<p class="hint" id="why-greyed">(.*?)<span', text, re.S).group(1)
    assert why.strip() == (f"The last cards go to President {game.president}, who keeps one, and back to "
                           f"PM {game.prime_minister}.")
    t.give(game.prime_minister, 0, 1)
    text = client.get(f"/vote/{t.code}/").get_data(as_text=True)
    why = re.search(r'<p class="hint" id="why-greyed">(.*?)<span', text, re.S).group(1)
    assert why.strip() == f"President {game.president} keeps the last card."
