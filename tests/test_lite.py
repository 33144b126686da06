"""`make lite` builds a JupyterLite site of every lecture with no network; only the build can be tested here.

At run time the site's kernel loads Pyodide, and matplotlib in it, from a CDN
that this machine cannot reach, so nothing here starts that kernel.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LECTURES = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lite") / "site"
    # Any download the build tried would go to a proxy that is not there, and fail it.
    dead = "http://127.0.0.1:9"
    env = {**os.environ, "HTTP_PROXY": dead, "HTTPS_PROXY": dead, "http_proxy": dead, "https_proxy": dead,
           "PIP_NO_INDEX": "1", "NO_PROXY": "", "no_proxy": ""}
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lite.py"), "--out", str(out),
                           *map(str, LECTURES)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=800)
    assert done.returncode == 0, done.stderr[-4000:]
    return out


def test_the_site_lists_every_lecture(site: Path) -> None:
    listing = json.loads((site / "api" / "contents" / "all.json").read_text())
    names = sorted(entry["name"] for entry in listing["content"] if entry["type"] == "notebook")
    assert names == [p.name for p in LECTURES]
    for lecture in LECTURES:
        served = site / "files" / lecture.name
        assert json.loads(served.read_text())["cells"] == json.loads(lecture.read_text())["cells"]


def test_the_site_carries_this_abteach(site: Path) -> None:
    (wheel,) = (site / "pypi").glob("abteach-*.whl")
    index = json.loads((site / "pypi" / "all.json").read_text())
    assert "abteach" in index
    with zipfile.ZipFile(wheel) as whl:
        shipped = {n for n in whl.namelist() if n.startswith("abteach/")}
    assert "abteach/cli.py" in shipped and "abteach/widgets/stepper.py" in shipped
    # The site opens in JupyterLab's interface with the Pyodide kernel as its Python.
    assert (site / "lab" / "index.html").is_file()
    config = json.loads((site / "jupyter-lite.json").read_text())
    assert "jupyter-config-data" in config
    assert any("pyodide-kernel" in p.name for p in (site / "extensions" / "@jupyterlite").iterdir())


def test_an_earlier_build_is_replaced(site: Path) -> None:
    # make lite writes build/lite afresh: a lecture removed since the last build must not linger.
    stale = site / "files" / "99-removed.ipynb"
    stale.write_text("{}")
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lite.py"), "--out", str(site),
                           str(LECTURES[0])], cwd=ROOT, capture_output=True, text=True, timeout=800)
    assert done.returncode == 0, done.stderr[-4000:]
    assert not stale.exists()
    assert sorted(p.name for p in (site / "files").iterdir()) == [LECTURES[0].name]
