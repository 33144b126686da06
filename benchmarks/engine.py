"""Benchmarks of the game-playing engine and of MCTS, on Connect Four and tic-tac-toe.  Run by hand.

    python benchmarks/engine.py [--sections perft,aima,depth,easyai,mcts] [--games 20] [--mcts-games 50]

Sections, each printing its figures and the target beside them:

``perft``   positions to ply 7 on 7 × 6 through the public Game protocol (about 960,000 ``result()`` calls);
``aima``    on the same Connect Four positions at the same depth, with an evaluation of 0 for every
            position not over: the engine's untraced fast path (``abteach.search.solve.deepen``:
            iterative deepening, table, killers, centre-first, on the bitboards), the readable
            ``ab.iterative_deepening`` it must agree with (same value, move and node count), and
            aima3's ``alphabeta_cutoff_search``, timed in turns, round after round, best of each; the
            value aima3's move has for the engine must be the engine's own root value;
``depth``   the depth the engine reaches at 1 s a move from the opening, with its own evaluation
            (the readable search, which ``ab.players.engine`` runs, and the fast path);
``easyai``  the engine at 1 s a move against easyAI's ``Negamax(6)``, colours alternated, each game
            opened by two seeded random plies;
``mcts``    playouts a move MCTS needs to never lose to a perfect tic-tac-toe player in N games as X
            and as O, and its loss rate against a random player.

The book's code and easyAI run in their own venv, benchmarks/.venv-peer (benchmarks/setup_peer.sh).
This same file, run there with ``--peer``, answers requests in JSON lines on stdin, importing only
aima3 and easyAI, so neither environment imports the other's packages.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PEER_PYTHON = HERE / ".venv-peer" / "bin" / "python"


# -- the peer side: aima3 and easyAI, driven over stdin/stdout ------------------------------------------------
def peer_main() -> None:
    from aima3.games import ConnectFour as AimaConnectFour
    from aima3.games import alphabeta_cutoff_search
    from easyAI import AI_Player, Negamax
    from easyAI.games import ConnectFour as EasyConnectFour

    aima = AimaConnectFour()

    def aima_state(moves: list[int]) -> Any:
        s = aima.initial
        for c in moves:
            # aima3's ConnectFour names a cell (x, y): x the column from 1, y the row from 1 at the bottom.
            cell = next((x, y) for (x, y) in aima.actions(s) if x == c + 1)
            s = aima.result(s, cell)
        return s

    for line in sys.stdin:
        req = json.loads(line)
        op = req["op"]
        if op == "orientation":
            s = aima.initial
            first = aima.result(s, sorted(aima.actions(s))[0])
            board = [[first.board.get((x, y), ".") for x in range(1, aima.h + 1)] for y in range(aima.v, 0, -1)]
            out: dict[str, Any] = {"opening_moves": len(aima.actions(s)), "rows": ["".join(r) for r in board],
                                   "first_cell": sorted(aima.actions(s))[0]}
        elif op == "aima":
            s = aima_state(req["moves"])
            # aima3 cuts off when depth > d, counting the root's children as depth 1: d + 1 plies.
            d = req["depth"] - 1
            zero = (lambda st: aima.utility(st, aima.to_move(aima_state(req["moves"])))
                    if aima.terminal_test(st) else 0)
            best = float("inf")
            move = None
            for _ in range(req.get("repeat", 1)):
                t = time.perf_counter()
                move = alphabeta_cutoff_search(s, aima, d=d, eval_fn=zero)
                best = min(best, time.perf_counter() - t)
            out = {"move": move[0] - 1, "seconds": best}
        elif op == "easyai":
            game = EasyConnectFour([AI_Player(Negamax(req["depth"])), AI_Player(Negamax(req["depth"]))])
            for c in req["moves"]:
                game.make_move(c)
                game.switch_player()
            t = time.perf_counter()
            move = game.player.ask_move(game)
            out = {"move": int(move), "seconds": time.perf_counter() - t}
        else:
            out = {"error": f"unknown op {op!r}"}
        print(json.dumps(out), flush=True)


class Peer:
    def __init__(self) -> None:
        if not PEER_PYTHON.exists():
            raise SystemExit(f"no peer venv at {PEER_PYTHON}: run bash benchmarks/setup_peer.sh")
        self.p = subprocess.Popen([str(PEER_PYTHON), __file__, "--peer"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def ask(self, **req: Any) -> dict[str, Any]:
        assert self.p.stdin is not None and self.p.stdout is not None
        self.p.stdin.write(json.dumps(req) + "\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())  # type: ignore[no-any-return]

    def close(self) -> None:
        if self.p.stdin:
            self.p.stdin.close()
        self.p.wait(timeout=30)


# -- our side -------------------------------------------------------------------------------------------------------
def section_perft() -> None:
    import abteach as ab

    game = ab.ConnectFour()
    calls = 0

    def walk(s: Any, d: int) -> int:
        nonlocal calls
        if d == 0:
            return 1
        n = 0
        for a in game.actions(s):
            calls += 1
            n += walk(game.result(s, a), d - 1)
        return n

    t = time.perf_counter()
    leaves = walk(game.initial, 7)
    dt = time.perf_counter() - t
    print(f"perft 7 on 7×6: {leaves:,} positions at ply 7, {calls:,} result() calls in {dt:.1f} s "
          f"({calls / dt:,.0f} calls/s)   target: well under 60 s")


def zero_eval(game: Any) -> Any:
    def zero(state: Any, player: Any) -> float:
        return float(game.utility(state, player)) if game.is_terminal(state) else 0.0
    return zero


POSITIONS = [[], [3], [3, 3], [3, 2, 4], [2, 3, 3, 4, 4], [3, 3, 3, 3, 2, 4]]


def section_aima(peer: Peer, depth: int, rounds: int) -> None:
    import abteach as ab
    from abteach.search.solve import deepen

    game = ab.ConnectFour()
    zero = zero_eval(game)
    o = peer.ask(op="orientation")
    print(f"aima3's ConnectFour: {o['opening_moves']} opening moves; after its first listed move "
          f"{tuple(o['first_cell'])}, top row first:")
    for r in o["rows"]:
        print("    " + " ".join(r))
    print(f"Connect Four, depth {depth}, evaluation 0 for every position not over: the engine's fast path, "
          f"the readable engine and aima3 alphabeta_cutoff_search, best of {rounds} interleaved rounds")
    print(f"{'position':<22}{'engine s':>10}{'readable s':>12}{'aima3 s':>10}{'ratio':>8}{'nodes':>9}  "
          f"same as readable / same value")
    total_ours = total_readable = total_theirs = 0.0
    all_same = all_twin = True
    for moves in POSITIONS:
        s = game.play(moves)
        ours = readable = theirs = float("inf")
        move = None
        for _ in range(rounds):
            t = time.perf_counter()
            f = deepen(game, s, max_depth=depth, evaluate=zero, order=game.order)
            ours = min(ours, time.perf_counter() - t)
            t = time.perf_counter()
            r = ab.iterative_deepening(game, s, max_depth=depth, evaluate=zero, order=game.order, trace=False)
            readable = min(readable, time.perf_counter() - t)
            answer = peer.ask(op="aima", moves=moves, depth=depth)
            theirs = min(theirs, answer["seconds"])
            move = answer["move"]
        twin = (f.value, f.move, f.nodes) == (r.value, r.move, r.nodes)
        all_twin &= twin
        # Each search's value is for the player to move where it starts: the child's is the opponent's.
        after = game.result(s, move)
        if game.is_terminal(after):
            worth = float(game.utility(after, game.to_move(s)))
        elif depth == 1:
            worth = 0.0
        else:
            worth = -ab.iterative_deepening(game, after, max_depth=depth - 1, evaluate=zero, order=game.order,
                                            trace=False).value
        same = abs(worth - f.value) < 1e-9
        all_same &= same
        total_ours += ours
        total_readable += readable
        total_theirs += theirs
        print(f"{str(moves):<22}{ours:>10.3f}{readable:>12.3f}{theirs:>10.3f}{theirs / ours:>7.2f}×{f.nodes:>9,}  "
              f"{'yes' if twin else 'NO'} / {'yes' if same else 'NO'} (engine {f.value:+g} plays {f.move}, "
              f"aima3 plays {move})")
    print(f"all positions: engine {total_ours:.3f} s, readable {total_readable:.3f} s, aima3 {total_theirs:.3f} s: "
          f"engine {total_theirs / total_ours:.2f}× faster than aima3 (readable {total_theirs / total_readable:.2f}×)"
          f"   target: ≥ 5×, same values: {'yes' if all_same else 'NO'}, "
          f"fast path = readable: {'yes' if all_twin else 'NO'}")


def section_depth(seconds: float) -> None:
    import abteach as ab

    game = ab.ConnectFour()
    r = ab.iterative_deepening(game, max_depth=42, evaluate=game.evaluate, order=game.order, tt=True,
                               killers=True, time_budget=seconds, trace=False)
    print(f"engine, readable search, own evaluation, {seconds:g} s from the opening: "
          f"depth {r.stats.get('depth')} ({r.nodes:,} nodes), move {r.move}   target: report it")
    f = ab.players.engine(seconds).think(game, game.initial)
    print(f"engine's fast path, as ab.players.engine plays, the same: depth {f.depth} ({f.nodes:,} nodes), "
          f"move {f.move}")


def section_easyai(peer: Peer, games: int, seconds: float, seed: int) -> None:
    import abteach as ab

    game = ab.ConnectFour()
    engine = ab.players.engine(seconds)
    score = {"engine": 0, "easyAI": 0, "draw": 0}
    for k in range(games):
        rng = random.Random(seed * 1000 + k // 2)  # the same two opening plies for both colourings
        s = game.initial
        moves: list[int] = []
        for _ in range(2):
            a = rng.choice(game.actions(s))
            moves.append(a)
            s = game.result(s, a)
        engine_side = "X" if k % 2 == 0 else "O"
        while not game.is_terminal(s):
            if game.to_move(s) == engine_side:
                a = engine(game, s)
            else:
                a = peer.ask(op="easyai", moves=moves, depth=6)["move"]
            moves.append(a)
            s = game.result(s, a)
        u = game.utility(s, engine_side)
        score["engine" if u > 0 else "easyAI" if u < 0 else "draw"] += 1
        print(f"  game {k + 1:>2}: engine as {engine_side}, {len(moves)} plies: "
              f"{'engine wins' if u > 0 else 'easyAI wins' if u < 0 else 'draw'}", flush=True)
    rate = score["engine"] / games
    print(f"engine {seconds:g} s/move against easyAI Negamax(6), {games} games, colours alternated: "
          f"{score['engine']} won, {score['draw']} drawn, {score['easyAI']} lost ({rate:.0%})   target: ≥ 90% won")


def section_mcts(games: int, budgets: list[int]) -> None:
    import abteach as ab

    game = ab.TicTacToe()
    print(f"MCTS against a perfect tic-tac-toe player (varied among equal moves), {games} games as X and as O:")
    print(f"{'playouts':>9}{'lost as X':>11}{'lost as O':>11}{'lost to random':>16}")
    never = None
    for n in budgets:
        lost = []
        for first in (True, False):
            m = ab.match(ab.players.mcts(n), ab.players.perfect(), game, games=2 * games, seed=n)
            # Games alternate colours: keep those where MCTS moved first (or second), `games` of each.
            lost.append(sum(1 for g in m.games if (g.first == 0) == first and g.winner == 1))
        r = ab.match(ab.players.mcts(n), ab.players.random(), game, games=2 * games, seed=n + 1)
        print(f"{n:>9}{lost[0]:>11}{lost[1]:>11}{r.count(0, 'lost'):>12} of {2 * games}", flush=True)
        if never is None and lost == [0, 0]:
            never = n
    print(f"fewest playouts that never lost to perfect play as X or as O: {never}   target: report it")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--peer", action="store_true")
    ap.add_argument("--sections", default="perft,aima,depth,easyai,mcts")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--mcts-games", type=int, default=50)
    ap.add_argument("--budgets", default="25,50,100,200,400,800,1600")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.peer:
        peer_main()
        return
    sys.path.insert(0, str(HERE.parent))
    sections = args.sections.split(",")
    peer = Peer() if {"aima", "easyai"} & set(sections) else None
    try:
        for name in sections:
            print(f"\n== {name} ==", flush=True)
            if name == "perft":
                section_perft()
            elif name == "aima":
                section_aima(peer, args.depth, args.rounds)  # type: ignore[arg-type]
            elif name == "depth":
                section_depth(args.seconds)
            elif name == "easyai":
                section_easyai(peer, args.games, args.seconds, args.seed)  # type: ignore[arg-type]
            elif name == "mcts":
                section_mcts(args.mcts_games, [int(b) for b in args.budgets.split(",")])
            else:
                raise SystemExit(f"unknown section {name!r}")
    finally:
        if peer is not None:
            peer.close()


if __name__ == "__main__":
    main()
