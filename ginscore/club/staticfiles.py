"""The static files: collected with hashed, compressed names (``scripts/setup.sh``), served by
whitenoise, and never a failed page for a file not collected.

``scripts/run.sh`` collects the files before it serves. A newcomer who runs ``manage.py
runserver`` on a fresh checkout (DEBUG off, nothing collected), or after pulling a new file
without collecting again, would otherwise get a 500 on every page ("Missing staticfiles manifest
entry"): here such a file keeps its plain address, and whitenoise serves it from its source folder
(``WHITENOISE_USE_FINDERS``).
"""
from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class SiteStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Hashed, compressed names for the files collected; a file not collected keeps its own name."""

    manifest_strict = False

    def stored_name(self, name):
        try:
            return super().stored_name(name)
        except ValueError:   # not in the manifest, nor among the collected files to hash
            return name
