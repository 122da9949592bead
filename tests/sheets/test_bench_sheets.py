"""bench/bench_sheets.py starts (it crashed at import once the sheets read the site's languages)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_sheets_bench_loads_and_builds_a_sheet():
    code = ("import runpy; ns = runpy.run_path('bench/bench_sheets.py', run_name='bench'); "
            "ns['register_fonts'](); pdf = ns['build_pad'](ns['Pad'](pages=1)); print(pdf[:5].decode())")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "%PDF-"
