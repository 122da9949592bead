"""A night played for money: the prize rules frozen at the start, the payouts from the final
standings (semi-finalists sharing third), the standings page, the treasurer's sheet, paying out
recorded and undone, a correction moving the payouts, and money off showing nothing."""
import re
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

NAMES = ["Zoë Ångström", "Ann-Marie Lefèvre", "Bob", "Cai", "Dee", "Eve", "Fay", "Gus"]


def amounts(money):
    return [(line.place, line.names[0], str(line.amount)) for line in money.lines]


@pytest.fixture
def night(db, money_on):
    """A knockout of 8 at 20, Gus owes: pool 7 x 20 = 140, paid 50/30/20 = 70, 42, 28."""
    t = new_event("Thursday knockout", "single", NAMES)
    set_prize(t, fee="20", paid=NAMES[:7])
    return play(start(t), NAMES)


def test_the_final_standings_pay_with_the_losing_semi_finalists_sharing_third(night):
    groups = selectors.final_groups(night)
    names = {e.pk: e.name for e in Entry.objects.filter(tournament=night).select_related("player")}
    assert [sorted(names[e] for e, _ in g) for g in groups[:3]] == [
        ["Zoë Ångström"], ["Ann-Marie Lefèvre"], ["Bob", "Cai"]]
    money = selectors.night_money(night)
    assert money.pool.amount == D("140.00") and money.final
    # 3rd (28) and 4th (0) shared: 14 each.
    assert sorted(amounts(money)) == [(1, "Zoë Ångström", "70.00"), (2, "Ann-Marie Lefèvre", "42.00"),
                                      (3, "Bob", "14.00"), (3, "Cai", "14.00")]
    assert money.to_collect == D("20.00") and money.to_pay == D("140.00")


def test_a_third_place_match_splits_third_and_fourth(db, money_on):
    t = new_event("With a third-place match", "single", NAMES, third_place=True)
    set_prize(t, fee="10")
    play(start(t), NAMES)
    # 8 at 10 = 80: 40, 24, 16; Bob beat Cai for third.
    assert amounts(selectors.night_money(t)) == [(1, "Zoë Ångström", "40.00"), (2, "Ann-Marie Lefèvre", "24.00"),
                                                 (3, "Bob", "16.00")]


def test_the_standings_page_shows_each_paid_players_amount(client, night):
    page = client.get(reverse("tournaments:standings", args=[night.pk])).content.decode()
    prizes = page.split('id="prizes"', 1)[1]
    assert "Pool 140.00" in prizes
    for name, amount in (("Zoë Ångström", "70.00"), ("Ann-Marie Lefèvre", "42.00"), ("Bob", "14.00"),
                         ("Cai", "14.00")):
        assert f"<td>{name}</td><td class=\"num\">{amount}</td>" in prizes


def test_money_off_shows_nothing_about_money(client, night, director):
    services.club_money_set(money=False, unit=D(1))
    page = client.get(reverse("tournaments:standings", args=[night.pk])).content.decode()
    assert "Prizes" not in page and "140.00" not in page and "Pool" not in page
    client.force_login(director)
    for name in ("prize", "treasurer", "treasurer_csv", "treasurer_pdf"):
        assert client.get(reverse(f"money:{name}", args=[night.pk])).status_code == 404
    detail = client.get(reverse("tournaments:detail", args=[night.pk])).content.decode()
    assert reverse("money:prize", args=[night.pk]) not in detail
    services.club_money_set(money=True, unit=D(1))
    detail = client.get(reverse("tournaments:detail", args=[night.pk])).content.decode()
    assert reverse("money:prize", args=[night.pk]) in detail


def test_the_prize_rules_are_frozen_once_the_tournament_starts(night):
    with pytest.raises(services.MoneyRefused, match="prize: frozen once the tournament has started"):
        services.prize_set(tournament=night, entry_fee=D(30), added=D(0), house_fixed=D(0), house_percent=D(0),
                           preset="wta", split="", unit=D(1))
    assert selectors.night_money(night).fee == D("20.00")


