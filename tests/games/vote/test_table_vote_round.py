"""The VOTE! round screen: plaques, nomination, the vote, the cards, abilities, errors beside forms."""
import re

import pytest

from page_support import points, section, text_of
from table_support import ALL, DICE, VoteTable


def test_round_page_and_fragment_show_plaques_and_points(client, started):
    page = client.get(started.at("/"))
    fragment = client.get(started.at("/"), headers={"HX-Request": "true"})
    assert b"<html" in page.data and b"<html" not in fragment.data
    text = text_of(page)
    assert "Round 1" in text and 'id="president">Cid<' in text and 'id="prime-minister">—<' in text
    assert "Failed elections in a row: 0 of 3" in text
    assert points(text, "Ann") == (7, 7) and points(text, "Cid") == (2, 2)
    assert text.count('<i class="on">') == sum(1 + b + 1 + s for b, s in DICE.values())


def test_the_nomination_lists_only_eligible_players_and_why_not_the_others_VOTE_GOV_2(started):
    """VOTE-GOV-2: the President may not nominate himself; the engine's reason is shown."""
    text = section(text_of(started.client.get(started.at("/"))), "nominate")
    buttons = re.findall(r'name="candidate" value="(\w+)"', text)
    assert buttons == ["Ann", "Bob", "Dan", "Eve", "Fay", "Gil"]
    assert "<strong>Cid</strong> is the President who nominates (VOTE-GOV-2)" in text


def test_nominating_an_ineligible_player_is_refused_beside_the_list_VOTE_GOV_2(app, started):
    response = started.nominate("Cid")
    text = text_of(response)
    assert response.status_code == 422
    assert "Cid is the President who nominates, so cannot be nominated" in section(text, "nominate")
    assert started.position(app)["game"].phase == "nominate"


def test_after_an_elected_government_its_members_are_not_eligible_VOTE_GOV_2(started):
    """VOTE-GOV-2: after President Cid and PM Eve, President Dan may nominate neither."""
    started.nominate("Eve")
    started.vote(yes=ALL)
    for to in ("Ann", "Cid", "Eve", "Bob"):
        started.give(to)
    text = text_of(started.play("end_round"))
    nominate = section(text, "nominate")
    assert re.findall(r'name="candidate" value="(\w+)"', nominate) == ["Ann", "Bob", "Fay", "Gil"]
    assert "<strong>Cid</strong> was President of the last elected government" in nominate
    assert "<strong>Eve</strong> was PM of the last elected government" in nominate


def test_ballots_per_player_elect_the_candidate_VOTE_GOV_3(started):
    """VOTE-GOV-3: 4 yes, 3 no: Eve is Prime Minister and the event phase opens."""
    started.nominate("Eve")
    text = text_of(started.client.get(started.at("/")))
    vote = section(text, "vote")
    assert vote.count('class="ballot"') == 7 and "Vote: Eve as Prime Minister?" in vote
    assert 'id="prime-minister">candidate: Eve<' in text
    text = text_of(started.vote(yes=["Ann", "Bob", "Cid", "Eve"], no=["Dan", "Fay", "Gil"]))
    assert 'id="prime-minister">Eve<' in text
    give = section(text, "give")
    assert "PM Eve receives 7 and passes 4 to President Cid" in give  # VOTE-EVT-2, 7 players
    assert "Card 1 of 4" in give


def test_one_tap_records_the_vote_by_how_many_voted_yes_VOTE_GOV_3(started):
    """Taps per goal: a vote took a tap per player and one more (8 at a table of 7). The tally
    offers every count from 0 yes to all yes, each a form of its own: the tap on "5" is the
    vote, 5 yes and 2 no (a Double vote still goes player by player)."""
    started.nominate("Eve")
    vote = section(text_of(started.client.get(started.at("/"))), "vote")
    tally = re.search(r'<div class="picks tally" id="tally">.*?</div>', vote, re.S).group(0)
    forms = re.findall(r"<form .*?</form>", tally, re.S)
    assert len(forms) == 8  # 7 players vote
    five = forms[5]
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', five))
    assert (fields["mode"], fields["yes"], fields["no"]) == ("counts", "5", "2")
    assert 'class="elects"' in five and "<b>5</b> <small>2 no</small>" in five
    assert 'class="fails"' in forms[3]  # 3 yes, 4 no
    text = text_of(started.counts(int(fields["yes"]), int(fields["no"])))
    assert 'id="prime-minister">Eve<' in text


