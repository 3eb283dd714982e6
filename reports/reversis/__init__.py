"""Reversis's part of the standard report."""
