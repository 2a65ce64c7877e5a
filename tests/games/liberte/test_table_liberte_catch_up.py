"""A board catching up with other phones' taps (liberte.views.changed_provinces, issue 12).

When the poll says the table changed, the board asks for itself again naming the version it shows
(``since``). If only stacks were set since then, the answer carries just the provinces they
changed, their tiles, the open province, the meters and the poll, each out of band: the same HTML
the whole board would show for them. Anything else redraws the whole board.
"""
import re

from page_support import marked_for

HTMX = {"HX-Request": "true"}


def catch_up(client, table, since, **args):
    query = "&".join(f"{k}={v}" for k, v in {"since": since, **args}.items())
    return client.get(f"/liberte/{table.code}/?{query}", headers=HTMX)


def pieces(text):
    """The elements of a board answer by id: tiles, provinces, the open one, the meters."""
    found = {}
    for pattern in (r'<a class="tile[^>]*id="(tile-\d+)".*?</a>',
                    r'<section class="(?:prov|open)" id="(prov-\d+|open)".*?</section>',
                    r'<div id="(meters)".*?</div>(?=\s*(?:<h2 id="list"|<span id="shown"))'):
        for match in re.finditer(pattern, text, re.S):
            found[match.group(1)] = match.group(0)
    return found


def without_oob(html):
    return html.replace(' hx-swap-oob="true"', "")


def test_a_phone_behind_by_two_taps_gets_only_their_provinces_and_the_meters(client, table):
    other = table.seated_phone("Joshua")
    table.stack(3, "Christie", "red", 2)
    since = table.version
    table.stack(5, "Joshua", "blue", 1, client=other)
    table.stack(3, "Joshua", "white", 3, client=other)

    answer = catch_up(client, table, since)
    text = answer.get_data(as_text=True)
    assert answer.status_code == 200 and answer.headers["HX-Reswap"] == "none"
    ids = re.findall(r'id="((?:tile|prov)-\d+|meters|shown|open|sudden-death)"[^>]*hx-swap-oob="true"',
                     text)
    assert sorted(ids) == ["meters", "prov-3", "prov-5", "shown", "sudden-death", "tile-3", "tile-5"]
    assert f'data-version="{since + 2}"' in text
    assert 'id="live"' not in text and 'id="tile-4"' not in text


def test_what_a_phone_catches_up_with_is_what_the_whole_board_shows(app, client, table):
    """The changes are the same for every phone (its seat and rights applied by the page,
    liberte.js): marked for a seated phone, the host, or a phone that only watches, they are
    what the whole board shows that phone."""
    other = table.seated_phone("Joshua")
    watcher = app.test_client()
    table.sit("", watcher)
    table.stack(3, "Joshua", "blue", 1, client=other)  # a province with a sheet
    since = table.version
    table.stack(8, "Joshua", "blue", 3, client=other)
    table.stack(8, "Max", "white", 3, client=other)  # a tie in Paris (LIB-ELEC-4)
    table.stack(3, "Max", "red", 1, client=other)
    answers = [catch_up(phone, table, since, open=3).get_data(as_text=True)
               for phone in (client, other, watcher)]
    assert answers[0] == answers[1] == answers[2]
    for phone, seat, writes in ((client, "Christie", True), (other, "Joshua", True),
                                (watcher, None, False)):
        caught_up = pieces(marked_for(answers[0], seat, writes))
        whole = pieces(phone.get(f"/liberte/{table.code}/?open=3", headers=HTMX)
                       .get_data(as_text=True))
        assert set(caught_up) == {"tile-3", "prov-3", "tile-8", "prov-8", "open", "meters"}
        for key in caught_up:  # the same elements (the page's whitespace aside)
            assert without_oob(caught_up[key]).split() == whole[key].split(), (key, seat)
    assert "tied" in pieces(answers[0])["tile-8"] and "Max" in pieces(answers[0])["open"]


def test_a_phone_that_is_up_to_date_gets_nothing_to_swap(client, table):
    table.stack(3, "Christie", "red", 2)
    answer = catch_up(client, table, table.version)
    assert answer.headers["HX-Reswap"] == "none" and 'id="prov-' not in answer.get_data(as_text=True)


def test_anything_but_stacks_since_then_redraws_the_whole_board(client, table):
    table.stack(3, "Christie", "red", 2)
    since = table.version
    table.post(f"/t/{table.code}/undo", {})
    table.stack(4, "Christie", "red", 1)
    answer = catch_up(client, table, since)
    assert "HX-Reswap" not in answer.headers
    assert answer.get_data(as_text=True).count('id="prov-') == 27


def test_the_whole_board_when_the_phone_names_no_usable_version(client, table):
    table.stack(3, "Christie", "red", 2)
    for since in ("", "x", "-1", str(table.version + 1)):
        answer = catch_up(client, table, since)
        assert "HX-Reswap" not in answer.headers, since
        assert answer.get_data(as_text=True).count('id="prov-') == 27
    plain = client.get(f"/liberte/{table.code}/?since=0")  # no htmx: the whole page
    assert plain.status_code == 200 and b"<html" in plain.data


def test_a_phone_too_far_behind_redraws_the_whole_board(client, table):
    for n in range(1, 28):
        table.stack(n, "Christie", "red", 1)
    for _ in range(4):
        table.stack(1, "Christie", "red", 2)
        table.stack(1, "Christie", "red", 1)
    assert "HX-Reswap" in catch_up(client, table, table.version - 30).headers
    assert "HX-Reswap" not in catch_up(client, table, table.version - 31).headers


def test_the_board_names_its_version_when_it_refreshes_and_the_other_pages_do_not(client, table):
    board = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    live = re.search(r'<div id="live"[^>]*>', board).group(0)
    assert "data-since" in live  # companion.js adds the poll's version to the refresh
    displays = client.get(f"/liberte/{table.code}/displays").get_data(as_text=True)
    assert "data-since" not in re.search(r'<div id="live"[^>]*>', displays).group(0)


def test_the_meters_are_rendered_once_per_version_and_language(app, client, table):
    """Every phone at a table asks for the meters after each change: the first phone's answer
    renders them, the others get the same HTML; a phone in another language gets its own."""
    from flask import template_rendered
    rendered = []

    def meters_rendered(sender, template, context, **extra):
        if template.name == "liberte/_meters.html":
            rendered.append(context["p"])
    template_rendered.connect(meters_rendered, app)
    other = table.seated_phone("Joshua")
    italian = app.test_client()
    italian.post("/lang", data={"lang": "it", "code": table.code})
    since = table.version
    table.stack(3, "Joshua", "blue", 2, client=other)
    answers = [catch_up(phone, table, since).get_data(as_text=True)
               for phone in (client, other, client, italian, italian)]
    assert len(rendered) == 2  # English, then Italian
    meters = [pieces(answer)["meters"] for answer in answers]
    assert meters[0] == meters[1] == meters[2] and meters[3] == meters[4]
    assert "Supply" in meters[0] and "Scorta" in meters[3] and "Supply" not in meters[3]
    table.stack(3, "Joshua", "blue", 3, client=other)  # a new version: rendered again
    catch_up(client, table, since + 1)
    assert len(rendered) == 3 and rendered[2]["board"]["3"] != rendered[0]["board"]["3"]