def test_votes_that_do_not_add_up_are_refused_and_nothing_is_stored_VOTE_GOV_3(app, started):
    started.nominate("Eve")
    missing = started.vote(yes=["Ann", "Bob"], no=["Dan"])
    assert missing.status_code == 422
    assert "Cid, Eve, Fay and Gil did not vote (VOTE-GOV-3)" in section(text_of(missing), "vote").replace(
        '</p>', '').replace(' <span class="rule">(', ' (').replace(")</span>", ")")
    counted = started.counts(4, 4)
    assert counted.status_code == 422
    sheet = re.search(r'<details class="sheet" id="counts" open>.*?</details>', text_of(counted), re.S)
    assert sheet, "the counts sheet stays open with its error"
    assert "the votes do not add up: 4 yes + 4 no = 8, but 7 players vote" in sheet.group(0)
    bad = started.counts("four", 3)
    assert bad.status_code == 422 and b"yes: a whole number is needed" in bad.data
    assert started.position(app)["game"].phase == "vote" and started.position(app)["history"] == []


def test_a_candidate_whose_name_has_a_space_keeps_one_form_of_each_and_its_error(client):
    """The vote's forms kept as typed (hx-preserve) are named by the candidate's seat: an id
    holding "Anna Petrova" was two ids to the page, which copied both forms below the round and
    left the refusal out of sight."""
    table = VoteTable(client, players=["Ann", "Bob", "Cid", "Dan", "Anna Petrova"])
    table.sit("Ann")
    dice = {"Ann": (6, 6), "Bob": (3, 4), "Cid": (1, 1), "Dan": (4, 4), "Anna Petrova": (5, 2)}
    assert table.start(dice).status_code == 200  # Cid, the lowest, is the first President
    assert table.nominate("Anna Petrova").status_code == 200
    counted = table.counts(3, 3)
    text = text_of(counted)
    assert counted.status_code == 422
    assert not [name for name in re.findall(r'\bid="([^"]*)"', text) if re.search(r"\s", name)]
    assert text.count('name="yes" min="0"') == 1 and 'id="counts-1-4"' in text
    sheet = re.search(r'<details class="sheet" id="counts" open>.*?</details>', text, re.S)
    assert "the votes do not add up: 3 yes + 3 no = 6, but 5 players vote" in sheet.group(0)


def test_the_counts_alone_decide_the_vote_VOTE_GOV_3_VOTE_GOV_4(started):
    """VOTE-GOV-3, VOTE-GOV-4: 3 yes, 4 no fails: the plaque passes to Dan, one failure counted."""
    started.nominate("Eve")
    text = text_of(started.counts(3, 4))
    assert 'id="president">Dan<' in text and "Failed elections in a row: 1 of 3" in text
    assert "Round 2" in text


def test_double_vote_is_offered_in_the_vote_with_its_cost_VOTE_ABL_2(started):
    """VOTE-ABL-2, the rulebook's example: six in the game, 3 yes against 3 no fails, but Ann's
    Double vote makes it 4 to 3; Ann pays −1 support."""
    started.play("eliminate", {"player": "Gil"})
    started.nominate("Eve")
    vote = section(text_of(started.client.get(started.at("/"))), "vote")
    assert vote.count('class="ballot"') == 6 and vote.count('<label class="double"') == 6
    assert "×2: Double vote, the vote counts twice; −1 support" in vote
    text = text_of(started.vote(yes=["Ann", "Bob", "Eve"], no=["Cid", "Dan", "Fay"], double=["Ann"]))
    assert 'id="prime-minister">Eve<' in text and points(text, "Ann") == (7, 6)


