"""The app on a phone's home screen (companion/install.py): the manifest and its icons, the
apple-touch-icon, the service worker and the page it shows without the host, /alive."""
import json
import re
import struct


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_every_page_names_the_manifest_the_touch_icon_and_the_theme_colour(client):
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#223333">' in page
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', page).group(1)
    with client.get(touch) as icon:
        assert icon.mimetype == "image/png" and png_size(icon.data) == (180, 180)


def test_the_manifest_names_the_app_its_icons_and_where_it_starts(client):
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.data)
    assert manifest["name"] == "companion" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#223333" and manifest["start_url"] == "/"
    assert client.get(manifest["start_url"]).status_code == 200
    sizes = set()
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as png:
            assert png.status_code == 200 and icon["type"] == png.mimetype == "image/png"
            width, height = png_size(png.data)
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add((icon["sizes"], icon["purpose"]))
    assert sizes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}


def test_the_manifest_speaks_the_phones_language(client):
    manifest = json.loads(client.get("/manifest.webmanifest",
                                     headers={"Accept-Language": "ru"}).data)
    assert manifest["lang"] == "ru" and manifest["name"] == "Настольный помощник"


def test_the_service_worker_covers_every_page_and_keeps_the_shell(client):
    response = client.get("/sw.js")
    assert response.mimetype == "application/javascript"
    assert response.headers["Cache-Control"] == "no-cache"  # a new one is found at the next visit
    script = response.get_data(as_text=True)
    shell = json.loads(re.search(r"SHELL = (\[[^\]]*\])", script).group(1))
    page = client.get("/").get_data(as_text=True)
    asked = set(re.findall(r'(?:src|rel="stylesheet" href)="([^"]+)"', page))
    assert len(asked) == 3 and asked <= set(shell)  # the versions the pages ask for
    for address in shell:
        with client.get(address) as kept:
            assert kept.status_code == 200
    assert '"/offline"' in script


def test_the_offline_page_speaks_the_language_it_is_asked_in(client):
    for lang, title in (("en", "The host cannot be reached"), ("ru", "Нет связи с хостом"),
                        ("it", "L'host non risponde")):
        response = client.get(f"/offline?lang={lang}")
        page = response.get_data(as_text=True)
        assert response.headers["Content-Language"] == lang
        assert f'<html lang="{lang}">' in page and f"<h1>{title}</h1>" in page
        assert "<script>" not in page  # the CSP: scripts from files only


def test_each_page_says_its_language_for_the_service_worker(client):
    response = client.get("/", headers={"Accept-Language": "it"})
    assert response.headers["Content-Language"] == "it"


def test_alive_answers_without_being_kept(client):
    response = client.get("/alive")
    assert response.status_code == 204 and response.headers["Cache-Control"] == "no-store"
