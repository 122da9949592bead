"""A standings sheet that shows money is checked as money: every amount printed in its Prize column,
read back from the page with its position, equals what the treasurer pays that entry, and no
figure runs into the next column (Buchholz into Prize), in English and in French, on both papers."""
import re
from decimal import Decimal

import pytest
from django.utils import translation

from ginscore.engine import MatchLength
from ginscore.seasons import selectors as money
from ginscore.seasons import services as money_services
from ginscore.sheets import selectors
from ginscore.sheets.tournament import build_standings
from ginscore.tournaments.models import Entry
from ginscore.tournaments import services
from tests.seasons.conftest import play
from tests.sheets.pdf import crossing_pieces, layout_problems, placed_text

pytestmark = pytest.mark.django_db

NAMES = ["Ana Lima", "Maximilian Alexander Friedrich von und zu Liechtenstein-Habsburg", "Bo", "Zoë Ødegård",
         "Jean-Baptiste Lefèvre-Dupré", "Dev", "Q", "Marie-Thérèse d'Aubigné", "Ian", "Kim", "Lou", "Max",
         "Ned", "Oli", "Pat", "Ray", "Sam", "Tom", "Uma", "Val", "Wes", "Xia"]
ORDER = NAMES[3:] + NAMES[:3]   # who beats whom: the earlier in this list
PRIZE = {"en": "Prize", "fr": "Gain"}


def amount(text: str, language: str) -> Decimal:
    """A printed amount as a number: "€1,674.00" or "1 674,00 €"."""
    digits = re.sub(r"[^\d.,]", "", text)
    if language == "fr":
        digits = digits.replace(".", "").replace(",", ".")
    else:
        digits = digits.replace(",", "")
    return Decimal(digits)


@pytest.fixture
def finished_for_money(db):
    """A 22-player Swiss played for money (22 paid places: a custom split), ranked by wins, then Buchholz."""
    money_services.club_money_set(money=True, unit=Decimal("1.00"), currency="€")
    t = services.tournament_create(name="Open du samedi", format="swiss", length=MatchLength("best_of", 1), rounds=5,
                                   tiebreaks=["wins", "buchholz", "head_to_head", "net"])
    services.entries_set(tournament=t, names=NAMES)
    money_services.prize_set(tournament=t, entry_fee=Decimal("20"), added=Decimal("1234"), house_fixed=Decimal(0),
                             house_percent=Decimal(0), preset="custom", unit=Decimal("1"),
                             split="18,12,9,7,6,5,5,4,4,3,3,3,3,3,3,2,2,2,2,2,1,1")
    Entry.objects.filter(tournament=t).update(fee_paid=True)
    services.tournament_start(tournament=t)
    return play(t, ORDER)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_prize_printed_is_what_the_treasurer_pays(finished_for_money, language, paper):
    t = finished_for_money
    night = money.night_money(t)
    assert night.final and len([line for line in night.lines if line.amount > 0]) == 22
    owed = {line.names[0]: line.amount for line in night.lines if line.amount > 0}
    with translation.override(language):
        data = selectors.standings_data(pk=t.pk, paper=paper)
    pdf = build_standings(data, language=language)
    assert not crossing_pieces(pdf), crossing_pieces(pdf)[:5]
    assert not layout_problems(pdf), layout_problems(pdf)[:5]

    pieces = placed_text(pdf)
    column = data.columns.index(PRIZE[language])
    printed = []
    for page in sorted({p.page for p in pieces}):
        on_page = [p for p in pieces if p.page == page]
        heads = [p for p in on_page if p.text == PRIZE[language] and p.bold]
        if not heads:
            continue
        head = heads[0]
        left_edge = max(p.x1 for p in on_page if p.bold and p.y == head.y and p.x1 < head.x0)   # the heading before
        cells = sorted((p for p in on_page if p.y > head.y and p.x1 > left_edge and abs(p.x1 - head.x1) < 2),
                       key=lambda p: p.y)
        for cell in cells:
            assert cell.x0 > left_edge, f"{cell.text!r} starts left of its column"
        printed += [cell.text for cell in cells if re.search(r"\d", cell.text)]
    rows = [row for row in data.rows if row[column]]
    assert len(printed) == len(rows) == 22
    for row, text in zip(rows, printed):
        assert text.split() == row[column].split()   # (a no-break space reads back as a space)
        assert amount(text, language) == owed[row[1]], (row[1], text)
    # every other figure of each paid row is printed whole beside it (Buchholz too)
    buchholz = data.columns.index("Buchholz")
    values = {p.text for p in pieces}
    assert all(row[buchholz] in values for row in rows)
