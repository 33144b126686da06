"""Shared test configuration: the tests form a package, so helpers import relatively."""
