"""The first load of a game's results page on a phone, measured on the wire (issue 36).

    python benchmarks/results_load.py            # a VOTE! game of seven
    python benchmarks/results_load.py liberte    # a Liberté game of three, four turns

As benchmarks/first_load.py measures the board: ``companion serve``, a counting proxy in front of
it and a fresh headless Chromium at phone size, every byte the server sends counted (HTTP
headers, the service worker's own fetches) until the page and its news stream have settled. The
game is played through the forms in-process first: VOTE!, seven players to a 10/10 in four
rounds; Liberté, three players through four turns' elections.
"""
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).parent))
from first_load import measure  # noqa: E402
from companion import create_app  # noqa: E402

DICE = {"Ann": (6, 6), "Bob": (3, 4), "Cid": (1, 1), "Dan": (4, 4), "Eve": (5, 2), "Fay": (2, 5),
        "Gil": (3, 3)}
NAMES = list(DICE)


def ended_game(folder: Path) -> str:
    """A VOTE! table played to Ann's 10/10 through its forms; its code."""
    client = create_app({"DATABASE": str(folder / "b.sqlite"), "WTF_CSRF_ENABLED": False}).test_client()
    made = client.post("/tables", data={"game": "vote", "language": "en", "players": "\n".join(NAMES)})
    code = made.location.split("/")[2]
    client.post(f"/t/{code}/seat", data={"player": "Ann"})
    version = [0]

    def post(path, data):
        answer = client.post(f"/vote/{code}{path}", headers={"HX-Request": "true"},
                             data=dict(data, version=version[0]))
        assert answer.status_code == 200, (path, re.findall(rb'class="error"[^>]*>([^<]*)', answer.data))
        version[0] = int(re.search(rb'data-version="(\d+)"', answer.data).group(1))

    def ballots(yes, double=(), out=()):
        return {f"ballot-{i}": "yes" if n in yes else "no" for i, n in enumerate(NAMES)
                if n not in out} | {
            f"double-{NAMES.index(n)}": "1" for n in double}
    for name, (b, s) in DICE.items():
        post("/dice", {"player": name, "budget_die": b, "support_die": s})
    post("/start", {})
    for candidate, yes in (("Eve", ["Ann", "Bob", "Eve"]), ("Ann", ["Ann", "Bob", "Eve"]),
                           ("Bob", ["Bob", "Eve"])):
        post("/play/nominate", {"candidate": candidate})
        post("/play/vote", ballots(yes))
    cards = {name: (0, 0) for name in DICE} | {"Gil": (-4, 0), "Cid": (1, 1)}
    post("/play/unrest", {f"{NAMES.index(n)}-{k}": v for n, (b, s) in cards.items()
                          for k, v in (("budget", b), ("support", s))})
    post("/play/nominate", {"candidate": "Dan"})
    post("/play/vote", ballots(["Dan", "Fay", "Bob"], double=["Bob"], out=["Gil"]))
    for to, card, b, s in (("Ann", "event", 3, 3), ("Dan", "ability", 0, 0), ("Fay", "event", 0, -1)):
        post("/play/give", {"to": to, "card": card, "budget": b, "support": s})
    assert client.get(f"/t/{code}/results").status_code == 200, "the game did not end"
    return code


LIBERTE = {1: [(1, "Christie", "red", 3), (2, "Joshua", "blue", 2), (3, "Max", "white", 1)],
           2: [(4, "Joshua", "blue", 3), (5, "Max", "white", 2)],
           3: [(6, "Max", "white", 3), (7, "Christie", "red", 1)],
           4: [(9, "Christie", "red", 2), (10, "Joshua", "blue", 1)]}


def ended_liberte(folder: Path) -> str:
    """A Liberté table whose turn 4's elections ended the game; its code."""
    client = create_app({"DATABASE": str(folder / "b.sqlite"), "WTF_CSRF_ENABLED": False}).test_client()
    made = client.post("/tables", data={"game": "liberte", "language": "en",
                                        "players": "Christie\nJoshua\nMax"})
    code = made.location.split("/")[2]
    client.post(f"/t/{code}/seat", data={"player": "Christie"})
    version = 0
    for turn, stacks in LIBERTE.items():
        moves = [("/", {"province": n, "player": p, "faction": f, "blocks": b}) for n, p, f, b in stacks]
        for path, data in moves + [("/election/hold", {"vp": 5} if turn > 2 else {})]:
            answer = client.post(f"/liberte/{code}{path}", headers={"HX-Request": "true"},
                                 data=dict(data, version=version))
            version = int(re.search(rb'data-version="(\d+)"', answer.data).group(1))
    assert client.get(f"/t/{code}/results").status_code == 200, "the game did not end"
    return code


def main():
    folder = Path(tempfile.mkdtemp())
    game = sys.argv[1] if len(sys.argv) > 1 else "vote"
    code = ended_liberte(folder) if game == "liberte" else ended_game(folder)
    measure(folder, f"/t/{code}/results", f"a {game} game's results", 40)


if __name__ == "__main__":
    main()
