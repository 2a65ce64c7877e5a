"""The Virgin Queen at the table: the shared checklist (ticks, undo, the next turn, the impulses) and
the card-or-treasure take logged with its seed, in three languages; bad input refused beside its field."""
import random
import re

import pytest

from companion.scorers.virgin_queen import PHASES, draw
from companion.games.virgin_queen import views
from table_support import TableHelper
from page_support import refusals, shown

ALL_STEPS = [s.key for phase in PHASES for s in phase.steps]


class QueenTable(TableHelper):
    game = "virgin_queen"

    def __init__(self, client, language="en"):
        super().__init__(client, ["Ann", "Bob", "Cid"], language)

    def at(self, path=""):
        return f"/virgin-queen/{self.code}{path}"

    def tick(self, step, done=True, **kw):
        return self.post(self.at("/tick"), {"step": step, "done": "1" if done else "0"}, **kw)

    def impulse(self, power, action, **kw):
        return self.post(self.at("/impulse"), {"power": power, "action": action}, **kw)

    def take(self, **data):
        return self.post(self.at("/draw"), {"power": "england", "cards": 0, "treasures": 0} | data)


@pytest.fixture
def queen(client):
    table = QueenTable(client)
    table.sit("Ann")
    return table


def page(client, table, path="/") -> str:
    return client.get(table.at(path)).get_data(as_text=True)


def test_a_new_table_lands_on_turn_1_with_the_eight_phases(client, queen):
    assert client.get(f"/t/{queen.code}").location == queen.at("/")
    text = shown(page(client, queen))
    assert "Turn 1 of at most 7 (VQ-SEQ-1)" in text
    phases = re.findall(r'<section class="card phase[^"]*" id="phase-(\w+)"', page(client, queen))
    assert phases == [p.key for p in PHASES]
    assert "20.10 Check whether the Catholic League is formed" in text and "6.3/8.4" in text
    assert "Not on turn 1: new characters enter from the second turn (VQ-ARR-1)" in text
    assert "Uluch Ali enters now in place of Dragut" in text  # the arrival notes (VQ-ARR-2)
    assert "Next: Card draw phase — Add new characters" in text


def test_a_tick_is_shared_and_undone_like_any_change(app, client, queen):
    assert queen.tick("characters").status_code == 200
    other = app.test_client()
    queen.sit("Bob", client=other)
    seen = other.get(queen.at("/")).get_data(as_text=True)
    assert re.search(r'aria-pressed="true">\s*<span class="box" aria-hidden="true">✓</span>\s*'
                     r'<span class="sec">8.1</span>', seen)
    assert "Next: Card draw phase — Add fortresses and Jesuits" in shown(seen)
    assert queen.post(queen.at("/undo"), {}, client=other).status_code == 200
    assert "Next: Card draw phase — Add new characters" in shown(page(client, queen))
    history = shown(client.get(f"/t/{queen.code}/history").get_data(as_text=True))
    assert "Ann : ticked off: Add new characters (undone)" in history and "Bob : undid the last change" in history


def test_two_phones_ticking_different_steps_both_go_through(client, queen):
    base = queen.version
    assert queen.tick("deal", version=base).status_code == 200
    assert queen.tick("ransom", version=base).status_code == 200  # from the older version: rebased
    same = queen.tick("deal", done=False, version=base)            # the same step: stale
    assert same.status_code == 409 and "Not applied" in same.get_data(as_text=True)


def test_vq_seq_2_the_next_turn_waits_for_every_step(client, queen):
    refused = queen.post(queen.at("/turn"), {})
    assert refused.status_code == 422
    assert refusals(refused) == ["turn 1 is not over: Add new characters is not done yet"]
    assert "(VQ-SEQ-2)" in refused.get_data(as_text=True) and queen.version == 0
    for key in ALL_STEPS:
        assert queen.tick(key).status_code == 200
    assert queen.post(queen.at("/turn"), {}).status_code == 200
    text = shown(page(client, queen))
    assert "Turn 2 of at most 7" in text and "Next: Card draw phase — Add new characters" in text
    assert "Not on turn 1" not in text
    assert '<details class="arrivals" open>' in page(client, queen)  # turn 2: the arrivals are due (VQ-ARR-1)