def test_the_director_edits_the_prize_until_the_start(client, db, money_on, director):
    t = new_event("Friday", "swiss", NAMES)
    client.force_login(director)
    url = reverse("money:prize", args=[t.pk])
    form = {"entry_fee": "15", "added": "25", "house_fixed": "5", "house_percent": "10", "preset": "custom",
            "split": "60,40", "unit": "5"}
    assert client.post(url, form).status_code == 302
    t.refresh_from_db()
    assert t.entry_fee == D("15.00") and t.prize.split == "60,40" and t.prize.house_percent == D("10.00")
    bad = client.post(url, {**form, "split": "60,30"})
    assert bad.status_code == 200 and "The percents add up to 90, not 100." in bad.content.decode()
    huge = client.post(url, {**form, "added": "123456789012"})
    assert huge.status_code == 200 and "added" in huge.content.decode().lower()
    t.refresh_from_db()
    assert t.prize.split == "60,40" and t.prize.added == D("25.00")   # nothing half-saved
    start(t)
    frozen = client.post(url, {**form, "entry_fee": "99"})
    t.refresh_from_db()
    assert t.entry_fee == D("15.00") and "Frozen" in client.get(url).content.decode()
    assert frozen.status_code in (200, 302)


def test_the_preview_shows_the_table_as_typed(client, db, money_on, director):
    t = new_event("Preview", "swiss", NAMES)
    client.force_login(director)
    url = reverse("money:preview", args=[t.pk])
    base = {"entry_fee": "20", "added": "0", "house_fixed": "0", "house_percent": "0", "preset": "auto", "unit": "1"}
    page = client.get(url, {**base, "entrants": "14"}).content.decode()
    assert "Pool 280.00" in page
    assert [c.split("<")[0] for c in page.split('<td class="num">')[1:]][2::3] == [
        "126.00", "70.00", "42.00", "28.00", "14.00"]
    assert "add up to 80, not 100" in client.get(url, {**base, "preset": "custom", "split": "50,30"}).content.decode()
    assert "Entry fee" in client.get(url, {**base, "entry_fee": "-3"}).content.decode()
    assert client.get(url, {**base, "entrants": "lots"}).status_code == 200


def test_only_directors_see_the_treasurers_sheet(client, night, member):
    url = reverse("money:treasurer", args=[night.pk])
    assert client.get(url).status_code == 302   # to the log-in
    client.force_login(member)
    assert client.get(url).status_code == 403
    entry = Entry.objects.filter(tournament=night).first()
    assert client.post(reverse("money:pay", args=[night.pk, entry.pk]), {"amount": "70.00"}).status_code == 403
    assert not Payout.objects.exists()


def test_paying_out_is_recorded_and_undone(client, night, director):
    client.force_login(director)
    zoe = Entry.objects.get(tournament=night, player__name="Zoë Ångström")
    pay = reverse("money:pay", args=[night.pk, zoe.pk])
    client.post(pay, {"amount": "70.00"})
    payout = Payout.objects.get()
    assert (payout.entry, payout.amount, payout.paid_by) == (zoe, D("70.00"), director)
    money = selectors.night_money(night)
    assert money.paid_out == D("70.00") and money.to_pay == D("70.00")
    # A second device pays again: refused, still one payout.
    client.post(pay, {"amount": "70.00"})
    assert Payout.objects.count() == 1
    sheet = client.get(reverse("money:treasurer", args=[night.pk])).content.decode()
    assert "70.00 paid by dora" in sheet and "Left to collect: <strong>20.00</strong>" in sheet
    # Undo (a tap by mistake) is a second line cancelling the first: the first stays, as recorded.
    client.post(reverse("money:unpay", args=[night.pk, zoe.pk]), {"payout": payout.pk})
    assert [(p.kind, p.amount) for p in Payout.objects.order_by("id")] == [("paid", D("70.00")), ("void", D("-70.00"))]
    assert selectors.night_money(night).paid_out == 0
    # A forged amount is refused with a message, never a 500.
    for bad in ("sNaN", "NaN", "abc", "", "1e999999", "70.001"):
        response = client.post(pay, {"amount": bad}, follow=True)
        assert response.status_code == 200 and Payout.objects.count() == 2
    for bad in ("", "abc", "999999999999999999999"):
        response = client.post(reverse("money:unpay", args=[night.pk, zoe.pk]), {"payout": bad}, follow=True)
        assert response.status_code == 200 and Payout.objects.count() == 2
    # Someone with no prize is never paid.
    gus = Entry.objects.get(tournament=night, player__name="Gus")
    with pytest.raises(services.MoneyRefused, match="Gus has no prize"):
        services.payout_record(tournament=night, entry=gus, amount=D(0), by=director)


