"""A private JupyterLab server for the browser tests, and the settings its page needs.

Each server runs over a temporary directory, with its own configuration,
runtime, data, settings and workspace directories, so nothing from a user's
set-up (or from an earlier run) can change what the page shows.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# Anything not served by the private server is refused, so the test never depends on a network.
OUTSIDE = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
# "Idle" shows before a kernel exists; Run All then silently runs nothing.
KERNEL_IDLE = re.compile(r"^(?!No Kernel).+ \| Idle$")
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LAB_SETTINGS = {
    # The news pop-up would cover the notebook.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false", "checkForUpdates": False},
    # With windowing, cells scrolled out of view leave the DOM and their widgets cannot be found.
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}
SERVER_START_TIMEOUT = 60.0
DEFAULT_TIMEOUT_MS = 60_000


@dataclass(frozen=True)
class LabServer:
    """A JupyterLab server, or one test's folder of a server shared by the session.

    ``root`` is where the test puts its notebooks; ``folder`` is that place
    relative to the server's own root.  Each URL opens in a workspace of its
    own, reset, so no tab of an earlier test is restored beside it.
    """

    url: str
    token: str
    root: Path
    log: Path
    folder: str = ""
    workspace: str = "default"

    def notebook_url(self, name: str) -> str:
        path = f"{self.folder}/{name}" if self.folder else name
        return f"{self.url}/lab/workspaces/{self.workspace}/tree/{path}?reset&token={self.token}"

    def in_folder(self, folder: str) -> "LabServer":
        """The same server, for a test that keeps its files in ``folder`` (made here) of the server's root."""
        (self.root / folder).mkdir()
        return LabServer(self.url, self.token, self.root / folder, self.log, folder, folder)

    def forget_kernels(self) -> None:
        """Shut down every session and kernel, so the next test starts with none running."""
        for session in self.api("/api/sessions") or []:  # type: ignore[union-attr]
            self.api(f"/api/sessions/{session['id']}", method="DELETE")
        for kernel in self.api("/api/kernels") or []:  # type: ignore[union-attr]
            self.api(f"/api/kernels/{kernel['id']}", method="DELETE")

    def api(self, path: str, method: str = "GET") -> object:
        request = urllib.request.Request(f"{self.url}{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=5) as response:
            body = response.read()
        return json.loads(body) if body else None


def chosen_size(notebook: Path) -> str:
    """The drawing size a lecture chooses with ``ab.use_size``, read from its source ("screen" if none)."""
    source = "\n".join("".join(c["source"]) for c in json.loads(notebook.read_text())["cells"]
                        if c["cell_type"] == "code")
    chosen = re.search(r"ab\.use_size\(\s*[\"'](\w+)[\"']\s*\)", source)
    return chosen.group(1) if chosen else "screen"


def stripped_copy(source: nbformat.NotebookNode, dest: Path) -> Path:
    """Write ``source`` without outputs or saved widget state, bound to this environment's kernel."""
    nb = nbformat.from_dict(json.loads(json.dumps(source)))
    nb.metadata.pop("widgets", None)
    # Another kernel name would open a kernel picker instead of starting the kernel.
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nbformat.write(nb, dest)
    return dest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def project_settings() -> dict[str, object]:
    """The JupyterLab defaults the project's lab venv is made with (``scripts/lab/overrides.json``), as user settings.

    The tests run with them, so what a lecturer's JupyterLab does on saving a lecture is what is tested.
    """
    overrides = json.loads((ROOT / "scripts" / "lab" / "overrides.json").read_text())
    # A plugin id "package:plugin" is read from "package/plugin.jupyterlab-settings" in the settings directory.
    return {f"{plugin.replace(':', '/')}.jupyterlab-settings": value for plugin, value in overrides.items()}


def _write_settings(settings_dir: Path) -> None:
    for name, value in {**project_settings(), **LAB_SETTINGS}.items():
        path = settings_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))


def stop_server(process: subprocess.Popen[bytes], server: LabServer | None) -> None:
    if process.poll() is None and server is not None:
        # Kernels run in sessions of their own, so shut them down through the server
        # rather than leaving them to notice their parent has gone.
        try:
            for kernel in server.api("/api/kernels") or []:  # type: ignore[union-attr]
                server.api(f"/api/kernels/{kernel['id']}", method="DELETE")
        except (OSError, urllib.error.URLError, ValueError):
            pass
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def start_server(root: Path, base: Path, log_path: Path) -> tuple[subprocess.Popen[bytes], LabServer]:
    port = _free_port()
    token = secrets.token_hex(16)
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR",
                "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR"):
        path = base / var.lower()
        path.mkdir(exist_ok=True)
        env[var] = str(path)
    _write_settings(Path(env["JUPYTERLAB_SETTINGS_DIR"]))
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        # Lets the test run notebook commands directly instead of through menus.
        "--LabApp.expose_app_in_browser=True",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    log = log_path.open("ab")
    process = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    log.close()
    server = LabServer(f"http://127.0.0.1:{port}", token, root, log_path)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            server.api("/api/status")
            return process, server
        except (OSError, urllib.error.URLError, ValueError):
            time.sleep(0.2)
    stop_server(process, None)
    raise RuntimeError(f"JupyterLab did not answer on port {port}; its log:\n{log_path.read_text(errors='replace')[-4000:]}")
