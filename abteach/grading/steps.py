"""A search's calls of the game on a public tree, as plain data a feedback page can step through.

When a student's search fails on a shipped example, the grader keeps what
the grading game recorded there (:attr:`~abteach.grading.sandbox.Run.calls`):
each ``result`` (a state *generated*) and ``utility`` (a leaf *scored*) the
search asked for, in order.  :class:`SearchSteps` carries them, by tree
path, into the autograded notebook as a JSON output of type :data:`MIME`,
and the feedback page steps through them beside the correct search's own
calls (:mod:`abteach.widgets.feedback`).

Nothing of a hidden tree is ever kept: a :class:`SearchSteps` names one of
:data:`PUBLIC` by name (or, for expectimax, of :data:`CHANCE_PUBLIC`), and
:func:`read_steps` refuses any other.  What the
page reads back is checked as if a student wrote it (an answer cell's output
could try to pass for it): its size, its types, a kind of call from a
closed list, and every path one that exists in that tree.

Examples
--------
>>> s = SearchSteps("FIG_5_2", "textbook", (("generate", (0,)), ("score", (0, 0))), 2)
>>> s.to_json()
{'version': 1, 'tree': 'FIG_5_2', 'rule': 'textbook', 'calls': [['generate', '0'], ['score', '0.0']], 'made': 2}
>>> read_steps(s.to_json()) == s
True
>>> read_steps({**s.to_json(), "tree": "seeded-1"})
Traceback (most recent call last):
...
abteach.grading.steps.BadSteps: tree must be one of the shipped examples FIG_5_2, ..., not 'seeded-1'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final

from abteach.games import examples
from abteach.games.trees import Path, Tree
from abteach.grading.game import CALL_LIMIT

#: The exercises' tie rules (:data:`abteach.lessons.answers.RULES`, named here so that a page that reads steps
#: imports no search: a test holds the two to the same names).
RULES: Final = ("textbook", "strict")
#: The rule of an expectimax exercise's steps: the correct search they are shown beside is expectiminimax.
EXPECTIMAX: Final = "expectimax"

#: The output type the grader writes the steps as, in a test cell of the autograded notebook.
MIME: Final = "application/vnd.abteach.search-steps+json"
#: The trees steps may be shown on: the shipped examples a check runs on (MAX at the root), all public.
PUBLIC: Final = tuple(name for name, t in examples.ALL.items() if t.root.player == "MAX")
#: The trees an expectimax check's steps may be shown on: the book's examples with chance nodes (MAX at the root).
CHANCE_PUBLIC: Final = tuple(name for name, t in examples.WITH_CHANCE.items() if t.root.player == "MAX")
#: The kinds of call kept.
KINDS: Final = ("generate", "score")
#: Characters of the JSON text a page reads at most: far more than :data:`CALL_LIMIT` calls take.
TEXT_LIMIT: Final = 64 * CALL_LIMIT
#: A path as the data writes it: ``''`` for the root, else child indices joined by dots, short.
_PATH = re.compile(r"(?:0|[1-9][0-9]{0,2})(?:\.(?:0|[1-9][0-9]{0,2})){0,31}")


class BadSteps(ValueError):
    """Data that is not steps the grader wrote: the page shows no stepper for it."""


@dataclass(frozen=True)
class SearchSteps:
    """A search's calls of the game on the public tree ``tree``.

    Attributes
    ----------
    tree : str
        One of :data:`PUBLIC`.
    rule : {'textbook', 'strict', 'expectimax'}
        The exercise's tie rule, or :data:`EXPECTIMAX` on a tree of :data:`CHANCE_PUBLIC`: the correct search
        it is shown beside.
    calls : tuple of (str, Path)
        ``('generate', path)`` or ``('score', path)``, in order, at most :data:`~abteach.grading.game.CALL_LIMIT`.
    made : int
        How many calls the search made, at least ``len(calls)``.
    """

    tree: str
    rule: str
    calls: tuple[tuple[str, Path], ...]
    made: int

    def to_json(self) -> dict[str, Any]:
        """The data as the notebook carries it."""
        return {"version": 1, "tree": self.tree, "rule": self.rule,
                "calls": [[kind, ".".join(map(str, path))] for kind, path in self.calls], "made": self.made}


def public_tree(name: str) -> Tree:
    """The shipped example ``name``, one of :data:`PUBLIC` or :data:`CHANCE_PUBLIC`."""
    if not isinstance(name, str) or name not in PUBLIC + CHANCE_PUBLIC:
        raise BadSteps(f"tree must be one of the shipped examples {', '.join(PUBLIC + CHANCE_PUBLIC)}, "
                       f"not {_short(name)}")
    return examples.ALL[name] if name in PUBLIC else examples.WITH_CHANCE[name]


def read_steps(data: Any) -> SearchSteps:
    """The :class:`SearchSteps` ``data`` holds (a dict, or its JSON text), checked as untrusted.

    Raises
    ------
    BadSteps
        ``data`` is too long, not of the shape :meth:`SearchSteps.to_json` writes, names a tree that is
        not public, a kind of call not in :data:`KINDS`, or a path that is not in the tree (or scores a
        state that is not a leaf).
    """
    if isinstance(data, str):
        if len(data) > TEXT_LIMIT:
            raise BadSteps(f"the steps are {len(data):,} characters long, more than {TEXT_LIMIT:,}")
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as error:
            raise BadSteps(f"the steps are not JSON ({type(error).__name__})") from None
    if not isinstance(data, dict) or set(data) != {"version", "tree", "rule", "calls", "made"}:
        raise BadSteps("the steps must be a dict of version, tree, rule, calls and made")
    if data["version"] != 1 or isinstance(data["version"], bool):
        raise BadSteps(f"version must be 1, not {_short(data['version'])}")
    tree = public_tree(data["tree"])
    rule = data["rule"]
    # A chance tree is stepped beside expectiminimax alone, a tree without chance beside alpha-beta alone.
    rules = (EXPECTIMAX,) if data["tree"] in CHANCE_PUBLIC else RULES
    if not isinstance(rule, str) or rule not in rules:
        raise BadSteps(f"rule must be one of {list(rules)} on {data['tree']}, not {_short(rule)}")
    raw, made = data["calls"], data["made"]
    if not isinstance(raw, list) or len(raw) > CALL_LIMIT:
        raise BadSteps(f"calls must be a list of at most {CALL_LIMIT} calls")
    if isinstance(made, bool) or not isinstance(made, int) or not len(raw) <= made <= 10 ** 12:
        raise BadSteps(f"made must be a count of calls, at least {len(raw)}, not {_short(made)}")
    calls = []
    for k, call in enumerate(raw):
        if (not isinstance(call, list) or len(call) != 2 or call[0] not in KINDS or not isinstance(call[1], str)
                or not (call[1] == "" or _PATH.fullmatch(call[1]))):
            raise BadSteps(f"calls[{k}] must be [kind, path] with kind one of {KINDS}, not {_short(call)}")
        path = tuple(int(i) for i in call[1].split(".")) if call[1] else ()
        node = tree.nodes.get(path)
        if node is None or path == () or (call[0] == "score" and not node.is_leaf):
            raise BadSteps(f"calls[{k}]: {call[1]!r} is not a state the search could {call[0]} in {data['tree']}")
        calls.append((call[0], path))
    return SearchSteps(data["tree"], rule, tuple(calls), made)


def _short(value: Any) -> str:
    # A container is named by its type: its repr could be as long as the data.
    if not isinstance(value, (str, int, float, type(None))):
        return f"a {type(value).__name__}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


__all__ = ["SearchSteps", "BadSteps", "read_steps", "public_tree", "MIME", "PUBLIC", "CHANCE_PUBLIC", "KINDS", "RULES",
           "EXPECTIMAX"]
