"""Every phase of a VOTE! round on a 360×740 phone, in both themes, in German (the longest words):
each passes the contrast check (WCAG AA, as axe's color-contrast rule: text 4.5:1, large text 3:1),
scrolls no wider than the screen and has no button under 44 px (issue 34).

Each table is played with the test client to its phase, exported, and imported on the phone."""
import pytest

from browser_support import CONTRAST, phone_layout_problems, shot
from table_support import VoteTable
from companion import create_app

SEVEN = ["Anna", "Bernd", "Carla", "Dieter", "Elke", "Fritz", "Gabi"]
DICE = {"Anna": (6, 6), "Bernd": (3, 4), "Carla": (1, 1), "Dieter": (4, 4), "Elke": (5, 2),
        "Fritz": (2, 5), "Gabi": (6, 6)}


def played_to(phase: str, tmp_path) -> bytes:
    """The exported table file of a German table of seven at ``phase``."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / f"{phase}.sqlite"),
                      "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    t = VoteTable(client, players=SEVEN, language="de")
    t.sit("Anna")
    if phase != "setup":
        assert t.start(DICE).status_code == 200
    game = lambda: t.position(app)["game"]  # noqa: E731
    candidate = lambda: next(p.name for p in game().players  # noqa: E731
                             if p.in_game and p.name != game().president)
    if phase in ("vote", "give"):
        assert t.nominate(candidate()).status_code == 200
    if phase == "give":
        assert t.vote(yes=SEVEN).status_code == 200
    if phase == "unrest":
        for _ in range(3):
            assert t.nominate(candidate()).status_code == 200
            assert t.vote(no=SEVEN).status_code == 200
    if phase in ("tiebreak", "end"):
        for name in SEVEN[1:6]:  # Anna and Gabi are left, tied on 7 and 7
            assert t.play("eliminate", {"player": name}).status_code == 200
    if phase == "end":
        assert t.cards("tiebreak", {"Anna": (1, 1), "Gabi": (-1, 0)}).status_code == 200
    if phase != "setup":
        assert game().phase == {"end": "over"}.get(phase, phase), game().phase
    return client.get(f"/t/{t.code}/export.json").data


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("phase", ["setup", "nominate", "vote", "give", "unrest", "tiebreak", "end"])
def test_every_vote_phase_is_readable_on_a_phone(server, phone, tmp_path, phase, scheme):
    page = phone()
    page.set_viewport_size({"width": 360, "height": 740})
    page.emulate_media(color_scheme=scheme)
    page.goto(server + "/")
    page.set_input_files("#file", {"name": "vote.json", "mimeType": "application/json",
                                   "buffer": played_to(phase, tmp_path)})
    page.locator("#import button").click()
    page.locator("#take-seat").get_by_role("button", name="Anna", exact=True).click()
    page.locator("#live").wait_for()
    assert page.evaluate(CONTRAST) == [], phase
    assert phone_layout_problems(page) == [], phase
    shot(page, f"vote-phase-{phase}-{scheme}")
