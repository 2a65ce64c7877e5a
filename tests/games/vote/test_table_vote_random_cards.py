"""The unrest's random cards through the screens, one per phone (VOTE-GOV-6): every phone at once,
whose are missing, whose card a phone's pad enters, Undo, and older tables' one-event unrest."""
import io
import json

from page_support import points, section, text_of, toast
from table_support import DICE, SEVEN, VoteTable, version_of

CARDS = {name: (0, 0) for name in DICE} | {"Gil": (-4, 0), "Cid": (1, 1)}


def to_the_unrest(t: VoteTable) -> None:
    """Three failed elections in a row from the start (Cid, Dan, Eve are President)."""
    assert t.start(DICE).status_code == 200
    for candidate in ("Eve", "Ann", "Bob"):
        t.nominate(candidate)
        t.vote(no=SEVEN)


def pad_for(text: str) -> str | None:
    """Whose card the pad enters with one tap (the name ticked), None for nobody."""
    unrest = section(text, "unrest")
    for name in SEVEN:
        if f'value="{name}" checked' in unrest:
            return name
    return None


def test_seven_phones_enter_their_cards_at_the_same_moment_VOTE_GOV_6(app, vote_table):
    """All seven tap from the same version: none is stale (two players' cards commute), and the
    last one in applies them all, with no Apply tap."""
    t = vote_table
    to_the_unrest(t)
    seen = t.version
    phones = {"Ann": t.client} | {name: t.seated_phone(name) for name in SEVEN[1:]}  # the host sits as Ann
    for name, phone in phones.items():
        answer = t.card(name, CARDS[name], client=phone, version=seen)
        assert answer.status_code == 200, (name, answer.status_code)
    game = t.position(app)["game"]
    assert game.phase == "nominate" and [p.name for p in game.players if not p.in_game] == ["Gil"]
    assert text_of(answer).count("Still missing") == 0 and points(text_of(answer), "Cid") == (3, 3)


def test_every_phone_says_whose_cards_are_missing_and_picks_its_own_VOTE_GOV_6(client, vote_table):
    """The host sits as Ann; Bob has a phone, the others none. Each pad enters its own player's
    card first, then those of the players without a phone, one tap each; once every missing
    player has a phone, nobody's (a name tapped first picks one)."""
    t = vote_table  # the host sits as Ann
    to_the_unrest(t)
    bob = t.seated_phone("Bob")
    page = text_of(client.get(t.at("/")))
    assert pad_for(page) == "Ann" and "Still missing: the cards of Ann, Bob, Cid" in page
    assert pad_for(text_of(bob.get(t.at("/")))) == "Bob"
    answer = t.card("Ann", (1, 0))
    page = text_of(answer)
    assert pad_for(page) == "Cid"  # Bob has a phone of his own: his card is his to enter
    assert "random card of Ann: +1/0" in toast(answer)
    page = text_of(t.card("Bob", (0, 1), client=bob))
    assert pad_for(page) == "Cid" and "Still missing: the cards of Cid, Dan, Eve, Fay and Gil." in page
    ann = text_of(client.get(t.at("/")))
    assert pad_for(ann) == "Cid" and "✓ 0/+1" in section(ann, "unrest")
    for name in SEVEN[2:]:  # every missing player has a phone now: each enters his own
        t.seated_phone(name)
    ann = text_of(client.get(t.at("/")))
    assert pad_for(ann) is None
    assert "To enter the card of a player without a phone, tap the name, then the card." in ann

def test_undo_takes_a_card_back_and_a_missing_name_is_refused_beside_the_pad_VOTE_GOV_6(client, vote_table):
    t = vote_table  # the host sits as Ann
    to_the_unrest(t)
    t.card("Ann", (2, 2))
    page = text_of(t.post(t.at("/undo"), {}))
    assert "Still missing: the cards of Ann, Bob" in page and "✓" not in section(page, "unrest")
    refused = t.play("random_card", {"mods": "1,1"})
    assert refused.status_code == 422
    assert "tap the name of the player whose card it is first" in section(text_of(refused), "unrest")


def test_an_older_table_with_the_one_event_unrest_still_replays_VOTE_GOV_5(client, app, vote_table):
    """A table file exported before VOTE-GOV-6: its unrest is one ``play`` event with every card."""
    t = vote_table
    to_the_unrest(t)
    exported = json.loads(client.get(f"/t/{t.code}/export.json").data)
    cards = {name: list(card) for name, card in CARDS.items()} | {"Eve": "ability"}
    exported["events"].append({"kind": "play", "data": {"event": {"type": "unrest", "cards": cards}}})
    exported["events"].append({"kind": "play", "data": {"event": {"type": "nominate", "candidate": "Ann"}}})
    new = client.post("/tables/import", data={"file": (io.BytesIO(json.dumps(exported).encode()), "t.json")},
                      content_type="multipart/form-data")
    assert new.status_code == 303, new.data
    code = new.location.split("/")[2]
    page = text_of(client.get(f"/vote/{code}/"))
    assert points(page, "Cid") == (3, 3) and 'id="vote"' in page
    history = text_of(client.get(f"/t/{code}/history"))
    assert "unrest: a random card applied to each player" in history


def test_an_imported_random_card_is_read_as_the_pad_reads_it_VOTE_GOV_6(client, vote_table):
    t = vote_table
    to_the_unrest(t)
    exported = json.loads(client.get(f"/t/{t.code}/export.json").data)
    exported["events"] += [{"kind": "play", "data": {"event": {"type": "random_card", "player": n,
                                                                "card": list(CARDS[n])}}} for n in SEVEN[:-1]]
    exported["events"].append({"kind": "play", "data": {"event": {"type": "random_card", "player": "Gil",
                                                                  "card": [-11, 0]}}})
    bad = client.post("/tables/import", data={"file": (io.BytesIO(json.dumps(exported).encode()), "t.json")},
                      content_type="multipart/form-data")
    assert bad.status_code == 422 and b"not between -10 and 10" in bad.data
    exported["events"][-1]["data"]["event"]["card"] = "ability"
    good = client.post("/tables/import", data={"file": (io.BytesIO(json.dumps(exported).encode()), "t.json")},
                       content_type="multipart/form-data")
    assert good.status_code == 303, good.data
    code = good.location.split("/")[2]
    history = text_of(client.get(f"/t/{code}/history"))
    assert "random card of Gil: an ability card; all the cards are in and apply" in history
    page = client.get(f"/vote/{code}/")
    assert version_of(page) == len(exported["events"]) and 'id="nominate"' in text_of(page)
