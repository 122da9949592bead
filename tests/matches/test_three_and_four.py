"""Three players and partnerships stored on the site: the spec's worked examples through the
services (hand by hand, as phones enter them) and through import/export, with rulings."""
from __future__ import annotations

from decimal import Decimal

import pytest

from ginscore.engine import record_from_json, rules_from, score_match
from ginscore.matches import services
from ginscore.matches.models import Hand, HandChange, Match
from ginscore.matches.records import HandEntry, match_to_json, match_to_record, waiting_table
from ginscore.matches.records_io import records_export, records_import
from ginscore.players.models import Player

pytestmark = pytest.mark.django_db

THREE = {"format": "ginscore/1", "rules": "standard", "players": ["Ann", "Ben", "Cat"], "first_dealer": "Cat",
         "hands": [
             {"end": "knock", "by": "Ann", "deadwood": {"Ann": 4, "Ben": 20}},
             {"end": "gin", "by": "Cat", "deadwood": {"Ann": 30}},
             {"end": "knock", "by": "Cat", "deadwood": {"Cat": 2, "Ben": 40}},
             {"end": "knock", "by": "Cat", "deadwood": {"Cat": 5, "Ann": 15}},
         ]}

PARTNERSHIP = {"format": "ginscore/1", "rules": "partnership", "players": ["Ann", "Ben", "Cat", "Dan"],
               "teams": [{"name": "North", "players": ["Ann", "Cat"]},
                         {"name": "South", "players": ["Ben", "Dan"]}],
               "hands": [
                   {"tables": [{"end": "knock", "by": "Ann", "deadwood": {"Ann": 3, "Ben": 25}},
                               {"end": "gin", "by": "Dan", "deadwood": {"Cat": 12}}]},
                   {"tables": [{"end": "dead"},
                               {"end": "knock", "by": "Cat", "deadwood": {"Cat": 6, "Ben": 31}}]},
               ]}


def players(*names):
    return [Player.objects.create(name=n) for n in names]


def three_handed(first_dealer="c"):
    a, b, c = players("Ann", "Ben", "Cat")
    return services.match_create(player_a=a, player_b=b, player_c=c, rules=rules_from({"preset": "standard"}),
                                 first_dealer=first_dealer)


def partnership(scoring="difference"):
    a, b, c, d = players("Ann", "Ben", "Cat", "Dan")
    rules = rules_from({"preset": "partnership", "partnership_scoring": scoring})
    return services.match_create(player_a=a, player_b=b, player_c=c, player_d=d, rules=rules,
                                 team_a_name="North", team_b_name="South")


def add(match, entry, table=1):
    match.refresh_from_db()
    number = match.hands.filter(table=table).count() + 1
    return services.hand_add(match_id=match.pk, entry=entry, expected_number=number, table=table)


def test_three_handed_worked_example_entered_hand_by_hand():
    match = three_handed()
    assert match.kind == "three" and str(match).endswith("Ann v Ben v Cat")
    add(match, HandEntry("knock", "a", 4, 20))  # Cat deals: Ann v Ben
    add(match, HandEntry("gin", "c", None, 30))  # Ben deals: Ann v Cat
    add(match, HandEntry("knock", "c", 2, 40))  # Ann deals: Ben v Cat
    add(match, HandEntry("knock", "c", 5, 15))  # Ben deals: Ann v Cat; Cat reaches 103
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.score_c) == (41, 0, 615)
    assert match.complete and match.winner.name == "Cat"
    assert (match.games_a, match.games_b, match.games_c) == (0, 0, 1)
    assert match.gins_c == 1 and match.hand_count == 4
    result = score_match(match_to_record(match))
    assert [(h.dealer, h.players) for h in result.hands] == [
        ("Cat", ("Ann", "Ben")), ("Ben", ("Ann", "Cat")), ("Ann", ("Ben", "Cat")), ("Ben", ("Ann", "Cat"))]
    assert [(s.payer, s.payee, s.points) for s in result.match.settlements] == [
        ("Ben", "Ann", 41), ("Ann", "Cat", 237), ("Ben", "Cat", 378)]
    # the history writes each hand as the record does, naming the two who played it
    after = HandChange.objects.get(match=match, hand_number=2).after
    assert after == {"end": "gin", "by": "Cat", "deadwood": {"Ann": 30}}


def test_three_handed_game_in_play_shows_three_scores():
    match = three_handed()
    add(match, HandEntry("knock", "a", 4, 20))
    add(match, HandEntry("gin", "c", None, 30))
    match.refresh_from_db()
    assert (match.game_a, match.game_b, match.game_c) == (16, 0, 55)
    assert match.game_score_text == "16–0–55 (game 1)"


