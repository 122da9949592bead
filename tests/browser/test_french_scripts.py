"""The scripts in French, in a real browser on a French phone (locale fr-FR): the outbox while
offline (the head's "en attente d'envoi" marks, the panel and its choices), a reload offline that
still speaks French (the service worker keeps the French catalogue), the answers of the club's
site (a hand recorded elsewhere, the pad moved down), a live update and the round clock. The
JavaScript's words only: the server's own words are its helpers' tests. Also: without its
catalogue a page's outbox still works (in English)."""
import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ginscore.engine import rules_from
from ginscore.matches import services
from ginscore.matches.models import Match
from ginscore.matches.records import HandEntry
from ginscore.players.models import Player
from ginscore.tournaments.services.clock import round_clock_start, round_time_call
from tests.browser.conftest import new_phone, snap
from tests.browser.steps import log_in, type_hand_by_value
from tests.browser.test_offline import SENT, hands, network_down, network_up, open_pad
from tests.browser.test_offline_three_and_partnership import kept_by_the_service_worker, stored
from tests.browser.test_outbox_answers import TWO
from tests.tournaments.conftest import make_tournament  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NBSP = "\u00a0"


@pytest.fixture
def fr(phone):
    """A French phone (the browser's language is French), its own cookies."""
    page = new_phone(phone.context.browser, phone.base, locale="fr-FR")
    yield page
    page.context.close()


def save(page):
    page.locator("form.hand-form #save-hand").click()


def lines(page):
    return [" ".join(t.split()) for t in page.locator("#outbox .outbox-hand").all_inner_texts()]


def test_an_offline_pad_speaks_french_and_still_does_after_a_reload_offline(fr, make_match, member):
    match = make_match()
    open_pad(fr, match, member.username)
    assert fr.locator("html").get_attribute("lang") == "fr"
    network_down(fr)
    type_hand_by_value(fr, "knock", "a", knocker=5, defender=30)
    save(fr)
    expect(fr.locator("#outbox .outbox-hand")).to_have_count(1)
    expect(fr.locator("#entry h2")).to_have_text("Manche 2")
    type_hand_by_value(fr, "gin", "b", defender=12)   # the preview, worked out on the phone, in French
    preview = fr.locator("#hand-preview .preview-text")
    expect(preview).to_have_text("Ben marque 37.")
    after = fr.locator("#hand-preview .preview-after")
    expect(after).to_have_text(f"Calculé sur ce téléphone{NBSP}: pas de connexion. Enregistrer la garde ici.")
    assert f"téléphone{NBSP}: pas" in after.inner_text()   # French typography: a no-break space before the colon
    save(fr)
    type_hand_by_value(fr, "knock", "a", knocker=3, defender=3)   # an undercut: Ben scores 0 + 25
    save(fr)
    expect(fr.locator("#outbox .outbox-hand")).to_have_count(3)
    assert lines(fr) == [
        "Manche 1 Ann frappe 5 contre 30 · Ann +25 en attente d'envoi Retirer",
        "Manche 2 Ben fait gin (Ann 12) · Ben +37 en attente d'envoi Retirer",
        "Manche 3 Ann frappe 3 contre 3 · Ben +25 (undercut) en attente d'envoi Retirer",
    ]
    expect(fr.locator("#outbox h2")).to_have_text("Envois en attente : 3 manches")
    expect(fr.locator("#outbox .outbox-state")).to_have_text(
        "Pas de connexion au site du club : ces manches sont gardées sur ce téléphone et envoyées dans l'ordre "
        "au retour du réseau.")
    drop = fr.locator("#outbox .outbox-hand").first.get_by_role("button", name="Retirer la manche 1")
    expect(drop).to_have_text("Retirer")
    # The head: the phone's own running score, marked "en attente d'envoi" (plural agreement included).
    expect(fr.locator(".score-head.provisional .head-unsent")).to_have_text(
        "en attente d'envoi 3 manches sur ce téléphone, comptées dans les chiffres ci-dessus.")
    assert [fr.locator(f".score-head [data-game={s}]").inner_text() for s in "ab"] == ["25", "62"]
    assert [fr.locator(f".score-head [data-to-go={s}]").inner_text() for s in "ab"] == ["encore 75", "encore 38"]
    expect(fr.locator(".score-head .next")).to_have_text("Manche 4 · Ben donne (calculé sur ce téléphone)")
    expect(fr.locator("#entry h2")).to_have_text("Manche 4")
    expect(fr.locator("form.hand-form #save-hand")).to_have_text("Enregistrer la manche 4")
    snap(fr, "french-01-offline-outbox")
    # Reloaded offline: the page and its French catalogue come from the service worker.
    catalogue = fr.evaluate("[...document.scripts].map(s => s.src).find(s => s.includes('/jsi18n/fr/'))")
    assert catalogue
    kept = fr.reload()
    assert kept.from_service_worker and fr.evaluate("navigator.onLine") is False
    assert fr.evaluate("async (url) => !!(await caches.match(url))", catalogue)
    assert fr.evaluate("gettext('Undo')") == "Annuler"   # the French catalogue, not English stand-ins
    # Numbers as French writes them (as the server's intcomma), and read back.
    assert fr.evaluate("[ginscoreNumber(1500), ginscoreNumber(-12345), ginscoreNumber(999)]") == [
        f"1{NBSP}500", f"-12{NBSP}345", "999"]
    assert fr.evaluate(f"ginscoreRead('encore 1{NBSP}025')") == 1025
    expect(fr.locator("#outbox .outbox-hand")).to_have_count(3)
    expect(fr.locator("#outbox h2")).to_have_text("Envois en attente : 3 manches")
    expect(fr.locator(".score-head .head-unsent")).to_contain_text("en attente d'envoi 3 manches sur ce téléphone")
    expect(fr.locator("form.hand-form #save-hand")).to_have_text("Enregistrer la manche 4")
    assert hands(match) == []
    network_up(fr)
    expect(fr.locator("#outbox .msg-success")).to_have_text(
        "Envoyées : manches 1, 2, 3, maintenant sur la feuille de marque.", timeout=SENT)
    assert hands(match) == [(1, "knock", "a", 5, 30), (2, "gin", "b", None, 12), (3, "knock", "a", 3, 3)]
    snap(fr, "french-02-sent")


