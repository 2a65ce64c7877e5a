"""Issue 11: generated bad requests over every form route and the JSON API (hypothesis).

Every POST route the app has (read from its URL map, so a new game's routes are fuzzed too) gets
forms made of the fields the pages send, filled with hostile values, from the host's phone, a
seated player's and a stranger's; every route, GET and POST, gets query strings made of the
parameters the pages read (issue 22). Whatever comes: no 5xx; a refusal says why (a rule id in the
page, ``{"error", "rule"}`` from the API, or the error page's message); and a refused request
leaves every stored table exactly as it was. ``FUZZ_EXAMPLES=5000`` searches longer than CI does.
"""
import io
import json
import os
import re

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion import create_app
from companion.table import games
from companion.table.db import get_db

NASTY = ["", " ", " 3", "3", "0", "-1", "−2", "27", "28", "1.5", "1e999", "inf", "nan", "NaN",
         str(2 ** 63), str(2 ** 31 + 1), "9" * 5000, "9" * 4301, "²", "٣", "1_0", "\x00",
         "\r\nX: y", "𝔘ñí", "<b>x</b>",
         "red", "white", "blue", "yes", "no", "counts", "hands", "displays", "start", "pause",
         "resume", "extend", "stop", "ability", "event", "full", "totals", "highest", "total",
         "double_vote", "eliminate", "battle", "government", "end", "province:8", "#1",
         "/\t/evil.example", "//evil.example", "x" * 300, "1", "2", "60", "120", "ru", "it", "fr", "de",
         "P0", "P1", "P2", "P4"]  # the players' names, so that some forms get through
FIELDS = ["version", "province", "player", "faction", "blocks", "add", "where", "value", "id",
          "general", "sans_culottes", "index", "tokens", "vp", "turn", "count", "order-0",
          "order-1", "order-2", "contest", "card", "round", "step", "name", "profile-name",
          "vp-3", "fleur-3", "name-3", "battle-2", "candidate", "mode", "yes", "no", "ballot-0",
          "ballot-1", "double-0", "to", "budget", "support", "ability", "target", "party",
          "0-budget", "0-support", "action", "seconds", "votes", "budget_die", "support_die",
          "roll", "lang", "next", "code", "game", "players", "title", "language",
          "option-government_tie", "option-votes", "option-junk", "confirm"]
QUERY = ["open", "since", "seq", "seed", "pace", "eyes_open", "pause", "padding", "lang", "step",
         "pick", "once", "next", "version", "province", "player"]  # what the pages' addresses carry
NAMES = ["card", "discard", "battle", "vp", "turn", "lost_battles", "order", "nominate", "vote",
         "give", "ability", "unrest", "tiebreak", "eliminate", "party_won", "end_round", "bogus",
         "x" * 50]
