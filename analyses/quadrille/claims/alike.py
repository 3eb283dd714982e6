"""Arms that would play alike: refused when a claim is read, from the policies' parameter rows.

Two arms of a card-play claim (``compare_play``) or of a policy claim (``compare_policies``) that give
every decision they touch the same effective values, under the run's card play, measure the same
thing twice: the claim would be reported as if tested. Whether they differ is decided from the rows
the kernel reads (policies.kernel_arrays), never by playing: for ``compare_play``, the card-play rules
and role policies of every role and decision (a lead, a card to another's lead, the vole) where the
situation can hold. Where it can hold is read from the situation's tree with the role and the
decision fixed and every other feature unknown (three-valued: a term the two fix is decided, the rest
may be either), so arms that differ only for roles or decisions the situation excludes are alike.
"""

from __future__ import annotations

from typing import Mapping

import numpy as np

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import card_rules

DECISIONS = ("lead", "follow", "vole")
_ROLE_FID, _POSITION_FID, _ON_LEAD_FID, _TRUMPS_FID, _VOLE_FID = 1, 3, 4, 7, 22   # situations.FEATURES
_WORDS = {"lead": "a lead", "follow": "a card to another's lead", "vole": "the vole decision"}
_SPARE = (2, 12)   # two trumps or more: one may be spared


def _known(role: str, decision: str) -> dict[int, tuple[int, int]]:
    """The ranges of the features a role and a decision fix."""
    role_id = card_rules.ROLES.index(role)
    known = {_ROLE_FID: (role_id, role_id), _ON_LEAD_FID: (int(decision != "follow"),) * 2,
             _VOLE_FID: (int(decision == "vole"),) * 2}
    known[_POSITION_FID] = (1, 1) if decision != "follow" else (2, 4)
    return known


def _compare(op: int, low: float, high: float) -> bool | None:
    """Whether every value in [low, high] compares with 0 by ``op`` (True), none does (False), or some."""
    always = {L.OP_EQ: low == high == 0, L.OP_NE: high < 0 or low > 0, L.OP_LT: high < 0, L.OP_LE: high <= 0,
              L.OP_GT: low > 0, L.OP_GE: low >= 0}[op]
    never = {L.OP_EQ: high < 0 or low > 0, L.OP_NE: low == high == 0, L.OP_LT: low >= 0, L.OP_LE: low > 0,
             L.OP_GT: high <= 0, L.OP_GE: high < 0}[op]
    return True if always else False if never else None


def _maybe(tree: tuple, known: Mapping[int, tuple[int, int]]) -> bool | None:
    """The tree's value when only the ranges of ``known`` features are known: True, False, or None."""
    kind = tree[0]
    if kind == "leaf":
        leaf = tree[1]
        if any(fid not in known for fid, _, _ in leaf.terms):
            return None
        ends = [(sign * known[fid][0], sign * known[fid][1]) for fid, _, sign in leaf.terms]
        return _compare(leaf.op, leaf.const + sum(min(e) for e in ends), leaf.const + sum(max(e) for e in ends))
    if kind == "not":
        inner = _maybe(tree[1], known)
        return None if inner is None else not inner
    parts = [_maybe(part, known) for part in tree[1]]
    decided = False if kind == "and" else True
    if decided in parts:
        return decided
    return None if None in parts else not decided


def where_it_may_hold(situation: str | None) -> dict[tuple[str, str], bool]:
    """The (role, decision) pairs at which the situation may hold (every pair without one), each with
    whether it may hold there with two trumps or more in hand (a trump to spare)."""
    pairs = [(role, decision) for role in card_rules.ROLES for decision in DECISIONS]
    if situation is None:
        return {pair: True for pair in pairs}
    from spadille.kernel.quadrille.situations import parse_situation

    tree = parse_situation(situation).tree
    return {pair: _maybe(tree, {**_known(*pair), _TRUMPS_FID: _SPARE}) is not False
            for pair in pairs if _maybe(tree, _known(*pair)) is not False}


def _row(policy) -> np.ndarray:
    from spadille.kernel.quadrille.policies import kernel_arrays

    return kernel_arrays([policy])[1][0]


