"""The board profile screen (companion.liberte.profile): host only, export, import, hints."""
import io
import json


def profile_form(fleur=(), vp=None, names=None, battle=("4", "", "")):
    data = {"profile-name": "My copy"}
    for n in range(1, 28):
        data[f"vp-{n}"] = str((vp or {}).get(n, 0))
        if n in fleur:
            data[f"fleur-{n}"] = "1"
        if names and n in names:
            data[f"name-{n}"] = names[n]
    data.update({"battle-2": battle[0], "battle-3": battle[1], "battle-4": battle[2]})
    return data


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
    from conftest import TableHelper
    fresh = TableHelper(client)  # a new table starts from the rulebook: nothing is imposed
    fresh.sit("Max")
    assert "Vendée" not in client.get(f"/liberte/{fresh.code}/").get_data(as_text=True)


def test_a_kept_profile_is_chosen_by_another_table_never_imposed(app, client, table):
    """Issue 11: a table creator used to change the profile every new table started from."""
    table.post(f"/liberte/{table.code}/profile/", profile_form(names={14: "Vendée"}))
    assert client.post(f"/liberte/{table.code}/profile/keep").status_code == 303
    from conftest import TableHelper
    stranger = app.test_client()  # another table's host cannot replace it under the same name
    other = TableHelper(stranger)
    other.post(f"/liberte/{other.code}/profile/", profile_form(names={14: "Bretagne"}))
    refused = stranger.post(f"/liberte/{other.code}/profile/keep", headers={"HX-Request": "1"})
    assert refused.status_code == 422 and "already kept" in refused.get_data(as_text=True)
    fresh = TableHelper(client)
    assert "Vendée" not in client.get(f"/liberte/{fresh.code}/").get_data(as_text=True)
    page = client.get(f"/liberte/{fresh.code}/profile/").get_data(as_text=True)
    assert "<option>My copy</option>" in page
    fresh.post(f"/liberte/{fresh.code}/profile/use", {"name": "My copy"})
    assert "Vendée" in client.get(f"/liberte/{fresh.code}/").get_data(as_text=True)
    assert "Bretagne" in stranger.get(f"/liberte/{other.code}/profile/profile.json").get_data(
        as_text=True)  # the other table keeps its own


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
