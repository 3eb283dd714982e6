"""Reversis commands: simulate, show, rules, odds, bench."""