def test_the_dealer_cannot_be_named_in_a_three_handed_hand():
    match = three_handed()
    with pytest.raises(services.HandRefused, match="Hand 1: Cat dealt this hand and sat it out; "
                                                    "it was played by Ann and Ben"):
        add(match, HandEntry("gin", "c", None, 10))
    assert Hand.objects.count() == 0


def test_a_dead_hand_keeps_the_dealer_and_undo_redo_work_with_three():
    match = three_handed(first_dealer="a")
    add(match, HandEntry("dead"))
    add(match, HandEntry("knock", "b", 3, 13))  # Ann deals again: Ben v Cat; Cat loses, deals next
    match.refresh_from_db()
    result = score_match(match_to_record(match))
    assert result.next_dealer == "Cat"
    services.hand_undo(match_id=match.pk, expected_revision=match.revision)
    match.refresh_from_db()
    services.hand_redo(match_id=match.pk, expected_revision=match.revision)
    match.refresh_from_db()
    assert match.hand_count == 2 and match.score_b == 0 and match.game_b == 10


def test_three_players_must_differ_and_hollywood_is_for_two():
    a, b = players("Ann", "Ben")
    with pytest.raises(ValueError, match="The 3 players must all be different"):
        services.match_create(player_a=a, player_b=b, player_c=a, rules=rules_from({"preset": "standard"}))
    c = Player.objects.create(name="Cat")
    with pytest.raises(ValueError, match="Hollywood is for two players"):
        services.match_create(player_a=a, player_b=b, player_c=c, rules=rules_from({"preset": "hollywood"}))
    with pytest.raises(ValueError, match="player C: a partnership needs four players"):
        services.match_create(player_a=a, player_b=b, player_d=c, rules=rules_from({"preset": "standard"}))


def test_partnership_worked_example_from_two_tables():
    match = partnership()
    assert match.kind == "partnership" and match.team_names == ("North", "South")
    add(match, HandEntry("knock", "a", 3, 25), table=1)  # deal 1: Ann v Ben
    match.refresh_from_db()
    assert match.hand_count == 0 and match.score_a == 0  # the deal waits for table 2
    assert waiting_table(match, [HandEntry.of(h) for h in match.hands.all()]).table == 1
    add(match, HandEntry("gin", "d", None, 12), table=2)  # deal 1: Cat v Dan
    add(match, HandEntry("knock", "c", 6, 31), table=2)  # deal 2 table 2: Cat v Ben, entered first
    add(match, HandEntry("dead"), table=1)  # deal 2 table 1: Ann v Dan
    match.refresh_from_db()
    assert match.hand_count == 2
    assert (match.game_a, match.game_b) == (25, 15)
    result = score_match(match_to_record(match))
    assert [d.points for d in result.hands] == [{"North": 0, "South": 15}, {"North": 25, "South": 0}]
    assert [[t.players for t in d.tables] for d in result.hands] == [
        [("Ann", "Ben"), ("Cat", "Dan")], [("Ann", "Dan"), ("Cat", "Ben")]]
    assert match.gins_b == 1  # Dan's gin counts for South
    exported = match_to_json(match)
    assert exported["teams"] == PARTNERSHIP["teams"]
    assert exported["hands"] == PARTNERSHIP["hands"]


def test_partnership_under_each_scores_each_teams_winnings():
    match = partnership("each")
    for entry, table in ((HandEntry("knock", "a", 3, 25), 1), (HandEntry("gin", "d", None, 12), 2),
                         (HandEntry("dead"), 1), (HandEntry("knock", "c", 6, 31), 2)):
        add(match, entry, table)
    match.refresh_from_db()
    assert (match.game_a, match.game_b) == (47, 37)


def test_a_table_cannot_run_two_deals_ahead_and_the_waiting_table_can_be_corrected():
    match = partnership()
    add(match, HandEntry("knock", "a", 3, 25), table=1)
    with pytest.raises(services.HandRefused, match="deal 2 starts when table 2's hand of deal 1 is in"):
        add(match, HandEntry("dead"), table=1)
    match.refresh_from_db()
    services.hand_edit(match_id=match.pk, number=1, table=1, entry=HandEntry("knock", "a", 2, 25),
                       expected_revision=match.revision)
    assert Hand.objects.get(match=match, number=1, table=1).knocker_deadwood == 2
    with pytest.raises(services.HandRefused, match="Deal 1, table 2: by: only Cat and Dan played this hand"):
        add(match, HandEntry("gin", "a", None, 12), table=2)
    with pytest.raises(services.HandRefused, match="table: a partnership deal is played at table 1 and table 2"):
        add(match, HandEntry("dead"), table=3)


