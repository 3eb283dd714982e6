"""Team play for the ladder: one seat policy that plays one team's cards as the candidate, the
other team's as the reference, and bids as the reference.

A defence is three players working together (leading through the ombre, keeping guards, never
ruffing a partner's winner); one candidate seat among three reference defenders cannot show
whether the candidate defends well, since its partners do not play its way. So in team mode the
candidate takes a whole team of a deal, every defender or the ombre and his friend, and the
reference plays the other team. The auction stays the reference's, so both plays of a deal have
the same contract and roles, and a gain is card play only, split cleanly by contract and role.

The kernel already lets a seat hand the cards of a role to another policy (``SeatPolicy.roles``,
layout.ROLE_POLICY) and keeps the heuristic's card-play rules role by role (ROLE.RULE), so the
team's seat is one policy row: the reference's bidding, each role's cards played by whoever plays
that role (its kernel, its rules), and the searching players' parameters of whichever policy has
its own. Every seat of the table gets the same row: which team a seat is on is its role, decided
at the auction. Pairs the row cannot express (two policies each with parameters of their own, or
a candidate that cannot bid as the reference) are refused in one sentence.
"""

from __future__ import annotations

from spadille.kernel.common.errors import SimulationError
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import card_rules
from spadille.kernel.quadrille.policies import (POLICIES, ROLE_POLICIES, SeatPolicy, kernel_arrays,
                                                learned_weights_file)

# The teams by card-play role (card_rules.ROLE_GROUPS): a forced ombre is on the side too.
TEAMS = {"side": card_rules.SIDE, "defenders": card_rules.DEFENDERS}
TEAM_WORDS = {"side": "the ombre and his friend", "defenders": "the defenders"}


def card_player(policy: SeatPolicy, role: str) -> str:
    """The registered name of the kernel that plays ``policy``'s cards in ``role``: strong's are
    the heuristic's kernel at strong's values (``values_of``)."""
    name = policy.roles.get(role, policy.name)
    return POLICIES[name].values_of or name


def _bidding_keys() -> tuple[str, ...]:
    """The parameters of the heuristic's bidding (every general parameter of the heuristic), which
    every policy that bids like the heuristic shares."""
    return tuple(k for k, p in POLICIES["heuristic"].params.items() if not (p.card_rule or p.shorthand))


def _bids_at_random(policy: SeatPolicy) -> bool:
    return POLICIES[policy.name].kernel_id == L.POLICY_RANDOM


def own_parameters(policy: SeatPolicy) -> dict[str, float]:
    """The parameters of ``policy`` that are neither bidding nor card-play rules (pimc's samples,
    dd's tie-break) and differ from what every seat's row holds before its own values are written
    (pimc's defaults): only a seat of that policy can set them."""
    prefill = _prefill()
    spec = POLICIES[policy.name]
    bidding = set(_bidding_keys())
    return {key: policy.value(key) for key, param in spec.params.items()
            if not (param.card_rule or param.shorthand or key in bidding)
            and policy.value(key) != prefill[param.index]}


def _prefill():
    """What every seat's row holds before its policy's own values are written (pimc's defaults)."""
    return kernel_arrays((SeatPolicy("random"),))[1][0]


def _rule_values(policy: SeatPolicy, role: str) -> dict[str, float]:
    """``role``'s card-play rules as ``policy`` plays them (the registered defaults for a policy
    without rules of its own, as the kernel's row holds them)."""
    has_rules = any(p.card_rule for p in POLICIES[policy.name].params.values())
    values = policy.card_rule_values() if has_rules else {}
    defaults = {k: p.default for k, p in POLICIES["heuristic"].params.items() if p.card_rule}
    return {key: values.get(key, default) for key, default in defaults.items() if key.startswith(role + ".")}


