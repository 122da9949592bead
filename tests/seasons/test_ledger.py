"""A payout is a fact: what was handed over is kept as handed over (amount, who, when) whatever a
correction does later; the treasurer sees per player and in the totals what is now owed or held
too much, settles it with one more recorded line, and paid out + left to pay out = the pool."""
from decimal import Decimal as D

import pytest
from django.urls import reverse

from ginscore.matches import services as match_services
from ginscore.matches.records import HandEntry
from ginscore.seasons import selectors, services
from ginscore.seasons.models import Payout
from ginscore.tournaments.models import Entry, TournamentMatch
from tests.seasons.conftest import new_event, play, set_prize, start
from tests.sheets.pdf import layout_problems, text

NAMES = ["Ann", "Ben", "Gus", "Oto", "Dee", "Eve", "Fay", "Hal"]


@pytest.fixture
def night(db, money_on):
    """A knockout of 8 at 15 with 5.37 added: pool 125.37, paid 50/30/20 (62 + 1.37, 37, 25); the
    two losing semi-finalists share third's 25: 13 to the better of them, 12 to the other."""
    t = new_event("Knockout for money", "single", NAMES)
    set_prize(t, fee="15", added="5.37")
    return play(start(t), NAMES)


def due(t):
    return {line.names[0]: line.amount for line in selectors.night_money(t).lines}


def correct_final(t, winner, director):
    final = TournamentMatch.objects.select_related("match__player_a", "match__player_b").get(
        tournament=t, section="winners", round=3)
    match = final.match
    side = "a" if match.player_a.name == winner else "b"
    for h in match.hands.order_by("number"):
        match.refresh_from_db()
        match_services.hand_edit(match_id=match.pk, number=h.number, entry=HandEntry("gin", side, None, 60),
                                 expected_revision=match.revision, user=director)


def entry(t, name):
    return Entry.objects.select_related("player").get(tournament=t, player__name=name)


def adds_up(t):
    """Paid out + left to pay out = the pool, and what is left = still owed - to get back."""
    money = selectors.night_money(t)
    assert money.paid_out + money.left == money.pool.amount
    assert money.left == money.to_pay - money.overpaid
    return money


def test_a_payout_handed_over_stays_handed_over_and_a_correction_is_settled(client, night, director):
    assert due(night) == {"Ann": D("63.37"), "Ben": D("37.00"), "Oto": D("13.00"), "Gus": D("12.00")}
    client.force_login(director)
    oto, gus = entry(night, "Oto"), entry(night, "Gus")
    client.post(reverse("money:pay", args=[night.pk, oto.pk]), {"amount": "13.00"})
    assert adds_up(night).left == D("112.37")

    # The director corrects the final: the tied semi-finalists swap, Oto is due 12.00, Gus 13.00.
    correct_final(night, "Ben", director)
    assert due(night) == {"Ben": D("63.37"), "Ann": D("37.00"), "Gus": D("13.00"), "Oto": D("12.00")}
    money = adds_up(night)
    line = {line.names[0]: line for line in money.lines}
    assert (line["Oto"].paid, line["Oto"].balance) == (D("13.00"), D("-1.00"))
    assert (line["Gus"].paid, line["Gus"].balance) == (D("0.00"), D("13.00"))
    assert (money.paid_out, money.left, money.to_pay, money.overpaid) == (
        D("13.00"), D("112.37"), D("113.37"), D("1.00"))
    # What was handed over is kept as handed over: who, how much.
    handed = Payout.objects.get()
    assert (handed.entry_id, handed.amount, handed.kind, handed.paid_by) == (oto.pk, D("13.00"), "paid", director)

    page = client.get(reverse("money:treasurer", args=[night.pk])).content.decode()
    oto_row = page.split(f'data-entry="{oto.pk}"', 1)[1].split("</tbody>", 1)[0]
    assert "13.00 paid by dora" in oto_row and "1.00 too much" in oto_row and "Got 1.00 back" in oto_row
    assert "3=" in oto_row
    assert "paid out: <strong>13.00</strong> · left to pay out: <strong>112.37</strong>" in page
    assert "Still owed to players: <strong>113.37</strong> · to get back from players: <strong>1.00</strong>" in page

    rows = client.get(reverse("money:treasurer_csv", args=[night.pk])).content.decode().splitlines()
    assert "payout,Oto,3,12.00,overpaid,13.00,-1.00" in rows and "payout,Gus,3,13.00,to pay,0.00,13.00" in rows
    assert any(r.startswith("handed over,Oto,3,13.00,paid,,,") and r.endswith(",dora") for r in rows)
    assert "paid out,,,13.00," in rows and "left to pay out,,,112.37," in rows
    assert "to get back from players,,,1.00," in rows
    pdf = client.get(reverse("money:treasurer_pdf", args=[night.pk])).getvalue()
    words = " ".join(text(pdf).split())
    assert "1.00 too much" in words and "Paid out: 13.00" in words and "Left to pay out: 112.37" in words
    assert "13.00 paid" in words and "Handed over, as recorded" in words and layout_problems(pdf) == []

    # A sheet drawn before the correction (Gus 12.00) is refused: the page shows 13.00.
    response = client.post(reverse("money:pay", args=[night.pk, gus.pk]), {"amount": "12.00"}, follow=True)
    assert "prize is now 13.00" in response.content.decode() and Payout.objects.count() == 1
    # Settled: Oto hands 1.00 back, Gus is paid 13.00; a second phone's same tap is refused.
    client.post(reverse("money:returned", args=[night.pk, oto.pk]), {"amount": "1.00"})
    again = client.post(reverse("money:returned", args=[night.pk, oto.pk]), {"amount": "1.00"}, follow=True)
    assert "Oto has nothing to hand back" in again.content.decode()
    client.post(reverse("money:pay", args=[night.pk, gus.pk]), {"amount": "13.00"})
    money = adds_up(night)
    assert [(p.entry_id, p.kind, p.amount) for p in money.ledger] == [
        (oto.pk, "paid", D("13.00")), (oto.pk, "returned", D("-1.00")), (gus.pk, "paid", D("13.00"))]
    assert (money.paid_out, money.left, money.to_pay, money.overpaid) == (D("25.00"), D("100.37"), D("100.37"), 0)
    page = client.get(reverse("money:treasurer", args=[night.pk])).content.decode()
    oto_row = page.split(f'data-entry="{oto.pk}"', 1)[1].split("</tbody>", 1)[0]
    assert "1.00 handed back to dora" in oto_row and "settled" in oto_row


