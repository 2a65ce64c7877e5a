"""VOTE! off the happy path, by the rulebook (seed 001): Cancel against a card that takes a player
out, the hands at three after every kind of round, the two-player tie-break's cards, and who may be
nominated after a failed election. Figures are worked by hand from the rulebook's lines quoted."""
from companion.scorers.vote.engine import apply_event, legal_actions, play
from companion.scorers.vote.government import eligible_prime_ministers, ineligible_prime_ministers
from companion.scorers.vote.replay import result

# Anna (2/3) has the lowest total: she is the first President; clockwise: Boris, Vera, Gleb, …
SEVEN = [{"name": "Anna", "budget": 2, "support": 3}, {"name": "Boris", "budget": 2, "support": 6},
         {"name": "Vera", "budget": 6, "support": 6}, {"name": "Gleb", "budget": 4, "support": 7},
         {"name": "Dina", "budget": 5, "support": 5}, {"name": "Egor", "budget": 7, "support": 7},
         {"name": "Fima", "budget": 3, "support": 4}]
NAMES = [p["name"] for p in SEVEN]


def ability(player, name, target=None):
    return {"type": "ability", "player": player, "ability": name} | ({"target": target} if target else {})


def elect(candidate):
    return [{"type": "nominate", "candidate": candidate}, {"type": "vote", "yes": NAMES, "no": []}]


def fail(candidate, double=()):
    return [{"type": "nominate", "candidate": candidate},
            {"type": "vote", "yes": [], "no": NAMES, "double": list(double)}]


def pl(game, name):
    return next(p for p in game.players if p.name == name)


def hands(game):
    return {p.name: p.hand for p in game.players if p.in_game}


def cancel_offered(game):
    return [a["players"] for a in legal_actions(game) if a.get("ability") == "cancel_event"]


def test_cancel_is_offered_against_a_card_that_would_take_the_player_out_VOTE_ABL_5():
    """VOTE-ABL-5, l. 206: «если он не является Президентом или Премьер-министром, и получит от
    Президента карту события. В таком случае к нему не применяются модификаторы». Boris (2/6) gets
    −2/−2: the card would put him out (2−2 = 0), yet its effect is not final before he may cancel it."""
    game = play(SEVEN, elect("Vera") + [{"type": "give", "to": "Boris", "budget": -2, "support": -2}])
    assert not pl(game, "Boris").in_game
    assert cancel_offered(game) == [["Boris"]]
    game = apply_event(game, ability("Boris", "cancel_event"))
    assert (pl(game, "Boris").budget, pl(game, "Boris").support, pl(game, "Boris").in_game) == (2, 6, True)
    # the card is discarded without effect: the PM's 7 minus the President's 4 = 3, plus this card
    assert game.discard == 4 and game.gives == ["Boris"] and game.phase == "give"
    # Boris's hand: 3, one put in (VOTE-EVT-1), the Cancel card played: 1 (VOTE-CON-1 refills it)
    assert pl(game, "Boris").hand == 1 and game.used_abilities == 1


def test_cancel_is_offered_against_a_card_that_would_end_the_game_VOTE_ABL_5_VOTE_FEW_2():
    """VOTE-ABL-5 whatever the card would do: three left (VOTE-FEW-1), President Boris gives Fima
    (3/4) −3/0; two players would be left and «побеждает партия того игрока, который обладает
    наибольшим суммарным количеством очков» (l. 218), but Fima may cancel it first."""
    out = [{"type": "eliminate", "player": n} for n in ("Anna", "Vera", "Gleb", "Dina")]
    game = play(SEVEN, out)
    assert game.phase == "give" and game.president == "Boris" and game.prime_minister is None
    game = apply_event(game, {"type": "give", "to": "Fima", "budget": -3, "support": 0})
    assert game.phase == "over" and game.winner["player"] == "Egor"
    assert cancel_offered(game) == [["Fima"]]
    game = apply_event(game, ability("Fima", "cancel_event"))
    assert game.winner is None and game.phase == "give" and pl(game, "Fima").in_game


def test_cancel_is_not_offered_to_the_president_or_the_pm_VOTE_ABL_5():
    """VOTE-ABL-5: «только в том случае, если он не является Президентом или Премьер-министром»."""
    game = play(SEVEN, elect("Vera") + [{"type": "give", "to": "Vera", "budget": -9, "support": -9}])
    assert not pl(game, "Vera").in_game and cancel_offered(game) == []


