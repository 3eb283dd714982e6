"""The learned player's training positions: pimc's value of every legal card, on positions of real play.

A block of deals is played in the reference engine (kernel/quadrille/reference) with one team in
each deal played by the *learner* (the ``strong`` card play in the first round, the learned player
of the round before in the next ones: DAgger, so the positions are those the player itself meets)
and the other team by pimc; every seat bids as pimc does (the heuristic's default thresholds), so
the contracts and roles are those of a team comparison against pimc (issue 38). At each card a
seat plays with two or more legal cards, pimc scores every legal card on K sampled deals
(``search._players.pimc_totals``): the average is the label, and pimc's seats play its best card,
exactly as pimc does. The learner's own seats play the learner's card.

A position keeps what the player saw (the observation array, his hand, the legal cards, the cards
each seat has played) and the labels, so the features (kernel/quadrille/_learned.py) can change
without scoring the positions again. Blocks are module-level functions of plain arguments, so a
Dask cluster can run them (analyses/distributed); their results depend only on the arguments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import card_rules
from spadille.kernel.quadrille.policies import POLICIES, make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset

DEFENCE, SIDE = 0, 1          # which team the learner plays
TEAM_NAMES = ("defence", "side")
TEAM_ROLES = {DEFENCE: ("defender_called", "defender_alone"), SIDE: ("ombre", "friend", "forced_ombre")}
# The bidding every seat uses in the training deals: pimc's (the heuristic's defaults), so the
# auction is the reference's, as in a team comparison.
BIDDING = tuple(name for name, param in POLICIES["pimc"].params.items() if param.index in
                (L.H_ASK, L.H_ALONE, L.H_TAKE_FORCED, L.H_CALL_LONG, L.H_DEMAND, L.H_CASCO))

# The columns of a block's positions (one row a decision), as numpy arrays of the same length.
FIELDS = ("ruleset", "deal", "team", "learner", "pid", "obs", "hand", "legal", "played", "labels", "scored",
          "chosen")


def team_seat_policies(learner: str, team: int, seats: int):
    """Every seat plays the learner's policy with pimc's bidding, and pimc plays the other team's roles."""
    bidding = {name: POLICIES["pimc"].params[name].default for name in BIDDING}
    other = [role for role in card_rules.ROLES if role not in TEAM_ROLES[team]]
    policy = make_seat_policy(learner, {k: v for k, v in bidding.items() if k in POLICIES[learner].params},
                              roles={role: "pimc" for role in other})
    return (policy,) * seats


@dataclass
class _Sink:
    rows: list

    def arrays(self) -> dict[str, np.ndarray]:
        if not self.rows:
            return {name: np.zeros((0,) + shape, dtype=dtype) for name, (shape, dtype) in _SHAPES.items()}
        return {name: np.array([row[index] for row in self.rows], dtype=_SHAPES[name][1])
                for index, name in enumerate(FIELDS)}


_SHAPES = {"ruleset": ((), np.int8), "deal": ((), np.int64), "team": ((), np.int8), "learner": ((), np.bool_),
           "pid": ((), np.int8), "obs": ((L.N_OBS,), np.int64), "hand": ((), np.uint64), "legal": ((), np.uint64),
           "played": ((L.MAX_SEATS,), np.uint64), "labels": ((40,), np.float32), "scored": ((), np.int16),
           "chosen": ((), np.int8)}


def _labelling_policies(ruleset, seat_policies, learner_weights, sink: _Sink, ruleset_index: int, deal_ref: list,
                        team: int):
    """The reference engine's shared policies, with every real card decision scored by pimc first."""
    from spadille.kernel.quadrille.reference.decisions import SharedPolicies
    from spadille.kernel.quadrille.search._players import P_TIE, _pick, pimc_totals

    class LabellingPolicies(SharedPolicies):
        def card(self, state, seat, legal, stream, pid=None, rules_at=L.CARD_RULES):
            trump = state.ranking.trump
            hands, played = self._open_hands(state, trump)
            legal_mask = self.ordered_mask(legal, trump)
            obs = self.observation(state, seat)
            totals = np.zeros(40, dtype=np.int64)
            pimc_row = self.pimc_row
            scored, on_side = _consult_pair(stream, pimc_totals, pimc_row, np.int64(seat), legal_mask, hands, played,
                                            obs, np.int64(state.called), self.pack_mask(trump), self.policy_rules,
                                            self.pos_of_card, self.block_of_pos, self.block_mask, self.top_pos,
                                            self.compress8, self.dd_table, self.dd_shapes, totals)
            pid = int(self.ids[seat]) if pid is None else pid
            learner = pid != L.POLICY_PIMC
            if learner:
                card = super().card(state, seat, legal, stream, pid, rules_at)
                position = int(self.pos_of_card[trump, card])
            else:
                position = int(_pick(totals, legal_mask, on_side, pimc_row[P_TIE] >= 0.5)) if scored else \
                    int(min(self.pos_of_card[trump, c] for c in legal))
                card = int(self.card_of_pos[trump, position])
            labels = np.full(40, np.nan, dtype=np.float32)
            if scored:
                for c in legal:
                    p = int(self.pos_of_card[trump, c])
                    labels[p] = totals[p] / scored
            sink.rows.append((ruleset_index, deal_ref[0], team, learner, pid, obs, hands[seat], legal_mask, _pad(played),
                              labels, scored, position))
            return card

    # a strong learner needs no weights; learned ones are the round's own (never the shipped file's)
    weights = np.zeros(L.LEARNED_SIZE) if learner_weights is None else learner_weights
    policies = LabellingPolicies(ruleset, seat_policies, weights)
    policies.pimc_row = policies.params[0].copy()  # every row holds pimc's parameters at their defaults
    return policies


