"""Cards and Battle box tokens on the Displays page without typing: a card is its colour and value in
one tap (its name optional), moves between hand and display in one tap, and is named when removed;
tokens are − and +, and the toast counts them in the page's language."""
import re

from table_support import TableHelper


def displays(client, table):
    return client.get(f"/liberte/{table.code}/displays").get_data(as_text=True)


def history(client, table):
    return client.get(f"/t/{table.code}/history").get_data(as_text=True)


def test_a_card_is_one_tap_on_its_colour_and_value(client, table):
    """LIB-PLACE-5: Club and Personality cards on a display; the name is optional: without one the
    card is "red 3 (Christie)" in the questions and the history."""
    page = displays(client, table)
    assert page.count('name="pick" value="red:3"') == 3  # one sheet per player
    added = table.displays("card", {"player": "Christie", "pick": "red:3"})
    assert added.status_code == 200
    assert "Christie: a red 3 card" in added.get_data(as_text=True)  # the toast
    position = client.get(f"/t/{table.code}/export.json").get_json()
    assert position["events"][-1]["data"] == {
        "player": "Christie", "where": "displays", "card": {"faction": "red", "value": 3}}
    assert 'data-card="red 3 (Christie)"' in displays(client, table)
    general = table.displays("card", {"player": "Christie", "pick": "blue:2", "general": "1",
                                      "where": "hands"})
    assert general.status_code == 200
    assert re.search(r'data-card="blue 2 \(Christie\)">\s*<span class="tag f-blue">blue 2</span>'
                     r'\s*<span class="tag">General</span>', displays(client, table))


def test_a_card_moves_between_hand_and_display_in_one_tap_each_way(client, table):
    """LIB-TURN-1: the hand refreshes from the display each turn, and cards go back out."""
    table.displays("card", {"player": "Christie", "pick": "white:1", "where": "hands"})
    up = table.displays("move", {"player": "Christie", "where": "hands", "index": 0})
    assert up.status_code == 200
    assert "Christie: white 1 to the personal display" in up.get_data(as_text=True)
    position = client.get(f"/t/{table.code}/export.json").get_json()
    down = table.displays("move", {"player": "Christie", "where": "displays", "index": 0})
    assert "Christie: white 1 to the hand" in down.get_data(as_text=True)
    assert "Christie: white 1 to the personal display" in history(client, table)
    assert position["events"][-1]["data"]["card"] == {"faction": "white", "value": 1}
    bad = table.displays("move", {"player": "Christie", "where": "displays", "index": 0})
    assert bad.status_code == 422 and "Christie has no such card" in bad.get_data(as_text=True)


def test_a_full_display_refuses_a_fifth_card_moved_from_the_hand(client, table):
    """LIB-PLACE-5: at most 4 cards on a display (5 with the sans-culottes)."""
    for value in (1, 2, 3, 1):
        table.displays("card", {"player": "Joshua", "pick": f"red:{value}"})
    table.displays("card", {"player": "Joshua", "pick": "blue:1", "where": "hands"})
    refused = table.displays("move", {"player": "Joshua", "where": "hands", "index": 0})
    assert refused.status_code == 422 and "LIB-PLACE-5" in refused.get_data(as_text=True)


def test_removing_a_card_says_which_one(client, table):
    table.displays("card", {"player": "Max", "pick": "blue:2", "id": "lafayette"})
    table.displays("card", {"player": "Max", "pick": "red:3"})
    said = table.displays("discard", {"player": "Max", "where": "displays", "index": 1})
    assert "Max: removed from the personal display: red 3" in said.get_data(as_text=True)
    table.displays("discard", {"player": "Max", "where": "displays", "index": 0})
    text = history(client, table)
    assert "Max: removed from the personal display: lafayette" in text
    assert "a card removed" not in text


def test_the_phones_own_player_comes_first(app, table):
    max_phone = table.seated_phone("Max")
    page = displays(max_phone, table)
    assert page.index('id="player-2"') < page.index('id="player-0"') < page.index('id="player-1"')
    assert "Max · 0 VP · <small>this phone</small>" in page


def test_battle_tokens_are_minus_and_plus_and_counted_in_words(client, table):
    """LIB-BAT-1: tokens in the Battle box (turns 2-4): one tap each, no keyboard."""
    table.displays("turn", {"turn": 2})
    page = displays(client, table)
    assert re.search(r'<button name="tokens" value="1" aria-label="one token more"', page)
    assert 'type="number" inputmode="numeric" name="tokens"' not in page
    one = table.displays("battle", {"player": "Joshua", "tokens": 1})
    assert "Joshua: 1 token in the Battle box" in one.get_data(as_text=True)
    two = table.displays("battle", {"player": "Joshua", "tokens": 2})
    assert "Joshua: 2 tokens in the Battle box" in two.get_data(as_text=True)
    assert re.search(r'<button name="tokens" value="1" aria-label="one token less"',
                     displays(client, table))


def test_token_counts_agree_with_their_noun_in_russian_and_italian(app):
    for language, said in (("ru", ["1 жетон в", "2 жетона в", "5 жетонов в"]),
                           ("it", ["1 segnalino nel", "2 segnalini nel", "5 segnalini nel"])):
        table = TableHelper(app.test_client(), language=language)
        table.sit("Christie")
        table.displays("turn", {"turn": 2})
        for count, words in zip((1, 2, 5), said):
            text = table.displays("battle", {"player": "Joshua", "tokens": count}).get_data(
                as_text=True)
            assert f"Joshua: {words}" in text, (language, count)


def test_the_display_and_the_supply_use_the_rulebooks_words(app):
    """R calls the display «ЛИЧНЫЙ ДИСПЛЕЙ» (l. 456 «с ЛИЧНОГО ДИСПЛЕЯ игрока») and advancing a
    card «УЛУЧШАТЬ» (l. 392); the Italian aid calls the display «riserva» (l. 120 «nella vostra
    Riserva davanti a voi»), so the supply is «scorta», never «riserva»."""
    ru = TableHelper(app.test_client(), language="ru")
    ru.sit("Christie")
    page = displays(ru.client, ru)
    assert ">Личные дисплеи</a>" in page and "Личный дисплей (0/4)" in page
    assert "Выкладк" not in page and "планшет" not in page
    it = TableHelper(app.test_client(), language="it")
    it.sit("Christie")
    page = displays(it.client, it)
    assert ">Riserve</a>" in page and "Riserva personale (0/4)" in page
    meters = it.client.get(f"/liberte/{it.code}/").get_data(as_text=True)
    assert "Scorta" in meters and "Riserva:" not in meters and "esposizion" not in meters.lower()
