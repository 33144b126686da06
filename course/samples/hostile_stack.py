# Hostile: walks up the stack and through every live object, looking for the grader's pipe, seed and
# expected answers; forges a "done" message on any channel it finds, and returns what the frames held.
# The forged done names no run of the grader's (it carries no run id), so the run stops there as written on
# the grader's channel.
# Expected: raised
import gc
import sys


def alpha_beta_search(game, state):
    seen = []
    frame = sys._getframe()
    while frame is not None:
        seen.append(f"{frame.f_code.co_filename}:{frame.f_code.co_name} {sorted(frame.f_locals)}")
        for value in frame.f_locals.values():
            if hasattr(value, "send"):       # a pipe to the grader: claim the right move, with nothing searched
                try:
                    value.send({"t": "done", "status": "ok", "returned": "a1", "error": None, "printed": 0})
                except Exception:
                    pass
        frame = frame.f_back
    secrets = [repr(o)[:200] for o in gc.get_objects() if type(o).__name__ in ("Tree", "GradingGame", "Behaviour")]
    return " | ".join(seen + secrets)
