"""What can be checked of the class on Kubernetes without a cluster: the Helm values and the exchange's claim."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import yaml

HUB = Path(__file__).resolve().parent.parent / "course" / "hub"
UNITS = {"K": 10**3, "M": 10**6, "G": 10**9, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30}


def values() -> dict:
    return yaml.safe_load((HUB / "z2jh-values.yaml").read_text())


def size(text: str) -> int:
    """Kubernetes' quantity ('512M', '1Gi') in bytes."""
    number, unit = re.fullmatch(r"(\d+)([KMG]i?)", str(text)).groups()
    return int(number) * UNITS[unit]


def test_the_values_name_the_image_built_from_environment_yml():
    image = values()["singleuser"]["image"]
    assert image["name"].endswith("/abteach-class") and image["tag"]
    text = (HUB / "z2jh-values.yaml").read_text()
    assert f"--image-name {image['name']}:{image['tag']}" in text, "the build command and the image differ"


def test_each_student_has_a_guarantee_within_the_limit_for_memory_and_cpu():
    single = values()["singleuser"]
    assert 0 < size(single["memory"]["guarantee"]) <= size(single["memory"]["limit"])
    assert 0 < single["cpu"]["guarantee"] <= single["cpu"]["limit"]


def test_the_exchange_is_one_shared_volume_mounted_where_nbgrader_looks():
    single = values()["singleuser"]
    mount = {m["name"]: m["mountPath"] for m in single["storage"]["extraVolumeMounts"]}["nbgrader-exchange"]
    claim = {v["name"]: v for v in single["storage"]["extraVolumes"]}["nbgrader-exchange"]
    config = single["extraFiles"]["nbgrader-config"]["stringData"]
    assert f'c.Exchange.root = "{mount}"' in config
    pvc = yaml.safe_load((HUB / "nbgrader-exchange.yaml").read_text())
    assert pvc["kind"] == "PersistentVolumeClaim"
    assert pvc["metadata"]["name"] == claim["persistentVolumeClaim"]["claimName"]
    assert pvc["spec"]["accessModes"] == ["ReadWriteMany"]


def test_idle_servers_are_culled():
    cull = values()["cull"]
    assert cull["enabled"] is True
    assert 0 < cull["every"] < cull["timeout"] <= cull["maxAge"]


def test_the_full_tier_installs_the_hub_and_the_fast_tier_runs_none_of_its_tests():
    root = HUB.parent.parent
    dry = subprocess.run(["make", "-n", "--no-print-directory", "-W", "pyproject.toml", "-W", "course/hub/package.json",
                          "test-all"], cwd=root, capture_output=True, text=True, timeout=60).stdout
    assert "pip install --quiet -e '.[hub]'" in dry and "npm install --prefix build/hub-proxy" in dry
    for name in ("browser/test_hub.py", "test_hub_demo.py"):
        marks = re.search(r"^pytestmark = \[(.*)\]$", (root / "tests" / name).read_text(), re.M).group(1)
        assert "pytest.mark.slow" in marks and "pytest.mark.hub" in marks, name