def play_alike(policy: str, params: Mapping[str, float], situation: str | None,
               arms: tuple[tuple[Mapping[str, float], Mapping[str, str]], ...], shown: str | None = None) -> str | None:
    """Why two compare_play arms, each (card-play rules, role policies) where the situation holds, play
    alike under ``policy``; None when they differ somewhere the situation may hold. ``shown`` is the
    claim's policy where ``policy`` plays the arms' rules in its place (learned: strong's rules)."""
    from spadille.kernel.quadrille.policies import make_seat_policy

    if situation is None:
        policies = [make_seat_policy(policy, {**params, **values}, roles=roles) for values, roles in arms]
        rules_at, roles_at = L.CARD_RULES, L.ROLE_POLICY
    else:
        policies = [make_seat_policy(policy, params, situation=situation, in_situation=values,
                                     roles_in_situation=roles) for values, roles in arms]
        rules_at, roles_at = L.ALT_RULES, L.ALT_ROLE_POLICY
    first, second = (_row(p) for p in policies)
    pairs = where_it_may_hold(situation)
    for (role, decision), spare in pairs.items():
        index = card_rules.ROLES.index(role)
        if first[roles_at + index] != second[roles_at + index]:
            return None
        base = rules_at + index * L.N_CARD_RULES
        keep_last = base + card_rules.BY_NAME["keep_last_trump"].index
        unspared = not spare and first[keep_last] >= 0.5 and second[keep_last] >= 0.5
        for rule in card_rules.RULES:
            slot = base + rule.index
            if role in rule.defaults and rule.decision == decision and first[slot] != second[slot] and not (
                    unspared and rule.name in card_rules.SPARE_TRUMP_RULES):
                return None
    return _why_alike(policy, params, situation, arms, first, second, rules_at, shown)


def _why_alike(policy: str, params, situation, arms, first, second, rules_at, shown: str | None = None) -> str:
    """One sentence naming each rule the arms set, with its values, and why it changes nothing."""
    from spadille.kernel.quadrille.policies import POLICIES

    names = []
    for values, roles in arms:
        for key in values:
            names += [name for name in card_rules.expand(key) if name not in names]
        names += [f"{role} plays" for role in roles if f"{role} plays" not in names]
    said = []
    for name in names:
        if name.endswith(" plays"):
            said.append(f"who plays the {name[:-6]}'s cards differs only where the situation never holds")
            continue
        role, rule = card_rules.split(name)
        slot = rules_at + card_rules.ROLES.index(role) * L.N_CARD_RULES + rule.index
        if first[slot] == second[slot]:
            own = POLICIES[policy].params[name].default if name in POLICIES[policy].params else None
            whose = f", {policy}'s own value" if own == first[slot] and name not in params else ""
            said.append(f"{name} = {first[slot]:g} in both{whose}")
        elif rule.name in card_rules.SPARE_TRUMP_RULES:
            said.append(f"{name} is {first[slot]:g} against {second[slot]:g}, but where the situation holds he has a "
                        f"single trump and {role}.keep_last_trump = 1 in both, so it is never read")
        else:
            said.append(f"{name} is {first[slot]:g} against {second[slot]:g}, but the situation never holds at "
                        f"{_WORDS[rule.decision]} of a {role}")
    where = "" if situation is None else " where the situation holds"
    under = policy if shown in (None, policy) else f"{shown} ({policy}'s rules play the rules the arms set)"
    return (f"the two arms play alike under {under}{where}: " + "; ".join(said or ["they set nothing"])
            + f" (spadille rules quadrille --policy {policy} lists its values)")


def policies_alike(policy: str, first: Mapping[str, float], second: Mapping[str, float]) -> str | None:
    """Why two compare_policies arms (the focal seat's parameters) give it the same row; None if not."""
    from spadille.kernel.quadrille.policies import make_rules_seat_policy

    one, two = (make_rules_seat_policy(policy, values, rule_changes=(first, second)) for values in (first, second))
    if not np.array_equal(_row(one), _row(two)):
        return None
    shown = "; ".join(f"{key} = {value:g}" for key, value in {**first, **second}.items()) or "no parameter"
    return (f"the two arms give the focal seat the same {policy} policy ({shown} in both; spadille rules "
            f"quadrille --policy {policy} lists its values)")