def test_partnership_undo_takes_a_tables_last_hand_only():
    match = partnership()
    add(match, HandEntry("knock", "a", 3, 25), table=1)
    add(match, HandEntry("gin", "d", None, 12), table=2)
    add(match, HandEntry("dead"), table=1)
    match.refresh_from_db()
    with pytest.raises(services.HandRefused, match="Table 1 has already entered deal 2"):
        services.hand_undo(match_id=match.pk, expected_revision=match.revision, table=2)
    services.hand_undo(match_id=match.pk, expected_revision=match.revision, table=1)
    match.refresh_from_db()
    assert list(match.hands.values_list("number", "table")) == [(1, 1), (1, 2)]
    assert match.hand_count == 1 and match.game_b == 15


def test_partnership_redo_puts_back_a_tables_undone_hand_whatever_the_other_table_did():
    match = partnership()
    add(match, HandEntry("knock", "a", 3, 25), table=1)  # deal 1: Ann v Ben
    add(match, HandEntry("gin", "d", None, 12), table=2)  # deal 1: Cat v Dan
    add(match, HandEntry("knock", "c", 6, 31), table=2)  # deal 2 table 2: Cat v Ben
    add(match, HandEntry("knock", "a", 4, 20), table=1)  # deal 2 table 1: Ann v Dan
    match.refresh_from_db()
    assert (match.game_a, match.game_b, match.hand_count) == (41, 15, 2)  # deal 2: Cat +25, Ann +16
    services.hand_undo(match_id=match.pk, expected_revision=match.revision, table=1)
    match.refresh_from_db()
    assert match.hand_count == 1
    # table 2 has nothing to redo: its last change was an add
    with pytest.raises(services.HandRefused, match="There is no undone hand to put back"):
        services.hand_redo(match_id=match.pk, expected_revision=match.revision, table=2)
    # table 2 corrects its deal 2 meanwhile: table 1's redo still stands (its own hands did not change)
    services.hand_edit(match_id=match.pk, number=2, table=2, entry=HandEntry("knock", "c", 5, 31),
                       expected_revision=match.revision)
    match.refresh_from_db()
    assert services.hand_redo(match_id=match.pk, expected_revision=match.revision, table=1) == 2
    match.refresh_from_db()
    back = Hand.objects.get(match=match, number=2, table=1)
    assert (back.end, back.by, back.knocker_deadwood, back.defender_deadwood) == ("knock", "a", 4, 20)
    assert (match.game_a, match.game_b, match.hand_count) == (42, 15, 2)  # Cat now +26
    assert HandChange.objects.filter(match=match).first().action == "added"
    # once put back there is nothing more to redo; a stale revision is a conflict
    with pytest.raises(services.HandRefused, match="There is no undone hand to put back"):
        services.hand_redo(match_id=match.pk, expected_revision=match.revision, table=1)
    with pytest.raises(services.HandConflict):
        services.hand_redo(match_id=match.pk, expected_revision=match.revision - 1, table=1)
    with pytest.raises(services.HandRefused, match="table: a partnership deal is played at table 1 and table 2"):
        services.hand_redo(match_id=match.pk, expected_revision=match.revision, table=3)


def table_1_undid_deal_2() -> Match:
    """A partnership whose deal 1 was dead at both tables; table 1 entered deal 2 and undid it."""
    match = partnership()
    add(match, HandEntry("dead"), table=1)
    add(match, HandEntry("dead"), table=2)
    add(match, HandEntry("knock", "a", 4, 20), table=1)  # deal 2 table 1
    undo(match, table=1)
    return match


def undo(match, table):
    match.refresh_from_db()
    services.hand_undo(match_id=match.pk, expected_revision=match.revision, table=table)
    match.refresh_from_db()


def test_partnership_redo_waits_for_the_other_table_as_a_new_hand_does():
    match = table_1_undid_deal_2()
    undo(match, table=1)  # deal 1 too
    # table 1's last undo was deal 1: that comes back first; deal 2 is no longer the one to redo
    assert services.hand_redo(match_id=match.pk, expected_revision=match.revision, table=1) == 1
    match.refresh_from_db()
    assert list(match.hands.values_list("number", "table")) == [(1, 1), (1, 2)]
    with pytest.raises(services.HandRefused, match="There is no undone hand to put back"):
        services.hand_redo(match_id=match.pk, expected_revision=match.revision, table=1)


