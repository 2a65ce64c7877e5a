"""The board profile screen (companion.games.liberte.profile): host only, export, import, hints."""
import io
import json

from table_support import profile_form


def test_profile_page_shows_the_hints(client, table):
    text = client.get(f"/liberte/{table.code}/profile/").get_data(as_text=True)
    assert "the reviews count 14" in text and "the reviews count 4" in text


def test_host_saves_the_profile_and_the_meter_can_judge(client, table):
    r = table.post(f"/liberte/{table.code}/profile/", profile_form(
        fleur=(2, 3, 14), vp={14: 2}, names={14: "Vendée"}, battle=("4", "5", "6")))
    assert r.status_code == 200 and "Marked: 3 fleur-de-lis" in r.get_data(as_text=True)
    table.stack(14, "Max", "white", 2)
    board = client.get(f"/liberte/{table.code}/").get_data(as_text=True)
    assert "Vendée" in board and "1 of 7" in board
    exported = json.loads(client.get(f"/liberte/{table.code}/profile/profile.json").data)
    assert exported["provinces"]["14"] == {"name": "Vendée", "fleur_de_lis": True, "vp": 2}
    from table_support import TableHelper
    fresh = TableHelper(client)  # a new table starts from the rulebook: nothing is imposed
    fresh.sit("Max")
    assert "Vendée" not in client.get(f"/liberte/{fresh.code}/").get_data(as_text=True)


def test_a_kept_profile_is_chosen_by_another_table_never_imposed(app, client, table):
    """Issue 11: a table creator used to change the profile every new table started from."""
    table.post(f"/liberte/{table.code}/profile/", profile_form(names={14: "Vendée"}))
    assert client.post(f"/liberte/{table.code}/profile/keep").status_code == 303
    table.post(f"/liberte/{table.code}/profile/", profile_form(names={14: "Anjou"}))
    refused = client.post(f"/liberte/{table.code}/profile/keep", headers={"HX-Request": "true"})
    assert refused.status_code == 422 and "already kept" in refused.get_data(as_text=True)
    from table_support import TableHelper
    stranger = app.test_client()  # another browser keeps its own under the same name
    other = TableHelper(stranger)
    other.post(f"/liberte/{other.code}/profile/", profile_form(names={14: "Bretagne"}))
    assert stranger.post(f"/liberte/{other.code}/profile/keep").status_code == 303
    fresh = TableHelper(client)
    assert "Vendée" not in client.get(f"/liberte/{fresh.code}/").get_data(as_text=True)
    page = client.get(f"/liberte/{fresh.code}/profile/").get_data(as_text=True)
    assert page.count('<option value="mine:My copy">My copy</option>') == 1
    fresh.post(f"/liberte/{fresh.code}/profile/use", {"name": "mine:My copy"})
    assert "Vendée" in client.get(f"/liberte/{fresh.code}/").get_data(as_text=True)
    assert "Bretagne" in stranger.get(f"/liberte/{other.code}/profile/profile.json").get_data(
        as_text=True)  # the other table keeps its own


def test_a_strangers_fifty_profiles_fill_only_his_own_list(app, client, table):
    """Issue 22: 50 spam profiles kept by one browser refused every other host's keep ("this host
    keeps 50 profiles already"). A kept profile is its browser's: the bound is each browser's,
    and another browser's names are never listed."""
    from table_support import TableHelper
    stranger = app.test_client()
    spam = TableHelper(stranger)
    for n in range(51):
        form = dict(profile_form(), **{"profile-name": f"BUY PILLS {n}"})
        spam.post(f"/liberte/{spam.code}/profile/", form)
        kept = stranger.post(f"/liberte/{spam.code}/profile/keep", headers={"HX-Request": "true"})
        assert kept.status_code == (200 if n < 50 else 422)
    assert "this browser keeps 50 profiles on this host already" in kept.get_data(as_text=True)
    table.post(f"/liberte/{table.code}/profile/", profile_form(names={14: "Vendée"}))
    assert client.post(f"/liberte/{table.code}/profile/keep").status_code == 303
    page = client.get(f"/liberte/{table.code}/profile/").get_data(as_text=True)
    assert "My copy" in page and "BUY PILLS" not in page
    refused = table.post(f"/liberte/{table.code}/profile/use", {"name": "BUY PILLS 3"})
    assert refused.status_code == 422 and "no profile called" in refused.get_data(as_text=True)
    assert "BUY PILLS 3" in stranger.get(f"/liberte/{spam.code}/profile/").get_data(as_text=True)


