"""Quadrille's commands, one module each (simulate, show, evaluate, solve, rules, report, bench),
their options, and the views that print their results."""