def test_vq_seq_6_and_11_the_impulses(client, queen):
    wrong = queen.impulse("spain", "play")
    assert wrong.status_code == 422 and refusals(wrong) == ["it is the impulse of Ottoman, not of Spain"]
    queen.impulse("ottoman", "play")
    for power in ("spain", "england", "france", "hapsburg", "protestant", "ottoman"):
        assert queen.impulse(power, "pass").status_code == 200
    text = shown(page(client, queen))
    assert "All powers passed in succession: the action phase is over. (VQ-SEQ-11)" in text
    assert re.search(r'id="step-impulses">\s*<form[^>]*>.*?aria-pressed="true"', page(client, queen), re.S)
    assert "Ottoman passes: all powers passed in succession, the action phase is over (VQ-SEQ-11)" in text


def test_vq_draw_the_take_is_drawn_from_a_seed_stored_in_its_event(app, client, queen, monkeypatch):
    monkeypatch.setattr(views, "rng", lambda: random.Random(5))
    seed = random.Random(5).randrange(2**32)
    answer = queen.take(cards=3, treasures=2, card_names="Mary\nDrake\nArmada")
    expected = draw("england", 3, 2, random.Random(seed), ["Mary", "Drake", "Armada"])
    text = shown(answer.get_data(as_text=True))
    assert answer.status_code == 200 and expected["reason"] in text and expected["drawn"] in text
    assert "(VQ-DRAW-2)" in text
    exported = client.get(f"/t/{queen.code}/export.json").get_json()
    assert exported["events"][-1]["data"]["seed"] == seed
    history = shown(client.get(f"/t/{queen.code}/history").get_data(as_text=True))
    assert f"{expected['reason']}. {expected['drawn']}" in history
    # the undo's caption says the change as the history does, its rule id hidden with the others
    caption = re.search(r'<small class="last">(.*?)</small>', answer.get_data(as_text=True), re.S).group(1)
    assert '<span class="rule"> (VQ-DRAW-2)</span>' in caption
    again = queen.take(cards=3, treasures=2, card_names="Mary\nDrake\nArmada")
    earlier = re.search(r"<h2>Earlier takes</h2>.*?</ul>", again.get_data(as_text=True), re.S).group(0)
    assert 'ignoring the treasures<span class="rule"> (VQ-DRAW-2)</span>. Drawn at random' in earlier


def test_vq_draw_3_as_many_treasures_draws_a_treasure(client, queen):
    text = shown(queen.take(cards=2, treasures=2).get_data(as_text=True))
    assert "as many treasures as cards" in text and re.search(r"Drawn at random: treasure [12] of 2", text)


@pytest.mark.parametrize("data, said", [
    ({"cards": "x"}, "Cards: a whole number is needed, not 'x'"),
    ({"treasures": "120"}, "Treasures: 120 is not between 0 and 99"),
    ({"power": "venice"}, "choose the power that loses the card"),
    ({"cards": 2, "card_names": "Mary"}, "cards: 2 counted but 1 named; name all of them or none")])
def test_vq_draw_1_bad_input_is_refused_beside_the_form_and_nothing_is_stored(client, queen, data, said):
    answer = queen.take(**data)
    assert answer.status_code == 422 and refusals(answer) == [said]
    assert "(VQ-DRAW-1)" in answer.get_data(as_text=True) and queen.version == 0


@pytest.mark.parametrize("path, data", [("/tick", {"step": "lunch"}), ("/impulse", {"power": "", "action": "x"}),
                                        ("/tick", {}), ("/draw", {})])
def test_garbage_is_refused_never_a_500(client, queen, path, data):
    assert queen.post(queen.at(path), data).status_code == 422


