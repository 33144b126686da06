"""The pseudocode the searches follow, stored as data so views can highlight lines.

Every line has an id such as ``"max.test"``; events name the id of the line
that produced them, and :meth:`Listing.number` turns it into a line number.
The same id means the same step in every listing (``max.test`` is the cutoff
test in both editions), which is what lets one event format serve them all.
"""

from __future__ import annotations

from dataclasses import dataclass

from abteach.search.rules import TEXTBOOK, USES, TieRule

Line = tuple[str, str]  # (line id, text); blank lines have the id ""; "a|b" gives a line two ids


@dataclass(frozen=True)
class Listing:
    """A pseudocode listing: a title and numbered lines with ids.

    Examples
    --------
    >>> lst = alphabeta_listing(edition=3)
    >>> lst.number("max.test"), lst.text("max.test")
    (10, '    if v ≥ β then return v')
    """

    title: str
    lines: tuple[Line, ...]

    def number(self, line_id: str) -> int:
        """1-based line number of ``line_id``."""
        for i, (lid, _) in enumerate(self.lines, start=1):
            if line_id in lid.split("|"):
                return i
        raise KeyError(f"line id {line_id!r} is not in the listing {self.title!r}")

    def text(self, line_id: str) -> str:
        return self.lines[self.number(line_id) - 1][1]

    def __contains__(self, line_id: object) -> bool:
        return bool(line_id) and any(line_id in lid.split("|") for lid, _ in self.lines)

    def __str__(self) -> str:
        """The title, then each line after its number: the number a trace's ``line`` column gives.

        Examples
        --------
        >>> print(minimax_listing(3))  # doctest: +ELLIPSIS
        MINIMAX-DECISION (AIMA 3rd ed., Fig. 5.3)
         1  function MINIMAX-DECISION(state) returns an action
         2    return arg max over a in ACTIONS(state) of MIN-VALUE(RESULT(state, a))
        <BLANKLINE>
         4  function MAX-VALUE(state) returns a utility value
        ...
        """
        numbered = (f"{n:>2}  {text}" if text else "" for n, (_, text) in enumerate(self.lines, start=1))
        return self.title + "\n" + "\n".join(numbered)

    def __repr__(self) -> str:
        return str(self)


def _mirror(lines: list[Line]) -> list[Line]:
    """MIN-VALUE from MAX-VALUE: the textbook prints it as the mirror image."""
    swaps = [("MAX-VALUE", "@A"), ("MIN-VALUE", "MAX-VALUE"), ("@A", "MIN-VALUE"),
             ("MAX(", "@B"), ("MIN(", "MAX("), ("@B", "MIN("),
             ("−∞", "@C"), ("+∞", "−∞"), ("@C", "+∞"),
             ("α ←", "@D"), ("β ←", "α ←"), ("@D", "β ←"),
             ("(α, v)", "@E"), ("(β, v)", "(α, v)"), ("@E", "(β, v)"),
             ("≥ β", "≤ α"), ("> β", "< α"), ("v2 > v", "v2 < v")]
    out = []
    for lid, text in lines:
        if lid.startswith("max."):
            lid = "min." + lid[4:]
        for old, new in swaps:
            text = text.replace(old, new)
        out.append((lid, text))
    return out


def alphabeta_listing(edition: int = 3, *, tie: TieRule = TEXTBOOK, depth_limited: bool = False) -> Listing:
    """The listing of ALPHA-BETA-SEARCH (AIMA Fig. 5.7), as the book prints it.

    Parameters
    ----------
    edition : {3, 4}
        AIMA's 3rd edition (Fig. 5.7, 2010) or 4th edition (Fig. 5.7, 2020).
    tie : TieRule
        The textbook's rule prints ``v ≥ β``; the strict one ``v > β``.
    depth_limited : bool
        Print the cutoff test and evaluation function in place of the terminal test.

    Examples
    --------
    >>> lst = alphabeta_listing(3)
    >>> lst.number("max.test"), lst.text("max.test")
    (10, '    if v ≥ β then return v')
    """
    return _book_listing(True, edition, tie, depth_limited)


