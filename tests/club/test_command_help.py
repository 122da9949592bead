"""Every ``manage.py`` command of ginscore answers ``--help`` with its help, in English and in
French, and never a traceback (argparse cannot wrap a lazy translation: issue 33)."""
import pytest
from django.core.management import get_commands, load_command_class
from django.test import override_settings
from django.utils import translation

from tests.commands import manage

OURS = sorted(name for name, app in get_commands().items() if app.startswith("ginscore."))


def test_every_command_of_ours_is_listed():
    assert {"score", "import_matches", "export_matches", "deadwood", "sheet", "payouts", "ratings",
            "simulate_tournament", "seed_demo"} <= set(OURS)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", OURS)
def test_help_prints_the_commands_own_words(name, language):
    command = load_command_class(get_commands()[name], name)
    with translation.override(language):
        text = command.create_parser("manage.py", name).format_help()
        said = str(command.help)
    assert text.startswith(f"usage: manage.py {name}")
    assert said and " ".join(said.split()[:4]) in " ".join(text.split())


@pytest.mark.parametrize("name", ["score", "import_matches", "export_matches", "deadwood"])
def test_help_on_the_command_line_ends_cleanly(name):
    """What the club's organiser types, in a French club: exit status 0, the help on standard output,
    nothing on standard error (these four ended in a traceback). ``manage.py`` as a shell runs it, in
    this process (tests/commands.py: the same ``run_from_argv``)."""
    with override_settings(LANGUAGE_CODE="fr"):   # (as GINSCORE_LANGUAGE=fr sets it)
        code, out, err = manage(name, "--help")
    assert code == 0 and err == ""
    assert out.startswith(f"usage: manage.py {name}") and "Traceback" not in out
