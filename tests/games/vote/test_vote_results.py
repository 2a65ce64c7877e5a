"""VOTE!'s results (companion.games.vote.results): the winners each end names, and why."""
from companion.games.vote import results
from companion.scorers.vote.state import OVER, Game, Player


def game(winner, out=()):
    players = [Player("Ann", 10, 10), Player("Bob", 4, 5), Player("Cid", 3, 3),
               Player("Dan", 0, 2, in_game=False), Player("Eve", 6, 1)]
    for player in players:
        player.in_game = player.in_game and player.name not in out
    return Game(players, "Bob", round=5, phase=OVER, winner=winner,
                first_president={"president": "Cid", "by": "lowest", "tied": []})


def position(state):
    return {"game": state, "players": [p.name for p in state.players], "history": []}


def test_ten_ten_names_its_player_VOTE_END_2(app):
    with app.test_request_context():
        found = results.results({"players": []}, position(game({"player": "Ann", "reason": "10/10"})), [])
    assert found.winners == ["Ann"] and found.why == "Ann has 10/10: Ann's party wins"
    assert [(s.player, s.rank, s.score, s.role) for s in found.standings][:2] == [
        ("Ann", 1, 20, None), ("Bob", 2, 9, None)]


def test_the_last_two_name_the_winner_and_what_decided_VOTE_FEW_2(app):
    won = {"player": "Bob", "reason": "two players left", "by": "support"}
    with app.test_request_context():
        found = results.results({"players": []}, position(game(won, out=("Ann", "Cid", "Eve"))), [])
    assert found.winners == ["Bob"]
    assert found.why == "Bob's party wins. Two players left, equal on budget + support: the higher support."


def test_a_party_win_names_everybody_left_and_their_party_VOTE_END_1(app):
    won = {"party": "democrats", "player": None, "reason": "no member of the other party left"}
    with app.test_request_context():
        found = results.results({"players": []}, position(game(won, out=("Cid",))), [])
    assert found.winners == ["Ann", "Bob", "Eve"]
    assert found.why == "No member of the other party is left in the game. The Democrats win."
    assert {s.player: s.role for s in found.standings if s.winner} == dict.fromkeys(found.winners,
                                                                                   "Democrats")
    assert all(s.rank == 2 and s.role is None for s in found.standings if not s.winner)


def test_a_game_under_way_has_no_results():
    state = game(None)
    state.phase = "nominate"
    assert not results.over(position(state))


def test_the_heading_says_a_party_won_and_the_first_president_began(app):
    """VOTE! is won by a party («побеждает не отдельный игрок, а одна из двух партий»): the
    results' heading says so, not «Победа: Саша», as a sentence opens; the play begins with the
    first President, not the first seat."""
    won = {"player": "Bob", "reason": "two players left", "by": "support"}
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        found = results.results({"players": []}, position(game(won, out=("Ann", "Cid", "Eve"))), [])
    assert found.title == "Побеждает партия игрока Bob" and found.why.startswith("Побеждает партия")
    assert found.first == "Cid"
    with app.test_request_context():
        party = results.results({"players": []}, position(game(
            {"party": "democrats", "player": None, "reason": "no member of the other party left"})), [])
    assert party.title == "The Democrats win"