def _pad(played: np.ndarray) -> np.ndarray:
    out = np.zeros(L.MAX_SEATS, dtype=np.uint64)
    out[:len(played)] = played
    return out


def _consult_pair(stream, function, *arguments):
    """pimc_totals with the deal's stream (its argument before the last, ``totals``), taking back
    the draws it made as the reference engine's _consult does; returns its tuple."""
    rng = np.array([stream.key, stream.count], dtype=np.uint64)
    result = function(*arguments[:-1], rng, arguments[-1])
    stream.count = int(rng[1])
    return result


def label_block(ruleset_name: str, ruleset_index: int, seed: int, deals: Sequence[int], learner: str, teams: Sequence[int],
                learner_weights: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """Play ``deals`` of ``seed`` (the learner's team of each deal in ``teams``) and return the
    positions, FIELDS as arrays. ``learner_weights`` replaces the learned player's shipped weights."""
    from spadille.kernel.quadrille.reference import ReferenceEngine, Table

    ruleset = load_ruleset(ruleset_name)
    seats = ruleset["pack.seats"]
    sink = _Sink([])
    deal_ref = [0]
    engines = {}
    for deal, team in zip(deals, teams):
        team = int(team)
        if team not in engines:
            seat_policies = team_seat_policies(learner, team, seats)
            engines[team] = ReferenceEngine(ruleset, seat_policies, _labelling_policies(
                ruleset, seat_policies, learner_weights, sink, ruleset_index, deal_ref, team))
        deal_ref[0] = int(deal)
        engines[team].play_deal(seed, int(deal), Table())
    return sink.arrays()


# ---------------------------------------------------------------- which deals a round plays
@dataclass(frozen=True)
class Stratum:
    """Deals of one ruleset and contract a round labels (the contracts a team comparison splits by)."""

    ruleset: str
    contract: int
    deals: int


def screen_deals(ruleset_name: str, seed: int, strata: Sequence[Stratum], first_deal: int = 0) -> dict[int, list[int]]:
    """The first deals of ``seed`` (from ``first_deal``) whose contract under pimc's bidding is each
    stratum's, as many as it asks for: {contract: deal numbers}. The auction is the heuristic's at its
    default thresholds, which is pimc's (and the training deals' every seat), so a kernel run of the
    heuristic finds the contracts in milliseconds."""
    from spadille.kernel.quadrille.simulate import RunConfig, simulate

    ruleset = load_ruleset(ruleset_name)
    heuristic = make_seat_policy("heuristic")
    wanted = {s.contract: s.deals for s in strata if s.ruleset == ruleset_name}
    found: dict[int, list[int]] = {contract: [] for contract in wanted}
    start, step = first_deal, 20_000
    while any(len(found[c]) < n for c, n in wanted.items()):
        if start - first_deal > 50_000_000:
            missing = [L.CONTRACT_NAMES[c] for c, n in wanted.items() if len(found[c]) < n]
            raise ValueError(f"{ruleset_name}: too few deals with the contracts {', '.join(missing)}")
        rows = simulate(RunConfig(ruleset, (heuristic,) * ruleset["pack.seats"], seed, step, first_deal=start,
                                  record=True)).rows
        for contract, n in wanted.items():
            more = rows[rows[:, L.COL_CONTRACT] == contract, L.COL_DEAL]
            found[contract].extend(int(d) for d in more[:n - len(found[contract])])
        start += step
    return found