def test_a_move_out_of_phase_is_refused_at_the_top_of_the_page(app, started):
    """Giving a card before a government is elected: the engine refuses it (VOTE-EVT-3)."""
    response = started.give("Ann", 1, 1)
    text = text_of(response)
    assert response.status_code == 422
    assert re.search(r'<p class="error" role="alert" data-toast>[^<]*the President gives no '
                     r'cards now: the round is at the nomination \(VOTE-EVT-3\)', text)
    assert started.position(app)["game"].players[0].budget == 7
    assert started.play("tiebreak", {}).status_code == 422
    assert started.play("no-such-move").status_code == 404


def elect_eve(table):
    table.nominate("Eve")
    table.vote(yes=ALL)


def test_the_president_gives_cards_in_order_and_points_follow_VOTE_EVT_3_VOTE_END_5(started):
    """VOTE-EVT-3, VOTE-END-5: each card applies at once; the order given is shown."""
    elect_eve(started)
    text = text_of(started.give("Bob", 2, -1))
    assert points(text, "Bob") == (6, 4)
    give = section(text, "give")
    assert re.search(r'<ol class="given" id="given">\s*<li><strong>Bob</strong>\s*<span class="mods">\+2/−1</span>', give)
    assert "Card 2 of 4" in give
    assert re.search(r'value="Cid">Cid <small>keeps it</small>', give)
    assert re.search(r'value="Eve">Eve <small>back to the PM</small>', give)
    assert re.search(r'class="got">Bob <small>✓ \+2/−1</small>', give)  # the giving's progress
    twice = started.give("Bob")
    assert twice.status_code == 422 and "Bob already received a card this round" in section(text_of(twice), "give")
    started.give("Dan")
    give = section(text_of(started.client.get(started.at("/"))), "give")
    assert re.findall(r'name="to" value="(\w+)"', give) == ["Cid", "Eve"]  # the last two are theirs


def test_an_ability_card_goes_to_the_hand_VOTE_EVT_4(started):
    elect_eve(started)
    text = text_of(started.give("Bob", ability=True))
    # 3 cards, one put in, the ability card received: 3 again, points unchanged
    assert points(text, "Bob") == (4, 5) and re.search(r"<strong>Bob</strong>[^/]*?3 cards", text)


def test_a_card_just_received_may_be_cancelled_VOTE_ABL_5(started):
    """VOTE-ABL-5: Bob (neither President nor PM) cancels the card he just received."""
    elect_eve(started)
    text = text_of(started.give("Bob", -2, -2))
    assert points(text, "Bob") == (2, 3)
    cancel = text.split('id="ability-cancel_event"')[1].split("</details>")[0]
    assert "May use it now: Bob" in cancel
    text = text_of(started.ability("Bob", "cancel_event"))
    assert points(text, "Bob") == (4, 5)
    assert re.search(r'<li class="cancelled"><strong>Bob</strong>\s*<span class="mods">−2/−2</span>\s*'
                     r'<em>cancelled, no effect</em>', text)
    assert "Card 2 of 4" in text
    recipients = section(text, "give").split('id="recipients"')[1]
    assert "Bob <small>✓ cancelled, no effect</small>" in recipients and "✓ −2/−2" not in recipients


def test_another_phone_does_not_offer_the_only_user_as_his_own_target_VOTE_ABL_3(started):
    """The Transfer entered for Cid from Ann's phone: Cid is not among its targets."""
    _text, transfer = after_cids_round(started)
    targets = re.findall(r'name="target" value="(\w+)"', transfer)
    assert "Cid" not in targets and "Ann" in targets


def test_modifiers_out_of_range_are_refused_VOTE_EVT_3(started):
    elect_eve(started)
    response = started.give("Bob", 11, 0)
    assert response.status_code == 422 and "budget: 11 is not between -10 and 10" in text_of(response)