def minimax_listing(edition: int = 3, *, depth_limited: bool = False) -> Listing:
    """The listing of MINIMAX-DECISION (3rd edition) or MINIMAX-SEARCH (4th edition), AIMA Fig. 5.3."""
    return _book_listing(False, edition, TEXTBOOK, depth_limited)


def _book_listing(pruning: bool, edition: int, tie: TieRule, depth_limited: bool) -> Listing:
    if isinstance(edition, bool) or edition not in (3, 4):
        raise ValueError(f"edition must be 3 or 4, not {edition!r}")
    ge = tie.max_cut
    if edition == 3:
        terminal = ("  if CUTOFF-TEST(state, depth) then return EVAL(state)" if depth_limited
                    else "  if TERMINAL-TEST(state) then return UTILITY(state)")
        if not pruning:
            head = [("search.def", "function MINIMAX-DECISION(state) returns an action"),
                    ("search.return", "  return arg max over a in ACTIONS(state) of MIN-VALUE(RESULT(state, a))")]
            max_lines = [("max.def", "function MAX-VALUE(state) returns a utility value"),
                         ("max.terminal", terminal),
                         ("max.init", "  v ← −∞"),
                         ("max.loop", "  for each a in ACTIONS(state) do"),
                         ("max.update", "    v ← MAX(v, MIN-VALUE(RESULT(state, a)))"),
                         ("max.return", "  return v")]
            title = "MINIMAX-DECISION (AIMA 3rd ed., Fig. 5.3)"
        else:
            head = [("search.def", "function ALPHA-BETA-SEARCH(state) returns an action"),
                    ("search.call", "  v ← MAX-VALUE(state, −∞, +∞)"),
                    ("search.return", "  return the action in ACTIONS(state) with value v")]
            max_lines = [("max.def", "function MAX-VALUE(state, α, β) returns a utility value"),
                         ("max.terminal", terminal),
                         ("max.init", "  v ← −∞"),
                         ("max.loop", "  for each a in ACTIONS(state) do"),
                         ("max.update", "    v ← MAX(v, MIN-VALUE(RESULT(state, a), α, β))"),
                         ("max.test", f"    if v {ge} β then return v"),
                         ("max.window", "    α ← MAX(α, v)"),
                         ("max.return", "  return v")]
            title = "ALPHA-BETA-SEARCH (AIMA 3rd ed., Fig. 5.7)"
    else:
        terminal = ("  if game.IS-CUTOFF(state, depth) then return game.EVAL(state, player), null" if depth_limited
                    else "  if game.IS-TERMINAL(state) then return game.UTILITY(state, player), null")
        if not pruning:
            head = [("search.def", "function MINIMAX-SEARCH(game, state) returns an action"),
                    ("search.player", "  player ← game.TO-MOVE(state)"),
                    ("search.call", "  value, move ← MAX-VALUE(game, state)"),
                    ("search.return", "  return move")]
            max_lines = [("max.def", "function MAX-VALUE(game, state) returns a (utility, move) pair"),
                         ("max.terminal", terminal),
                         ("max.init", "  v ← −∞"),
                         ("max.loop", "  for each a in game.ACTIONS(state) do"),
                         ("max.call", "    v2, a2 ← MIN-VALUE(game, game.RESULT(state, a))"),
                         ("max.improve", "    if v2 > v then"),
                         ("max.update", "      v, move ← v2, a"),
                         ("max.return", "  return v, move")]
            title = "MINIMAX-SEARCH (AIMA 4th ed., Fig. 5.3)"
        else:
            head = [("search.def", "function ALPHA-BETA-SEARCH(game, state) returns an action"),
                    ("search.player", "  player ← game.TO-MOVE(state)"),
                    ("search.call", "  value, move ← MAX-VALUE(game, state, −∞, +∞)"),
                    ("search.return", "  return move")]
            max_lines = [("max.def", "function MAX-VALUE(game, state, α, β) returns a (utility, move) pair"),
                         ("max.terminal", terminal),
                         ("max.init", "  v ← −∞"),
                         ("max.loop", "  for each a in game.ACTIONS(state) do"),
                         ("max.call", "    v2, a2 ← MIN-VALUE(game, game.RESULT(state, a), α, β)"),
                         ("max.improve", "    if v2 > v then"),
                         ("max.update", "      v, move ← v2, a"),
                         ("max.window", "      α ← MAX(α, v)"),
                         ("max.test", f"    if v {ge} β then return v, move"),
                         ("max.return", "  return v, move")]
            title = "ALPHA-BETA-SEARCH (AIMA 4th ed., Fig. 5.7)"
    if not tie.prunes_on_tie and pruning:
        title += ", strict cutoff"
    lines = head + [("", "")] + max_lines + [("", "")] + _mirror(max_lines)
    return Listing(title=title, lines=tuple(lines))


