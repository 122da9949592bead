"""The rules engine imports nothing from Django (it runs without a database or settings)."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "ginscore" / "engine"


def test_no_module_of_the_engine_imports_django():
    imports = re.compile(r"^\s*(from|import)\s+django\b|import_module\(['\"]django", re.M)
    offenders = [str(p.relative_to(ROOT)) for p in ENGINE.rglob("*.py") if imports.search(p.read_text())]
    assert offenders == []


def test_importing_every_engine_module_loads_no_django():
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__") for p in ENGINE.rglob("*.py")
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(len(bad)); sys.exit(1 if bad else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert len(modules) >= 8