def test_the_answers_of_the_clubs_site_in_french(fr, make_match, member):
    """A hand recorded on another device meanwhile (both shown, the choices), then the pad moved
    down by an undo elsewhere (this phone's hand is not the next one)."""
    match = make_match(hands=TWO, created_by=member)
    open_pad(fr, match, member.username)
    network_down(fr)
    type_hand_by_value(fr, "knock", "b", knocker=4, defender=14)
    save(fr)
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "a", None, 9), expected_number=3)   # another phone
    network_up(fr)
    problem = fr.locator("#outbox .outbox-problem")
    expect(problem.locator("p strong").first).to_have_text(
        "Manche 3 a été enregistrée entre-temps sur un autre appareil, et elle diffère de celle de ce "
        "téléphone :", timeout=SENT)
    assert problem.locator("dt").all_inner_texts() == ["Enregistrée", "Sur ce téléphone"]
    # The server and the phone say a hand in the same French words: only what differs is marked.
    assert " ".join(problem.locator(".outbox-recorded").inner_text().split()) == "Ann fait gin (Ben 9) · Ann +34"
    assert " ".join(problem.locator(".outbox-typed").inner_text().split()) == "Ben frappe 4 contre 14 · Ben +10"
    assert problem.locator(".outbox-typed mark").all_inner_texts() == ["Ben", "frappe", "4", "contre", "14", "Ben", "+10"]
    assert lines(fr) == ["Manche 3 Ben frappe 4 contre 14 · Ben +10 à trancher"]
    # No default (this phone had not seen hand 3); correcting the other phone's hand asks first.
    assert problem.locator(".btn-primary").count() == 0
    expect(problem.locator(".outbox-unseen")).to_have_text(
        "Ce téléphone n'avait pas vu la manche 3 quand celle-ci a été saisie : choisissez ci-dessous s'il s'agit "
        "de la même manche saisie autrement, ou d'une autre manche.")
    expect(problem.get_by_role("button", name="C'était une autre manche : envoyer la mienne comme manche 4…")
           ).to_be_visible()
    problem.get_by_role("button", name="Corriger la manche 3 avec la mienne…").tap()
    expect(problem.locator(".outbox-confirm")).to_contain_text("pour toute la table. Seulement si celle enregistrée "
                                                               "a été mal saisie.")
    expect(problem.get_by_role("button", name="Oui, corriger la manche 3")).to_be_visible()
    snap(fr, "french-03-conflict")
    problem.get_by_role("button", name="Non, la garder").tap()
    expect(problem.get_by_role("button", name="Oui, corriger la manche 3")).to_be_hidden()
    problem.get_by_role("button", name="C'était une autre manche : envoyer la mienne comme manche 4…").tap()
    expect(problem.locator(".outbox-both-count p").first).to_have_text(
        "Les deux manches comptent alors : la manche 3 telle qu'enregistrée (Ann +34) et celle de ce téléphone "
        "comme manche 4 (Ben +10).")
    problem.get_by_role("button", name="Oui, les deux ont été jouées : envoyer la mienne comme manche 4").tap()
    expect(fr.locator("#outbox .msg-success")).to_have_text(
        "Envoyée : manche 4, maintenant sur la feuille de marque.", timeout=SENT)
    assert hands(match)[2:] == [(3, "gin", "a", None, 9), (4, "knock", "b", 4, 14)]
    expect(fr.locator("#entry h2")).to_have_text("Manche 5", timeout=SENT)
    # Hand 5 typed offline while hand 4 is undone elsewhere: the pad now has 3 hands.
    network_down(fr)
    type_hand_by_value(fr, "gin", "a", defender=20)
    save(fr)
    services.hand_undo(match_id=match.pk, expected_revision=Match.objects.get(pk=match.pk).revision)
    network_up(fr)
    expect(problem.locator("p strong").first).to_have_text(
        "Les manches ont changé entre-temps sur un autre appareil : la feuille de marque en a maintenant "
        "3 manches, donc la manche 5 de ce téléphone n'est pas la suivante.", timeout=SENT)
    expect(problem).to_contain_text("La manche 5 de ce téléphone : Ann fait gin (Ben 20) · Ann +45.")
    problem.get_by_role("button", name="Retirer la mienne").tap()
    expect(fr.locator("#outbox .outbox-dropped")).to_have_text(
        "Manche 5 retirée de ce téléphone (Ann fait gin (Ben 20)). Annuler")
    snap(fr, "french-04-moved-dropped")
    assert len(hands(match)) == 3


