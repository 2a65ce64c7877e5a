"""Issue 22: no client can crowd out the rest. What one address may hold or make on a host open
to strangers, shared by every worker process, and what the host answers past it (docs/hosting.md,
"Limits of a host open to strangers")."""
import asyncio
import base64
import html
import io
import json
import socket
import subprocess
import sys
import time

import pytest

from companion import create_app
from companion.table.db import get_db
from table_support import PLAYERS, Clock, TableHelper
from push_support import Browser, run

NEW_TABLE = {"game": "liberte", "players": "\n".join(PLAYERS), "language": "en"}


def make_app(path, **settings):
    """An app on the database file ``path``: two of them on one file are two server workers."""
    return create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": False, **settings})


def count_tables(app) -> int:
    with app.app_context():
        return get_db().execute("SELECT count(*) FROM tables").fetchone()[0]


def table_file(events=()) -> bytes:
    return json.dumps({"format": "companion-table/1", "game": "liberte", "language": "en",
                       "setup": {"players": PLAYERS}, "events": list(events)}).encode()


def upload(client, body: bytes, **kw):
    return client.post("/tables/import", data={"file": (io.BytesIO(body), "t.json")}, **kw)


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


# --- join-code misses: one ration per address, whichever worker answers ----------------------

def test_join_code_misses_are_one_ration_shared_by_every_worker(tmp_path):
    """Two workers used to keep a ration each: 70 look-ups a minute where 30 then 6 were
    promised. Here worker one takes the 30 misses; worker two refuses the 31st."""
    one, two = make_app(tmp_path / "db.sqlite"), make_app(tmp_path / "db.sqlite")
    TableHelper(one.test_client())
    guesser_one, guesser_two = one.test_client(), two.test_client()
    for n in range(30):
        assert (guesser_one if n % 2 else guesser_two).get("/t/ZZZZZ").status_code == 404
    assert guesser_two.get("/t/ZZZZZ").status_code == 429
    assert guesser_one.get("/t/ZZZZZ").status_code == 429
    other = two.test_client()  # another address still looks codes up
    assert other.get("/t/ZZZZZ", environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code == 404


# --- a refusal stores nothing; an answer that stores says so -------------------------------

def test_an_address_out_of_misses_creates_and_imports_and_is_told_its_table(app, client):
    for _ in range(30):
        client.get("/t/ZZZZZ")
    assert client.get("/t/ZZZZZ").status_code == 429
    created = client.post("/tables", data=NEW_TABLE)
    assert created.status_code == 303 and "session=" in created.headers["Set-Cookie"]
    imported = upload(client, table_file())
    assert imported.status_code == 303
    assert count_tables(app) == 2  # each stored once, and the answer said so


# --- tables per address ------------------------------------------------------------------------

def test_an_address_creates_and_imports_only_so_many_tables_and_a_refusal_stores_nothing(
        tmp_path):
    """``TABLES_PER_ADDRESS = (2, 1)``: two at once, then one an hour, for every worker."""
    one = make_app(tmp_path / "db.sqlite", TABLES_PER_ADDRESS=(2, 1))
    two = make_app(tmp_path / "db.sqlite", TABLES_PER_ADDRESS=(2, 1))
    assert one.test_client().post("/tables", data=NEW_TABLE).status_code == 303
    assert upload(two.test_client(), table_file()).status_code == 303
    creator, importer = two.test_client(), one.test_client()
    for browser, refused in ((creator, creator.post("/tables", data=NEW_TABLE)),
                             (importer, upload(importer, table_file()))):
        assert refused.status_code == 429
        assert "as many tables as the host allows for now: try again in 60 minutes" in text(
            refused) and "(HOST-TABLES)" in text(refused)
        with browser.session_transaction() as session:
            assert not session.get("hosts")  # no table to be the host of
    assert count_tables(one) == 2
    assert one.test_client().post("/tables", data=NEW_TABLE, environ_base={
        "REMOTE_ADDR": "10.0.0.2"}).status_code == 303  # another address is not held back


def test_the_refusal_is_in_the_players_language(app, client):
    app.config["TABLES_PER_ADDRESS"] = (1, 60)  # one at once, then one a minute
    assert client.post("/tables", data=NEW_TABLE).status_code == 303
    refused = client.post("/tables", data=dict(NEW_TABLE, language="ru"),
                          headers={"Accept-Language": "ru"})
    assert refused.status_code == 429 and "попробуйте снова через 1 минуту" in text(refused)


# --- the host's space --------------------------------------------------------------------------

@pytest.mark.parametrize("setting", [{"DATABASE_MAX_BYTES": 4096},
                                     {"DISK_RESERVE_BYTES": 2 ** 62}])
def test_no_table_is_created_or_imported_past_the_database_budget_or_the_disk_reserve(
        app, client, setting):
    TableHelper(client)
    app.config.update(setting)
    for refused in (client.post("/tables", data=NEW_TABLE), upload(client, table_file())):
        assert refused.status_code == 507
        assert "the host is out of space: it takes no new table now" in text(refused)
        assert "(HOST-SPACE)" in text(refused)
    assert count_tables(app) == 1


def test_a_full_disk_answers_507_the_host_is_out_of_space_not_500(app, client):
    table = TableHelper(client)
    pool = app.extensions["companion.table.db"]
    with app.app_context():
        conn = get_db()  # the pool's connection: the next requests get it
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk is full"
    assert pool.qsize() == 1
    names = {str(p): {"name": f"{p:02}" + "x" * 38} for p in range(1, 28)}  # 1 KB and more
    answer = upload(client, table_file([{"kind": "profile", "data": {"map": {
        "name": "Full", "provinces": names}}}] * 4))
    assert answer.status_code == 507 and "The host is out of space. Nothing was changed." in \
        text(answer)
    assert count_tables(app) == 1
    assert table.stack(3, "Christie", "red", 2).status_code in (200, 507)  # never a 500


# --- streams and sockets ----------------------------------------------------------------------

def test_one_address_holds_only_its_share_of_streams_in_a_worker(app, table):
    app.config["STREAMS_PER_ADDRESS"] = 2
    from companion.server.front import Front
    hosted = Front(app)

    async def phones():
        held = [Browser(hosted, f"/t/{table.code}/events") for _ in range(2)]
        tasks = [stream.start() for stream in held]
        for stream in held:
            await stream.until(b"data: 0\n\n")
        third = Browser(hosted, f"/t/{table.code}/events")
        await asyncio.wait_for(third.start(), 5)
        assert third.status == 429 and b"Too many news streams" in third.received
        polled = Browser(hosted, f"/t/{table.code}/events", query=b"once")  # what the page does
        await asyncio.wait_for(polled.start(), 5)
        assert polled.status == 200 and polled.received.endswith(b"data: 0\n\n")
        other = Browser(hosted, f"/t/{table.code}/events")
        other.scope["client"] = ("10.0.0.10", 5000)
        other_task = other.start()
        await other.until(b"data: 0\n\n")  # another address is not held back
        held[0].left.set()  # a phone of the first address goes away: its place is free again
        await asyncio.wait_for(tasks[0], 5)
        again = Browser(hosted, f"/t/{table.code}/events")
        again_task = again.start()
        await again.until(b"data: 0\n\n")
        for stream in (held[1], other, again):
            stream.left.set()
        await asyncio.wait_for(asyncio.gather(tasks[1], other_task, again_task), 5)
        assert hosted.streams == {}
    run(phones())


def test_a_socket_that_sends_nothing_is_closed_after_the_idle_timeout(tmp_path):
    """granian's "auto" mode waited for a first byte with no limit: such sockets stayed open
    after 600 s whatever ``--idle-timeout`` said."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
                               "--port", str(port), "--db", str(tmp_path / "s.sqlite"),
                               "--idle-timeout", "1"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=5).close()
                break
            except OSError:
                time.sleep(0.1)
        silent = socket.create_connection(("127.0.0.1", port), timeout=60)
        with silent:
            assert silent.recv(100) == b""  # closed by the server (60 s: it would be a timeout)
    finally:
        server.terminate()
        server.wait(20)


# --- behind a proxy the host trusts --------------------------------------------------------------

FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}


def test_behind_a_trusted_proxy_the_cookie_is_secure_and_limits_count_the_real_client(tmp_path):
    app = make_app(tmp_path / "db.sqlite", PROXY_HOPS=1, JOIN_GUESSES=(2, 0))
    proxy = app.test_client()  # every request comes from the proxy's address
    created = proxy.post("/tables", data=NEW_TABLE, headers=FORWARDED)
    assert created.status_code == 303 and "; Secure" in created.headers["Set-Cookie"]
    for _ in range(2):
        assert proxy.get("/t/ZZZZZ", headers=FORWARDED).status_code == 404
    assert proxy.get("/t/ZZZZZ", headers=FORWARDED).status_code == 429
    assert proxy.get("/t/ZZZZZ", headers={"X-Forwarded-For": "203.0.113.8"}).status_code == 404
    plain = proxy.post("/tables", data=NEW_TABLE, headers={"X-Forwarded-Proto": "http"})
    assert "Secure" not in plain.headers["Set-Cookie"]


def test_without_a_trusted_proxy_forwarded_headers_are_ignored(app, client):
    app.config["JOIN_GUESSES"] = (2, 0)
    created = client.post("/tables", data=NEW_TABLE, headers=FORWARDED)
    assert "Secure" not in created.headers["Set-Cookie"]
    for n in range(2):
        client.get("/t/ZZZZZ", headers={"X-Forwarded-For": f"203.0.113.{n}"})
    assert client.get("/t/ZZZZZ", headers={"X-Forwarded-For": "203.0.113.9"}).status_code == 429


def test_the_front_counts_streams_of_the_client_a_trusted_proxy_names(app, table):
    app.config.update(STREAMS_PER_ADDRESS=1, PROXY_HOPS=1)
    from companion.server.front import Front
    hosted = Front(app)

    def behind_proxy(address: bytes):
        return Browser(hosted, f"/t/{table.code}/events",
                       headers=[(b"x-forwarded-for", b"198.51.100.1, " + address)])

    async def phones():
        first, second = behind_proxy(b"203.0.113.7"), behind_proxy(b"203.0.113.8")
        tasks = [first.start(), second.start()]
        await first.until(b"data: 0\n\n")
        await second.until(b"data: 0\n\n")  # the same proxy, another client
        third = behind_proxy(b"203.0.113.7")
        await asyncio.wait_for(third.start(), 5)
        assert third.status == 429
        first.left.set()
        second.left.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 5)
    run(phones())


# --- a code that leaked is worth watching, not a seat ------------------------------------------

def test_once_the_host_closes_seating_a_browser_with_only_the_code_may_just_watch(app, client):
    table = TableHelper(client)
    seated = table.seated_phone("Joshua")  # sat down before seating closed
    stranger = app.test_client()  # guessed or was told the code
    assert stranger.post(f"/t/{table.code}/seating", data={"closed": "1"}).status_code == 403
    room = client.post(f"/t/{table.code}/seating", data={"closed": "1"})
    assert room.status_code == 303
    assert "Seating is closed" in text(client.get(f"/t/{table.code}/room"))
    page = text(stranger.get(f"/t/{table.code}"))
    assert "The host has closed seating" in page and 'value="Max"' not in page
    refused = stranger.post(f"/t/{table.code}/seat", data={"player": "Max"})
    assert refused.status_code == 422 and "(TABLE-SEAT)" in text(refused)
    assert table.stack(3, "Max", "red", 2, client=stranger).status_code == 403  # no seat: no write
    assert stranger.post(f"/t/{table.code}/seat", data={"player": ""}).status_code == 303
    assert seated.post(f"/t/{table.code}/seat", data={"player": "Max"}).status_code == 303
    assert table.sit("Christie").status_code == 303  # the host sits where it likes
    client.post(f"/t/{table.code}/seating", data={"closed": "0"})
    assert stranger.post(f"/t/{table.code}/seat", data={"player": "Joshua"}).status_code == 303


def test_an_ipv6_client_is_counted_by_its_64_network(app):
    """A home or a phone is given a whole /64: address by address it would never run out."""
    app.config["JOIN_GUESSES"] = (2, 0)
    guesser = app.test_client()
    for n in range(2):
        assert guesser.get("/t/ZZZZZ", environ_base={
            "REMOTE_ADDR": f"2001:db8:1:2::{n + 1}"}).status_code == 404
    assert guesser.get("/t/ZZZZZ", environ_base={
        "REMOTE_ADDR": "2001:db8:1:2:ffff::9"}).status_code == 429
    assert guesser.get("/t/ZZZZZ", environ_base={
        "REMOTE_ADDR": "2001:db8:1:3::1"}).status_code == 404  # another network


# --- every ration before the work it guards ----------------------------------------------------

def test_an_import_out_of_its_ration_is_refused_before_the_file_is_read(app, client, monkeypatch):
    """The ration is taken first: a refused import replays nothing and costs a few ms, and a
    file the rules refuse has spent its ration like a table stored (HOST-TABLES)."""
    from companion.table import events
    app.config["TABLES_PER_ADDRESS"] = (2, 1)
    bad = table_file([{"kind": "stack", "data": {"province": 99}}])
    assert upload(client, bad).status_code == 422  # refused by the rules: a ration spent
    assert upload(client, table_file()).status_code == 303
    replays = []
    monkeypatch.setattr(events, "replay", lambda *args: replays.append(args))
    big = table_file([{"kind": "undo", "data": {}}] * 4999)
    started = time.perf_counter()
    refused = upload(client, big)
    spent = time.perf_counter() - started
    assert refused.status_code == 429 and "(HOST-TABLES)" in text(refused)
    assert replays == [] and spent < 0.25
    assert count_tables(app) == 1


def test_profile_saves_and_keeps_are_rationed_per_address_with_their_rule(app, client, table):
    """One address saved 595 profiles in 30 s and kept 50 more under each new cookie: every
    save and keep now takes one of the address's writes (HOST-WRITES), before the work."""
    def profile_form(fleur):
        return {"profile-name": "My copy", "battle-2": "4", **{f"vp-{n}": "0" for n in range(
            1, 28)}, **{f"fleur-{n}": "1" for n in fleur}}
    app.config["WRITES_PER_ADDRESS"] = (3, 1)
    for fleur in (1, 2):
        assert table.post(f"/liberte/{table.code}/profile/", profile_form(fleur=(fleur,)),
                          htmx=False).status_code == 303
    assert client.post(f"/liberte/{table.code}/profile/keep").status_code == 303
    for refused in (table.post(f"/liberte/{table.code}/profile/", profile_form(fleur=(4,))),
                    client.post(f"/liberte/{table.code}/profile/keep")):
        assert refused.status_code == 429 and "(HOST-WRITES)" in text(refused)
        assert "as many changes as the host allows for now" in text(refused)
    other = client.application.test_client()
    assert other.post(f"/liberte/{table.code}/profile/keep", environ_base={
        "REMOTE_ADDR": "10.0.0.2"}).status_code == 403  # another address: only the host's rule


def test_a_browser_without_a_cookie_takes_seats_only_within_its_ration(app, client, table):
    app.config["WRITES_PER_ADDRESS"] = (2, 1)
    seats = [client.application.test_client().post(f"/t/{table.code}/seat",
                                                   data={"player": name}) for name in PLAYERS[1:]]
    assert [answer.status_code for answer in seats] == [303, 303]
    refused = client.application.test_client().post(f"/t/{table.code}/seat",
                                                    data={"player": "Max", "confirm": "Max"})
    assert refused.status_code == 429 and "(HOST-WRITES)" in text(refused)


def test_the_database_budget_refuses_every_change_with_its_rule(app, client, table):
    """``DATABASE_MAX_BYTES`` stopped only new tables: past it, a tap is refused too (507,
    HOST-SPACE), saying so, and nothing is stored."""
    assert table.stack(3, "Christie", "red", 2).status_code == 200
    app.config["DATABASE_MAX_BYTES"] = 4096
    refused = table.stack(4, "Christie", "red", 2)
    assert refused.status_code == 507 and "(HOST-SPACE)" in text(refused)
    assert "the host is out of space: it takes no more changes now" in text(refused)
    assert table.sit("Joshua").status_code == 507
    with app.app_context():
        assert get_db().execute("SELECT count(*) FROM events").fetchone()[0] == 1


def test_an_address_out_of_its_table_ration_is_refused_before_the_body_is_read(tmp_path,
                                                                                monkeypatch):
    """The CSRF check parses the whole form (a file of 2 MB) before any view runs: an address
    out of its ration is refused ahead of it, its body never parsed (HOST-TABLES)."""
    from werkzeug import formparser
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.sqlite"),
                      "SECRET_KEY": "test", "TABLES_PER_ADDRESS": (1, 1)})
    client = app.test_client()
    page = client.get("/").get_data(as_text=True)
    token = page.split('name="csrf_token" value="')[1].split('"')[0]
    assert client.post("/tables", data=dict(NEW_TABLE, csrf_token=token)).status_code == 303
    parsed = []
    real = formparser.FormDataParser.parse
    monkeypatch.setattr(formparser.FormDataParser, "parse",
                        lambda *args, **kw: parsed.append(1) or real(*args, **kw))
    for refused in (upload(client, table_file() + b" " * 100_000),
                    client.post("/tables", data=NEW_TABLE)):
        assert refused.status_code == 429 and "(HOST-TABLES)" in text(refused)
    assert parsed == []


