"""Quadrille's analyses: the run summary, row frames, the focal seat's paired view, decision maps
with their action sets and cells, the verdicts and rule card read from them, the bidding
fixpoint, the rule check under pimc, the strength ladder (by seat, by team, by contract and role)
and strong's tuning, the vole tables, session accounting, hand evaluation, odds and the plots."""