def test_a_live_update_and_the_round_clock_in_french(fr, phone, make_match, member, make_tournament):
    match = make_match()
    log_in(fr, member.username)
    fr.goto(f"{fr.base}/matches/{match.pk}/")
    fr.locator("form.hand-form[data-outbox]").wait_for()
    fr.locator("form.hand-form [name=knocker_deadwood]").fill("7")   # typing hand 1 ...
    services.hand_add(match_id=match.pk, entry=HandEntry("knock", "a", 5, 30), expected_number=1)   # ... saved elsewhere
    expect(fr.locator("#hand-1")).to_be_visible(timeout=SENT)
    expect(fr.locator(".live-stale")).to_have_text(
        "Ceci a changé sur un autre appareil : en enregistrant, vous verrez la page telle qu'elle est maintenant.")
    # The board on a French screen: the round clock counts down, then says time is called.
    t = make_tournament("swiss", 8)
    round_clock_start(tournament=t, minutes=40)
    tv = phone.context.browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-FR").new_page()
    tv.goto(f"{phone.base}/tournaments/{t.pk}/board/")
    clock = tv.locator(".board-clock [data-deadline]")
    expect(clock.locator("[data-clock-state]")).to_have_text("temps restant")
    expect(clock.locator("[data-clock-left]")).to_have_text(re.compile(r"^(40:00|39:[0-5]\d)$"))
    round_time_call(tournament=t)
    expect(clock.locator("[data-clock-state]")).to_have_text("temps écoulé", timeout=SENT)
    expect(clock.locator("[data-clock-left]")).to_have_text("Temps écoulé")
    tv.context.close()


def test_without_its_catalogue_a_page_keeps_its_outbox(phone, make_match, member):
    """The French catalogue does not come (no service worker, the file cut): the scripts stand in
    English for it, and the outbox still keeps a hand typed offline."""
    match = make_match()
    page = new_phone(phone.context.browser, phone.base, locale="fr-FR", service_workers="block")
    page.context.route("**/jsi18n/**", lambda route: route.abort("internetdisconnected"))
    log_in(page, member.username)
    page.goto(f"{page.base}/matches/{match.pk}/")
    page.locator("form.hand-form[data-outbox]").wait_for()
    assert page.evaluate("gettext('Undo')") == "Undo"
    assert page.evaluate("[ginscoreNumber(1500), ngettext('%(n)s hand', '%(n)s hands', 0)]") == ["1,500", "%(n)s hands"]
    network_down(page)
    type_hand_by_value(page, "knock", "a", knocker=5, defender=30)
    save(page)
    assert lines(page) == ["Hand 1 Ann knocked 5 v 30 · Ann +25 not yet sent Drop"]
    expect(page.locator("#outbox h2")).to_have_text("Not yet sent: 1 hand")
    network_up(page)
    expect(page.locator("#outbox .msg-success")).to_have_text("Sent: hand 1, now on the pad.", timeout=SENT)
    assert hands(match) == [(1, "knock", "a", 5, 30)]
    page.context.close()


