"""The pure-Python reference engine: slow, readable, checked against the kernel deal by deal.

It plays the same deals as the numba kernel (kernel/quadrille/_engine.py, _rules.py, _settle.py) from the
same contract, docs/engine.md (and docs/variants.md for the variants' contracts), but its rules are written afresh, one concern per module, each
citing the passage it follows (RULES.md §1, the Encyclopédie's article QUADRILLE):

    rules.py       the ruleset's values under readable names
    ranking.py     card order and effective suits, from the ruleset's rank lists
    play.py        legal plays (follow suit, matador privilege, optional duty to trump, the called
                   king's duty) and trick winners
    auction.py     the auction over the ruleset's bid ladder and the forced asker
    contract.py    contract, legal calls and demands, casco calls, friend
    scoring.py     vole, result, matadors, the defender with the highest trump
    settlement.py  antes, the table, payments, sharing, the bête and its chain
    state.py       what the table has seen while the tricks are played
    deal.py        one deal from shuffle to row (the casco and the demanded king's exchange too),
                   and sessions of deals
    variants.py    paired replays of the same deals with fixed decisions
    decisions.py   the bridge to the shared policies

Why the policies are shared. The parity test (tests/test_parity.py) checks the *rules
engine*: the shuffle, which options are legal, who wins each trick, the auction, the result
and every payment. The policies are plug-ins that pick among legal options; both engines call
the very same jitted functions of kernel/quadrille/_policies.py, with arguments each engine builds for
itself (the reference builds its own observation array and keeps its random stream in step).
A rule the two engines disagree on then shows up as a different set of options, a different
draw count or a different row, so whole rows agree only if the rules agree. Re-implementing
the policies would test nothing more about the rules and would double the code to keep in step.

The kernel's lookup tables (``tables.build_tables``) are read only in decisions.py, to
translate cards into the ordered encoding the policies expect; no rule here depends on them,
and nothing here calls kernel/quadrille/_rules.py, _settle.py or _engine.py.
"""

from .contract import legal_calls
from .deal import Forced, PlayedDeal, ReferenceEngine, deal_hands, play_deal, play_deals
from .play import legal_cards, trick_winner
from .ranking import Ranking, ranking
from .rules import Rules, read_rules
from .settlement import Table, bete_size, split_side

__all__ = [
    "Forced", "PlayedDeal", "Ranking", "ReferenceEngine", "Rules", "Table", "bete_size", "deal_hands", "legal_calls", "legal_cards",
    "play_deal", "play_deals", "ranking", "read_rules", "split_side", "trick_winner",
]
