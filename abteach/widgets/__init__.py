"""Widgets: steppers and comparisons in Jupyter, each with a static fallback."""