def test_ending_the_round_moves_the_plaque_clockwise_VOTE_GOV_1_VOTE_CON_1(started):
    elect_eve(started)
    for to in ("Bob", "Dan", "Cid", "Eve"):
        text = text_of(started.give(to))
    assert "Consequences: end the round" in section(text, "end_round")
    text = text_of(started.play("end_round"))
    assert "Round 2" in text and 'id="president">Dan<' in text


def test_abilities_offered_are_the_ones_the_engine_allows_with_their_users_VOTE_ABL_1(started):
    """VOTE-ABL-1 at any time; Change loyalty only after an elimination (VOTE-ABL-6); Double vote
    only in the vote form (VOTE-ABL-2); costs from the engine."""
    abilities = section(text_of(started.client.get(started.at("/"))), "abilities")
    assert 'id="ability-loyalty_check"' in abilities and "Loyalty check · −1 budget" in abilities
    assert "change_loyalty" not in abilities and "double_vote" not in abilities
    assert "Eliminate another player · −5 budget, −5 support" in abilities
    assert "May use it now: Ann and Dan" in abilities.split('id="ability-eliminate"')[1]


def test_using_an_ability_charges_its_cost_VOTE_ABL_1_VOTE_ABL_7(started):
    text = text_of(started.ability("Ann", "loyalty_check", "Eve"))
    assert points(text, "Ann") == (6, 7)
    refused = started.ability("Cid", "eliminate", "Eve")
    assert refused.status_code == 422
    assert "Cid cannot pay −5 budget/−5 support with 2/2" in section(text_of(refused), "abilities")
    unknown = started.ability("Ann", "teleport")
    assert unknown.status_code == 422 and b"unknown ability" in unknown.data


def after_cids_round(started) -> tuple[str, str]:
    """Cid's round played to its end (Eve elected, the cards given): the page, and its Transfer card."""
    elect_eve(started)
    for to in ("Bob", "Dan", "Cid", "Eve"):
        started.give(to)
    text = text_of(started.play("end_round"))
    return text, text.split('id="ability-transfer_presidency"')[1].split("</details>")[0]


def test_transfer_of_presidential_powers_is_offered_right_after_his_round_VOTE_ABL_3(started):
    text, transfer = after_cids_round(started)
    assert "May use it now: Cid" in transfer
    assert "until President Dan nominates, Cid may still transfer presidential powers" in text
    text = text_of(started.ability("Cid", "transfer_presidency", "Gil"))
    assert 'id="president">Gil<' in text and 'id="transfer-window"' not in text


def test_a_transfer_after_the_nomination_is_refused_with_the_rules_words_VOTE_ABL_3(started):
    """The window shuts with the new President's first act: the screen refuses the late Transfer
    beside the abilities, with the engine's words, and stores nothing."""
    elect_eve(started)
    for to in ("Bob", "Dan", "Cid", "Eve"):
        started.give(to)
    started.play("end_round")
    assert started.nominate("Bob").status_code == 200
    late = started.ability("Cid", "transfer_presidency", "Gil")
    assert late.status_code == 422
    assert b"Cid may transfer presidential powers only right after a round with Cid as President ended" in late.data


def test_the_table_announces_an_elimination_VOTE_END_4(started):
    text = text_of(started.play("eliminate", {"player": "Gil"}))
    assert 'class="pl out" id="points-6"' in text
    assert 'value="Gil"' not in section(text, "nominate")
    again = started.play("eliminate", {"player": "Gil"})
    assert again.status_code == 422 and b"Gil has left the game" in again.data


def test_the_table_announces_a_party_win_once_somebody_left_VOTE_END_1(started):
    """VOTE-END-1, VOTE-EVT-5: offered only after an elimination; the banner names the party."""
    assert 'name="party"' not in text_of(started.client.get(started.at("/")))
    refused = started.play("party_won", {"party": "republicans"})
    assert refused.status_code == 422 and b"VOTE-END-1" in refused.data
    text = text_of(started.play("eliminate", {"player": "Gil"}))
    assert 'name="party" value="republicans"' in text
    text = text_of(started.play("party_won", {"party": "republicans"}))
    assert "The Republicans win" in section(text, "winner") and 'id="nominate"' not in text


