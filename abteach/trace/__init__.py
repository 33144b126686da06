"""Traces: a search's events, replayed into frames and told in sentences.

Each algorithm describes itself once here (:mod:`abteach.trace.protocol`): its
listing, the state it keeps per node, how its events replay into that state
and how they are narrated.  Views read frames and never ask which algorithm
made them.
"""

from abteach.trace.frames import Frame, Trace
from abteach.trace.listings import Listing
from abteach.trace.protocol import Algorithm, NodeState, Status, Telling
from abteach.trace.registry import Registration, listing, register, registered

__all__ = ["Algorithm", "Frame", "NodeState", "Status", "Telling", "Trace", "Listing", "listing", "Registration",
           "register", "registered"]
