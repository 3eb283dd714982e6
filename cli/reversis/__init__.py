"""Reversis commands, one module each: simulate, show, evaluate, rules, odds, ladder, train, bench."""