def test_a_correction_that_raises_a_paid_prize_is_settled_by_paying_the_difference(client, night, director):
    client.force_login(director)
    gus = entry(night, "Gus")
    client.post(reverse("money:pay", args=[night.pk, gus.pk]), {"amount": "12.00"})
    correct_final(night, "Ben", director)
    money = adds_up(night)
    line = next(line for line in money.lines if line.entry_id == gus.pk)
    assert (line.paid, line.balance) == (D("12.00"), D("1.00"))
    page = client.get(reverse("money:treasurer", args=[night.pk])).content.decode()
    assert "Pay 1.00" in page and "still owed 1.00" in page
    # His whole prize again is refused: 1.00 is what is owed now.
    with pytest.raises(services.MoneyRefused, match="Gus is now owed 1.00"):
        services.payout_record(tournament=night, entry=gus, amount=D("13.00"), by=director)
    services.payout_record(tournament=night, entry=gus, amount=D("1.00"), by=director)
    assert [p.amount for p in Payout.objects.filter(entry=gus)] == [D("12.00"), D("1.00")]
    assert adds_up(night).paid_out == D("13.00")


def test_a_line_recorded_by_mistake_is_cancelled_by_another_line_never_deleted(client, night, director):
    client.force_login(director)
    ann = entry(night, "Ann")
    client.post(reverse("money:pay", args=[night.pk, ann.pk]), {"amount": "63.37"})
    paid = Payout.objects.get()
    client.post(reverse("money:unpay", args=[night.pk, ann.pk]), {"payout": paid.pk})
    money = adds_up(night)
    assert [(p.kind, p.amount, p.voids_id) for p in money.ledger] == [
        ("paid", D("63.37"), None), ("void", D("-63.37"), paid.pk)]
    assert money.paid_out == 0 and money.left == D("125.37")
    # Cancelled once only (a second phone's Undo), and a cancellation is not itself cancelled.
    with pytest.raises(services.MoneyRefused, match="already cancelled"):
        services.payout_undo(tournament=night, entry=ann, payout_id=paid.pk, by=director)
    void = money.ledger[1]
    with pytest.raises(services.MoneyRefused, match="no such payment"):
        services.payout_undo(tournament=night, entry=ann, payout_id=void.pk, by=director)
    # Another player's line through Ann's address: refused.
    with pytest.raises(services.MoneyRefused, match="no such payment"):
        services.payout_undo(tournament=night, entry=entry(night, "Ben"), payout_id=paid.pk, by=director)
    page = client.get(reverse("money:treasurer", args=[night.pk])).content.decode()
    assert "63.37 cancelled by dora" in page and 'class="ledger-line voided"' in page and "Pay 63.37" in page
    # She is paid again: three lines, 63.37 held.
    client.post(reverse("money:pay", args=[night.pk, ann.pk]), {"amount": "63.37"})
    assert Payout.objects.count() == 3 and adds_up(night).paid_out == D("63.37")