# --- taps, and the refusals the front judges from memory -----------------------------------------

def counting_flask(monkeypatch) -> list:
    """The requests that reach Flask from the front, from now on (the front's refusals are
    answered at once: ``test_a_refusal_is_held_a_moment_then_answered`` times them)."""
    from companion.server import door, front
    monkeypatch.setattr(door, "HOLD", 0)
    reached, real = [], front.answer
    monkeypatch.setattr(front, "answer", lambda app, environ: reached.append(
        environ["PATH_INFO"]) or real(app, environ))
    return reached


class Heard(Browser):
    """A request to the front that keeps its answer's headers too."""

    async def send(self, message):
        if message["type"] == "http.response.start":
            self.headers = dict(message["headers"])
        await super().send(message)


def traced(app, monkeypatch) -> list:
    """The SQL statements run from now on, on any new connection (the pool emptied first)."""
    from companion.table import db
    said, opened = [], db.connect
    monkeypatch.setattr(db, "connect", lambda *a, **kw: (
        lambda conn: conn.set_trace_callback(said.append) or conn)(opened(*a, **kw)))
    pool = app.extensions["companion.table.db"]
    while not pool.empty():
        pool.get_nowait().close()
    return said


def tap(hosted, code, address="10.0.0.9", body=(b"province=3",), headers=()):
    """A tap's POST through the front, from ``address`` (ASGI, as granian sends it)."""
    sent = Heard(hosted, f"/liberte/{code}/", method="POST", body=body,
                   headers=[(b"hx-request", b"true"), *headers])
    sent.scope["client"] = (address, 5000)
    return sent


