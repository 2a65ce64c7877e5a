"""The Liberté board mirror and the displays page (companion.games.liberte.views)."""
import re

from page_support import marked_for, section


def rules_shown(page: str) -> str:
    """A page with its rule ids shown ("Show the rule ids": their spans unwrapped)."""
    return re.sub(r'<span class="rule">([^<]*)</span>', r"\1", page)


def test_board_page_and_fragment(client, table):
    page = client.get(f"/liberte/{table.code}/")
    fragment = client.get(f"/liberte/{table.code}/", headers={"HX-Request": "true"})
    assert b"<html" in page.data and b"<html" not in fragment.data
    text = page.get_data(as_text=True)
    assert all(f'id="prov-{n}"' in text for n in range(1, 28))
    assert "Normandie" in text and "Île de France" in text and "Cannot judge" in text
    assert "HX-Request" in page.headers["Vary"]


def test_tap_adds_and_removes_a_block(client, table):
    table.stack(8, "Christie", "red", 1)
    table.stack(8, "Christie", "red", 2)
    text = table.stack(8, "Christie", "red", 1).get_data(as_text=True)
    assert '<span class="h">1</span>' in text
    text = table.stack(8, "Christie", "red", 0).get_data(as_text=True)
    assert 'data-player="Christie"' not in text


def test_placement_rules_are_checked_as_you_go(client, table):
    table.stack(8, "Christie", "red", 3)
    table.stack(8, "Joshua", "red", 3)
    table.stack(8, "Max", "white", 1)
    refused = table.stack(8, "Christie", "red", 4)
    assert refused.status_code == 422 and b"LIB-PLACE-1" in refused.data
    assert b'id="prov-8"' in refused.data
    for n in range(1, 8):  # 3 + 3 in Paris, 21 here: 27 of the 28 red blocks of turn 1
        assert table.stack(n, "Joshua", "red", 3).status_code == 200
    full = table.stack(9, "Joshua", "red", 2)
    assert full.status_code == 422 and b"LIB-PLACE-4" in full.data
    assert "only 1 red block is left in the supply; this stack asks for 2 more" in full.get_data(
        as_text=True)  # the refusal says what is left (LIB-PLACE-4)
    last = table.stack(9, "Joshua", "red", 1)  # 28: the red supply is empty
    assert last.status_code == 200 and b"Action phase over" in meters(client, table).data


def meters(client, table):
    return client.get(f"/liberte/{table.code}/meters", headers={"HX-Request": "true"})


def test_meters_count_the_supply_and_the_election_preview(client, table):
    tap = table.stack(1, "Christie", "red", 3)
    answered = tap.get_data(as_text=True)  # the tap's answer carries the meters: no second request
    assert '<div id="meters" hx-swap-oob="true">' in answered and "red 25" in answered
    text = meters(client, table).get_data(as_text=True)
    assert text.startswith('<div id="meters">') and 'id="prov-1"' not in text
    assert "red 25" in text  # 28 in turn 1, minus 3 (LIB-PLACE-4)
    assert 'id="meter-votes"' in text and "red 1" in text
    assert client.get(f"/liberte/{table.code}/meters").status_code == 303  # no htmx: the board


def test_a_tap_shows_who_controls_the_province(client, table):
    table.stack(5, "Christie", "red", 2)
    text = table.stack(5, "Joshua", "blue", 1).get_data(as_text=True)
    assert "controlled by Christie" in text  # LIB-CTRL-1
    text = table.stack(5, "Joshua", "blue", 2).get_data(as_text=True)
    assert "controlled by" not in text  # two equal highest stacks: nobody


def test_bad_input_names_the_field_and_the_rule(client, table):
    response = table.post(f"/liberte/{table.code}/", {"province": 30, "player": "Christie",
                                                       "faction": "red", "blocks": 1})
    assert response.status_code == 422 and b"LIB-ELEC-1" in response.data
    response = table.post(f"/liberte/{table.code}/", {"province": 3, "player": "Nobody",
                                                       "faction": "red", "blocks": 1})
    assert response.status_code == 422 and b"Nobody" in response.data
    plain = table.post(f"/liberte/{table.code}/", {"province": 3, "player": "Christie",
                                                    "faction": "green", "blocks": 1}, htmx=False)
    assert plain.status_code == 422 and b"<html" in plain.data and b"LIB-PLACE-1" in plain.data


