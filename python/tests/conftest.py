"""pytest setup for the parq package: the package from the source tree
(python/) unless an installed one is asked for (PARQ_TEST_INSTALLED=1), and
libparq.so from PARQ_LIBRARY, by default the build tree's (build/libparq.so).
PARQ_SHARED_DIR names the corpus folder (../shared beside the repository)."""
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if not os.environ.get("PARQ_TEST_INSTALLED"):
    sys.path.insert(0, str(ROOT / "python"))
if not os.environ.get("PARQ_LIBRARY") and (ROOT / "build" / "libparq.so").exists():
    os.environ["PARQ_LIBRARY"] = str(ROOT / "build" / "libparq.so")

SHARED = Path(os.environ.get("PARQ_SHARED_DIR", ROOT.parent / "shared"))
TESTING = SHARED / "parquet-testing"

# Dask's worker processes import parq too: they inherit the environment.
if not os.environ.get("PARQ_TEST_INSTALLED"):
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "python"), str(ROOT / "python" / "tests")] + [p for p in [os.environ.get("PYTHONPATH")] if p])
