# Hostile: sends what it sees to a server of its own, and asks it for the answer.
# Expected: raised
import socket


def alpha_beta_search(game, state):
    with socket.create_connection(("127.0.0.1", 8888), timeout=2) as s:
        s.sendall(repr(game.actions(state)).encode())
        return s.recv(100).decode()