def test_the_log_out_question_and_the_workers_own_page_in_french(fr, make_match, member):
    """Log-out names the hands not yet sent, in French; a table page this phone keeps no copy of,
    opened offline, is the service worker's own page in the language of the latest page."""
    match, other = make_match(), make_match()
    open_pad(fr, match, member.username)
    network_down(fr)
    type_hand_by_value(fr, "knock", "a", knocker=5, defender=30)
    save(fr)
    expect(fr.locator("#outbox .outbox-hand")).to_have_count(1)
    asked = []
    fr.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    fr.locator("form[data-logout] button").click()
    expect(fr.locator("#outbox .outbox-hand")).to_have_count(1)   # kept: the question was answered no
    assert " ".join(asked[0].split()) == (
        "1 manche saisie sur ce téléphone n'a pas encore été envoyée au site du club. Si vous vous déconnectez, "
        "elle sera retirée de ce téléphone. Se déconnecter quand même ?")
    fr.goto(f"{fr.base}/matches/{other.pk}/")   # never opened on this phone
    assert fr.locator("html").get_attribute("lang") == "fr"
    expect(fr.locator("h1")).to_have_text("Pas de connexion au site du club")
    expect(fr.locator("p")).to_contain_text("Ce téléphone ne garde aucune copie de cette page pour vous")
    assert hands(match) == [] and hands(other) == []


def test_a_partnership_tables_deals_offline_in_french(fr, ann, ben):
    """A partnership's table says deals (donnes) and its table: its title, Save, the head, the panel."""
    cat, dan = Player.objects.create(name="Cat"), Player.objects.create(name="Dan")
    match = services.match_create(player_a=ann, player_b=ben, player_c=cat, player_d=dan,
                                  rules=rules_from({"preset": "partnership"}), team_a_name="Nord",
                                  team_b_name="Sud")
    fr.goto(fr.base + reverse("matches:table_at", args=[match.table_token, 1]))
    fr.locator("form.hand-form[data-outbox]").wait_for()
    kept_by_the_service_worker(fr)
    network_down(fr)
    type_hand_by_value(fr, "knock", "a", knocker=3, defender=25)
    save(fr)
    expect(fr.locator("#entry h2")).to_have_text("Table 1 : Ann c. Dan, donne 2")
    expect(fr.locator("form.hand-form #save-hand")).to_have_text("Enregistrer la donne 2")
    type_hand_by_value(fr, "gin", "d", defender=10)
    save(fr)
    expect(fr.locator("#outbox .outbox-hand")).to_have_count(2)
    assert lines(fr) == ["Donne 1 Ann frappe 3 contre 25 · Ann +22 en attente d'envoi Retirer",
                         "Donne 2 Dan fait gin (Ann 10) · Dan +35 en attente d'envoi Retirer"]
    expect(fr.locator("#outbox h2")).to_have_text("Envois en attente : 2 donnes")
    expect(fr.locator("#outbox")).to_contain_text("Les points d'équipe d'une donne demandent les manches des deux "
                                                  "tables : ce téléphone ne peut pas les calculer")
    expect(fr.locator(".score-head .head-unsent")).to_have_text(
        "en attente d'envoi 2 donnes sur ce téléphone : la feuille de marque les comptera une fois envoyées.")
    expect(fr.locator(".score-head .table-next").first).to_have_text(
        "Table 1 : Ann c. Ben, donne 3 (calculé sur ce téléphone)")
    snap(fr, "french-05-partnership-offline")
    # Table 2's deal 1 comes in: both of table 1's deals go.
    services.hand_add(match_id=match.pk, entry=HandEntry("gin", "d", None, 12), expected_number=1, table=2)
    network_up(fr)
    expect(fr.locator("#outbox .msg-success")).to_have_text(
        "Envoyées : donnes 1, 2 de la table 1, maintenant sur la feuille de marque.", timeout=SENT)
    assert stored(match) == [(1, 1, "knock", "a", 3, 25), (1, 2, "gin", "d", None, 12), (2, 1, "gin", "d", None, 10)]


def test_the_card_pickers_marks_in_french(fr, make_match, member):
    """A tapped card shows whose hand it is in by the French initial: F (celui qui frappe), D, R (retourne)."""
    match = make_match()
    log_in(fr, member.username)
    fr.goto(fr.base + reverse("matches:hand_cards", args=[match.pk]))
    fr.locator("#card-picker").wait_for()
    for mode, card in (("knocker_cards", "7H"), ("defender_cards", "KS"), ("upcard", "9D")):
        fr.locator(f"[data-mode={mode}]").tap()
        fr.locator(f".deck-card[data-card='{card}']").tap()
    assert [fr.locator(f".deck-card[data-card='{c}'] .owner").inner_text() for c in ("7H", "KS", "9D")] == [
        "F", "D", "R"]
