"""Quadrille's commands, one module each (simulate, show, evaluate, solve, rules, odds, report,
ladder, train, bench), their options, and the views that print their results."""
