"""Every payment of a deal, kept as it happens: who pays whom, how much, in which category, why.

The pool is account 4. A ledger's payments sum to zero over the five accounts by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import layout as L


@dataclass(frozen=True)
class Payment:
    category: int       # layout.C_*
    payer: int          # 0-3 a position, 4 the pool
    receiver: int
    amount: int         # fiches, > 0
    trick: int          # 0 before or after the play
    reason: str


@dataclass
class Ledger:
    payments: list[Payment] = field(default_factory=list)

    def pay(self, category: int, payer: int, receiver: int, amount: int, trick: int, reason: str) -> None:
        if amount > 0 and payer != receiver:
            self.payments.append(Payment(category, payer, receiver, amount, trick, reason))

    def by_category(self) -> list[list[int]]:
        """[category][account] net amounts."""
        table = [[0] * L.N_ACCOUNTS for _ in range(L.N_CATEGORIES)]
        for p in self.payments:
            table[p.category][p.payer] -= p.amount
            table[p.category][p.receiver] += p.amount
        return table

    def net(self) -> list[int]:
        return [sum(row[a] for row in self.by_category()) for a in range(L.N_ACCOUNTS)]


def multiplier(payer: int, receiver: int, trick: int, bonne_tricks: int) -> int:
    """"Tous ces payemens sont doubles en vis-à-vis" and "encore doubles .1 la premicic et à la
    dernière bonne" (seed): x2 between players sitting opposite, x2 at the last ``bonne_tricks``."""
    m = 2 if payer < L.N_POS and receiver < L.N_POS and payer ^ 2 == receiver else 1
    if trick > L.N_TRICKS - bonne_tricks:
        m *= 2
    return m
