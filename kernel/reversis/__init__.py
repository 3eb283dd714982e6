"""Reversis."""