def test_three_players_left_have_no_prime_minister_VOTE_FEW_1(started):
    """VOTE-FEW-1: with three players the President deals one card to each, no nomination."""
    for name in ("Dan", "Eve", "Fay", "Gil"):
        text = text_of(started.play("eliminate", {"player": name}))
    assert "Three players left: there is no Prime Minister" in text
    give = section(text, "give")
    assert "President Cid receives all 3" in give and 'id="nominate"' not in text


def test_two_players_left_end_the_game_by_total_VOTE_FEW_2(started):
    for name in ("Cid", "Dan", "Eve", "Fay", "Gil"):
        text = text_of(started.play("eliminate", {"player": name}))
    winner = section(text, "winner")
    assert "Ann's party wins" in winner and "the higher budget + support" in winner


def test_two_equal_players_draw_random_cards_VOTE_FEW_2(vote_table):
    """VOTE-FEW-2: Bob and Gil both 4/4: random cards until one is ahead."""
    vote_table.start(dict(DICE, Bob=(3, 3)))
    for name in ("Ann", "Cid", "Dan", "Eve", "Fay"):
        text = text_of(vote_table.play("eliminate", {"player": name}))
    tiebreak = section(text, "tiebreak")
    assert tiebreak.count('class="cell who') == 2
    text = text_of(vote_table.card("Bob", (1, 0)))  # one card in: the other is awaited (VOTE-GOV-6)
    assert "Still missing: the cards of Gil." in section(text, "tiebreak")
    text = text_of(vote_table.card("Gil", (1, 0)))
    assert 'id="tiebreak"' in text and "Still missing: the cards of Bob and Gil." in text  # still equal
    text = text_of(vote_table.cards("tiebreak", {"Bob": (0, 1), "Gil": (0, -1)}))  # all at once, as before
    assert "Bob's party wins" in section(text, "winner")


def test_a_stale_write_shows_the_current_state_and_what_changed(app, started):
    other = app.test_client()
    started.sit("Bob", client=other)
    started.nominate("Eve")  # the host's phone
    stale = started.play("nominate", {"candidate": "Fay"}, client=other, version=started.version - 1)
    text = text_of(stale)
    assert stale.status_code == 409 and stale.headers["HX-Retarget"] == "#live"
    assert "Not applied" in text and "Ann: Cid nominates for Prime Minister: Eve" in text
    assert 'id="vote"' in text
    assert started.position(app)["game"].candidate == "Eve"


def test_the_version_is_checked_before_the_rules(app, started):
    """A stale phone's move that the rules would now refuse still gets the 409 with the changes."""
    started.nominate("Eve")
    stale = started.nominate("Fay", version=started.version - 1)
    assert stale.status_code == 409


def test_undo_from_the_round_screen(app, started):
    started.nominate("Eve")
    text = text_of(started.client.get(started.at("/")))
    assert "Undo the last change" in text and "Cid nominates for Prime Minister: Eve" in section(text, "undo")
    text = text_of(started.post(started.at("/undo"), {}))
    assert 'id="nominate"' in text and started.position(app)["game"].candidate is None
    assert "Undone: Cid nominates for Prime Minister: Eve" in section(text, "undo")
    again = started.post(started.at("/undo"), {}, client=started.seated_phone("Bob"))  # not the host
    assert again.status_code in (409, 422)


def test_undo_past_the_last_change_needs_the_host(app, started):
    other = app.test_client()
    started.sit("Bob", client=other)
    started.nominate("Eve")
    started.post(started.at("/undo"), {})
    refused = started.post(started.at("/undo"), {}, client=other)
    assert refused.status_code == 422 and b"only the host" in refused.data


