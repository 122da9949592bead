"""What the French tests share: a page asked for in French, its words as a reader sees them, the
no-break space French writes in "1 500" and before ":", the months' names."""
import html
import re
from datetime import date

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}
NB = "\u00a0"
MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
          "novembre", "décembre"]


def french_day(day: date) -> str:
    """"26 novembre 2026", written out by hand (not by the code under test)."""
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


def page_words(response) -> str:
    """The page's words: inline tags dropped, the others a space, entities read, runs of white space
    one space (no-break spaces kept)."""
    page = re.sub(r"</?(a|strong|em|span|code|small)\b[^>]*>", "", response.content.decode())
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))
