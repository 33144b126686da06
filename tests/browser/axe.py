"""axe-core, the engine behind browsers' accessibility audits, run on a page the tests opened.

axe-core comes from npm with the offline libraries (scripts/assets/package.json, installed by
``make assets`` into build/assets/node_modules) and is injected into the page, so an audit needs no network.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page

from .labserver import ROOT

AXE = ROOT / "build" / "assets" / "node_modules" / "axe-core" / "axe.min.js"
#: WCAG 2.1 level A and AA, what a public university's course pages must meet.
WCAG_21_AA = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
#: What the tests refuse.  Minor and moderate findings are reported, not failed on.
BLOCKING = ("serious", "critical")


@dataclass(frozen=True)
class Violation:
    """One axe rule broken on a page: how badly, and where (CSS selectors and markup of the first few)."""

    rule: str
    impact: str
    help: str
    nodes: tuple[str, ...]

    def __str__(self) -> str:
        shown = "\n    ".join(self.nodes[:3])
        return f"{self.rule} ({self.impact}, {len(self.nodes)}×): {self.help}\n    {shown}"


def inject(page: Page) -> None:
    """Put axe-core on ``page`` (once: an audit of each slide reuses it)."""
    if not AXE.is_file():
        pytest.fail(f"no axe-core at {AXE}: run `make assets` to install the offline libraries")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))


def audit(page: Page, include: str | None = None) -> list[Violation]:
    """Every WCAG 2.1 AA violation axe finds on ``page``, or only inside the elements ``include`` selects.

    With ``include``, an empty list also when nothing matches it: the caller checks that what it audits is there.
    """
    inject(page)
    found = page.evaluate(
        """async ([include, tags]) => {
            let context = document;
            if (include) {
                const parts = [...document.querySelectorAll(include)];
                if (!parts.length) return [];
                context = {include: parts.map(e => e)};
            }
            const result = await axe.run(context, {runOnly: {type: 'tag', values: tags},
                                                  resultTypes: ['violations']});
            return result.violations.map(v => ({rule: v.id, impact: v.impact || 'unknown', help: v.help,
                nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.html.slice(0, 200))}));
        }""", [include, list(WCAG_21_AA)])
    return [Violation(v["rule"], v["impact"], v["help"], tuple(v["nodes"])) for v in found]


def blocking(violations: list[Violation]) -> list[Violation]:
    return [v for v in violations if v.impact in BLOCKING]


def counts(violations: list[Violation]) -> dict[str, int]:
    """Elements failing each rule, by ``rule/impact``: the report's figures."""
    tally: Counter[str] = Counter()
    for v in violations:
        tally[f"{v.rule}/{v.impact}"] += len(v.nodes)
    return dict(sorted(tally.items()))