def test_vq_end_1_turn_7_says_the_game_ends_and_what_is_scored(client, queen):
    """Turn 7's winner step: «Игра разыгрывается в семь или менее ходов», so no «начните новый ход»."""
    for turn in range(2, 8):
        for key in ALL_STEPS:
            queen.tick(key)
        assert queen.post(queen.at("/turn"), {}).status_code == 200
    body = page(client, queen)
    text = shown(body)
    assert "Turn 7 of at most 7" in text and "start turn 8" not in text
    assert "Determine the winner. Turn 7 is the last: the game ends here, with no new turn (VQ-END-1)" in text
    assert "advance the turn marker" not in text
    queen.tick("winner")
    assert "ticked off: Determine the winner" in shown(page(client, queen))  # the history's name for the step
    assert "advance the turn marker" not in shown(page(client, queen))
    assert ("What is scored at the end: the VP for control of Paris and Central Europe awarded just above, added to "
            "the VP each power has gained during the game; then the winner is determined (25.3) (VQ-END-1)") in text
    client.post("/lang", data={"lang": "ru", "code": queen.code, "next": queen.at("/")})
    russian = shown(page(client, queen))
    assert "Определите победителя. Ход 7 — последний: игра на этом заканчивается, нового хода нет (VQ-END-1)" in russian
    assert "продвиньте маркер хода" not in russian and "Что засчитывается в конце: ПО за контроль над Парижем" in russian


def test_a_russian_table_walks_the_turn_in_the_seeds_words(client):
    table = QueenTable(client, language="ru")
    table.sit("Ann")
    text = shown(page(client, table))
    for said in ("Ход 1 (всего не больше 7)", "Фаза набора карточек", "Добавьте новых персонажей",
                 "Распространите беспорядки Морисков", "Фаза определения победы", "Оттоман",
                 "Улудж Али входит сейчас на замену Драгуту"):
        assert said in text, said
    answer = shown(table.take(power="hapsburg", cards=1, treasures=3).get_data(as_text=True))
    assert ("Империя: 1 карточка и 3 сокровища; сокровищ больше, чем карточек, поэтому берётся сокровище, "
            "карточки не учитываются (VQ-DRAW-3)") in answer


def test_an_italian_table_says_the_take_and_refusals_in_italian(client):
    table = QueenTable(client, language="it")
    table.sit("Ann")
    answer = shown(table.take(power="spain", cards=5, treasures=1).get_data(as_text=True))
    assert "Spagna: 5 carte e 1 tesoro; più carte che tesori, quindi si prende dalle carte" in answer
    assert re.search(r"Presa a caso: la carta [1-5] di 5", answer)  # agreeing with «carta»
    refused = table.take(cards=3, card_names="A")
    assert refusals(refused) == ["carte: contati 3 ma nominati 1; nominali tutti o nessuno"]


def test_vq_draw_1_a_refused_take_keeps_what_was_entered(client, queen):
    """A refusal used to bring back an empty form (the first power, 0 and 0, no names): the phone
    had to enter everything again, and a second tap on 'Draw' was refused for another reason."""
    answer = queen.take(power="france", cards="3", treasures="x", card_names="Armada\nReform")
    text = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert '<option value="france" selected>' in text and 'name="cards" inputmode="numeric" value="3"' in text
    assert 'value="x"' in text and ">Armada\nReform</textarea>" in text
    fresh = page(client, queen, "/draw")
    assert 'value="3"' not in fresh and "selected" not in fresh.split('id="power"')[1].split("</select>")[0]


@pytest.mark.parametrize("data, after, before", [
    ({"cards": "x"}, 'id="cards"', 'id="treasures"'),
    ({"treasures": "120"}, 'id="treasures"', "<details"),
    ({"power": "venice"}, 'id="power"', 'id="cards"'),
    ({"cards": 2, "card_names": "Mary"}, 'id="treasure_names"', 'id="draw-button"')])
def test_vq_draw_1_a_refusal_stands_beside_the_field_it_names(client, queen, data, after, before):
    """Each refusal of the take's form under its own field, not all of them under the counts."""
    text = queen.take(**data).get_data(as_text=True)
    between = text.split(after, 1)[1].split(before, 1)[0]
    assert 'class="error"' in between and "(VQ-DRAW-1)" in between