def test_taps_are_rationed_per_address_in_the_front_before_flask_reads_a_byte(app, table,
                                                                                 monkeypatch):
    """``TAPS_PER_ADDRESS = (3, 60)``: three taps at once, then one a second, per address; the
    fourth is answered 429 in the front, its body never read (this one never arrives), Flask
    never entered, the database never asked."""
    from companion.server import door
    from companion.server.front import Front
    app.config["TAPS_PER_ADDRESS"] = (3, 60)
    clock = Clock(time.monotonic())
    monkeypatch.setattr(door, "clock", clock)
    hosted = Front(app)
    reached = counting_flask(monkeypatch)
    statements = traced(app, monkeypatch)

    async def phones():
        for _ in range(3):
            sent = tap(hosted, table.code)
            await asyncio.wait_for(sent.start(), 5)
            assert sent.status != 429
        assert len(reached) == 3 and statements  # Flask read and wrote
        statements.clear()
        refused = tap(hosted, table.code, body=(None,))  # a body that never comes
        await asyncio.wait_for(refused.start(), 5)
        assert refused.status == 429 and len(reached) == 3 and statements == []
        said = html.unescape(refused.received.decode())
        assert "This device has made as many changes as the host allows for now: try again in" \
               " 1 second" in said and "(HOST-TAPS)" in said
        other = tap(hosted, table.code, address="10.0.0.10")  # another address: its own
        await asyncio.wait_for(other.start(), 5)
        assert other.status != 429 and len(reached) == 4
        clock.now += 1.01  # one more a second
        again = tap(hosted, table.code)
        await asyncio.wait_for(again.start(), 5)
        assert again.status != 429 and len(reached) == 5
        once_more = tap(hosted, table.code)
        await asyncio.wait_for(once_more.start(), 5)
        assert once_more.status == 429 and len(reached) == 5
    run(phones())