def test_csrf_is_required_on_round_moves(tmp_path):
    from companion import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.sqlite"), "SECRET_KEY": "t"})
    client = app.test_client()
    token = re.search(rb'name="csrf_token" value="([^"]+)"', client.get("/").data).group(1).decode()
    created = client.post("/tables", data={"game": "vote", "players": "\n".join(DICE),
                                           "csrf_token": token})
    code = created.location.split("/")[2]
    refused = client.post(f"/vote/{code}/play/nominate", data={"candidate": "Eve", "version": 0})
    assert refused.status_code == 400 and b"expired" in refused.data
    refused = client.post(f"/vote/{code}/timer", data={"action": "start", "seconds": 60, "version": 0})
    assert refused.status_code == 400


def test_russian_round_screen_uses_the_games_terms(client):
    table = VoteTable(client, language="ru")
    table.sit("Ann")
    text = text_of(table.start(DICE))
    assert "Президент" in text and "Премьер-министр" in text and "Раунд 1" in text


GARBAGE = [{}, {"candidate": ["x"], "to": "", "player": "Zed", "ability": "eliminate", "target": "Zed"},
           {"mode": "counts", "yes": "1e9", "no": "-0", "double-0": "1", "double-99": "1"},
           {"ballot-0": "maybe", "ballot-x": "yes", "budget": "9" * 40, "support": "½", "card": "ability"},
           {"action": "extend", "seconds": "30", "0-budget": "1", "0-support": "x", "party": "greens"},
           {"player": "Ann", "budget_die": "6", "support_die": "6", "roll": "1", "votes": "full"}]
ROUTES = ["/dice", "/roll", "/start", "/options", "/undo", "/timer", "/history/options"] + [
    f"/play/{move}" for move in ("nominate", "vote", "give", "ability", "unrest", "tiebreak",
                                 "eliminate", "party_won", "end_round")]


@pytest.mark.parametrize("stage", ["setup", "nominate", "vote", "give", "over"])
def test_bad_input_anywhere_is_a_4xx_never_a_500(app, vote_table, stage):
    """Every write of the VOTE! screens with nonsense in every phase: refused, never a 500."""
    t = vote_table
    if stage != "setup":
        t.start(DICE)
    if stage in ("vote", "give", "over"):
        t.nominate("Eve")
    if stage in ("give", "over"):
        t.vote(yes=ALL)
    if stage == "over":
        t.give("Ann", 3, 3)
        t.give("Cid")
        t.give("Eve")
        t.give("Bob")
    for path in ROUTES:
        for data in GARBAGE:
            for htmx in (True, False):
                response = t.post(t.at(path), data, htmx=htmx)
                assert response.status_code < 500, (path, data, response.status_code)
                if response.status_code == 200 or response.status_code == 303:
                    t.post(t.at("/undo"), {})  # keep the stage for the next try
    assert t.client.get(f"/t/{t.code}/history").status_code == 200


def test_a_targeted_ability_offers_no_target_by_default_and_not_its_user_VOTE_ABL_1(started):
    """A player cannot target himself (VOTE-ABL-1, l. 178: «выбирает игрока для проверки»): the
    seated Ann's Loyalty check is hers, and offers one button per other player, none chosen before
    the tap that uses it."""
    started.sit("Ann")
    sheet = text_of(started.client.get(started.at("/"))).split('id="ability-loyalty_check"')[1]
    sheet = sheet.split("</details>")[0]
    assert '<input type="hidden" name="player" value="Ann">' in sheet
    assert re.findall(r'name="target" value="(\w+)"', sheet) == ["Bob", "Cid", "Dan", "Eve", "Fay", "Gil"]
    assert "selected" not in sheet and "checked" not in sheet


def test_choosing_oneself_is_refused_in_italian_without_a_masculine_ending_VOTE_ABL_1(client):
    """'Giulia non può scegliere sé stesso' fitted only a man; the refusal needs no agreement."""
    table = VoteTable(client, language="it")
    assert table.start(DICE).status_code == 200
    refused = text_of(table.ability("Ann", "loyalty_check", "Ann"))
    assert "Ann deve scegliere un altro giocatore (VOTE-ABL-1)" in refused
    assert "stesso" not in refused
