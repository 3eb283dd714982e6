"""Quadrille's analyses: the run summary, row frames, the focal seat's paired view, decision maps
and their action sets, the vole tables, hand evaluation and the plots."""
