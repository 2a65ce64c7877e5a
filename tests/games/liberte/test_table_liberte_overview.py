"""France at a glance (liberte/_overview.html) and the open province (liberte/_open.html): the
27 tiles, what a tile tells, and a stack added with one tap for this phone's seat."""
import re

from companion.games.liberte.views import initials


def tile(text, n):
    return re.search(rf'<a class="tile[^"]*" id="tile-{n}".*?</a>', text, re.S).group(0)


def test_the_overview_has_the_27_provinces_in_number_order_each_a_link(client, table):
    text = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert re.findall(r'id="tile-(\d+)"', text) == [str(n) for n in range(1, 28)]
    assert f'href="/liberte/{table.code}/?open=5"' in tile(text, 5)  # a plain link without JS
    assert 'hx-get="/liberte/{}/?open=5"'.format(table.code) in tile(text, 5)
    assert "★" in tile(text, 8) and "★" not in tile(text, 7)  # Paris (LIB-ELEC-6)
    assert 'id="prov-27"' in text and 'id="open"' not in text  # the long list stays


def test_a_tile_tells_its_stacks_control_tie_and_marks(client, table):
    from table_support import profile_form
    table.post(f"/liberte/{table.code}/profile/", profile_form(fleur=(3,), vp={3: 2}))
    table.stack(3, "Christie", "red", 2)
    table.stack(3, "Joshua", "blue", 1)
    table.stack(8, "Christie", "red", 3)
    table.stack(8, "Max", "white", 3)
    text = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    three, paris = tile(text, 3), tile(text, 8)
    assert '<i class="bar f-red b2">2</i><i class="bar f-blue b1">1</i>' in three
    assert '<span class="ctl p0">C</span>' in three  # Christie's initial, her colour's ring
    assert "⚜" in three and "+2" in three and "tied" not in three
    assert "tied" in paris and '<span class="ctl tie">=</span>' in paris  # LIB-ELEC-4
    assert "Christie red 3, Max white 3; tie" in paris  # told in words, not only by colour
    assert '<span class="tag tie">tie</span>' in text  # the long list tags it too


def test_initials_are_the_shortest_that_tell_the_players_apart():
    assert initials(["Anna", "Boris"]) == {"Anna": "A", "Boris": "B"}
    assert initials(["Anna", "Arthur", "Boris"]) == {"Anna": "An", "Arthur": "Ar", "Boris": "Bo"}


def test_a_tapped_tile_opens_the_province_and_the_live_refresh_keeps_it_open(client, table):
    text = client.get(f"/liberte/{table.code}/?open=5", headers={"HX-Request": "true"}
                      ).get_data(as_text=True)
    panel = text[text.index('<section class="open" id="open"'):]
    assert f'hx-get="/liberte/{table.code}/?open=5" hx-trigger="table-changed' in text
    assert 'class="tile opened" id="tile-5"' in text and 'class="overview compact"' in text
    assert 'hx-trigger="province-tapped from:body"' in panel[:panel.index(">")]  # a long-list tap
    assert re.findall(r'name="pick" value="(\w+:\d)"', panel) == [
        f"{f}:{b}" for b in (1, 2, 3) for f in ("red", "white", "blue")]
    assert 'value="Christie" checked' in panel  # this phone's seat is the default
    assert 'value="Joshua" >' in panel
    assert client.get(f"/liberte/{table.code}/?open=99").status_code == 200  # no such: closed


def test_one_tap_adds_a_stack_and_answers_with_what_it_changed_the_province_still_open(
        client, table):
    pick = {"province": 5, "player": "Christie", "pick": "blue:2", "add": 1, "open": 5}
    answer = table.post(f"/liberte/{table.code}/", pick)
    text = answer.get_data(as_text=True)
    assert answer.status_code == 200 and 'id="open"' in text
    assert 'id="tile-1"' not in text and 'id="prov-1"' not in text  # not the whole board
    assert sorted(re.findall(r'id="([\w-]+)"[^>]*hx-swap-oob="true"', text)) == [
        "meters", "open", "prov-5", "shown", "sudden-death", "tile-5", "toast"]
    assert '<i class="bar f-blue b2">2</i>' in tile(text, 5)
    panel = text[text.index('id="open"'):text.index('id="meters"')]
    assert 'data-player="Christie"' in panel  # her chip, and she is no longer offered a new one
    assert 'type="radio" name="player" value="Christie"' not in panel
    plain = table.post(f"/liberte/{table.code}/", dict(pick, province=6, open=6), htmx=False)
    assert plain.status_code == 303 and plain.location == f"/liberte/{table.code}/?open=6"


def test_a_refused_pick_is_told_in_the_open_province_and_marked_on_its_tile(client, table):
    table.stack(5, "Christie", "red", 1)
    pick = {"province": 5, "player": "Christie", "pick": "white:1", "add": 1, "open": 5}
    refused = table.post(f"/liberte/{table.code}/", pick)
    text = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "LIB-PLACE-3" in text
    panel = text[text.index('id="open"'):text.index('id="meters"')]
    assert "Christie already has a stack in province 5" in panel
    assert 'class="tile refused opened" id="tile-5"' in text
    bad = table.post(f"/liberte/{table.code}/", dict(pick, player="Joshua", pick="green:9"))
    assert bad.status_code == 422 and "LIB-PLACE-1" in bad.get_data(as_text=True)


