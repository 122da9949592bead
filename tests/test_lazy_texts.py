"""A text translated when a module is imported stays in the language of that moment for every
reader after (a form's label in English on a French page, or the other way round): outside a
function, only the lazy forms (gettext_lazy, ngettext_lazy, pgettext_lazy, the engine's own)
may be used. This reads every module of ginscore/ and names each call made too early."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "ginscore"
EAGER = {"gettext", "ngettext", "pgettext", "npgettext", "ugettext"}


def _eager_names(tree: ast.Module) -> set[str]:
    """The local names bound to Django's eager translation functions in this module."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation":
            for alias in node.names:
                if alias.name in EAGER:
                    names.add(alias.asname or alias.name)
    return names


def _early_calls(tree: ast.Module, eager: set[str]):
    """Calls of ``eager`` names that run at import: in the module's body or a class's body, not
    inside a function (a lambda or a function body runs later, when a page is drawn)."""
    found = []

    def visit(node, in_function):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            in_function = True
        if (not in_function and isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in eager):
            found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, in_function)

    visit(tree, False)
    return found


def test_the_check_sees_an_early_call():
    tree = ast.parse("from django.utils.translation import gettext as _\n"
                     "class F:\n    label = _('Name')\n    def f(self):\n        return _('Late')\n"
                     "X = _('Early')\nY = lambda: _('Late')\n")
    assert _early_calls(tree, _eager_names(tree)) == [3, 6]


def test_no_text_is_translated_at_import():
    early = []
    for path in sorted(p for p in ROOT.rglob("*.py") if "migrations" not in p.parts):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        eager = _eager_names(tree)
        lines = _early_calls(tree, eager) if eager else []
        if lines:
            early.append(f"{path.relative_to(ROOT.parent)}: lines {lines}")
    assert not early, ("these translate a text at import (use gettext_lazy, or translate inside the "
                       "function that draws it): " + "; ".join(early))
