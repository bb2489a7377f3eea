"""Tests for ohhell (shared hypothesis strategies live in :mod:`tests.strategies`)."""