def test_partnership_redo_is_refused_when_the_other_table_undid_the_deal_before():
    match = table_1_undid_deal_2()
    undo(match, table=2)  # table 2's deal 1
    with pytest.raises(services.HandRefused, match="Table 1 has entered deal 1; deal 2 starts when table 2's"):
        services.hand_redo(match_id=match.pk, expected_revision=match.revision, table=1)
    assert list(match.hands.values_list("number", "table")) == [(1, 1)]
    assert services.hand_redo(match_id=match.pk, expected_revision=match.revision, table=2) == 1
    match.refresh_from_db()
    assert services.hand_redo(match_id=match.pk, expected_revision=match.revision, table=1) == 2
    match.refresh_from_db()
    assert list(match.hands.values_list("number", "table")) == [(1, 1), (1, 2), (2, 1)]
    assert match.hand_count == 1  # deal 2 waits for table 2 again


def test_rulings_are_stored_by_seat_and_scored():
    a, b = players("Ann", "Ben")
    match = services.match_create(player_a=a, player_b=b, rules=rules_from({"preset": "standard"}))
    add(match, HandEntry("knock", "a", 6, 30, rulings={"missing_cards": {"b": 1}}))  # Ben's count 40
    add(match, HandEntry("gin", "a", None, 20, rulings={"missing_cards": {"a": 1}}))  # a knock 10 v 20
    add(match, HandEntry("knock", "a", 8, 5, rulings={"no_bonus": ["b"]}))  # Ben undercuts for 3
    add(match, HandEntry("knock", "a", 12, 30, rulings={"knock_accepted": True}))
    add(match, HandEntry("knock", "a", 4, 20, rulings={"extra_cards": ["a"]}))  # no one scores
    match.refresh_from_db()
    result = score_match(match_to_record(match))
    assert [(h.winner, h.points) for h in result.hands] == [
        ("Ann", 34), ("Ann", 10), ("Ben", 3), ("Ann", 18), (None, 0)]
    assert match_to_json(match)["hands"][0]["missing_cards"] == {"Ben": 1}
    with pytest.raises(services.HandRefused, match="missing_cards for Ben must be a whole number of cards from 1 to 10"):
        add(match, HandEntry("knock", "a", 4, 20, rulings={"missing_cards": {"b": 11}}))


def test_three_and_four_player_records_import_and_export_unchanged():
    ruled = {**THREE, "hands": THREE["hands"][:1] + [{**THREE["hands"][1], "no_bonus": ["Cat"]}]}
    matches = records_import(data=[THREE, PARTNERSHIP, ruled])
    assert [m.kind for m in matches] == ["three", "partnership", "three"]
    assert (matches[0].score_a, matches[0].score_b, matches[0].score_c) == (41, 0, 615)
    exported = records_export(matches=Match.objects.filter(pk__in=[m.pk for m in matches]).order_by("id"))
    for original, out in zip((THREE, PARTNERSHIP, ruled), exported):
        assert out["players"] == original["players"]
        assert out["hands"] == original["hands"]
        assert score_match(record_from_json(out)).match.score == score_match(record_from_json(original)).match.score
    assert exported[1]["teams"][0]["name"] == "North"


def test_default_team_names_are_not_stored():
    data = {**PARTNERSHIP, "teams": [{"players": ["Ann", "Cat"]}, {"players": ["Ben", "Dan"]}], "stake": "0.5"}
    match = records_import(data=data)[0]
    assert (match.team_a_name, match.team_b_name) == ("", "")
    assert match.team_names == ("Ann & Cat", "Ben & Dan")
    assert match.stake == Decimal("0.5")
    assert "teams" in match_to_json(match)


def test_the_admin_shows_every_seat_and_edits_only_the_stake(admin_client):
    match = partnership()
    url = f"/admin/matches/match/{match.pk}/change/"
    page = admin_client.get(url).content.decode()
    assert "Dan" in page and "North" in page
    cat = Player.objects.get(name="Cat")
    admin_client.post(url, {"stake": "0.25", "player_c": cat.pk, "player_d": "", "score_c": "999",
                            "hands-TOTAL_FORMS": "0", "hands-INITIAL_FORMS": "0"})
    match.refresh_from_db()
    assert match.stake == Decimal("0.25")
    assert match.player_d.name == "Dan" and match.score_c == 0
    assert admin_client.get("/admin/matches/match/", {"q": "Dan"}).context["cl"].result_count == 1
    assert admin_client.get("/admin/matches/match/", {"q": "Zed"}).context["cl"].result_count == 0