def test_a_tap_refused_in_the_front_has_its_retry_after_and_the_players_language(app, table):
    """In the language this browser chose (its session cookie), else its Accept-Language; for
    htmx in the toast, as Flask's refusals are."""
    from companion.server.front import Front
    app.config["TAPS_PER_ADDRESS"] = (0, 6)  # none at once, then one in 10 s
    hosted = Front(app)
    hosted.door.held = {"10.0.0.9": 10 ** 6}  # as if it had held refusals already: at once
    chosen = app.session_interface.get_signing_serializer(app).dumps(
        {"lang": {table.code: "de"}})
    forged = base64.urlsafe_b64encode(json.dumps({"lang": {table.code: ["x"]}}).encode())
    ask = {"ru": [(b"accept-language", b"ru-RU,ru;q=0.9"),
                  (b"cookie", b"session=" + forged.rstrip(b"=") + b".x.y")],
           "de": [(b"accept-language", b"ru"), (b"cookie", f"session={chosen}".encode())]}

    async def phones():
        answers = {}
        for language, headers in ask.items():
            sent = tap(hosted, table.code, headers=headers)
            await asyncio.wait_for(sent.start(), 5)
            answers[language] = sent
        return answers
    answers = run(phones())
    for sent in answers.values():
        assert sent.status == 429
    head = answers["ru"].headers
    assert head[b"retry-after"] == b"10" and head[b"hx-retarget"] == b"#toast"
    assert "попробуйте снова через 10 секунд" in answers["ru"].received.decode("utf-8")
    assert "Versuchen Sie es in 10 Sekunden wieder" in answers["de"].received.decode()