def test_hands_are_three_after_a_failed_election_and_after_the_unrest_VOTE_CON_1_VOTE_GOV_5():
    """VOTE-CON-1, l. 166: «В начале и конце каждого раунда у каждого игрока в руке должно быть три
    карты, не больше и не меньше». 60 cards (l. 101: events and abilities in one deck), 7 × 3 dealt:
    39 in the deck. Round 1: Gleb plays Double vote and the election fails: he draws one (38).
    Round 2: Fima checks Dina's loyalty, the election fails: Fima draws one (37). Round 3 fails:
    unrest, l. 134: «Каждый игрок кладёт … СЛУЧАЙНУЮ карту из своей руки … а сами карты
    отправляются в сброс»: 7 cards to the discard, everyone draws one back (30)."""
    game = play(SEVEN, [])
    assert game.deck == 39 and set(hands(game).values()) == {3}
    game = play(SEVEN, fail("Vera", double=["Gleb"]))
    assert hands(game) == dict.fromkeys(NAMES, 3) and (game.deck, game.used_abilities) == (38, 1)
    assert game.round == 2 and game.president == "Boris"
    events = fail("Vera", double=["Gleb"]) + [ability("Fima", "loyalty_check", "Dina")] + fail("Vera")
    game = play(SEVEN, events)
    assert hands(game) == dict.fromkeys(NAMES, 3) and (game.deck, game.discard) == (37, 0)
    game = play(SEVEN, events + fail("Dina"))
    assert game.phase == "unrest" and hands(game) == dict.fromkeys(NAMES, 3)
    game = apply_event(game, {"type": "unrest", "cards": {n: [0, 0] for n in NAMES}})
    assert hands(game) == dict.fromkeys(NAMES, 3) and (game.deck, game.discard) == (30, 7)
    assert game.phase == "nominate" and game.round == 4 and game.president == "Gleb"


def test_hands_are_three_after_a_round_with_abilities_and_an_elimination_VOTE_CON_1_VOTE_END_4():
    """VOTE-CON-1 and VOTE-END-4 (l. 93: «карты … имеющиеся у него в руке, отправляются в сброс»).
    Round 1: everyone puts a card in (7), the PM discards 3 and passes 4 (VOTE-EVT-2); Egor
    eliminates Dina (her 2 cards to the discard) and pays 5/5 (VOTE-ABL-4); the 4 cards are given
    and discarded. End of the round: discard 3 + 2 + 4 = 9; the six left draw back to 3: Egor (who
    put one in and played one) draws 2, the others 1 each: 39 − 7 = 32."""
    events = elect("Vera") + [ability("Egor", "eliminate", "Dina")] + [
        {"type": "give", "to": n, "budget": 0, "support": 0} for n in ("Boris", "Gleb", "Vera", "Anna")]
    game = play(SEVEN, events)
    assert game.phase == "end_round" and game.discard == 9 and game.used_abilities == 1
    game = apply_event(game, {"type": "end_round"})
    assert hands(game) == dict.fromkeys(["Anna", "Boris", "Vera", "Gleb", "Egor", "Fima"], 3)
    assert (game.deck, game.discard) == (32, 9)


def test_the_transfer_of_powers_leaves_three_cards_for_the_new_round_VOTE_ABL_3_VOTE_CON_1():
    """VOTE-ABL-3 is played once the round is over (l. 194: «если закончился раунд, в котором он был
    Президентом»), so before the new round starts: its user draws back to three at once (l. 166)."""
    events = elect("Vera") + [{"type": "give", "to": n} for n in ("Boris", "Gleb", "Vera", "Anna")]
    game = play(SEVEN, events + [{"type": "end_round"}, ability("Anna", "transfer_presidency", "Egor")])
    assert game.president == "Egor" and hands(game) == dict.fromkeys(NAMES, 3)
    assert (game.deck, game.used_abilities) == (31, 1)


