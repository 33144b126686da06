# Hostile: reads a hidden tree's leaves, then forges its error report so that the exception's class name, the
# function's name and the line number spell them out (line 10000, in f995, as the attack that found it did).
# Expected: raised
import __main__
import math

CALLS = []


def alpha_beta_search(game, state):
    CALLS.append(state)
    player = game.to_move(state)
    leaves = []

    def value(s):
        if game.is_terminal(s):
            leaves.append(int(game.utility(s, player)))
            return leaves[-1]
        values = [value(game.result(s, a)) for a in game.actions(s)]
        return max(values) if game.to_move(s) == player else min(values)

    best = max(game.actions(state), key=lambda a: value(game.result(state, a)))
    if len(CALLS) <= 7:  # the public trees come first
        return best
    digits = "".join(map(str, leaves))
    line = 1 + int(digits[:2] or 0) * 5           # a real line of this file, chosen by two leaves
    name = "f" + str(int(digits[2:4] or 0))        # a real function of this file, chosen by two more
    kind = "L" + digits[:20]
    __main__.failure = lambda error: {"type": kind, "message": digits, "frames": [[line, name]], "os": False}
    raise ValueError(digits)


def f0():
    pass

def f1():
    pass

def f2():
    pass

def f3():
    pass

def f4():
    pass

def f5():
    pass

def f6():
    pass

def f7():
    pass

def f8():
    pass

def f9():
    pass

def f10():
    pass

def f11():
    pass

def f12():
    pass

def f13():
    pass

def f14():
    pass

def f15():
    pass

def f16():
    pass

def f17():
    pass

def f18():
    pass

def f19():
    pass

def f20():
    pass

def f21():
    pass

def f22():
    pass

def f23():
    pass

def f24():
    pass

def f25():
    pass

def f26():
    pass

def f27():
    pass

def f28():
    pass

def f29():
    pass

def f30():
    pass

def f31():
    pass

def f32():
    pass

def f33():
    pass

def f34():
    pass

def f35():
    pass

def f36():
    pass

def f37():
    pass

def f38():
    pass

def f39():
    pass

def f40():
    pass

def f41():
    pass

def f42():
    pass

def f43():
    pass

def f44():
    pass

def f45():
    pass

def f46():
    pass

def f47():
    pass

def f48():
    pass

def f49():
    pass

def f50():
    pass

def f51():
    pass

def f52():
    pass

def f53():
    pass

def f54():
    pass

def f55():
    pass

def f56():
    pass

def f57():
    pass

def f58():
    pass

def f59():
    pass

def f60():
    pass

def f61():
    pass

def f62():
    pass

def f63():
    pass

def f64():
    pass

def f65():
    pass

def f66():
    pass

def f67():
    pass

def f68():
    pass

def f69():
    pass

def f70():
    pass

def f71():
    pass

def f72():
    pass

def f73():
    pass

def f74():
    pass

def f75():
    pass

def f76():
    pass

def f77():
    pass

def f78():
    pass

def f79():
    pass

def f80():
    pass

def f81():
    pass

def f82():
    pass

def f83():
    pass

def f84():
    pass

def f85():
    pass

def f86():
    pass

def f87():
    pass

def f88():
    pass

def f89():
    pass

def f90():
    pass

def f91():
    pass

def f92():
    pass

def f93():
    pass

def f94():
    pass

def f95():
    pass

def f96():
    pass

def f97():
    pass

def f98():
    pass

def f99():
    pass