def test_the_seasons_money_counts_what_was_handed_over(client, night, director):
    from datetime import timedelta

    from django.utils import timezone

    today = timezone.localdate()
    s = services.season_save(name="Ledger season", starts=today - timedelta(days=1), ends=today, chosen=False,
                             preset="linear", best=None, minimum=0)
    client.force_login(director)
    services.payout_record(tournament=night, entry=entry(night, "Oto"), amount=D("13.00"), by=director)
    correct_final(night, "Ben", director)
    rows = client.get(reverse("seasons:money", args=[s.pk]), {"format": "csv"}).content.decode().splitlines()
    assert rows[0] == "tournament,collected,to collect,added,house,pool,paid out,left to pay out,to get back"
    assert rows[1] == "Knockout for money,120.00,0.00,5.37,0.00,125.37,13.00,112.37,1.00"
    assert rows[-1] == "total,120.00,0.00,5.37,0.00,125.37,13.00,112.37,1.00"
    page = client.get(reverse("seasons:money", args=[s.pk])).content.decode()
    assert "112.37" in page and "To get back" in page
    pdf = client.get(reverse("seasons:money", args=[s.pk]), {"format": "pdf"}).getvalue()
    assert layout_problems(pdf) == [] and "112.37" in text(pdf)


def test_a_fee_paid_late_enters_the_pool_after_the_treasurer_sees_what_it_does(client, db, money_on, director):
    """Gus owes his fee when the knockout starts; he pays after the end, when Ann was already paid."""
    t = new_event("Late fee", "single", NAMES)
    set_prize(t, fee="15", added="5.37", paid=[n for n in NAMES if n != "Hal"])
    play(start(t), NAMES)
    client.force_login(director)
    before = adds_up(t)
    assert before.pool.amount == D("110.37") and before.to_collect == D("15.00")
    ann, hal = entry(t, "Ann"), entry(t, "Hal")
    services.payout_record(tournament=t, entry=ann, amount=D("55.37"), by=director)
    page = client.get(reverse("money:treasurer", args=[t.pk])).content.decode()
    assert reverse("money:fee", args=[t.pk, hal.pk]) in page and "Fee received" in page
    # What it does, said before the treasurer confirms: the pool, each prize, Ann's already paid.
    confirm = client.get(reverse("money:fee", args=[t.pk, hal.pk])).content.decode()
    assert "The pool goes from <strong>110.37</strong> to <strong>125.37</strong>" in confirm
    assert "Ann was handed 55.37; the prize becomes 63.37: 8.00 more to pay." in confirm
    changes = confirm.split('id="fee-changes"', 1)[1].split("</table>", 1)[0]
    assert "Ben" in changes and "37.00" in changes and "Oto" in changes
    hal.refresh_from_db()
    assert not hal.fee_paid   # nothing recorded by looking
    # Another phone records a different change first (a stale pool): refused, nothing saved.
    response = client.post(reverse("money:fee", args=[t.pk, hal.pk]), {"pool": "110.37"}, follow=True)
    assert "The pool would now become 125.37" in response.content.decode()
    hal.refresh_from_db()
    assert not hal.fee_paid
    client.post(reverse("money:fee", args=[t.pk, hal.pk]), {"pool": "125.37"})
    hal.refresh_from_db()
    money = adds_up(t)
    assert hal.fee_paid and money.pool.amount == D("125.37") and money.to_collect == 0
    line = next(line for line in money.lines if line.entry_id == ann.pk)
    assert (line.amount, line.paid, line.balance) == (D("63.37"), D("55.37"), D("8.00"))
    # Twice: refused.
    with pytest.raises(services.MoneyRefused, match="Hal has already paid the entry fee"):
        services.entry_fee_record(tournament=t, entry=hal, pool=D("140.37"), by=director)


def test_a_fee_paid_late_during_the_knockout(client, db, money_on, director, member):
    t = new_event("Late fee, running", "single", NAMES)
    set_prize(t, fee="15", added="5.37", paid=NAMES[:7])
    start(t)
    hal = entry(t, "Hal")
    client.force_login(member)
    assert client.post(reverse("money:fee", args=[t.pk, hal.pk]), {"pool": "125.37"}).status_code == 403
    client.force_login(director)
    confirm = client.get(reverse("money:fee", args=[t.pk, hal.pk])).content.decode()
    assert "The pool goes from <strong>110.37</strong> to <strong>125.37</strong>" in confirm
    client.post(reverse("money:fee", args=[t.pk, hal.pk]), {"pool": "125.37"})
    assert selectors.night_money(t).pool.amount == D("125.37")
    prizes = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert "Pool 125.37" in prizes


def test_the_standings_and_the_prize_table_say_a_shared_place_the_same_way(client, night):
    from ginscore.tournaments import selectors as t_selectors

    rows = {r["player"]: r for r in t_selectors.tournament_standings(night)}
    assert [rows[n]["rank"] for n in ("Ann", "Ben", "Gus", "Oto")] == [1, 2, "3=", "3="]
    assert rows["Dee"]["rank"] == "5=" and rows["Gus"]["decided"] == "Knockout"
    page = client.get(reverse("tournaments:standings", args=[night.pk])).content.decode()
    standings, prizes = page.split('id="prizes"', 1)
    assert standings.count(">3=<") == 2
    assert prizes.count('<td class="num">3=</td>') == 2
    csv = client.get(reverse("tournaments:standings", args=[night.pk]), {"_export": "csv"}).content.decode()
    assert "\n3=,Gus," in csv and "\n3=,Oto," in csv
