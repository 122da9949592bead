"""The sheets made off the request (docs/background-jobs.md): a round's table sheets, one page a table
with its QR code, when the round has more tables than a request should wait for."""
from __future__ import annotations

from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ginscore.jobs.services import Running, job_start, job_task
from ginscore.sheets import selectors
from ginscore.sheets.tournament import build_table_sheets

# A round of more table sheets than this is printed by the background worker: 8 sheets are drawn in
# about 0.3 s, 64 in 1.4-2.8 s on a busy two-core machine (bench/bench_jobs.py, docs/performance.md).
TABLES_IN_REQUEST = 8


def table_sheets_start(*, pk: int, stage: int, number: int, paper: str, language: str, base: str, tournament: str,
                       started_by):
    """The table sheets of round ``number`` as a job of ``started_by``'s, in ``language`` on
    ``paper``; ``base``: the address the phones use, which the QR codes carry."""
    return job_start(kind="table_sheets", started_by=started_by, task=table_sheets_job,
                     title=_("Table sheets of %(tournament)s, round %(number)s") % {"tournament": tournament,
                                                                                    "number": number},
                     params={"pk": pk, "stage": stage, "number": number, "paper": paper, "language": language,
                             "base": base, "tournament": tournament})


@job_task
def table_sheets_job(job: Running) -> None:
    p = job.job.params
    with translation.override(p["language"]):
        sheets = selectors.table_sheets_data(pk=p["pk"], number=p["number"], stage=p["stage"],
                                             link=lambda path: p["base"] + path)
        job.progress(0, len(sheets))
        pdf = build_table_sheets(sheets, p["paper"], language=p["language"])
    name = (slugify("tables-%s-round-%s" % (p["tournament"], p["number"]))[:80] or "tables") + ".pdf"
    job.finish(message=ngettext("%(count)s table sheet, one page a table.", "%(count)s table sheets, one page a table.",
                                len(sheets)) % {"count": len(sheets)}, file=(pdf, name))