def tutorial_listing() -> Listing:
    """A third, equivalent formulation, common in tutorials: one function with a
    ``maximizing`` flag, a running ``max_eval`` / ``min_eval``, and α or β updated
    *before* the cutoff test ``β ≤ α``.
    """
    lines: list[Line] = [
        ("search.def|search.return", "value ← ALPHA-BETA(root, depth, −∞, +∞, true)"),
        ("", ""),
        ("max.def|min.def", "function ALPHA-BETA(node, depth, α, β, maximizing)"),
        ("max.terminal|min.terminal", "  if depth = 0 or node is terminal then return value(node)"),
        ("", "  if maximizing then"),
        ("max.init", "    max_eval ← −∞"),
        ("max.loop", "    for each child of node do"),
        ("max.call", "      eval ← ALPHA-BETA(child, depth − 1, α, β, false)"),
        ("max.update", "      max_eval ← max(max_eval, eval)"),
        ("max.window", "      α ← max(α, eval)"),
        ("max.test", "      if β ≤ α then break"),
        ("max.return", "    return max_eval"),
        ("", "  else"),
        ("min.init", "    min_eval ← +∞"),
        ("min.loop", "    for each child of node do"),
        ("min.call", "      eval ← ALPHA-BETA(child, depth − 1, α, β, true)"),
        ("min.update", "      min_eval ← min(min_eval, eval)"),
        ("min.window", "      β ← min(β, eval)"),
        ("min.test", "      if β ≤ α then break"),
        ("min.return", "    return min_eval"),
    ]
    return Listing(title="ALPHA-BETA with a running max_eval / min_eval (tutorial form)", lines=tuple(lines))


def fail_hard_listing() -> Listing:
    """The encyclopedia's alpha-beta: α or β takes the child's value, then ``β ≤ α`` breaks; the bound is returned."""
    lines: list[Line] = [
        ("search.def|search.return", "alphabeta(origin, depth, −∞, +∞, TRUE)"),
        ("", ""),
        ("max.def|min.def", "function alphabeta(node, depth, α, β, maximizingPlayer)"),
        ("max.terminal|min.terminal", "  if depth = 0 or node is a terminal node then"),
        ("", "    return the heuristic value of node"),
        ("", "  if maximizingPlayer then"),
        ("max.loop", "    for each child of node do"),
        ("max.window", "      α := max(α, alphabeta(child, depth − 1, α, β, FALSE))"),
        ("max.test", "      if β ≤ α then break (* β cut-off *)"),
        ("max.return", "    return α"),
        ("", "  else"),
        ("min.loop", "    for each child of node do"),
        ("min.window", "      β := min(β, alphabeta(child, depth − 1, α, β, TRUE))"),
        ("min.test", "      if β ≤ α then break (* α cut-off *)"),
        ("min.return", "    return β"),
    ]
    return Listing(title="alphabeta, fail-hard (the encyclopedia's pseudocode)", lines=tuple(lines))


