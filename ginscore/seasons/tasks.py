"""The season table's PDF made off the request (docs/background-jobs.md) when the season is big."""
from __future__ import annotations

from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ginscore.jobs.services import JobFailed, Running, job_start, job_task
from ginscore.seasons import selectors
from ginscore.seasons.models import Season
from ginscore.sheets.season import build_season_sheet

# A season's table of more cells (players x finished events) than this is printed by the background
# worker: 3,000 cells are drawn in about 0.2 s of CPU; a weekly season of 52 events and 300
# players (15,600) took 2.1-2.6 s in the request on a busy two-core machine (bench/bench_season.py).
SEASON_CELLS_IN_REQUEST = 3_000


def season_sheet_start(*, season: Season, paper: str, language: str, started_by):
    """The season table's PDF as a job of ``started_by``'s, in ``language`` on ``paper``."""
    return job_start(kind="season_sheet", started_by=started_by, task=season_sheet_job,
                     title=_("Season table of %(season)s") % {"season": season.name},
                     params={"pk": season.pk, "paper": paper, "language": language})


@job_task
def season_sheet_job(job: Running) -> None:
    p = job.job.params
    season = Season.objects.filter(pk=p["pk"]).first()
    if season is None:
        raise JobFailed(_("This season was deleted before its table was printed."))
    with translation.override(p["language"]):
        rows = selectors.season_rows(selectors.season_view(season))
        players = len(rows["ranked"]) + len(rows["unranked"])
        job.progress(0, 1)
        pdf = build_season_sheet(season, rows, p["paper"], language=p["language"])
    name = (slugify(f"season-{season.name}")[:80] or "season") + ".pdf"
    job.finish(message=ngettext("The season table: %(count)s player, %(events)s events.",
                                "The season table: %(count)s players, %(events)s events.", players)
               % {"count": players, "events": len(rows["events"])}, file=(pdf, name))