def test_the_host_administrators_profiles_are_listed_to_every_table(app, client, table, tmp_path):
    """`companion liberte profile keep FILE` puts a profile on the host's own list, which every
    table's host may choose; profiles kept before browsers kept their own are that list."""
    from click.testing import CliRunner
    from companion.cli import main
    from table_support import TableHelper
    path = tmp_path / "club.json"
    path.write_text(json.dumps({"name": "Club copy", "provinces": {"14": {"name": "Poitou"}}}))
    db = app.config["DATABASE"]
    done = CliRunner().invoke(main, ["liberte", "profile", "keep", str(path), "--db", db])
    assert done.exit_code == 0 and "Club copy" in done.output
    with app.app_context():  # a row kept by an older version, before profiles had owners
        from companion.table.db import get_db
        get_db().execute("INSERT INTO profiles (name, data) VALUES ('Old copy', ?)",
                         (json.dumps({"name": "Old copy", "provinces": {}}),))
    stranger = TableHelper(app.test_client())
    for host in (table, stranger):
        page = host.client.get(f"/liberte/{host.code}/profile/").get_data(as_text=True)
        assert '<option value="host:Club copy">Club copy</option>' in page
        assert '<option value="host:Old copy">Old copy</option>' in page
    stranger.post(f"/liberte/{stranger.code}/profile/use", {"name": "host:Club copy"})
    assert "Poitou" in stranger.client.get(f"/liberte/{stranger.code}/").get_data(as_text=True)
    listed = CliRunner().invoke(main, ["liberte", "profile", "list", "--db", db])
    assert listed.output.splitlines() == ["Club copy", "Old copy"]
    gone = CliRunner().invoke(main, ["liberte", "profile", "forget", "Old copy", "--db", db])
    assert gone.exit_code == 0
    assert "Old copy" not in client.get(f"/liberte/{table.code}/profile/").get_data(as_text=True)
    path.write_text(json.dumps({"name": "x" * 61}))
    bad = CliRunner().invoke(main, ["liberte", "profile", "keep", str(path), "--db", db])
    assert bad.exit_code == 2 and "error:" in bad.output and "liberte-board.md" in bad.output


def test_bad_profile_values_are_refused(client, table):
    r = table.post(f"/liberte/{table.code}/profile/", profile_form(vp={3: 5}))
    assert r.status_code == 422 and b"LIB-ELEC-8" in r.data


def test_only_the_host_edits_the_profile(app, table):
    phone = app.test_client()
    table.sit("Max", client=phone)
    r = table.post(f"/liberte/{table.code}/profile/", profile_form(), client=phone)
    assert r.status_code == 403
    assert b"Only the host" in phone.get(f"/liberte/{table.code}/profile/").data


def test_import_a_profile_file(client, table):
    body = json.dumps({"name": "Shared", "provinces": {"5": {"fleur_de_lis": True}}}).encode()
    r = client.post(f"/liberte/{table.code}/profile/import",
                    data={"version": table.version, "file": (io.BytesIO(body), "p.json")})
    assert r.status_code == 303
    assert "Marked: 1 fleur-de-lis" in client.get(f"/liberte/{table.code}/profile/").get_data(as_text=True)
    r = client.post(f"/liberte/{table.code}/profile/import",
                    data={"version": 1, "file": (io.BytesIO(b"nope"), "p.json")})
    assert r.status_code == 422 and b"not JSON" in r.data
    r = client.post(f"/liberte/{table.code}/profile/import", data={"version": 1})
    assert r.status_code == 422