def negamax_listing(*, tie: TieRule = TEXTBOOK, depth_limited: bool = False) -> Listing:
    """Alpha-beta in negamax form: one function, values for the side to move, the window negated and swapped."""
    ge = tie.max_cut
    terminal = ("  if CUTOFF-TEST(state, depth) then return color × EVAL(state)" if depth_limited
                else "  if TERMINAL-TEST(state) then return color × UTILITY(state)")
    lines: list[Line] = [
        ("search.def", "function NEGAMAX-SEARCH(state) returns an action"),
        ("search.return", "  return the action with value color × NEGAMAX(state, −∞, +∞, color)"),
        ("", ""),
        ("neg.def", "function NEGAMAX(state, α, β, color) returns a value for the side to move"),
        ("neg.terminal", terminal),
        ("neg.init", "  v ← −∞"),
        ("neg.loop", "  for each a in ACTIONS(state) do"),
        ("neg.update", "    v ← MAX(v, −NEGAMAX(RESULT(state, a), −β, −α, −color))"),
        ("neg.test", f"    if v {ge} β then return v"),
        ("neg.window", "    α ← MAX(α, v)"),
        ("neg.return", "  return v"),
    ]
    title = "NEGAMAX with alpha-beta" + ("" if tie.prunes_on_tie else ", strict cutoff")
    return Listing(title=title, lines=tuple(lines))


#: What each search with memory runs when called with its defaults (see ``abteach.search.rules.USES``).
_DEFAULT_USES: dict[str, frozenset[str]] = {
    "negamax_memory": frozenset({"table", "table move"}),
    "iterative_deepening": frozenset({"table", "table move", "killers"}),
    "aspiration": frozenset(),
    "null_window": frozenset(),
    "mtdf": frozenset({"table"}),  # MTD(f) and SSS* keep the static order: the table lends only bounds
    "sss_star": frozenset({"table"}),
}


def _memory_lines(depth_limited: bool, uses: frozenset[str]) -> list[Line]:
    """NEGAMAX with only the parts in ``uses``: line ids stay the same whichever parts are shown."""
    table, killers, history = "table" in uses, "killers" in uses, "history" in uses
    terminal = ("  if CUTOFF-TEST(state, depth) then return color × EVAL(state)" if depth_limited
                else "  if TERMINAL-TEST(state) then return color × UTILITY(state)")
    lines: list[Line] = [("neg.def", "function NEGAMAX(state, α, β, color) returns a value for the side to move")]
    if table or history or depth_limited:  # the lines below that read depth
        lines.append(("", "  (depth: the plies left to search below state, +∞ to the end of the game)"))
    lines.append(("neg.terminal", terminal))
    if table:
        lines += [
            ("mem.probe", "  α₀ ← α;  entry ← TABLE.PROBE(state)     (bounds lower ≤ value ≤ upper)"),
            ("", "  if entry was searched at least as deep as this call will be then"),
            ("mem.hit", "    if entry.lower ≥ β then return entry.lower;  if entry.upper ≤ α then return entry.upper"),
            ("mem.lower", "    α ← MAX(α, entry.lower)"),
            ("mem.upper", "    β ← MIN(β, entry.upper)"),
            ("mem.cut", "    if α ≥ β then return α"),
        ]
    first = [what for key, what in (("table move", "entry's move"), ("previous line", "the previous pass's move"),
                                    ("killers", "killers"), ("history", "history")) if key in uses]
    actions = f"ORDER(ACTIONS(state): {', '.join(first)})" if first else "ACTIONS(state)"
    on_cut = (["remember a as a killer"] if killers else []) + (
        ["add depth² to a's history score (1 if depth = +∞)"] if history else [])
    lines += [
        ("neg.init", "  v, best ← −∞, null"),
        ("neg.loop|neg.order", f"  for each a in {actions} do"),
        ("neg.call", "    v2 ← −NEGAMAX(RESULT(state, a), −β, −α, −color)"),
        ("neg.improve|neg.update", "    if v2 > v then v, best ← v2, a"),
        ("neg.test", f"    if v ≥ β then {'; '.join(on_cut + ['break'])}"),
        ("neg.window", "    α ← MAX(α, v)"),
    ]
    if table:
        lines.append(("mem.store", "  TABLE.STORE(state, v, depth, best, UPPER if v ≤ α₀, LOWER if v ≥ β, else EXACT)"))
    lines.append(("neg.return", "  return v"))
    return lines