RULE = re.compile(r'class="rule">\(([^)<]+)\)')
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.sampled_from(NASTY) | st.sampled_from(["A\ud800", "\udfff"]),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(FIELDS + ["kind", "data", "events", "type"]),
                                      inner, max_size=4), max_leaves=12)
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 120)), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.fixture
def tables(tmp_path):
    """A table of every game, its host's phone, a seated player's, a stranger's."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "fuzz.sqlite"),
                      "SECRET_KEY": "fuzz", "WTF_CSRF_ENABLED": False,
                      "JOIN_GUESSES": (10 ** 9, 60), "TABLES_PER_ADDRESS": (10 ** 9, 60),
                      "WRITES_PER_ADDRESS": (10 ** 9, 60), "PROXY_HOPS": 1})
    host, player, stranger = app.test_client(), app.test_client(), app.test_client()
    codes = {}
    with app.app_context():
        found = games.all_games()
    for game in found:
        names = [f"P{n}" for n in range(game.min_players)]
        made = host.post("/tables", data={"game": game.name, "players": "\n".join(names)})
        codes[game.name] = made.location.split("/")[2]
        host.post(f"/t/{codes[game.name]}/seat", data={"player": names[0]})
        player.post(f"/t/{codes[game.name]}/seat", data={"player": names[1]})
    return app, codes, {"host": host, "player": player, "stranger": stranger}


def snapshot(app) -> list:
    """Every stored table with its version, setup and log."""
    with app.app_context():
        db = get_db()
        return [tuple(r) for r in db.execute("SELECT code, version, setup FROM tables")] + [
            tuple(r) for r in db.execute("SELECT table_id, version, kind, data FROM events")]


def post_routes(app, codes, method="POST") -> list:
    """Every POST route (or ``method``'s), with the code of a table of its game (shared routes:
    any table)."""
    of_blueprint = app.extensions["companion.game_of_blueprint"]
    found = []
    for rule in app.url_map.iter_rules():
        if method not in rule.methods or rule.rule.startswith("/api/"):
            continue
        game = of_blueprint.get(rule.endpoint.split(".")[0])
        choices = [codes[game]] if game else list(codes.values())
        found.append((rule, choices))
    return found


def says_why(response) -> bool:
    """A refusal names a rule (page or API), or is the error page with its message."""
    text = response.get_data(as_text=True)
    if response.is_json:
        return bool(response.json.get("rule")) and bool(response.json.get("error"))
    if response.status_code == 409:
        return 'class="notice"' in text
    if RULE.search(text):
        return True
    return response.status_code in (403, 404, 405, 413, 429) and re.search(
        r'class="error"[^>]*>[^<\s]', text) is not None


def check(app, response, before):
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if response.status_code >= 400:
        assert says_why(response), (response.status_code, response.get_data(as_text=True)[:800])
        assert snapshot(app) == before


@FUZZ
@given(data=st.data())
def test_every_form_route_answers_hostile_forms_without_a_5xx(tables, data):
    app, codes, phones = tables
    rule, choices = data.draw(st.sampled_from(post_routes(app, codes)))
    path = data.draw(route_path(rule, choices))
    form = data.draw(st.dictionaries(st.sampled_from(FIELDS), st.sampled_from(NASTY),
                                     max_size=8))
    if "import" in rule.endpoint and data.draw(st.booleans()):
        form["file"] = (io.BytesIO(json.dumps(data.draw(JSON)).encode()), "f.json")
    headers = {}
    if data.draw(st.booleans()):
        headers["HX-Request"] = "true"
    if data.draw(st.booleans()):
        headers["X-Table-Version"] = data.draw(st.sampled_from(NASTY).filter(
            lambda v: "\n" not in v))  # a client cannot send one
    phone = phones[data.draw(st.sampled_from(sorted(phones)))]
    before = snapshot(app)
    if rule.endpoint.endswith("progress"):
        response = phone.post(path, json=data.draw(JSON), headers=headers)
    else:
        response = phone.post(path, data=form, headers=headers,
                              query_string=data.draw(QUERY_STRING))
    check(app, response, before)


NUMBERS = ["²", "٣", "9" * 4301, "0" * 4301 + "1", "-1", " 3", "1_0", "1e999", "", "0", "3", "8",
           "2147483647", "1e25", "1E5", "-0", "0.5", "1,5", "1.", ".5", "1..5", "inf", "-inf",
           "nan", "9" * 20, "1e-400", "0x10", "1.5e3", "٣.5", "𝟑"]  # right or hostile
QUERY_STRING = st.lists(st.sampled_from(QUERY), unique=True, max_size=4).flatmap(
    lambda names: st.fixed_dictionaries({name: st.sampled_from(NUMBERS) | st.sampled_from(NUMBERS)
                                         | st.sampled_from(NASTY) | st.text(max_size=8)
                                         for name in names}))


@st.composite
def route_path(draw, rule, choices) -> str:
    """The address of ``rule`` for a table among ``choices``, its other parts drawn from NAMES."""
    values = {"code": draw(st.sampled_from(choices))}
    for name in rule.arguments - {"code"}:
        values[name] = draw(st.sampled_from(NAMES))
    path = rule.rule
    for name, value in values.items():
        path = re.sub(rf"<(?:\w+:)?{name}>", value, path)
    return path


@settings(FUZZ, max_examples=max(1, FUZZ.max_examples // 3),
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # each try asks ~25 pages:
# shrinking a failure took 5 minutes, and a query of at most 4 parameters is short already
@given(data=st.data())
def test_every_page_answers_hostile_query_strings_without_a_5xx(tables, data):
    """`?open=²`, `?seed=` and 4,301 digits, `?since=٣`: every page (read from the URL map) reads
    the numbers in its address strictly; a refused one says why, and nothing stored changes.
    Each query string is asked of every page, from the same phone."""
    app, codes, phones = tables
    query = data.draw(QUERY_STRING)
    headers = {"HX-Request": "true"} if data.draw(st.booleans()) else {}
    phone = phones[data.draw(st.sampled_from(sorted(phones)))]
    before = snapshot(app)
    for rule, choices in post_routes(app, codes, "GET"):
        path = data.draw(route_path(rule, choices))
        check(app, phone.get(path, query_string=query, headers=headers), before)


NIGHT = st.fixed_dictionaries({}, optional={
    name: st.sampled_from(NUMBERS) | st.text(max_size=8) | st.floats().map(str)
    for name in ("pace", "eyes_open", "pause", "padding", "seed")})


@FUZZ
@given(query=NIGHT, page=st.sampled_from(["", "script.json"]))
def test_the_nights_numbers_are_read_strictly_whatever_they_are(tables, query, page):
    """`?pause=1e25` broke the narrator's page (Babel's decimal format met a number it could not
    write): every duration is read by one strict reader with its bounds (VOTE-SETUP-3)."""
    app, codes, phones = tables
    before = snapshot(app)
    response = phones["host"].get(f"/vote/{codes['vote']}/night/{page}", query_string=query)
    check(app, response, before)
    assert response.status_code in (200, 422)


@FUZZ
@given(path=st.sampled_from(["/api/liberte/resolve", "/api/liberte/check", "/api/vote/replay"]),
       body=JSON | st.binary(max_size=40).map(lambda b: {"raw": b}))
def test_the_json_api_answers_hostile_bodies_with_a_400_naming_the_rule(tables, path, body):
    app, _, phones = tables
    raw = body["raw"] if isinstance(body, dict) and "raw" in body else json.dumps(body)
    response = phones["stranger"].post(path, data=raw, content_type="application/json")
    assert response.status_code in (200, 400), response.get_data(as_text=True)[:300]
    if response.status_code == 400:
        assert response.json["rule"] and response.json["error"]


EVENT = st.fixed_dictionaries({"kind": st.sampled_from(NAMES + ["stack", "undo", "reset", "dice",
                                                                "start", "timer", "options",
                                                                "play", "profile", "advance"]),
                               "data": JSON})


BROKEN = st.sampled_from(["A\ud800", "\udfff", "\ud83d", "x\udc00y"])  # lone surrogates


@st.composite
def broken_file(draw) -> dict:
    """A table file with a lone surrogate in one of its texts: a player's name, the title, the
    language, an event's kind, seat or time, a key or a value of its data (a profile's name)."""
    players = [f"P{n}" for n in range(5)]
    events = [{"kind": "profile", "data": {"map": {"name": "Copy"}}, "seat": "P0",
               "created": "2026-01-01T00:00:00+00:00"}]
    found = {"format": "companion-table/1", "game": draw(st.sampled_from(["liberte", "vote"])),
             "title": "T", "language": "en", "setup": {"players": players}, "events": events}
    broken = draw(BROKEN)
    where = draw(st.sampled_from(["player", "title", "language", "kind", "seat", "created",
                                  "value", "key", "game"]))
    if where == "player":
        players[draw(st.integers(0, 4))] = broken
    elif where in ("title", "language", "game"):
        found[where] = broken
    elif where == "value":
        events[0]["data"]["map"]["name"] = broken
    elif where == "key":
        events[0]["data"][broken] = 1
    else:
        events[0][where] = broken
    return found


@FUZZ
@given(found=broken_file())
def test_text_that_is_not_unicode_anywhere_in_a_file_is_refused_not_a_500(tables, found):
    """A lone surrogate ("A\ud800") in a file's player, title, event kind or profile was stored
    or shown, and UTF-8 could not write it: a 500. It is refused at the edge (TABLE-IMPORT)."""
    app, _, phones = tables
    before = snapshot(app)
    response = phones["stranger"].post("/tables/import", data={"file": (io.BytesIO(
        json.dumps(found).encode()), "t.json")})
    check(app, response, before)
    assert response.status_code == 422 and "TABLE-IMPORT" in response.get_data(as_text=True)


@FUZZ
@given(game=st.sampled_from(["liberte", "vote"]), log=st.lists(EVENT, max_size=5))
def test_hostile_table_files_are_refused_naming_the_event_and_the_rule(tables, game, log):
    app, _, phones = tables
    players = [f"P{n}" for n in range(5)]
    body = json.dumps({"format": "companion-table/1", "game": game, "setup": {
        "players": players}, "events": log}).encode()
    before = snapshot(app)
    response = phones["stranger"].post("/tables/import",
                                       data={"file": (io.BytesIO(body), "t.json")})
    check(app, response, before)
    if response.status_code == 303:  # accepted: every page of the new table answers
        code = response.location.split("/")[2]
        for path in (f"/t/{code}/room", f"/t/{code}/history", f"/t/{code}/export.json"):
            assert phones["stranger"].get(path).status_code == 200


HEADER = st.sampled_from([h for h in NASTY if "\n" not in h and "\r" not in h]) | st.text(
    st.characters(min_codepoint=32, max_codepoint=255), max_size=12)


@settings(FUZZ, max_examples=max(1, FUZZ.max_examples // 3),
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(data=st.data())
def test_every_page_answers_hostile_headers_without_a_5xx(tables, data):
    """The headers a page reads (the language, htmx's, the table version, a trusted proxy's
    X-Forwarded-*), whatever a client puts in them: no 5xx, nothing stored changes."""
    app, codes, phones = tables
    headers = data.draw(st.fixed_dictionaries({}, optional={
        name: HEADER for name in ("Accept-Language", "HX-Request", "HX-Target", "X-Table-Version",
                                  "X-Forwarded-For", "X-Forwarded-Proto", "X-Forwarded-Host",
                                  "Cookie", "If-None-Match", "Referer")}))
    phone = phones[data.draw(st.sampled_from(sorted(phones)))]
    before = snapshot(app)
    for rule, choices in post_routes(app, codes, "GET"):
        path = data.draw(route_path(rule, choices))
        check(app, phone.get(path, headers=headers), before)
