"""CSRF on every form, the Content-Security-Policy, cookie flags, no inline script."""
import re
from pathlib import Path

import pytest

from companion import create_app

TEMPLATES = Path(__file__).resolve().parents[2] / "companion"  # the shared and the games'


@pytest.fixture
def csrf_client(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.sqlite"), "SECRET_KEY": "t"})
    return app.test_client()


def token(page: bytes) -> str:
    return re.search(rb'name="csrf_token" value="([^"]+)"', page).group(1).decode()


def test_a_form_without_the_csrf_token_is_refused_and_nothing_is_stored(csrf_client):
    response = csrf_client.post("/tables", data={"game": "liberte", "players": "A\nB\nC"})
    assert response.status_code == 400 and b"expired" in response.data
    htmx = csrf_client.post("/tables", data={"game": "liberte", "players": "A\nB\nC"},
                            headers={"HX-Request": "true"})
    assert htmx.status_code == 400 and htmx.headers["HX-Retarget"] == "#toast"


def test_the_token_from_the_form_or_the_header_is_accepted(csrf_client):
    csrf = token(csrf_client.get("/").data)
    ok = csrf_client.post("/tables", data={"game": "liberte", "players": "A\nB\nC",
                                           "csrf_token": csrf})
    assert ok.status_code == 303
    code = ok.location.split("/")[2]
    seat = csrf_client.post(f"/t/{code}/seat", data={"player": "A"},
                            headers={"X-CSRFToken": csrf})
    assert seat.status_code == 303


def test_every_post_form_carries_a_csrf_token():
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for form in re.findall(r"<form[^>]*method=\"post\".*?</form>", text, re.S):
            assert "csrf_token" in form or "m.hidden(" in form, f"{path.name}: {form[:80]}"


def test_no_inline_script_or_style_in_templates():
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        # a script from a file, or a JSON data block (never executed, so the CSP allows it)
        assert not re.search(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>",
                             text), path.name
        assert " style=" not in text and "<style" not in text, path.name
        assert not re.search(r"(?<![-\w])on[a-z]+=\"", text), path.name  # data-only= is no handler
        assert "hx-on" not in text and "js:" not in text, path.name


def test_headers_and_cookies(client, table):
    response = client.get(f"/liberte/{table.code}/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    created = client.post("/tables", data={"game": "liberte", "players": "A\nB\nC"})
    cookie = created.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_the_news_sets_no_cookie_so_it_cannot_undo_a_language_switch(client, table):
    """A phone asks for its table's news again and again. If every answer re-sent the session
    cookie, one sent before a language switch and answered after it would put the old cookie
    (old language) back."""
    table.sit()
    client.get(f"/liberte/{table.code}/")  # the first page puts the CSRF token in the session
    before = client.get_cookie("session").value
    client.post("/lang", data={"lang": "ru", "code": table.code, "next": "/"})
    switched = client.get_cookie("session").value
    assert switched != before
    client.set_cookie("session", before)  # the news asked for before the switch
    news = client.get(f"/t/{table.code}/events")
    assert news.status_code == 200 and "Set-Cookie" not in news.headers
    page = client.get(f"/liberte/{table.code}/")  # an answer that changes nothing sets none
    assert "Set-Cookie" not in page.headers