def _next_pass(uses: frozenset[str]) -> str:
    """What iterative deepening carries into the next pass to order it, as a note to its listing's loop."""
    carried = [what for key, what in (("table", "the table"), ("previous line", "the previous pass's line"),
                                      ("killers", "the killers"), ("history", "the history scores")) if key in uses]
    if not carried:
        return ""
    who = carried[0] if len(carried) == 1 else f"{', '.join(carried[:-1])} and {carried[-1]}"
    return f"   ({who} order{'s' if len(carried) == 1 else ''} the next pass)"


def memory_listing(driver: str = "negamax_memory", *, depth_limited: bool = False,
                   uses: frozenset[str] | None = None) -> Listing:
    """The listing of a search with memory: its driver's lines, then NEGAMAX with what the search ran.

    Parameters
    ----------
    driver : str
        One of ``'negamax_memory'``, ``'iterative_deepening'``, ``'aspiration'``,
        ``'null_window'``, ``'mtdf'``, ``'sss_star'``.
    depth_limited : bool
        Print the cutoff test and evaluation function in place of the terminal test.
    uses : set of str, optional
        What the search ran with (``Spec.uses``): any of ``'table'``, ``'table move'``,
        ``'previous line'``, ``'killers'``, ``'history'``.  Only those parts are printed;
        ``None`` prints what ``driver`` runs with its defaults.

    Examples
    --------
    >>> "TABLE.PROBE" in str(memory_listing("aspiration")), "TABLE.PROBE" in str(memory_listing("mtdf"))
    (False, True)
    >>> memory_listing("negamax_memory", uses=frozenset({"killers"})).text("neg.test")
    '    if v ≥ β then remember a as a killer; break'
    """
    if driver not in _DEFAULT_USES:
        raise ValueError(f"unknown search {driver!r}; expected one of {', '.join(_DEFAULT_USES)}")
    used = _DEFAULT_USES[driver] if uses is None else frozenset(uses)
    if not used <= set(USES):
        raise ValueError(f"uses must name parts of {', '.join(USES)}; not {', '.join(sorted(used - set(USES)))}")
    drivers: dict[str, tuple[str, list[Line]]] = {
        "negamax_memory": ("NEGAMAX with a transposition table" if "table" in used else "NEGAMAX", [
            ("search.def", "function SEARCH(state) returns an action"),
            ("search.return", "  return the best move of color × NEGAMAX(state, −∞, +∞, color)")]),
        "iterative_deepening": ("ITERATIVE DEEPENING with alpha-beta" + (" and memory" if used else ""), [
            ("search.def", "function ITERATIVE-DEEPENING(state, max_depth) returns an action"),
            ("id.iterate", "  for depth ← 1 to max_depth while time remains do"),
            ("", "    value ← color × NEGAMAX(state, −∞, +∞, color)" + _next_pass(used)),
            ("search.return", "  return the best move of the deepest finished pass")]),
        "aspiration": ("ASPIRATION SEARCH", [
            ("search.def|asp.window", "function ASPIRATION(state, guess, δ):  α, β ← guess − δ, guess + δ"),
            ("", "  g ← NEGAMAX(state, α, β, color)"),
            ("asp.low", "  if g ≤ α then g ← NEGAMAX(state, −∞, β, color)     (fail-low: search again)"),
            ("asp.high", "  if g ≥ β then g ← NEGAMAX(state, α, +∞, color)     (fail-high: search again)"),
            ("search.return", "  return g")]),
        "null_window": ("SCOUT's TEST: is the value ≥ bound?", [
            ("search.def", "function TEST(state, bound) returns true or false"),
            ("", "  g ← NEGAMAX(state, bound − 1, bound, color)     (no whole number lies strictly inside it)"),
            ("search.return", "  return g ≥ bound")]),
        "mtdf": ("MTD(f)", [
            ("search.def", "function MTDF(state, f) returns a value"),
            ("", "  g, lower, upper ← f, −∞, +∞"),
            ("mtd.pass", "  while lower < upper do:  β ← g + 1 if g = lower else g"),
            ("", "    g ← NEGAMAX(state, β − 1, β, color)     (the table is kept from pass to pass)"),
            ("", "    if g < β then upper ← g else lower ← g"),
            ("search.return", "  return g")]),
        "sss_star": ("SSS* as MTD(+∞)", [
            ("search.def", "function SSS*(state) returns a value"),
            ("", "  g ← +∞"),
            ("sss.pass", "  repeat:  β ← g"),
            ("", "    g ← NEGAMAX(state, β − 1, β, color)     (the table is SSS*'s memory)"),
            ("search.return", "  until g = β;  return g")]),
    }
    title, head = drivers[driver]
    return Listing(title=title, lines=tuple(head + [("", "")] + _memory_lines(depth_limited, used)))


