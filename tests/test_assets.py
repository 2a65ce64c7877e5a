"""htmx from its registry package (no CDN); gzip for text answers; the first page's weight."""
import gzip


def test_htmx_is_served_from_the_package(client):
    plain = client.get("/vendor/htmx.min.js")
    assert plain.status_code == 200 and b"htmx" in plain.data[:2000]
    zipped = client.get("/vendor/htmx.min.js", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.data) == plain.data


def test_pages_are_gzipped(client, table):
    response = client.get(f"/liberte/{table.code}/", headers={"Accept-Encoding": "gzip, br"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(response.data)


def test_first_page_a_phone_loads_is_under_60_kb_gzipped(client, table):
    """The board page with a full board, plus htmx, our script, our CSS and the icon, gzipped."""
    for n in range(1, 28):
        for player, faction in (("Christie", "red"), ("Joshua", "blue"), ("Max", "white")):
            table.stack(n, player, faction, 1 if n % 2 else 0)
    gz = {"Accept-Encoding": "gzip"}
    total = 0
    for path in (f"/liberte/{table.code}/", "/vendor/htmx.min.js"):
        total += len(client.get(path, headers=gz).data)
    for name in ("companion.css", "companion.js", "icon.svg"):
        response = client.get(f"/static/{name}")
        total += len(gzip.compress(response.data))
        response.close()
    assert total <= 60 * 1024, total


def test_every_page_names_its_icon_so_no_browser_asks_for_a_missing_favicon(client):
    page = client.get("/").get_data(as_text=True)
    icon = page.split('<link rel="icon" href="', 1)[1].split('"', 1)[0]
    response = client.get(icon)
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    response.close()
