"""The documents hold: every link and every path they name exists, and every command they mark
as runnable runs (and prints what they say it prints).

A block of commands is runnable when the line before its fence is `<!-- runnable -->`. Each line
of the block that starts with `$ ` (or every line, when none does) is a command, run by bash from
a scratch folder that sees the project's `manage.py`, `.venv`, `docs/`, `scripts/` and `bench/`,
with a database and data folder of its own (a new SQLite file, migrated once): a documented
command can never touch the club's records. Lines after a `$ ` command, up to the next one, are
what it must print."""
import functools
import os
import re
import shlex
import subprocess
import textwrap
from pathlib import Path

import pytest

from tests.deploy.servers import prepared

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
TOP_FOLDERS = ("ginscore/", "scripts/", "tests/", "bench/", "docs/", "static/", "locale/", ".ci/")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\s]+)`")
FILE_NAME = re.compile(r"[\w.-]+\.(py|md|sh|js|css|html|txt|ini|toml|json)")
FORMAT_NAME = re.compile(r"ginscore(-[a-z]+)?/\d+")
RUNNABLE = re.compile(r"^( *)<!-- runnable -->\n\1```[a-z]*\n(.*?)^\1```", re.S | re.M)


@functools.cache
def _project_file_names():
    """The names of the project's files (tracked, or new and not ignored)."""
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split("\n")
    return {Path(f).name for f in files if f}


def _slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path):
    return {_slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", path.read_text(), re.M)}


def _relative(path):
    return path.relative_to(ROOT)


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(_relative(p)))
def test_every_link_leads_somewhere(doc):
    broken = []
    for target in LINK.findall(doc.read_text()):
        if re.match(r"[a-z]+:", target):          # http:, https:, mailto: (none may be needed offline)
            continue
        file_part, _, anchor = target.partition("#")
        dest = (doc.parent / file_part).resolve() if file_part else doc
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            broken.append(f"{target}: no heading #{anchor} in {_relative(dest)}")
    assert broken == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(_relative(p)))
def test_every_path_named_exists(doc):
    """A path in backquotes (`ginscore/engine/rules.py`, `scripts/*.sh`, `ginscore/<app>/locale/`)
    exists; a file named alone (`bench_night.py`) is somewhere in the project; `a/b.name` may be
    a function of a/b.py."""
    names = _project_file_names()
    missing = []
    for token in CODE.findall(doc.read_text()):
        token = token.rstrip(".,:;")
        if FORMAT_NAME.fullmatch(token):          # "ginscore/1", a record's format, not a path
            continue
        if token.startswith(TOP_FOLDERS):
            pattern = re.sub(r"<[^>]+>", "*", token.split("::")[0])
            if any(ROOT.glob(pattern.rstrip("/"))) or (ROOT / pattern).exists():
                continue
            module, _, attribute = pattern.rpartition(".")
            module_file = ROOT / f"{module}.py"
            if module_file.exists() and re.search(rf"\b{re.escape(attribute)}\b", module_file.read_text()):
                continue
            missing.append(token)
        elif "/" not in token and FILE_NAME.fullmatch(token) and token not in names:
            missing.append(token)
    assert missing == []


def _blocks():
    """Each document's runnable blocks, in its order (a later one may use what an earlier one made)."""
    for doc in DOCS:
        blocks = [textwrap.dedent(m.group(2)) for m in RUNNABLE.finditer(doc.read_text())]
        if blocks:
            yield pytest.param(blocks, id=str(_relative(doc)))


def _commands(block):
    """(command, what it must print or None) for each command of a block."""
    lines = block.rstrip("\n").split("\n")
    if not any(line.startswith("$ ") for line in lines):
        return [(line, None) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    commands = []
    for line in lines:
        if line.startswith("$ "):
            commands.append([line[2:], []])
        elif commands:
            commands[-1][1].append(line)
    return [(command, "\n".join(printed) if printed else None) for command, printed in commands]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """A folder that looks like the project to a documented command, with a database of its own."""
    folder = tmp_path_factory.mktemp("docs-commands")
    for name in ("manage.py", ".venv", "docs", "scripts", "bench", "ginscore"):
        (folder / name).symlink_to(ROOT / name)
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
           "GINSCORE_DATA_DIR": str(folder / "data"), "GINSCORE_STATIC_ROOT": str(folder / "static"),
           "GINSCORE_DEBUG": "0"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    prepared(env, static=False)   # migrated
    return folder, env


def test_some_commands_are_marked_runnable():
    assert sum(len(p.values[0]) for p in _blocks()) >= 5


@pytest.mark.parametrize("blocks", list(_blocks()))
def test_the_runnable_commands_run(blocks, scratch):
    folder, env = scratch
    for command, printed in [each for block in blocks for each in _commands(block)]:
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", command], cwd=folder, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        if printed is not None:
            assert done.stdout.strip() == printed.strip(), shlex.quote(command)
