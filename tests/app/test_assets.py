"""Static files as a phone wants them: versioned URLs kept a year, gzip made once; htmx from its
registry package (no CDN); gzip for text answers; the first page's weight."""
import gzip
import re


def addresses(page: str) -> list[str]:
    """The static files and htmx a page asks for."""
    return re.findall(r'(?:href|src)="(/(?:static|vendor)/[^"]+)"', page)


def test_htmx_is_served_from_the_package(client):
    address = next(a for a in addresses(client.get("/").get_data(as_text=True)) if "htmx" in a)
    plain = client.get(address)
    assert plain.status_code == 200 and b"htmx" in plain.data[:2000]
    zipped = client.get(address, headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.data) == plain.data


def test_every_static_address_carries_its_version_and_is_kept_a_year(client):
    page = client.get("/").get_data(as_text=True)
    found = addresses(page)
    assert {a.split("?")[0] for a in found} >= {"/static/companion.css", "/static/companion.js",
                                                "/static/icon.svg", "/vendor/htmx.min.js"}
    for address in found:
        assert re.search(r"\?v=[0-9a-f]{12}$", address), address
        with client.get(address, headers={"Accept-Encoding": "gzip, br"}) as response:
            assert response.status_code == 200
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"


def test_a_static_file_changed_since_gets_a_new_address(app, client, tmp_path):
    app.static_folder = str(tmp_path)
    (tmp_path / "companion.css").write_text("body{color:red}")
    first = addresses(client.get("/").get_data(as_text=True))
    (tmp_path / "companion.css").write_text("body{color:blue}")
    second = addresses(client.get("/").get_data(as_text=True))
    css = [a for a in first + second if a.startswith("/static/companion.css")]
    assert len(set(css)) == 2
    with client.get(css[-1]) as response:
        assert response.data == b"body{color:blue}"
    with client.get(css[0]) as old:  # an old address: what there is now, not kept
        assert old.data == b"body{color:blue}" and old.headers["Cache-Control"] == "no-cache"


def test_without_its_version_a_static_file_is_asked_again_each_time(client):
    response = client.get("/static/companion.css")
    assert response.headers["Cache-Control"] == "no-cache"
    again = client.get("/static/companion.css", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def test_static_files_are_gzipped_once_and_images_as_they_are(client):
    for name in ("companion.css", "companion.js", "narrator.js", "icon.svg"):
        plain = client.get(f"/static/{name}")
        zipped = client.get(f"/static/{name}", headers={"Accept-Encoding": "gzip"})
        assert zipped.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in zipped.headers["Vary"]
        assert gzip.decompress(zipped.data) == plain.data and len(zipped.data) < len(plain.data)
    png = client.get("/static/icon-192.png", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in png.headers and png.data[:4] == b"\x89PNG"


def test_a_missing_static_file_is_404(client):
    assert client.get("/static/nothing.css").status_code == 404
    assert client.get("/static/..%2f__init__.py").status_code == 404


def test_pages_are_gzipped(client, table):
    response = client.get(f"/liberte/{table.code}/", headers={"Accept-Encoding": "gzip, br"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(response.data)


def test_first_page_a_phone_loads_is_under_60_kb_gzipped(client, table):
    """The board page with a full board and every file it asks for, as sent (gzipped)."""
    for n in range(1, 28):
        for player, faction in (("Christie", "red"), ("Joshua", "blue"), ("Max", "white")):
            table.stack(n, player, faction, 1 if n % 2 else 0)
    gz = {"Accept-Encoding": "gzip"}
    page = client.get(f"/liberte/{table.code}/", headers=gz)
    total = len(page.data)
    for address in addresses(gzip.decompress(page.data).decode()):
        with client.get(address, headers=gz) as response:
            total += len(response.data)
    assert total <= 60 * 1024, total


def test_every_page_names_its_icon_so_no_browser_asks_for_a_missing_favicon(client):
    page = client.get("/").get_data(as_text=True)
    icon = page.split('<link rel="icon" href="', 1)[1].split('"', 1)[0]
    response = client.get(icon)
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    response.close()