def team_policy(candidate: SeatPolicy, reference: SeatPolicy, roles: tuple[str, ...]) -> SeatPolicy:
    """The seat policy of a team deal: bids as ``reference``; plays the cards of ``roles`` (a
    team of TEAMS) as ``candidate`` and the other roles' as ``reference``. Every seat gets it.

    The row is built as the kernel reads it (policies.kernel_arrays): its base policy is the
    reference (whose seat sets the bidding), unless only the candidate has parameters of its own
    (pimc's), then the candidate with the reference's bidding values; the heuristic's card-play
    rules are given role by role (ROLE.RULE: every row holds them, whatever its policy), and a
    role another kernel plays is handed to it by name. It is built directly, not through
    ``make_seat_policy``, since a pimc seat takes no ROLE.RULE by name though its row holds them;
    ``_verify`` then reads the row back. SimulationError, in one sentence, for a pair one row
    cannot hold."""
    for policy in (candidate, reference):
        if policy.situation:
            raise SimulationError(f"team mode takes policies without a situation; {_short(policy)} has one")
    players = {role: (candidate if role in roles else reference) for role in card_rules.ROLES}
    base = candidate if own_parameters(candidate) and not own_parameters(reference) else reference
    spec = POLICIES[base.name]
    bidding = _bidding_keys()
    given = POLICIES[reference.name].params
    params = {key: (reference.value(key) if key in bidding and key in given else base.value(key))
              for key, param in spec.params.items() if not (param.card_rule or param.shorthand)}
    for role, player in players.items():
        params.update(_rule_values(player, role))
    own = spec.values_of or base.name
    handed = {role: card_player(player, role) for role, player in players.items()}
    for role, name in handed.items():
        if name not in ROLE_POLICIES and name != own:
            raise SimulationError(f"team mode: {name}'s card play cannot take a role's seats "
                                  f"(those that can: {', '.join(ROLE_POLICIES)})")
    team = SeatPolicy(base.name, params, {role: name for role, name in handed.items() if name != own},
                      weights=learned_weights_file((candidate, reference)))
    _verify(team, players, reference, candidate)
    return team


def _verify(team: SeatPolicy, players: dict[str, SeatPolicy], reference: SeatPolicy, candidate: SeatPolicy) -> None:
    """Read the team's row back: the reference's bidding (its kind and values), each role's kernel
    and rules, and every searching parameter as the policy that reads it would set it."""
    ids, rows = kernel_arrays((team,))
    row = rows[0]
    refused = SimulationError(f"team mode cannot seat {_short(candidate)} against {_short(reference)}: "
                              "one seat's row cannot hold both (each sets searching parameters of its own, or "
                              "they do not bid alike)")
    if _bids_at_random(team) != _bids_at_random(reference):
        raise refused
    heuristic = POLICIES["heuristic"].params
    if not _bids_at_random(reference):
        given = POLICIES[reference.name].params
        if any(row[heuristic[key].index] != reference.value(key) for key in _bidding_keys() if key in given):
            raise refused
    for role, player in players.items():
        name = card_player(player, role)
        slot = row[L.ROLE_POLICY + card_rules.ROLES.index(role)]
        kernel = int(ids[0]) if slot < 0 else int(slot)
        if kernel != POLICIES[name].kernel_id:
            raise refused
        if any(row[heuristic[key].index] != value for key, value in _rule_values(player, role).items()):
            raise refused
        for key, value in own_parameters(player).items():
            if row[POLICIES[player.name].params[key].index] != value:
                raise refused
    prefill = _prefill()
    for player in (candidate, reference):
        spec = POLICIES[player.name]
        for key, param in spec.params.items():   # a player's defaults must not be overwritten by the other's
            if key not in own_parameters(player) and not (param.card_rule or param.shorthand) \
                    and key not in _bidding_keys() and row[param.index] != prefill[param.index]:
                raise refused


def _short(policy: SeatPolicy) -> str:
    """The policy's name and the parameters of its own that set it apart (for a one-line refusal)."""
    own = own_parameters(policy)
    return policy.name + "".join(f":{key}={value:g}" for key, value in own.items())


def describe_team(candidate: SeatPolicy, reference: SeatPolicy, team: str) -> str:
    """In words: who plays which cards, and whose bidding."""
    return (f"{candidate.describe()} plays the cards of {TEAM_WORDS[team]}, {reference.describe()} the others' "
            "and every bid")


def screen_policy(reference: SeatPolicy) -> SeatPolicy:
    """A fast seat policy with the reference's auction: the heuristic at the reference's bidding
    values (random for a random reference), never searching. A deal's contract, ombre and friend
    are all the deal and the bidding, so this is how deals are screened by contract before any
    searching player plays them; the ladder checks that every played deal's auction agrees."""
    if _bids_at_random(reference):
        return SeatPolicy("random")
    given = POLICIES[reference.name].params
    return SeatPolicy("heuristic", {key: reference.value(key) for key in _bidding_keys() if key in given})