def test_a_corrected_result_moves_the_payouts_and_a_stale_amount_is_refused(night, director):
    final = TournamentMatch.objects.select_related("match").get(tournament=night, section="winners", round=3)
    match = final.match
    hand = match.hands.order_by("number").first()
    old = selectors.night_money(night)
    assert old.lines[0].names == ["Zoë Ångström"]
    # The final's hands corrected so that Ann-Marie won it.
    loser_side = "b" if match.player_a.name == "Zoë Ångström" else "a"
    for h in match.hands.order_by("number"):
        match.refresh_from_db()
        match_services.hand_edit(match_id=match.pk, number=h.number, entry=HandEntry("gin", loser_side, None, 60),
                                 expected_revision=match.revision, user=director)
    money = selectors.night_money(night)
    assert [(line.names[0], str(line.amount)) for line in money.lines[:2]] == [
        ("Ann-Marie Lefèvre", "70.00"), ("Zoë Ångström", "42.00")]
    zoe = Entry.objects.get(tournament=night, player__name="Zoë Ångström")
    with pytest.raises(services.MoneyRefused, match="prize is now 42.00"):
        services.payout_record(tournament=night, entry=zoe, amount=D("70.00"), by=director)
    assert hand is not None


def test_the_treasurers_csv_and_pdf(client, night, director):
    client.force_login(director)
    csv = client.get(reverse("money:treasurer_csv", args=[night.pk])).content.decode()
    assert "entry,Gus,,20.00,owed" in csv and "entry,Zoë Ångström,,20.00,paid" in csv
    assert "pool,,,140.00," in csv and "payout,Bob,3,14.00,to pay" in csv and "left to collect,,,20.00," in csv
    for paper in ("letter", "a4"):
        pdf = client.get(reverse("money:treasurer_pdf", args=[night.pk]), {"paper": paper}).getvalue()
        words = text(pdf)
        assert "Zoë Ångström" in words and "Ann-Marie Lefèvre" in words and "OWED" in words
        assert "Left to collect: 20.00" in words and "Left to pay out: 140.00" in words
        assert layout_problems(pdf) == []


def test_a_long_name_prints_whole_on_the_treasurers_sheet(db, money_on, director):
    from ginscore.seasons.models import Club
    from ginscore.sheets.money import build_treasurer_sheet

    long_name = "Maximiliane Montgomery-Worthington-Fairweather de la Rochefoucauld"[:60]
    t = new_event("Long names", "single", [long_name, "Bo", "Al", "Cy"])
    set_prize(t, fee="5", paid=[long_name])
    play(start(t), [long_name, "Bo", "Al", "Cy"])
    pdf = build_treasurer_sheet(selectors.night_money(t), Club.get())
    assert layout_problems(pdf) == []
    assert "".join(text(pdf).split()).count("".join(long_name.split())) >= 2   # entries and payouts


def test_the_desk_cannot_change_the_fee_once_a_prize_rests_on_it(night):
    from ginscore.tournaments import services as t_services

    with pytest.raises(t_services.TournamentRefused, match="entry_fee: the event has started"):
        t_services.tournament_check_in_set(tournament=night, check_in=True, entry_fee=D("25"))
    night.refresh_from_db()
    assert night.entry_fee == D("20.00")
    # The same fee (check-in turned on or off) is fine.
    t_services.tournament_check_in_set(tournament=night, check_in=True, entry_fee=D("20.00"))