def negascout_listing(*, depth_limited: bool = False) -> Listing:
    """NegaScout (principal variation search): full window first, null windows after, a re-search on a fail-high."""
    terminal = ("  if CUTOFF-TEST(state, depth) then return color × EVAL(state)" if depth_limited
                else "  if TERMINAL-TEST(state) then return color × UTILITY(state)")
    lines: list[Line] = [
        ("search.def", "function NEGASCOUT-SEARCH(state) returns an action"),
        ("search.return", "  return the best move of color × NEGASCOUT(state, −∞, +∞, color)"),
        ("", ""),
        ("pvs.def", "function NEGASCOUT(state, α, β, color) returns a value for the side to move"),
        ("pvs.terminal", terminal),
        ("pvs.init", "  v ← −∞"),
        ("pvs.loop", "  for each a in ACTIONS(state) do"),
        ("", "    if a is the first action then t ← −NEGASCOUT(RESULT(state, a), −β, −α, −color)"),
        ("", "    else t ← −NEGASCOUT(RESULT(state, a), −α − 1, −α, −color)     (null window)"),
        ("pvs.scout|pvs.research", "      if α < t < β then t ← −NEGASCOUT(RESULT(state, a), −β, −α, −color)"),
        ("pvs.update", "    v ← MAX(v, t)"),
        ("pvs.test", "    if v ≥ β then break"),
        ("pvs.window", "    α ← MAX(α, v)"),
        ("pvs.return", "  return v"),
    ]
    return Listing(title="NEGASCOUT (principal variation search)", lines=tuple(lines))


def expectiminimax_listing(*, depth_limited: bool = False) -> Listing:
    """The listing of EXPECTIMINIMAX, AIMA 4th ed. §5.5: minimax with chance nodes, one function per kind.

    The book writes it as one equation; here each case is a function, as
    Fig. 5.3 writes minimax, so each node's call is one frame of the stack.

    Examples
    --------
    >>> expectiminimax_listing().text("chance.update")
    '    v ← v + P(r) × EXPECTIMINIMAX(RESULT(s, r))'
    """
    terminal = ("  if CUTOFF-TEST(s, depth) then return EVAL(s)" if depth_limited
                else "  if TERMINAL-TEST(s) then return UTILITY(s)")
    return Listing("EXPECTIMINIMAX (AIMA 4th ed., §5.5)", (
        ("search.def", "function EXPECTIMINIMAX-DECISION(s) returns an action"),
        ("search.return", "  return arg max over a in ACTIONS(s) of EXPECTIMINIMAX(RESULT(s, a))"),
        ("", ""),
        ("emm.def", "function EXPECTIMINIMAX(s) returns a utility value"),
        ("emm.max", "  if TO-MOVE(s) = MAX then return MAX-VALUE(s)"),
        ("emm.min", "  if TO-MOVE(s) = MIN then return MIN-VALUE(s)"),
        ("emm.chance", "  if TO-MOVE(s) = CHANCE then return CHANCE-VALUE(s)"),
        ("", ""),
        ("max.def", "function MAX-VALUE(s) returns a utility value"),
        ("max.terminal", terminal),
        ("max.init", "  v ← −∞"),
        ("max.loop", "  for each a in ACTIONS(s) do"),
        ("max.update", "    v ← MAX(v, EXPECTIMINIMAX(RESULT(s, a)))"),
        ("max.return", "  return v"),
        ("", ""),
        ("min.def", "function MIN-VALUE(s) returns a utility value"),
        ("min.terminal", terminal),
        ("min.init", "  v ← +∞"),
        ("min.loop", "  for each a in ACTIONS(s) do"),
        ("min.update", "    v ← MIN(v, EXPECTIMINIMAX(RESULT(s, a)))"),
        ("min.return", "  return v"),
        ("", ""),
        ("chance.def", "function CHANCE-VALUE(s) returns a utility value"),
        ("chance.terminal", terminal),
        ("chance.init", "  v ← 0"),
        ("chance.loop", "  for each outcome r in OUTCOMES(s) do"),
        ("chance.update", "    v ← v + P(r) × EXPECTIMINIMAX(RESULT(s, r))"),
        ("chance.return", "  return v"),
    ))