def test_a_full_province_offers_no_new_stack(client, table):
    for player in table.players:
        table.stack(4, player, "red", 1)
    text = client.get(f"/liberte/{table.code}/?open=4").get_data(as_text=True)
    assert 'name="pick"' not in text and "(LIB-PLACE-2)" in text


def test_a_phone_without_a_seat_is_asked_to_take_one(app, table):
    watcher = app.test_client()
    text = watcher.get(f"/liberte/{table.code}/?open=4").get_data(as_text=True)
    panel = text[text.index('id="open"'):text.index('id="meters"')]
    assert "Take a seat, and one tap adds your own stacks." in panel and " checked" not in panel


def test_a_watching_phone_sees_the_stack_buttons_off_and_the_host_and_players_on(app, client, table):
    """A watcher's tap would be refused (TABLE-SEAT): its buttons must not look usable."""
    table.sit("Christie")
    table.stack(4, "Christie", "red", 1)
    watcher = app.test_client()
    table.sit("", client=watcher)  # just watching

    def buttons(phone):
        text = phone.get(f"/liberte/{table.code}/?open=4").get_data(as_text=True)
        panel = text[text.index('id="open"'):text.index('id="meters"')]
        return re.findall(r"<button[^>]*>", panel)
    watching = buttons(watcher)
    assert len(watching) == 11 and all("disabled" in b for b in watching)  # 9 picks, − and +
    assert not any("disabled" in b for b in buttons(client))  # the seated host's


def test_russian_board_words_need_no_declined_name_and_agree_with_their_counts(client):
    """«у Анна» was wrong: the name stands alone («Анна: …»); counts agree with the noun and its
    colour; a supply refusal says how many blocks are left (LIB-PLACE-4)."""
    from table_support import TableHelper
    t = TableHelper(client, players=["Анна", "Борис", "Вера"], language="ru")
    t.sit("Анна")
    t.stack(3, "Анна", "red", 1)
    t.stack(4, "Борис", "white", 2)
    t.stack(5, "Вера", "blue", 3)
    history = client.get(f"/t/{t.code}/history").get_data(as_text=True)
    assert "провинция 3: Анна: 1 красный блок" in history
    assert "провинция 4: Борис: 2 белых блока" in history
    assert "провинция 5: Вера: 3 синих блока" in history and "у Анна" not in history
    for n in range(6, 14):  # 24 more white blocks: the 2 of province 4 and 24 are 26 > 22
        answer = t.stack(n, "Борис", "white", 3)
    text = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert "провинция 13: в запасе остались только 2 белых блока, а этому стеку нужно ещё 3" in text
    text = client.get(f"/liberte/{t.code}/?open=3").get_data(as_text=True)
    assert "равенство" in text and "красные 2" in text and "Радикал" not in text


def test_the_overview_groups_the_provinces_by_the_profiles_regions(client, table):
    """The rulebook's board has 6 regions of 4 or 5 provinces; their names here are made up."""
    from table_support import profile_form
    cut = {"Nord": range(1, 6), "Île": range(6, 11), "Ouest": range(11, 15), "Centre": range(15, 19),
           "Sud": range(19, 24)}  # 24..27 left without a region
    form = profile_form() | {f"region-{n}": name for name, ns in cut.items() for n in ns}
    table.post(f"/liberte/{table.code}/profile/", form)
    text = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    groups = re.findall(r'<div class="region" role="group" aria-label="([^"]+)">(.*?)</div>', text, re.S)
    assert [name for name, _ in groups] == ["Nord", "Île", "Ouest", "Centre", "Sud", "Other provinces"]
    assert [re.findall(r'id="tile-(\d+)"', tiles) for _, tiles in groups][1] == \
        ["6", "7", "8", "9", "10"]
    exported = client.get(f"/liberte/{table.code}/profile/profile.json").get_json()
    assert exported["provinces"]["8"] == {"name": "Île de France", "paris": True, "region": "Île"}
    assert "region-27" in client.get(f"/liberte/{table.code}/profile/").get_data(as_text=True)


def test_a_tap_in_the_long_list_also_refreshes_its_tile_out_of_band(client, table):
    table.stack(7, "Christie", "red", 1)
    text = table.stack(7, "Christie", "red", 2).get_data(as_text=True)
    sent = tile(text, 7)
    assert 'hx-swap-oob="true"' in sent and '<i class="bar f-red b2">2</i>' in sent
    board = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert tile(board, 7) == sent.replace(' hx-swap-oob="true"', "")  # the same as the board's
    refused = table.stack(7, "Christie", "red", 4).get_data(as_text=True)
    assert 'class="tile refused" id="tile-7"' in refused


def test_heights_the_supply_cannot_give_are_not_offered_LIB_PLACE_4(client, table):
    for n in range(1, 9):  # 24 of the 26 blue blocks of turn 1
        table.stack(n, "Joshua", "blue", 3)
    text = client.get(f"/liberte/{table.code}/?open=9").get_data(as_text=True)
    assert 'value="blue:2" >' in text and 'value="blue:3" disabled>' in text
    assert 'value="red:3" >' in text
