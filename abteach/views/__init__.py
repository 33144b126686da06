"""Views: drawings, tables, plots and exported pictures of frames.

A view renders what a frame holds.  It never runs a search and never asks
which algorithm made the frame.
"""
