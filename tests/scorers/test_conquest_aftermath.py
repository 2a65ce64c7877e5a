"""What the helper answers after a conquest or a possible surrender (docs/rules/conquest.md): the
checklist of what happens next, one line per rule of seed 004 with its id, and the cases the helper
used to refuse (a minor country with nobody on it, a power with no aggressor, a minor victim on the
resources track). Each test quotes the seed's line."""
import pytest

from companion.scorers.conquest import cede, conquest, resources, surrender
from companion.scorers.conquest.aftermath import after_conquest, after_offer
from companion.scorers.rules import RuleError


def rules(lines) -> list[str]:
    """The rule ids the lines end with, in order."""
    return [line[line.rindex("(") + 1:-1] for line in lines]


def conquered(nation="austria", **kw) -> dict:
    """A conquest by key areas: all lost, no roll."""
    return conquest(nation, 3, 3, 0, controller=kw.pop("controller", "prussia"), **kw)


def test_conq_surr_3_a_minor_country_with_nobody_on_its_territory_becomes_neutral():
    """15.4: «Если таковых там вообще нет, то Сдача опускается, эта нация становится
    неприсоединившейся и Нейтральной.» Asked with no aggressor at all, or with none holding troops."""
    for aggressors in ({}, {"sweden": 0}):
        answer = surrender(2, aggressors, minor=True)
        assert answer["neutral"] and not answer["may"] and answer["to"] is None and answer["next"] == []
        assert answer["log"][-1] == ("Forced to surrender (6.12–6.13) with no troops on its territory, it skips the "
                                     "surrender and becomes unaligned and neutral (CONQ-SURR-3)")
    assert not surrender(2, {"sweden": 1}, minor=True)["neutral"]


def test_conq_surr_1_a_power_with_no_aggressor_may_not_surrender_and_is_told_why():
    """15.4: a power with fewer units «чем агрессор(ы), располагающихся на территории нации, подвергшийся
    вторжению может Сдаться агрессору»: with no aggressor there, nobody to surrender to."""
    answer = surrender(3, {})
    assert not answer["may"] and not answer["neutral"] and answer["next"] == []
    assert answer["log"] == ["No aggressor on its territory: there is nobody to surrender to, so it may not "
                             "surrender; a power surrenders to an aggressor on the invaded nation's territory "
                             "(CONQ-SURR-1)"]
    assert not surrender(0, {"prussia": 0})["may"]  # an aggressor with nothing there: 0 is not fewer than 0


def test_conq_res_1_conquering_a_minor_country_moves_the_conquerors_marker():
    """15.5: «продвинуть свой маркер Ресурсов … каждый раз, когда он завоевывает нацию или соглашается на ее
    Сдачу» — a nation, so a minor country ("other", off the track) counts as well."""
    answer = resources({"sweden": 1}, "conquest", "sweden", "other")
    assert answer["track"]["sweden"]["resources"] == 2 and "other" not in answer["track"]
    assert answer["log"][:2] == [
        "Sweden conquers another nation: Sweden moves its resources marker up one box (1 → 2) (CONQ-RES-1)",
        "The victim is not on the track: whatever resources and +1 key-area marker it holds are lost, to nobody "
        "(CONQ-RES-2)"]
    assert resources({}, "surrender", "russia", "other")["track"]["russia"]["resources"] == 1
    with pytest.raises(RuleError) as refused:  # the winner moves a marker: it must be on the track
        resources({}, "conquest", "other", "sweden")
    assert refused.value.rule == "CONQ-RES-1"


def test_conq_phase_1_and_joint_2_open_the_checklist_after_a_conquest():
    """5.7 / 15: «Завоевание происходит только в фазу Завоевания (5.7)»; 15.1: «Невозможно, чтобы две нации
    завоевали друг друга одновременно, так как тот, кто первым, согласно последовательности игры, успешно
    осуществит завоевание — срывает куш.»"""
    steps = conquered()["next"]
    assert rules(steps)[:2] == ["CONQ-PHASE-1", "CONQ-JOINT-2"]
    assert steps[0].startswith("Conquest happens only in the Conquest phase (5.7)")
    assert "the first to succeed in the sequence of play takes it" in steps[1]
    assert conquest("austria", 4, 0, 1, die_value=1)["next"] == []  # not conquered: nothing follows


def test_conq_cede_4_a_ceded_province_may_go_to_a_power_of_the_camp_that_agrees():
    """15.2: «Завоеватель может подарить Контроль над Передаваемой Провинцией любой Державе в его Лагере,
    которая соглашается на это.»"""
    said = "The conqueror may give control of a ceded province to any power of its camp that agrees (CONQ-CEDE-4)"
    assert said in cede(3)["log"] and said in conquered()["next"]
    assert rules(conquered()["next"])[2:4] == ["CONQ-CEDE-1", "CONQ-CEDE-4"]


def test_conq_after_1_to_5_what_a_conquest_does_to_a_players_power():
    """15.21: «ВЫВОД ВОЙСК ИЗ СТОЛИЦЫ», «должны Перегруппироваться», «ДРУЖЕСТВЕННАЯ ТЕРРИТОРИЯ»,
    «БЕЗОПАСНЫЙ ПЕРИОД: Завоеватель и его Союзники не могут объявлять войну жертве до начала следующей
    Интерфазы, и наоборот»; 15.22: «Завоеванная Держава игрока является Нейтральной и распоряжается по своему
    усмотрению своими собственными карточками и Войсками.»"""
    steps = conquered()["next"]
    assert rules(steps) == ["CONQ-PHASE-1", "CONQ-JOINT-2", "CONQ-CEDE-1", "CONQ-CEDE-4", "CONQ-AFTER-1",
                            "CONQ-AFTER-2", "CONQ-AFTER-3", "CONQ-AFTER-4", "CONQ-AFTER-5", "CONQ-RES-1, CONQ-RES-2"]
    assert steps[4].startswith("Withdrawal from the capital: every unit of the conqueror and its allies")
    assert "provinces they had flagged return to their original owner" in steps[5]
    assert "enters them (not the capital) without asking" in steps[6]
    assert steps[7] == ("Safe period: the conqueror and its allies may not declare war on the victim before the next "
                        "Interphase begins, nor the victim on them (CONQ-AFTER-4)")
    assert steps[8] == "A player's conquered power is neutral and uses its own cards and troops as it sees fit (CONQ-AFTER-5)"


