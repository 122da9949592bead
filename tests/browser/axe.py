"""The accessibility audit: axe-core, run in the page the browser shows, on WCAG 2.0, 2.1 and 2.2
rules of levels A and AA.

axe-core is vendored beside this file (vendor/axe.min.js, axe-core 4.14.1 from the npm registry,
``npm pack axe-core@4.14.1``; Mozilla Public License 2.0, vendor/axe-core-LICENSE.txt; sha256 of
axe.min.js 29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c): nothing is fetched at
test time. To move to a newer axe-core, pack it again, replace both files and these lines.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

VENDOR = Path(__file__).parent / "vendor"
SOURCE = (VENDOR / "axe.min.js").read_text(encoding="utf-8")
SERVED = "tests-axe/axe.min.js"   # its static path while ``served()``
_served = False
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]

# Rules left out, and why (kept short: each is a judgement, not a convenience).
EXCEPTIONS: dict[str, str] = {}

# Rules left out on a fragment (a piece of a page its script fetches and puts into a page that has them).
FRAGMENT_EXCEPTIONS = {
    "html-has-lang": "a fragment has no <html>: the page it goes into says its language",
    "document-title": "a fragment has no <title>: the page it goes into has one",
}

# Started in every page at once (each page's renderer works on its own), then read page by page.
START = """([tags, off]) => {
  const rules = {};
  for (const id of off) rules[id] = {enabled: false};
  window.__audit = window.axe.run(document, {runOnly: {type: 'tag', values: tags}, rules,
                                             resultTypes: ['violations']}).then(result =>
    result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary,
                                html: n.html.slice(0, 160)}))})));
}"""

# What sticks out past the right edge of the screen, when the page scrolls sideways ('' when not).
SIDEWAYS = """() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return '';
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.right > width + 1 && box.width > 0 && getComputedStyle(el).position !== 'fixed') {
      const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
        (el.classList.length ? '.' + [...el.classList].join('.') : '');
      if (!out.includes(name)) out.push(name);
    }
  }
  return `${document.documentElement.scrollWidth} px wide in ${width}: ` + out.slice(0, 6).join(', ');
}"""


# axe put into the page from the live server (``served``): a script the browser keeps compiled.
LOAD = """url => window.axe ? true : new Promise((done, failed) => {
  const script = document.createElement('script');
  script.src = url;
  script.onload = () => { script.remove(); done(!!window.axe); };
  script.onerror = () => failed(new Error('axe-core did not load from ' + url));
  (document.head || document.documentElement).appendChild(script);
})"""


@contextmanager
def served():
    """While on, the live server serves axe.min.js as a static file (``SERVED``) and each page
    loads it from there: the browser compiles it once a context and keeps the code (some 35 ms
    of CPU a page, half of putting its 550 kB source into each page through Playwright)."""
    global _served
    from django.conf import settings
    from django.test.utils import override_settings

    with override_settings(STATICFILES_DIRS=[*settings.STATICFILES_DIRS, (SERVED.split("/")[0], VENDOR)]):
        _served = True
        try:
            yield
        finally:
            _served = False


def _put_in(page):
    """axe in ``page`` (a page state is a new document: once each)."""
    if _served:
        from django.conf import settings

        assert page.evaluate(LOAD, f"{page.base}/{settings.STATIC_URL.strip('/')}/{SERVED}")
    elif not page.evaluate("() => !!window.axe"):
        page.evaluate(SOURCE + "\n;undefined")


def audit_all(pages: dict, fragment: bool = False) -> dict:
    """Each page's violations as it is now: axe put into each page once (a page state is a new
    document), started in all of them, then read. ``pages``: key -> page; returns key -> list."""
    off = list(EXCEPTIONS) + (list(FRAGMENT_EXCEPTIONS) if fragment else [])
    for page in pages.values():
        _put_in(page)
        page.evaluate(START, [TAGS, off])
    return {key: page.evaluate("() => window.__audit") for key, page in pages.items()}


def audit(page, fragment: bool = False) -> list[dict]:
    """One page's violations as it is now."""
    return audit_all({None: page}, fragment)[None]


def said(violation: dict, most: int = 4) -> str:
    """One violation in a few lines: the rule, what it asks, where (the first ``most`` places)."""
    nodes = violation["nodes"]
    lines = [f"{violation['id']} ({violation['impact']}): {violation['help']} — {len(nodes)} element(s)"]
    for node in nodes[:most]:
        summary = " ".join((node["summary"] or "").split())[:220]
        lines.append(f"      {node['target']}: {summary}")
    return "\n    ".join(lines)
