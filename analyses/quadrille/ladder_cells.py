"""The ladder's cells: each (deal, seat) pair classed by the reference's play of the deal, and the
gain of each group of pairs with its paired 95% interval.

A pair's contract and role are the reference's: what the all-reference play of the deal made of
the seat (the ombre, his called friend, a defender; no role where nobody played). Every policy is
then measured on the same pairs of a cell, so two policies' cells compare deal for deal. Groups:
the whole table, each role (and the side and the defenders), each seat, each contract the deals
produced (in the layout's order, named by layout.CONTRACT_NAMES), and each contract and role.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from spadille.analyses.paired import stratified_ratio_ci
from spadille.kernel.quadrille import layout as L

OMBRE, FRIEND, DEFENDER, NO_ROLE = 0, 1, 2, 3
ROLE_NAMES = ("ombre", "friend", "defender")
TEAM_GROUPS = {"side": (OMBRE, FRIEND), "defenders": (DEFENDER,)}
OVERALL = "overall"
SPLITS = ("role", "seat", "contract")   # what --by may name; "contract,role" crosses the first and the last


@dataclass(frozen=True)
class Auction:
    """What the ladder keeps of a play's auction, per deal: contract, ombre and friend (int64[n])."""

    contract: np.ndarray
    ombre: np.ndarray
    friend: np.ndarray

    def roles(self, seats: int) -> np.ndarray:
        """int8[n, seats]: OMBRE, FRIEND, DEFENDER or NO_ROLE for each seat."""
        seat = np.arange(seats)[None, :]
        role = np.full((self.contract.size, seats), DEFENDER, dtype=np.int8)
        role[seat == self.friend[:, None]] = FRIEND
        role[seat == self.ombre[:, None]] = OMBRE
        role[self.contract == L.NO_CONTRACT] = NO_ROLE
        return role

    def differs(self, other: "Auction") -> np.ndarray:
        """bool[n]: deals whose contract, ombre or friend differ."""
        n = self.contract.size
        return ((self.contract != other.contract[:n]) | (self.ombre != other.ombre[:n])
                | (self.friend != other.friend[:n]))


def groups(auction: Auction, seats: tuple[str, ...]) -> list[tuple[str, str, str, str, np.ndarray]]:
    """(by, group, contract, role, bool[deals, seats]) for every group of the table; contracts in
    code order, those the deals produced."""
    role = auction.roles(len(seats))
    everyone = np.ones(role.shape, dtype=bool)
    out = [(OVERALL, OVERALL, "", "", everyone)]
    out += [("role", name, "", name, role == code) for code, name in enumerate(ROLE_NAMES)]
    out += [("role", name, "", name, np.isin(role, codes)) for name, codes in TEAM_GROUPS.items()]
    for index, seat in enumerate(seats):
        only = np.zeros(role.shape, dtype=bool)
        only[:, index] = True
        out.append(("seat", seat, "", "", only))
    for code in np.unique(auction.contract):
        if code == L.NO_CONTRACT:
            continue
        name = L.CONTRACT_NAMES[code]
        of_contract = np.broadcast_to((auction.contract == code)[:, None], role.shape)
        out.append(("contract", name, name, "", of_contract.copy()))
        for role_code, role_name in enumerate(ROLE_NAMES):
            members = of_contract & (role == role_code)
            if members.any():
                out.append(("contract,role", f"{name} / {role_name}", name, role_name, members))
    return out


def estimate(gain: np.ndarray, members: np.ndarray, plan) -> tuple[int, int, float, float, float]:
    """(deals, pairs, mean, low, high) of ``gain`` over the ``members`` pairs, the deals as the
    independent draws, stratum by stratum as the plan drew them (ladder_deals.DealPlan)."""
    deals = gain.shape[0]
    counts = members.sum(axis=1)
    sums = (gain * members).sum(axis=1)
    n, mean, low, high = stratified_ratio_ci(sums, counts, plan.stratum[:deals], plan.weights, plan.screened)
    return int((counts > 0).sum()), n, mean, low, high