def test_conq_after_6_a_conquered_minor_country_is_unaligned_and_its_consul_frozen():
    """15.22: «Если Замещаемая страна завоевана, то она становится неприсоединившейся и Нейтральной. Ее Консул
    не может двигаться по Дипломатической дорожке до следующей Интерфазы.»"""
    steps = conquered("other", minor=True)["next"]
    assert "CONQ-AFTER-6" in rules(steps) and "CONQ-AFTER-5" not in rules(steps)
    assert ("A conquered minor country becomes unaligned and neutral; its consul may not move on the diplomatic "
            "track until the next Interphase (CONQ-AFTER-6)") in steps
    forced = surrender(0, {"denmark": 2}, minor=True)  # 15.4: «считается завоеванной (15.2)»
    assert forced["next"] == after_conquest("other", minor=True)


def test_conq_turkey_1_a_conquered_turkeys_overseas_wars_end():
    """15.3: «Если Турция завоевана, все ее текущие Заморские войны заканчиваются, но новые могут быть
    сыграны.»"""
    turkey = conquered("turkey", controller="russia")["next"]
    assert "Turkey is conquered: all its current overseas wars end; new ones may be played (CONQ-TURKEY-1)" in turkey
    assert "CONQ-TURKEY-1" not in rules(conquered("spain")["next"])


def test_conq_offer_1_2_and_surr_4_the_offer_and_an_accepted_surrender():
    """15.4: «Только одно предложение может быть сделано в один Импульс. Не разрешается обмениваться встречными
    предложениями. Предложение должно быть принято или отвергнуто простым «да» или «нет».»; «Если Сдача
    принята, то жертва становится Нейтральной, и все условия соглашения немедленно вступают в силу.»"""
    answer = surrender(2, {"prussia": 5})
    assert answer["may"] and answer["next"] == after_offer()
    steps = answer["next"]
    assert rules(steps) == ["CONQ-PHASE-1", "CONQ-OFFER-1", "CONQ-OFFER-2", "CONQ-SURR-4", "CONQ-AFTER-1",
                            "CONQ-AFTER-2", "CONQ-AFTER-3", "CONQ-AFTER-4", "CONQ-AFTER-5", "CONQ-TURKEY-1",
                            "CONQ-RES-1, CONQ-RES-2"]
    assert "only one offer per impulse (CONQ-OFFER-1)" in steps[1]
    assert "no counter-offers: it is accepted or rejected with a plain yes or no (CONQ-OFFER-2)" in steps[2]
    assert steps[3].startswith("If accepted, the victim becomes neutral and every term takes effect at once")
    assert surrender(5, {"prussia": 5})["next"] == []  # may not surrender: no offer to make


def test_conq_res_5_the_plus_one_marker_comes_only_from_the_emperor_commands():
    """15.5: «Статус маркера +1 может быть получен только при розыгрыше карточки «Император принимает
    командование» The Emperor Commands, как события.»"""
    said = "The +1 key-area marker is gained only by playing the card The Emperor Commands as an event (CONQ-RES-5)"
    assert said in resources({"austria": {"resources": 1, "marker": True}}, "conquest", "prussia", "austria")["log"]
    assert said not in resources({"austria": 1}, "conquest", "prussia", "austria")["log"]


def test_conq_res_6_7_8_what_16_2_says_of_a_resource_when_one_is_spent():
    """16.2: «Ресурсы не влияют на лимиты размера Набора карточек или возможности перехвата Импульса»;
    «как врожденный Резерв»; «Ресурс нельзя играть для запуска нового Импульса, если у последнего из игроков
    не осталось играбельных карт на руках.»"""
    log = resources({"france": 2}, "spend", "france")["log"]
    assert rules(log[1:4]) == ["CONQ-RES-6", "CONQ-RES-7", "CONQ-RES-8"]
    assert "do not count against the hand-size limit or the chance to intercept an impulse" in log[1]
    assert "as an innate Reserve" in log[2]
    assert "no resource starts a new impulse once the last player has no playable card left" in log[3]
    assert "CONQ-RES-6" not in rules(resources({"france": 2}, "score")["log"])


def test_the_coverage_list_names_every_conquest_and_virgin_queen_rule():
    """docs/rules/conquest.md ends with the rules of seeds 003 and 004 and the id covering each (issue 27)."""
    import re
    from pathlib import Path
    docs = Path(__file__).resolve().parents[2] / "docs" / "rules"
    defined = set()
    for name in ("conquest.md", "virgin-queen.md"):
        defined |= set(re.findall(r"^### ((?:CONQ|VQ)-[A-Z]+-\d+) —", (docs / name).read_text(encoding="utf-8"), re.M))
    text = (docs / "conquest.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\|[^|]+\|[^|]+\| `([A-Z]+-[A-Z]+-\d+)` \|$", text[text.index("## Coverage"):], re.M))
    assert listed == defined and len(defined) == 54  # 33 CONQ, 21 VQ
