"""The history of governments and votes (in full or totals), and the shared history's sentences."""
import pytest

from table_support import VoteTable
from page_support import section
from table_support import ALL, DICE


@pytest.fixture
def played(vote_table):
    """Round 1 fails by ballots (Eve), round 2 elects Ann by counts, with a Double vote."""
    vote_table.start(DICE)
    vote_table.nominate("Eve")
    vote_table.vote(yes=["Ann", "Bob", "Eve"], no=["Cid", "Dan", "Fay", "Gil"])
    vote_table.nominate("Ann")
    vote_table.counts(5, 3, double=["Bob"])
    return vote_table


def test_history_page_and_fragment(client, played):
    page = client.get(played.at("/history/"))
    fragment = client.get(played.at("/history/"), headers={"HX-Request": "true"})
    assert b"<html" in page.data and b"<html" not in fragment.data
    assert b'id="live"' in fragment.data


def test_history_in_full_shows_who_voted_what(client, played):
    text = client.get(played.at("/history/")).get_data(as_text=True)
    first, second = section_gov(text, 1), section_gov(text, 2)
    assert "Round 1" in first and "President Cid" in first and "candidate Eve" in first
    assert "3 yes, 4 no" in first and "the election fails" in first
    assert "Yes: Ann, Bob and Eve" in first and "No: Cid, Dan, Fay and Gil" in first
    assert "Round 2" in second and "President Dan" in second and "5 yes, 3 no" in second
    assert "elected" in second and "Double vote: Bob" in second
    assert "Only the counts were entered." in second
    assert text.index('id="gov-2"') < text.index('id="gov-1"')  # newest first


def test_history_as_totals_hides_the_ballots(client, played):
    response = played.post(played.at("/history/options"), {"votes": "totals"})
    assert response.status_code == 200
    text = client.get(played.at("/history/")).get_data(as_text=True)
    assert "3 yes, 4 no" in text and "Yes: Ann" not in text and "No: Cid" not in text
    bad = played.post(played.at("/history/options"), {"votes": "secret"})
    assert bad.status_code == 422 and b"TABLE-OPTIONS" in bad.data


def test_a_table_may_be_created_with_totals_only(client):
    table = VoteTable(client, votes="totals")
    table.start(DICE)
    table.nominate("Eve")
    table.vote(yes=ALL)
    text = client.get(table.at("/history/")).get_data(as_text=True)
    assert "7 yes, 0 no" in text and "Yes: " not in text


def test_the_option_is_also_on_the_setup_screen(vote_table):
    response = vote_table.post(vote_table.at("/options"), {"votes": "totals"})
    assert 'value="totals" checked' in section(response.get_data(as_text=True), "options")


def test_the_shared_history_reads_well(client, played):
    played.give("Bob", 1, -2)
    played.give("Cid", ability=True)
    played.ability("Ann", "loyalty_check", "Eve")
    text = client.get(f"/t/{played.code}/history").get_data(as_text=True)
    for sentence in ("dice entered: Ann 6 and 6", "the game starts: Cid is the first President",
                     "Cid nominates for Prime Minister: Eve",
                     "vote on Eve: 3 yes, 4 no — the election fails",
                     "vote on Ann: 5 yes, 3 no — elected", "Dan gives Bob a card: +1/−2 → 5/2",
                     "Dan gives Cid an ability card", "Ann uses Loyalty check on Eve"):
        assert sentence in text, sentence


def test_the_shared_history_names_eliminations_and_the_win(client, vote_table):
    vote_table.start(DICE)
    vote_table.nominate("Eve")
    vote_table.vote(yes=ALL)
    vote_table.give("Gil", -5, 0)
    vote_table.give("Ann", 3, 3)
    text = client.get(f"/t/{vote_table.code}/history").get_data(as_text=True)
    assert "Cid gives Gil a card: −5/0 → 0/4; eliminated: Gil" in text
    assert "Cid gives Ann a card: +3/+3 → 10/10; Ann&#39;s party wins" in text


def test_the_history_is_in_russian_too(client):
    table = VoteTable(client, language="ru")
    table.start(DICE)
    table.nominate("Eve")
    text = client.get(f"/t/{table.code}/history").get_data(as_text=True)
    assert "Cid номинирует Eve на должность Премьер-министра" in text


def section_gov(text: str, number: int) -> str:
    start = text.index(f'id="gov-{number}"')
    return text[start:text.index("</li>", start)]
