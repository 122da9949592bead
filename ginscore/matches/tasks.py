"""The matches' work done off the request (docs/background-jobs.md): an import of match records."""
from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ginscore.club.roles import is_director
from ginscore.jobs.services import JobFailed, Running, job_start, job_task
from ginscore.matches.records_io import AlreadyThere, ImportRefused, records_import, records_parse_text

# An import of at most this many matches names each on its page.
NAMED = 10


def records_import_start(*, text: str, source: str, started_by):
    """The import of the record file ``text`` (already read as JSON once by the form) as a job of
    ``started_by``'s; ``source``: the file's name, or "" for pasted text."""
    title = (_("Import of %(file)s") % {"file": source}) if source else _("Import of pasted records")
    return job_start(kind="records_import", title=title, started_by=started_by, task=records_import_job,
                     params={"source": source}, source=text)


@job_task
def records_import_job(job: Running) -> None:
    """Reads and scores every record, then stores them (``records_import``: all or nothing, the
    room's saves going in between its batches); the progress counts the records written."""
    params, user = job.job.params, job.job.started_by
    try:
        data = records_parse_text(job.job.source, source=params["source"] or _("the pasted text"))
        matches = records_import(data=data, created_by=user, again=params.get("again", False), progress=job.progress)
    except AlreadyThere as e:
        again = _("Import it again anyway")
        raise JobFailed(_("Nothing was imported. %(problem)s. To make a second copy anyway, tap “%(button)s”.")
                        % {"problem": e, "button": again}, option=("again", again)) from None
    except ImportRefused as e:
        raise JobFailed(_("Nothing was imported. %(problem)s") % {"problem": e}) from None
    if len(matches) <= NAMED:
        lines = [ngettext("Imported %(count)s match: %(ids)s.", "Imported %(count)s matches: %(ids)s.", len(matches))
                 % {"count": len(matches), "ids": ", ".join(f"#{m.pk}" for m in matches)}]
    else:   # (a phone's screen of numbers says nothing the match list does not)
        lines = [_("Imported %(count)s matches.") % {"count": len(matches)}]
    if matches.already:
        lines.append(ngettext(
            "%(count)s record of the file was already here and was not added again.",
            "%(count)s records of the file were already here and were not added again.",
            len(matches.already)) % {"count": len(matches.already)})
    if any(m.rating_asked for m in matches):
        lines.append(_("Your own matches count for the club rating once the other player agrees on the match's "
                       "page; the others arrive as friendlies (a director may make them rated)."))
    elif not is_director(user) and any(not m.rated for m in matches):
        lines.append(_("The matches arrive as friendlies: only a director makes an imported match count for the "
                       "club rating."))
    url = reverse("matches:detail", args=[matches[0].pk]) if len(matches) == 1 else reverse("matches:list")
    job.finish(message=" ".join(lines), url=url)
