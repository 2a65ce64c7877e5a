"""The JSON API (formats.md): 200 with the engine's answer, 400 with {error, rule}, never 500."""
import json
from pathlib import Path

import pytest

EXAMPLE = json.loads((Path(__file__).parent.parent / "examples" / "liberte-turn3.json").read_text())


def test_resolve_and_check(client):
    r = client.post("/api/liberte/resolve", json=EXAMPLE)
    assert r.status_code == 200 and r.get_json()["government"] == "red"
    assert len(r.get_json()["provinces"]) == 27
    c = client.post("/api/liberte/check", json=EXAMPLE)
    assert c.status_code == 200 and c.get_json()["counter_revolution"]["needed"] == 7


def test_no_csrf_token_is_needed_for_the_api(tmp_path):
    from companion import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "a.sqlite"), "SECRET_KEY": "t"})
    assert app.test_client().post("/api/liberte/check", json=EXAMPLE).status_code == 200


@pytest.mark.parametrize("body", [
    b"not json", b"[]", b"null", b'{"turn": 9, "players": ["A"]}',
    json.dumps({**EXAMPLE, "board": {"3": [{"player": "Christie", "faction": "red", "blocks": 4}]}}).encode(),
    json.dumps({**EXAMPLE, "board": {"99": []}}).encode(),
    json.dumps({**EXAMPLE, "players": "Christie"}).encode(),
    json.dumps({**EXAMPLE, "advances": {"province:8": "x"}}).encode(),
])
@pytest.mark.parametrize("path", ["/api/liberte/resolve", "/api/liberte/check"])
def test_bad_input_is_400_with_error_and_rule(client, path, body):
    r = client.post(path, data=body, content_type="application/json")
    assert r.status_code == 400
    assert set(r.get_json()) == {"error", "rule"} and r.get_json()["rule"]
