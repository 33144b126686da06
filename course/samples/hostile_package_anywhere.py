# Hostile: looks for the grader's package anywhere on the sandbox's file system (every folder of sys.path, any
# site-packages, the whole tree from /) and loads it from its file path, around any import guard.
# Expected: raised
import importlib.util
import os
import sys

NAME = "abt" + "each"


def _find():
    roots = [p for p in sys.path if p] + ["/"]
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in ("proc", "dev", "sys")]
            if os.path.basename(folder) == NAME and "__init__.py" in files:
                return os.path.join(folder, "__init__.py")
    return None


def alpha_beta_search(game, state):
    found = _find()
    if found is None:
        raise FileNotFoundError("the package is nowhere in the sandbox")
    sys.path.insert(0, os.path.dirname(os.path.dirname(found)))
    spec = importlib.util.spec_from_file_location(NAME, found, submodule_search_locations=[os.path.dirname(found)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[NAME] = module
    spec.loader.exec_module(module)
    return module.alphabeta(game, state).move