def test_displays_cards_tokens_vp_turn_and_order(client, table):
    assert client.get(f"/liberte/{table.code}/displays").status_code == 200
    r = table.displays("card", {"player": "Christie", "where": "displays", "faction": "red",
                                "value": 3, "id": "marat", "general": "1"})
    assert r.status_code == 200 and "marat" in r.get_data(as_text=True)
    table.displays("card", {"player": "Max", "where": "hands", "faction": "white", "value": 2})
    assert table.displays("vp", {"player": "Joshua", "vp": 7}).status_code == 200
    assert table.displays("turn", {"turn": 3}).status_code == 200
    assert table.displays("battle", {"player": "Christie", "tokens": 2}).status_code == 200
    assert table.displays("lost_battles", {"count": 1}).status_code == 200
    r = table.displays("order", {"order-0": "Max", "order-1": "Christie", "order-2": "Joshua"})
    assert "Joshua · 7 VP" in r.get_data(as_text=True)
    bad = table.displays("order", {"order-0": "Max", "order-1": "Max", "order-2": "Joshua"})
    assert bad.status_code == 422 and b"LIB-TURN-1" in bad.data
    assert table.displays("discard", {"player": "Christie", "where": "displays",
                                      "index": 0}).status_code == 200
    bad = table.displays("discard", {"player": "Christie", "where": "displays", "index": 0})
    assert bad.status_code == 422


def test_impossible_battles_are_refused_beside_their_field(client, table):
    """Battle box tokens in turn 1 (LIB-TURN-1) and more lost battles than battles fought
    (LIB-BAT-3) are refused with the engine's message next to the field; nothing is stored."""
    assert 'name="tokens"' not in client.get(f"/liberte/{table.code}/displays").get_data(as_text=True)
    r = table.displays("battle", {"player": "Christie", "tokens": 2})  # a page left open from turn 2
    text = r.get_data(as_text=True)
    assert r.status_code == 422 and "LIB-TURN-1" in text and "turn 1 has no battle" in text
    table.displays("turn", {"turn": 3})
    assert 'name="tokens"' in client.get(f"/liberte/{table.code}/displays").get_data(as_text=True)
    r = table.displays("lost_battles", {"count": 2})
    text = r.get_data(as_text=True)
    assert r.status_code == 422 and "LIB-BAT-3" in text and "at most 1 battle can be lost" in text
    assert table.displays("lost_battles", {"count": 1}).status_code == 200
    r = table.displays("turn", {"turn": 2}, htmx=False)
    assert r.status_code == 422 and b"<html" in r.data and b"LIB-BAT-3" in r.data
    page = client.get(f"/liberte/{table.code}/displays").get_data(as_text=True)
    assert 'value="3" class="pressed" aria-pressed="true"' in page
    assert '<strong class="count" id="lost">1</strong>' in page


def test_a_fifth_card_needs_sans_culottes(client, table):
    for i in range(4):
        table.displays("card", {"player": "Max", "faction": "blue", "value": 1, "id": f"c{i}"})
    r = table.displays("card", {"player": "Max", "faction": "blue", "value": 1, "id": "c5"})
    assert r.status_code == 422 and b"LIB-PLACE-5" in r.data
    r = table.displays("card", {"player": "Max", "faction": "blue", "value": 1, "id": "c5",
                                "sans_culottes": "1"})
    assert r.status_code == 200


def test_a_tap_answers_with_what_the_other_phones_are_sent_of_it(client, table):
    """The answer to a tap is the board's changes since the version before, as every other phone
    of the table is sent them (the province, its tile, the meters and the new version, each out
    of band, liberte.views.board_changes), then the toast; marked for this phone's seat
    (liberte.js), the province is the one the board shows."""
    table.stack(5, "Christie", "red", 2)
    since = table.version
    answer = table.stack(5, "Joshua", "blue", 1)
    text = answer.get_data(as_text=True)
    assert answer.headers["HX-Reswap"] == "none"
    assert text.count('class="prov"') == 1 and text.count('id="meters"') == 1
    assert f'data-version="{table.version}"' in text and 'id="toast"' in text
    changes = client.get(f"/liberte/{table.code}/?since={since}", headers={"HX-Request": "true"})
    assert text.startswith(changes.get_data(as_text=True))
    board = client.get(f"/liberte/{table.code}/", headers={"HX-Request": "true"})
    mine = marked_for(text, "Christie", True).replace(' hx-swap-oob="true"', "")
    province = mine[mine.index('<section class="prov" id="prov-5"'):mine.index("</section>")]
    assert " ".join(province.split()) in " ".join(board.get_data(as_text=True).split())


def test_the_meters_announce_a_counter_revolution_that_ends_the_game_before_the_election(
        client, table):
    """LIB-CR-1 on the board: the preview's battle is lost (nobody has tokens), so six white
    fleur-de-lis provinces already end the game; the seventh does it before the battle. The
    election is not held, and the meters say so instead of failing."""
    from table_support import profile_form
    fleur = (2, 4, 6, 10, 14, 17, 20)
    table.post(f"/liberte/{table.code}/profile/", profile_form(fleur=fleur))
    table.displays("turn", {"turn": 3})
    for n in fleur[:6]:
        table.stack(n, "Max", "white", 2)
    text = rules_shown(meters(client, table).get_data(as_text=True))
    assert "6 of 7" in text and "the counter-revolution ends the game first (LIB-CR-1). Winner: Max." in text
    assert "If nobody wins the battle (LIB-BAT-3)" in text  # a General advanced may yet win it
    assert 'id="sudden-death" hx-swap-oob="true"></div>' in text  # not yet: nothing at the top
    table.stack(fleur[6], "Max", "white", 2)
    board = client.get(f"/liberte/{table.code}/")
    assert board.status_code == 200
    assert "Counter-revolution! The game ends (LIB-CR-1)." in rules_shown(board.get_data(as_text=True))