def test_the_tiebreak_takes_its_cards_from_the_hands_then_the_deck_VOTE_FEW_2():
    """VOTE-FEW-2, l. 220: «к каждому игроку применяются модификаторы одной случайной карты из его
    руки … Если таким образом были применены все карты из рук обоих игроков … вытащить по одной
    случайной карте из колоды событий». Five players (45 in the deck), Cid, Dan and Eve eliminated:
    their 9 cards to the discard; the three left never put their cards in (the cards go in with the
    President's first card given, VOTE-FEW-1, VOTE-ABL-3), so Ann and Bob hold 3 each."""
    five = [{"name": "Ann", "budget": 4, "support": 4}, {"name": "Bob", "budget": 4, "support": 4},
            {"name": "Cid", "budget": 2, "support": 2}, {"name": "Dan", "budget": 5, "support": 5},
            {"name": "Eve", "budget": 6, "support": 6}]
    game = play(five, [{"type": "eliminate", "player": n} for n in ("Cid", "Dan", "Eve")])
    assert game.phase == "tiebreak" and hands(game) == {"Ann": 3, "Bob": 3} and game.discard == 9
    even = {"type": "tiebreak", "cards": {"Ann": [1, 0], "Bob": [1, 0]}}  # 5/4 and 5/4: still equal
    game = apply_event(game, even)
    assert hands(game) == {"Ann": 2, "Bob": 2} and (game.deck, game.discard) == (45, 11)
    game = apply_event(apply_event(game, even), even)
    assert hands(game) == {"Ann": 0, "Bob": 0} and (game.deck, game.discard) == (45, 15)
    game = apply_event(game, even)  # the hands are spent: one from the deck each
    assert (game.deck, game.discard) == (43, 17)
    game = apply_event(game, {"type": "tiebreak", "cards": {"Ann": [0, 1], "Bob": [0, 0]}})
    assert game.winner["player"] == "Ann" and (game.deck, game.discard) == (41, 19)


def test_the_cards_reaching_the_pm_stay_those_of_the_rounds_start_VOTE_EVT_2():
    """VOTE-EVT-2, l. 150: «Количество раздаваемых карт зависит от количества игроков, оставшихся в
    игре»: 7 at the round's start, PM Vera received 7 and passes 4, even once Boris is out."""
    game = play(SEVEN, elect("Vera") + [{"type": "give", "to": "Boris", "budget": -2, "support": -2}])
    assert (result(game)["cards_to_pm"], result(game)["cards_to_president"]) == (7, 4)
    assert result(game)["prime_minister"] == "Vera"


def test_a_failed_elections_president_may_be_nominated_VOTE_GOV_4():
    """VOTE-GOV-4, l. 132: «игрок, бывший в этом раунде Президентом, не считается бывшим
    Президентом, и может быть номинирован на должность Премьер-министра». Round 1 elects Anna and
    Boris; round 2 Boris (its President by the rotation) fails with Vera; round 3, President Vera:
    Boris was the last elected PM, but he is a failed election's President, so he may be nominated.
    Anna stays barred as the last elected President (VOTE-GOV-2, 7 players)."""
    events = elect("Boris") + [{"type": "give", "to": n} for n in ("Vera", "Gleb", "Boris", "Anna")]
    game = play(SEVEN, events + [{"type": "end_round"}])
    assert "Boris" not in eligible_prime_ministers(game)  # last elected PM, not yet failed
    game = play(SEVEN, events + [{"type": "end_round"}] + fail("Vera"))
    assert game.president == "Vera"
    assert eligible_prime_ministers(game) == ["Boris", "Gleb", "Dina", "Egor", "Fima"]
    assert set(ineligible_prime_ministers(game)) == {"Anna", "Vera"}
    assert result(game)["eligible_why"] == {
        "Boris": "was President of a failed election: may be nominated (VOTE-GOV-4)"}
    game = apply_event(apply_event(game, fail("Gleb")[0]), fail("Gleb")[1])  # a failed candidate
    assert game.president == "Gleb" and eligible_prime_ministers(game) == ["Boris", "Vera", "Dina", "Egor", "Fima"]


def test_a_new_government_bars_its_own_president_and_pm_again_VOTE_GOV_2():
    """VOTE-GOV-2, l. 126: «Игроки, которые были Президентом и Премьер-министром соответственно в
    прошлом раунде не могут быть номинированы»: once a new government is elected the failed
    Presidents before it count for nothing."""
    events = elect("Boris") + [{"type": "give", "to": n} for n in ("Vera", "Gleb", "Boris", "Anna")]
    events += [{"type": "end_round"}] + fail("Vera") + elect("Boris")
    events += [{"type": "give", "to": n} for n in ("Gleb", "Dina", "Boris", "Vera")] + [{"type": "end_round"}]
    game = play(SEVEN, events)
    assert game.president == "Gleb" and set(ineligible_prime_ministers(game)) == {"Vera", "Boris", "Gleb"}