def test_an_address_flask_refused_a_table_is_refused_by_the_front_until_retry_after(
        tmp_path, monkeypatch):
    """Flask tells an address out of its table ration when to try again (``Retry-After``);
    until then the front refuses its next import itself, body unread, Flask not entered, and
    a form gets a page with a way back."""
    from companion.server import door
    from companion.server.front import Front
    app = make_app(tmp_path / "db.sqlite", TABLES_PER_ADDRESS=(1, 60))  # then one a minute
    clock = Clock(time.monotonic())
    monkeypatch.setattr(door, "clock", clock)
    with app.test_client() as client:
        assert client.post("/tables", data=NEW_TABLE).status_code == 303
        told = upload(client, table_file())
        assert told.status_code == 429 and told.headers["Retry-After"] == "60"
    hosted = Front(app)
    reached = counting_flask(monkeypatch)
    boundary = b"b0undary"
    form = [(b"content-type", b"multipart/form-data; boundary=" + boundary),
            (b"accept-language", b"it")]

    def importing(body):
        sent = Heard(hosted, "/tables/import", method="POST", body=body, headers=form)
        sent.scope["client"] = ("127.0.0.1", 5000)  # the test client's address
        return sent

    async def importer():
        first = importing((b"--" + boundary + b"--\r\n",))
        await asyncio.wait_for(first.start(), 5)
        assert first.status == 429 and reached == ["/tables/import"]  # Flask: Retry-After 60
        second = importing((None,))  # a file that never comes
        await asyncio.wait_for(second.start(), 5)
        assert second.status == 429 and reached == ["/tables/import"]
        page = html.unescape(second.received.decode())
        assert "riprova tra 1 minuto" in page and 'href="/"' in page and "companion.css" in page
        clock.now += 61
        third = importing((b"--" + boundary + b"--\r\n",))
        await asyncio.wait_for(third.start(), 5)
        assert len(reached) == 2  # Flask judges again once the time has passed
    run(importer())


