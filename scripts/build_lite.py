"""Build a JupyterLite site of the lectures: JupyterLab and Python running in the browser, no server.

Run as ``make lite`` (or ``python scripts/build_lite.py --out DIR NB...``).
The site holds the lectures and an abteach wheel built from this checkout, so
``%pip install abteach`` in the site installs this version.  The build itself
needs no network.  At run time the browser loads the Pyodide runtime, and
matplotlib, networkx and ipywidgets inside it, from Pyodide's CDN and the
package index: a site served from a machine with no network opens, but its
kernel cannot start.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build_wheel(dest: Path) -> Path:
    """An abteach wheel from this checkout, built with the environment's own setuptools (no download)."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(dest), str(ROOT)], check=True)
    (wheel,) = dest.glob("abteach-*.whl")
    return wheel


def build(notebooks: list[Path], out: Path) -> Path:
    """Write the site to ``out``, replacing an earlier build there; ``out`` itself is returned."""
    jupyter = Path(sys.executable).parent / "jupyter"
    with tempfile.TemporaryDirectory(prefix="abteach-lite-") as scratch:
        work = Path(scratch)
        wheel = build_wheel(work / "wheels")
        lite_dir = work / "lite"
        lite_dir.mkdir()
        command = [str(jupyter), "lite", "build", "--lite-dir", str(lite_dir), "--output-dir", str(work / "site"),
                   "--piplite-wheels", str(wheel)]
        for nb in notebooks:
            command += ["--contents", str(nb.resolve())]
        subprocess.run(command, cwd=lite_dir, check=True)
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(work / "site", out)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True, help="the folder to write the site to (replaced)")
    args = parser.parse_args(argv)
    for path in args.notebooks:
        if not path.is_file():
            parser.error(f"no notebook {path}")
    site = build(args.notebooks, args.out)
    print(f"wrote a JupyterLite site of {len(args.notebooks)} notebooks to {site}; "
          f"serve it with: {sys.executable} -m http.server -d {site}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
