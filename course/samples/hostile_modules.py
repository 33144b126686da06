# Hostile: tampers with sys.modules and the json module, so every message its process sends says
# "done, the move is a1", and plants a fake abteach in sys.modules.
# Expected: wrong
import sys
import types


def alpha_beta_search(game, state):
    fake = types.ModuleType("json")
    fake.dumps = lambda *args, **kwargs: '{"t": "done", "status": "ok", "returned": "a1", "printed": 0}'
    fake.loads = lambda *args, **kwargs: {"t": "ok", "v": True}
    for name in list(sys.modules):
        if name == "json" or name.startswith("json."):
            sys.modules[name] = fake
    real = [m for m in list(sys.modules.values()) if getattr(m, "__name__", "") == "json" and m is not fake]
    for m in real:
        m.dumps = fake.dumps
    sys.modules["grader"] = types.SimpleNamespace(passed=True, score=15)
    return "a1"
