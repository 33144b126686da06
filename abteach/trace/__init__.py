"""Traces: a search's events, replayed into frames and told in sentences.

Each algorithm describes itself once here (:mod:`abteach.trace.protocol`): its
listing, the state it keeps per node, how its events replay into that state
and how they are narrated.  Views read frames and never ask which algorithm
made them.
"""

from abteach.trace.frames import Frame, NodeState, Status, Trace
from abteach.trace.listings import Listing, listing

__all__ = ["Frame", "NodeState", "Status", "Trace", "Listing", "listing"]
