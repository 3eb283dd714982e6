"""Cabriolet's commands, one module each (simulate, show, rules, odds, bench), with their options
and the tables they print."""
