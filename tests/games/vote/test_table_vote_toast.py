"""The toast of a VOTE! change says what it counted, as the history does."""
from page_support import toast
from table_support import DICE


def test_the_toast_says_what_a_vote_counted_as_the_history_does(client, vote_table):
    """The toast of a VOTE! vote said only "vote": the phone could not see what it had recorded
    (the count, elected or not) before deciding whether to undo it."""
    vote_table.sit("Ann")
    assert vote_table.start(DICE).status_code == 200  # Cid is the first President
    vote_table.nominate("Bob")
    said = toast(vote_table.counts(2, 5))
    assert "vote on Bob: 2 yes, 5 no — the election fails" in said and ">Undo</button>" in said