def test_ten_phones_behind_one_address_tapping_as_fast_as_the_browser_tests_are_never_refused(
        app):
    """The fastest browser test (the Virgin Queen's helper, a robot that taps as soon as each
    answer is shown) taps 13 times in a second, 88 in 10 s and 352 in a minute
    (docs/hosting.md). Ten phones behind one NAT address, each tapping so (every 15 s, 88 taps
    13 a second), all at once, for ten minutes, in one worker with the default
    ``TAPS_PER_ADDRESS``: never refused."""
    from companion.server.door import Buckets
    burst, per_minute = app.config["TAPS_PER_ADDRESS"]
    taps = Buckets(burst, per_minute / 60)
    phone = [cycle * 15 + n / 13 for cycle in range(40) for n in range(88)]
    assert len([at for at in phone if at < 60]) == 352
    refused = [at for at in phone for _phone in range(10) if taps.take("198.51.100.1", at)]
    assert refused == []
    assert any(  # a robot tapping without a pause is refused, after the burst
        taps.take("198.51.100.2", 0.0) for _ in range(burst + 1))


def test_a_refusal_is_held_a_moment_then_answered_and_an_address_holds_only_so_many(
        app, table, monkeypatch):
    """A loop that waits for each answer asks once in ``HOLD`` seconds rather than as fast as
    the front can refuse; past ``HELD`` refusals waiting, the address is answered at once."""
    from companion.server import door
    from companion.server.front import Front
    monkeypatch.setattr(door, "HOLD", 0.5)
    monkeypatch.setattr(door, "HELD", 2)
    app.config["TAPS_PER_ADDRESS"] = (0, 6)
    hosted = Front(app)

    async def flood():
        started = time.perf_counter()
        sent = [tap(hosted, table.code) for _ in range(3)]
        waiting = [asyncio.ensure_future(s.start()) for s in sent]
        await asyncio.wait_for(waiting[2], 5)
        at_once = time.perf_counter() - started
        assert sent[2].status == 429 and sent[0].status is None and at_once < 0.4
        await asyncio.wait_for(asyncio.gather(*waiting), 5)
        assert [s.status for s in sent] == [429] * 3
        assert time.perf_counter() - started >= 0.5 and hosted.door.held == {}
    run(flood())
