"""The JSON API (docs/formats.md): 200 with the engine's answer, 400 with {error, rule}, never 500."""
import json
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EXAMPLE = json.loads((EXAMPLES / "liberte-turn3.json").read_text(encoding="utf-8"))
VOTE = json.loads((EXAMPLES / "vote-game.json").read_text(encoding="utf-8"))


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


def test_vote_replay_answers_like_the_cli(client):
    """docs/formats.md: POST /api/vote/replay takes the VOTE! scenario and answers the same JSON as the CLI."""
    from companion.scorers.vote import replay

    r = client.post("/api/vote/replay", json=VOTE)
    assert r.status_code == 200 and r.get_json() == json.loads(json.dumps(replay(VOTE)))
    assert r.get_json()["president"] == "Vera"


def test_a_forbidden_vote_event_is_400_naming_the_rule(client):
    """VOTE-GOV-2: the President cannot nominate himself."""
    events = [{"type": "nominate", "candidate": "Gleb"}]  # Gleb is the first President of the example
    r = client.post("/api/vote/replay", json={**VOTE, "events": events})
    assert r.status_code == 400
    assert r.get_json()["rule"] == "VOTE-GOV-2" and "Gleb" in r.get_json()["error"]