def test_the_seasons_money(client, night, director):
    from datetime import timedelta

    from django.utils import timezone

    today = timezone.localdate()
    s = services.season_save(name="Money season", starts=today - timedelta(days=1), ends=today, chosen=False,
                             preset="linear", best=None, minimum=0)
    client.force_login(director)
    zoe = Entry.objects.get(tournament=night, player__name="Zoë Ångström")
    client.post(reverse("money:pay", args=[night.pk, zoe.pk]), {"amount": "70.00"})
    page = client.get(reverse("seasons:money", args=[s.pk])).content.decode()
    assert "Thursday knockout" in page
    rows = client.get(reverse("seasons:money", args=[s.pk]), {"format": "csv"}).content.decode().splitlines()
    assert rows[1] == "Thursday knockout,140.00,20.00,0.00,0.00,140.00,70.00,70.00,0.00"
    assert rows[-1] == "total,140.00,20.00,0.00,0.00,140.00,70.00,70.00,0.00"
    pdf = client.get(reverse("seasons:money", args=[s.pk]), {"format": "pdf"}).getvalue()
    assert layout_problems(pdf) == [] and "Thursday knockout" in text(pdf) and "70.00" in text(pdf)
    services.club_money_set(money=False, unit=D(1))
    assert client.get(reverse("seasons:money", args=[s.pk])).status_code == 404
    assert "The season's money" not in client.get(reverse("seasons:detail", args=[s.pk])).content.decode()


def test_only_a_club_admin_turns_money_on(client, db, director, club_admin):
    from ginscore.seasons.models import Club

    url = reverse("money:club")
    client.force_login(director)
    assert url not in client.get(reverse("seasons:list")).content.decode()
    assert client.post(url, {"money": "on", "unit": "1"}).status_code == 403
    assert not Club.get().money
    client.force_login(club_admin)
    assert url in client.get(reverse("seasons:list")).content.decode()
    refused = client.post(url, {"money": "on", "unit": "0"})
    assert refused.status_code == 200 and "Ensure this value is greater than or equal to 0.01" in \
        refused.content.decode()
    assert not Club.get().money   # a unit of 0 refused, nothing saved
    assert client.post(url, {"money": "on", "unit": "0.50", "currency": "€"}).status_code == 302
    club = Club.get()
    assert (club.money, club.unit, club.currency) == (True, D("0.50"), "€")


def test_the_printed_standings_show_each_paid_players_prize_and_nothing_when_money_is_off(client, night):
    url = reverse("sheets:standings", args=[night.pk])
    for paper in ("letter", "a4"):
        pdf = b"".join(client.get(url, {"paper": paper}).streaming_content)
        assert not layout_problems(pdf)
        words = text(pdf)
        assert "Buchholz Prize 1 Zoë" in words   # the last column
        # A row: the name, its nine figures (played ... Buchholz), then the prize; the unpaid have none.
        for name, amount in (("Zoë Ångström", "70.00"), ("Ann-Marie Lefèvre", "42.00"), ("Bob", "14.00"),
                             ("Cai", "14.00")):
            assert re.search(rf"{name}( \S+){{9}} {amount} ", words), (name, words)
        assert re.search(r"Gus( \S+){9} 5= Fay", words), words   # the quarter-final losers share 5th
    services.club_money_set(money=False, unit=D(1))
    words = text(b"".join(client.get(url).streaming_content))
    assert "Prize" not in words and "70.00" not in words


def test_the_prizes_and_treasurer_pages_carry_the_tabs_of_every_tournament_page(client, night, director):
    """The round tabs (Quarter-final, Semi-final, Final), the bracket, standings, board and desk are
    on the money pages as on every other page of the event; the Prizes tab marks its own page."""
    client.force_login(director)
    rounds = [reverse("tournaments:round", args=[night.pk, 1, n]) for n in (1, 2, 3)]
    for name in ("money:prize", "money:treasurer"):
        url = reverse(name, args=[night.pk])
        page = client.get(url).content.decode()
        tabs = page.split('class="t-tabs"', 1)[1].split("</nav>", 1)[0]
        for link, label in zip(rounds, ("Quarter-final", "Semi-final", "Final")):
            assert f'<a href="{link}">{label}</a>' in tabs, (name, tabs)
        for target in ("tournaments:bracket", "tournaments:standings", "tournaments:desk"):
            assert reverse(target, args=[night.pk]) in tabs
    prizes = client.get(reverse("money:prize", args=[night.pk])).content.decode()
    assert f'<a href="{reverse("money:prize", args=[night.pk])}" aria-current="page">Prizes</a>' in prizes