def star1_listing(*, depth_limited: bool = False) -> Listing:
    """The listing of STAR1 (Ballard 1983): alpha-beta at MAX and MIN, and a chance node cut off by bounds.

    Every leaf value lies in [L, U], so a chance node lies in [lo, hi]: the
    outcomes searched count at their values, those to come at L or at U.
    With equal probabilities 1/N, outcome i's window is Ballard's
    (max(L, A_i), min(U, B_i)) of FACTS.md §11.

    Examples
    --------
    >>> star1_listing().text("chance.hi")
    '    hi ← hi + P(r) × (v − U)'
    """
    terminal = ("  if CUTOFF-TEST(s, depth) then return EVAL(s)" if depth_limited
                else "  if TERMINAL-TEST(s) then return UTILITY(s)")
    return Listing("STAR1 (Ballard 1983): expectiminimax with pruning, leaf values in [L, U]", (
        ("search.def", "function STAR1-DECISION(s) returns an action"),
        ("search.return", "  return arg max over a in ACTIONS(s) of STAR1(RESULT(s, a), L, U)"),
        ("", ""),
        ("star1.def", "function STAR1(s, α, β) returns a utility value"),
        ("star1.max", "  if TO-MOVE(s) = MAX then return MAX-VALUE(s, α, β)"),
        ("star1.min", "  if TO-MOVE(s) = MIN then return MIN-VALUE(s, α, β)"),
        ("star1.chance", "  if TO-MOVE(s) = CHANCE then return CHANCE-VALUE(s, α, β)"),
        ("", ""),
        ("max.def", "function MAX-VALUE(s, α, β) returns a utility value"),
        ("max.terminal", terminal),
        ("max.init", "  v ← −∞"),
        ("max.loop", "  for each a in ACTIONS(s) do"),
        ("max.update", "    v ← MAX(v, STAR1(RESULT(s, a), α, β))"),
        ("max.test", "    if v ≥ β then return v"),
        ("max.window", "    α ← MAX(α, v)"),
        ("max.return", "  return v"),
        ("", ""),
        ("min.def", "function MIN-VALUE(s, α, β) returns a utility value"),
        ("min.terminal", terminal),
        ("min.init", "  v ← +∞"),
        ("min.loop", "  for each a in ACTIONS(s) do"),
        ("min.update", "    v ← MIN(v, STAR1(RESULT(s, a), α, β))"),
        ("min.test", "    if v ≤ α then return v"),
        ("min.window", "    β ← MIN(β, v)"),
        ("min.return", "  return v"),
        ("", ""),
        ("chance.def", "function CHANCE-VALUE(s, α, β) returns a utility value"),
        ("chance.terminal", terminal),
        ("chance.init", "  lo ← L;  hi ← U"),
        ("chance.loop", "  for each outcome r in OUTCOMES(s) do"),
        ("chance.search", "    v ← STAR1(RESULT(s, r), MAX(L, U + (α − hi) / P(r)), MIN(U, L + (β − lo) / P(r)))"),
        ("chance.lo", "    lo ← lo + P(r) × (v − L)"),
        ("chance.high", "    if lo ≥ β then return lo"),
        ("chance.hi", "    hi ← hi + P(r) × (v − U)"),
        ("chance.low", "    if hi ≤ α then return hi"),
        ("chance.return", "  return lo"),
    ))