def test_a_counter_revolution_during_the_actions_ends_the_game_on_every_page_LIB_CR_2(client, table):
    """Seven white fleur-de-lis provinces in turn 3: the game ended then, "at once" (LIB-CR-1), by
    the tap that made the seventh. Every phone is told at the top of its board (out of band with
    the meters, which every change refreshes), and the Election page shows the end, with no
    battle, elections nor battle VPs to ask."""
    from table_support import profile_form
    fleur = (2, 4, 6, 10, 14, 17, 20)
    table.post(f"/liberte/{table.code}/profile/", profile_form(fleur=fleur))
    table.displays("turn", {"turn": 3})
    for n in fleur:
        table.stack(n, "Max", "white", 2)
    notice = "The Royalist counter-revolution ended the game during the actions of turn 3."
    board = rules_shown(client.get(f"/liberte/{table.code}/", headers={"HX-Request": "true"}).get_data(as_text=True))
    assert board.index(notice) < board.index('id="prov-1"')  # above the tiles, not below them
    assert board.count('id="game-over"') == 1
    assert notice in meters(client, table).get_data(as_text=True)  # the tapping phone's meters say it
    election = client.get(f"/liberte/{table.code}/election/").get_data(as_text=True)
    assert "Hold the elections" not in election and 'name="vp"' not in election
    points = election[election.index('id="standings"'):]
    assert "<td>1</td><td>Max</td><td>14</td>" in points  # 7 stacks of 2


def test_the_add_a_stack_sheet_does_not_replace_a_players_stack_LIB_PLACE_3(client, table):
    """LIB-PLACE-3: one stack per player in a province. Adding one for a player who has one
    there is refused beside the province, and her stack stays as it was."""
    table.stack(1, "Christie", "red", 2)
    refused = table.stack(1, "Christie", "white", 1, add=1)
    text = refused.get_data(as_text=True)
    assert refused.status_code == 422 and 'id="prov-1"' in text
    assert "Christie already has a stack in province 1 (2 red)" in text and "LIB-PLACE-3" in text
    province = section(text, "prov-1")
    assert 'class="chip p0 f-red"' in province and 'class="chip p0 f-white"' not in province
    assert table.stack(1, "Joshua", "white", 1, add=1).status_code == 200


def test_a_watching_phone_sees_the_displays_fields_off_and_why(app, client, table):
    """Every change on Displays from a phone without a seat is refused (TABLE-SEAT): its add-a-card,
    discard, Battle box, VP, turn and order buttons must not look usable."""
    table.sit("Christie")
    watcher = app.test_client()
    table.sit("", client=watcher)  # just watching
    watching = watcher.get(f"/liberte/{table.code}/displays").get_data(as_text=True)
    assert '<fieldset class="bare" disabled>' in watching
    assert "Take a seat to change the displays." in watching
    seated = client.get(f"/liberte/{table.code}/displays").get_data(as_text=True)
    assert "disabled>" not in seated.split('<fieldset class="bare"')[1][:20]
    assert "Take a seat to change the displays." not in seated


def test_a_watching_phone_gets_no_add_a_stack_sheet_nor_a_usable_undo(app, client, table):
    """TABLE-SEAT: a watcher's taps are all refused, so its board shows no "Add the stack" sheet
    (27 of them looked usable) and its room no usable Undo. The sheet is rendered once per
    language, players, seat and rights: a seated phone's sheet must not reach the watcher."""
    table.stack(1, "Christie", "red", 1)
    seated = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert seated.count("Add the stack") == 27  # the seated phone first: its sheet is cached
    watcher = app.test_client()
    table.sit("", client=watcher)
    for htmx in ({}, {"HX-Request": "true"}):
        board = watcher.get(f"/liberte/{table.code}/", headers=htmx).get_data(as_text=True)
        assert "Add the stack" not in board and 'class="sheet"' not in board
        usable = [b for b in re.findall(r"<button(?![^>]*disabled)[^>]*>", board)
                  if 'name="lang"' not in b]  # the language switch works for anyone
        assert usable == [], usable
    room = watcher.get(f"/t/{table.code}/room").get_data(as_text=True)
    assert re.search(r'id="undo-button" disabled', room)
    assert not re.search(r'id="undo-button" disabled', client.get(f"/t/{table.code}/room")
                         .get_data(as_text=True))
