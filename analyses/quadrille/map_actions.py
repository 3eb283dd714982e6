"""What a decision map replays: pass and each bid of a ruleset, stopping at the game and going
for the vole, and the integer layout of one class's sums for that many actions.

Plain quadrille offers the ask and the sans prendre (five actions); the médiateur adds the
demand, the Italian ladder the demand and casco (docs/variants.md). Everything that depends on
the action set (the variants played, the comparisons, the offsets of the sums) derives from
``MapLayout``, so decision_maps.py has no list of bids of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.ruleset import Ruleset
from spadille.kernel.quadrille.variants import Force, Variant

# ---------------------------------------------------------------- per-cell sufficient statistics (int64)
# For a layout of n actions (MapLayout.k_*): K_N deals (focal hands) in the cell; from K_SUM, per
# action, the sum of the focal seat's payments; from k_gram, per pair of actions (a, b), the sum
# of pay_a * pay_b, row-major; from k_declared, per action, the focal seat played the contract
# (its own bid); from k_win, declared and won; from k_point, declared and its side reached the
# vole point; from k_made, declared and made the vole; from k_vole_shift, per vole pair (stop, go),
# three sums that move the vole's go - stop to another vole.value exactly (vole.vole_table): the
# focal seat's shift per jeton of vole value (+share if the vole was made going on, -share if it
# failed, 0 where the point was not reached), the difference go - stop times that shift, and the
# shift squared. Then what the deal left on the table (OUT_POOL at a fresh table: a remise's antes,
# a bête put down), so the same bids can be valued under session accounting (accounting.py): from
# k_table, per action, the sum of the jetons left; from k_pay_table, per pair (a, b), the sum of
# pay_a * left_b; from k_table_gram, per pair, the sum of left_a * left_b. n_k entries in all.
K_N = 0
K_SUM = 1


STOP, GO = 0, 1
BID_CODES = {"pass": L.PASS, "ask": L.ASK, "demand": L.DEMAND, "casco": L.CASCO, "sans-prendre": L.ALONE}


@dataclass(frozen=True)
class MapLayout:
    """The actions a map replays, from a ruleset's bids (auction.contracts, lowest first):
    pass, then each bid stopping at the game and going on for the vole ("bid+vole"), and the
    integer layout of a cell's sums for that many actions (K_* offsets)."""

    bids: tuple[str, ...]   # "pass" first, then the ruleset's bids by precedence
    # The range of one deal's payment under the ruleset (payment_range.py): it bounds the interval
    # of a cell whose every deal paid the same (stats.mean_interval). Not part of the layout's identity.
    pay_range: tuple[int, int] | None = field(default=None, compare=False)

    @property
    def declaring(self) -> tuple[str, ...]:
        return self.bids[1:]

    @property
    def actions(self) -> tuple[str, ...]:
        return ("pass",) + tuple(name for bid in self.declaring for name in (bid, f"{bid}+vole"))

    @property
    def vole_pairs(self) -> tuple[tuple[str, str], ...]:
        return tuple((bid, f"{bid}+vole") for bid in self.declaring)

    @property
    def comparisons(self) -> tuple[tuple[str, str], ...]:
        """Each bid over pass, each bid over every lower one, each vole over its stop."""
        over_pass = tuple((bid, "pass") for bid in self.declaring)
        over_lower = tuple((high, low) for i, low in enumerate(self.declaring) for high in self.declaring[i + 1:])
        return over_pass + over_lower + tuple((go, stop) for stop, go in self.vole_pairs)

    @property
    def threshold_comparisons(self) -> tuple[tuple[str, str], ...]:
        """Each bid over the one below it, and the highest over pass."""
        steps = tuple((self.bids[i + 1], self.bids[i]) for i in range(len(self.bids) - 1))
        top = (self.bids[-1], "pass")
        return steps if top in steps else steps + (top,)

    def variants(self, seat: int) -> list[Variant]:
        """The actions of the focal seat; each "+vole" right after its "stop" twin, so the
        kernel copies the deals where the point is never reached instead of replaying them."""
        out = [Variant("pass", Force(seat=seat, bid=L.PASS))]
        for bid in self.declaring:
            out.append(Variant(bid, Force(seat=seat, bid=BID_CODES[bid], vole=STOP)))
            out.append(Variant(f"{bid}+vole", Force(seat=seat, bid=BID_CODES[bid], vole=GO)))
        return out

    # per-cell sufficient statistics (int64), see K_* below
    @property
    def n_act(self) -> int:
        return len(self.actions)

    @property
    def k_gram(self) -> int:
        return K_SUM + self.n_act

    @property
    def k_declared(self) -> int:
        return self.k_gram + self.n_act * self.n_act

    @property
    def k_win(self) -> int:
        return self.k_declared + self.n_act

    @property
    def k_point(self) -> int:
        return self.k_win + self.n_act

    @property
    def k_made(self) -> int:
        return self.k_point + self.n_act

    @property
    def k_vole_shift(self) -> int:
        return self.k_made + self.n_act

    @property
    def k_table(self) -> int:
        return self.k_vole_shift + 3 * len(self.vole_pairs)

    @property
    def k_pay_table(self) -> int:
        return self.k_table + self.n_act

    @property
    def k_table_gram(self) -> int:
        return self.k_pay_table + self.n_act * self.n_act

    @property
    def n_k(self) -> int:
        return self.k_table_gram + self.n_act * self.n_act

    def index(self, action: str) -> int:
        return self.actions.index(action)


def map_layout(ruleset: Ruleset) -> MapLayout:
    from .payment_range import payment_range

    return MapLayout(("pass", *ruleset["auction.contracts"]), pay_range=payment_range(ruleset))


PLAIN = MapLayout(("pass", "ask", "sans-prendre"))  # plain quadrille's map (encyclopedie-1765)
