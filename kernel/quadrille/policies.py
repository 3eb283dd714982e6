"""The policy registry: names, kernel ids, parameters with defaults and documentation.

The CLI's choices, the docs and the tests all derive from ``POLICIES``. Importing this
module does not import numba, so ``spadille --help`` stays instant.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping

from spadille.kernel.common.errors import UserError

from . import layout as L
from . import card_rules


class PolicyError(UserError):
    """An unknown policy or parameter, or a bad value; one sentence for the user."""


@dataclass(frozen=True)
class Param:
    index: int            # entry of the seat's parameter row; -1 for a shorthand
    default: float
    low: float
    high: float
    doc: str
    card_rule: bool = False   # a ROLE.RULE of the heuristic's card play (card_rules.py)
    shorthand: tuple[str, ...] = ()   # the ROLE.RULE names a shorthand sets


@dataclass(frozen=True)
class PolicySpec:
    name: str
    kernel_id: int
    summary: str
    params: Mapping[str, Param] = field(default_factory=dict)
    values_of: str | None = None   # another policy's kernel with other defaults (strong: the heuristic's)
    # A player that reads no card-play rules (learned) names here the one whose rules play, in its
    # place, the decisions a claim sets card-play rules for (make_rules_seat_policy): strong.
    rules_from: str | None = None


_BIDDING = {
    "ask_threshold": Param(L.H_ASK, 3.6, 0.0, 10.0, "estimated own tricks needed to ask (call a king)"),
    "alone_threshold": Param(L.H_ALONE, 5.9, 0.0, 10.0, "estimated own tricks needed to go sans prendre"),
    "take_forced_threshold": Param(L.H_TAKE_FORCED, 5.4, 0.0, 10.0,
                                   "estimated own tricks for a forced asker to take the sans prendre himself"),
    "call_long_suit": Param(L.H_CALL_LONG, 1.0, 0.0, 1.0,
                            "1 calls the king of the suit where one holds most cards, 0 of the shortest"),
    "demand_threshold": Param(L.H_DEMAND, 4.9, 0.0, 10.0,
                              "estimated own tricks needed to demand a king and play alone "
                              "(the médiateur, the Dimidiator, the ask of quadrille à trois)"),
    "casco_threshold": Param(L.H_CASCO, 3.6, 0.0, 10.0,
                             "estimated own tricks for the holder of both black aces to bid casco"),
}
def _card_rule_params() -> dict[str, Param]:
    """One parameter per role and card-play rule: ``friend.lead_master_trump`` and so on."""
    params = {}
    for name in card_rules.parameter_names():
        role, rule = card_rules.split(name)
        params[name] = Param(rule.slot(role), rule.defaults[role], rule.low, rule.high,
                             f"{role}: {rule.doc}" + (f" ({rule.choices})" if rule.choices else ""), card_rule=True)
    return params


_CARD_RULES = _card_rule_params()
# 0.4, not the first guess 0.8: on the same 400,000 deals (seed 5) the ombre gains +0.48 jetons a
# called game, +1.79 a sans prendre and +1.53 a forced spadille (paired, all significant); below
# 0.4 called games lose again (0.2: +0.22).
assert _CARD_RULES["ombre.draw_trumps"].default == 0.4
_SHORTHANDS = {
    "draw_trumps": Param(-1, 0.4, 0.0, 10.0, "the ombre (forced or not) leads trumps while he holds at least this "
                         "many for each trump still out: sets ombre.draw_trumps and forced_ombre.draw_trumps",
                         shorthand=card_rules.SHORTHANDS["draw_trumps"]),
    "vole_losers": Param(-1, 0.0, 0.0, 10.0, "cards that need not be sure winners when undertaking the vole: sets "
                         "vole_losers for the ombre, the forced ombre and the friend",
                         shorthand=card_rules.SHORTHANDS["vole_losers"]),
}

# Index numbers shared with kernel/quadrille/search/_players.py (P_SAMPLES, P_SEED, P_TIE, P_VOLE_SHARE, P_STOP).
_TIE = Param(8, 0.0, 0.0, 1.0, "among cards of equal value, 0 plays the lowest, 1 the highest")

_HEURISTIC = PolicySpec(
    "heuristic", L.POLICY_HEURISTIC,
    "A club player: bids on an estimate of his own tricks, draws trumps when strong, "
    "shows himself as the friend, wins cheaply, discards low, goes for the vole only with sure winners.",
    {
        **_BIDDING,
        **_SHORTHANDS,
        **_CARD_RULES,
    },
)


def _strong_spec(heuristic: PolicySpec) -> PolicySpec:
    """The heuristic with the defaults of strong.toml (strong.py): the same kernel id, so the same
    speed and the same reference play; only the values differ. Every name of the file must be a
    bidding parameter or a ROLE.RULE of the heuristic (no shorthand or group: the file is exact),
    inside its range."""
    from .strong import StrongFileError, read_strong

    try:
        tuned = read_strong().params
    except StrongFileError as exc:
        raise PolicyError(f"the strong policy's file: {exc}") from None
    for key, value in tuned.items():
        param = heuristic.params.get(key)
        if param is None or param.shorthand:
            raise PolicyError(f"the strong policy's file: {key!r} is not a parameter of the heuristic")
        if not param.low <= value <= param.high:
            raise PolicyError(f"the strong policy's file: {key} = {value:g} is outside [{param.low:g}, {param.high:g}]")
    params = {key: replace(param, default=tuned.get(key, param.default)) for key, param in heuristic.params.items()}
    for key, param in heuristic.params.items():
        if param.shorthand:  # a shorthand's default shows the value of the first rule it sets
            params[key] = replace(param, default=params[param.shorthand[0]].default)
    return PolicySpec(
        "strong", heuristic.kernel_id,
        "The heuristic with its bidding thresholds and card-play rules tuned against itself on paired deals "
        "(spadille train quadrille; the values and their stamp: kernel/quadrille/strong.toml); as fast.",
        params, values_of="heuristic",
    )


def _learned_spec(strong: PolicySpec) -> PolicySpec:
    """The learned player: strong's bidding and vole (its thresholds and vole_losers by role), and
    card play by the scorer of _learned.py, whose weights (learned.toml, learned.py) every row of a
    run carries where some seat plays it."""
    kept = {key: param for key, param in strong.params.items()
            if not (param.card_rule or param.shorthand) or key.endswith(".vole_losers")}
    return PolicySpec(
        "learned", L.POLICY_LEARNED,
        "Card play learned from pimc: a linear scorer of each legal card over what the player sees (its suit "
        "and rank among the cards still out, what it does to the trick, what it leads, the role and place in "
        "the trick), trained on pimc's values of every card in positions of its own games against pimc "
        "(spadille train quadrille --policy learned; the weights and their stamp: kernel/quadrille/learned.toml); "
        "bids and undertakes the vole as strong.",
        kept, rules_from="strong",
    )


POLICIES: dict[str, PolicySpec] = {
    "random": PolicySpec(
        "random", L.POLICY_RANDOM,
        "Uniform over the legal options at every decision: bids, trump, call, cards, vole.",
    ),
    "heuristic": _HEURISTIC,
    "strong": _strong_spec(_HEURISTIC),
    "dd": PolicySpec(
        "dd", L.POLICY_DD,
        "Double-dummy card play: sees every hand and plays a card of best open-handed value (an upper bound "
        "on skill); bids, names trumps and calls like the heuristic.",
        {**_BIDDING, "tie_break": _TIE},
    ),
    "pimc": PolicySpec(
        "pimc", L.POLICY_PIMC,
        "Perfect-information Monte Carlo: at each card samples deals consistent with what it has seen, "
        "solves each open-handed (by default only as far as codille, remise or win) and plays the best card on "
        "average; bids like the heuristic.",
        {
            **_BIDDING,
            "samples": Param(6, 20.0, 1.0, 500.0, "K, the deals sampled for each decision"),
            "sampling_seed": Param(7, 0.0, 0.0, 2.0**31, "mixed into the sampling stream of every decision"),
            "tie_break": _TIE,
            "vole_share": Param(9, 0.9, 0.0, 1.0,
                                "undertake the vole when this share of the sampled deals takes every trick"),
            "stop_z": Param(4, 0.0, 0.0, 10.0,
                            "stop sampling a decision once, after stop_after deals, its best card leads every other by "
                            "this many standard errors of the paired difference (0: always sample all K)"),
            "stop_after": Param(13, 4.0, 2.0, 500.0, "the deals sampled before stop_z may end a decision"),
            "node_budget": Param(L.SEARCH_NODE_BUDGET, 15000.0, 0.0, 1e9,
                                 "the most search nodes scoring one sampled deal may take: a deal that needs more is "
                                 "set aside and the decision rests on the others (0: no limit)"),
            "window": Param(12, 1.0, 0.0, 10.0,
                            "score a card only as far as the payment tells totals apart: the side's totals are "
                            "clamped to [remise - 1, win + window - 1] (0: exact totals)"),
        },
    ),
}
POLICIES["learned"] = _learned_spec(POLICIES["strong"])
# The card plays fast enough to carry a whole report (maps, claims). The learned player by default: fitted
# to pimc's values, it plays nearer pimc than strong in every cell of the team ladder but the called
# game's defence, where both are level, and defends a lone hand level with pimc where strong's defenders
# give up about a jeton a seat a deal (docs/learned.md). Strong (the verdicts' play before it) and the
# heuristic as comparisons. The searching players (dd, pimc) play where a claim or a ladder names them.
CARD_PLAYS = ("learned", "strong", "heuristic")
DEFAULT_CARD_PLAY = "learned"


WEIGHTS_KEY = "weights"   # a seat's learned weights file, given among its parameters (make_seat_policy)
ROLE_POLICIES = ("random", "heuristic", "dd", "pimc", "learned")  # may play a role's cards in place of the seat's own


@dataclass(frozen=True)
class SeatPolicy:
    """A policy as one seat plays it: registry name plus its parameter values (as given: a
    shorthand such as ``draw_trumps`` or a group such as ``defenders.avoid_ombre_voids`` stays as
    written; ``card_rule_values`` resolves them).

    ``roles`` lets another policy play the cards (and the vole) of a role, by name (``{"friend":
    "pimc"}``); bidding stays the seat's. With a ``situation`` (situations.py), ``in_situation``
    (card-play rules) and ``roles_in_situation`` apply instead, at the decisions where it holds:
    how a claim changes one piece of card play and nothing else. ``weights`` names the learned
    player's weights file where this seat plays it (None: the shipped learned.toml), so that a
    candidate fit plays beside the shipped one (``learned:weights=FILE``)."""

    name: str
    params: Mapping[str, float] = field(default_factory=dict)
    roles: Mapping[str, str] = field(default_factory=dict)
    situation: str | None = None
    in_situation: Mapping[str, float] = field(default_factory=dict)
    roles_in_situation: Mapping[str, str] = field(default_factory=dict)
    weights: str | None = None

    def describe(self) -> str:
        """The policy and its parameters: every general one, and the card-play rules that differ
        from their defaults (``card play as registered`` is implied by their absence); then the
        roles another policy plays, and what changes where the situation holds."""
        spec = POLICIES[self.name]
        general = [f"{k}={self.value(k):g}" for k, p in spec.params.items() if not (p.card_rule or p.shorthand)]
        changed = [f"{k}={v:g}" for k, v in self.card_rule_values().items() if v != spec.params[k].default]
        text = f"{self.name}({', '.join(general + changed)})" if general or changed else self.name
        if self.roles:
            text += " [" + "; ".join(f"{role} plays {name}" for role, name in self.roles.items()) + "]"
        if self.situation:
            base = _resolve_card_rules(spec, self.params)
            alt = _resolve_card_rules(spec, {**self.params, **self.in_situation})
            what = [f"{k}={v:g}" for k, v in alt.items() if v != base.get(k)]
            what += [f"{role} plays {name}" for role, name in self.roles_in_situation.items()]
            text += f" [when {self.situation}: {'; '.join(what) or 'no change'}]"
        if self.weights is not None:
            text += f" [learned weights {self.weights}]"
        return text

    def value(self, key: str) -> float:
        param = POLICIES[self.name].params[key]
        if param.card_rule:
            return self.card_rule_values()[key]
        return float(self.params.get(key, param.default))

    def card_rule_values(self) -> dict[str, float]:
        """Every ROLE.RULE of this policy (none for a policy without card-play rules): its default,
        overridden by shorthands and groups, then by the ROLE.RULE itself."""
        return _resolve_card_rules(POLICIES[self.name], self.params)

    def plays(self, name: str) -> bool:
        """Does policy ``name`` take some decision of this seat, its own or a role's?"""
        return name in (self.name, *self.roles.values(), *self.roles_in_situation.values())

    @property
    def searches(self) -> bool:
        """Does some decision of this seat search (dd or pimc), its own policy's or a role's?"""
        names = (self.name, *self.roles.values(), *self.roles_in_situation.values())
        return any(name in ("dd", "pimc") for name in names)


def _rules_spec(spec: PolicySpec) -> PolicySpec:
    """The policy whose card-play rules a seat of ``spec`` starts from: its own where it has them
    (the heuristic, strong), else the heuristic's (random, dd, pimc: ready for a role it plays)."""
    return spec if any(p.card_rule for p in spec.params.values()) else POLICIES["heuristic"]


def _resolve_card_rules(spec: PolicySpec, given: Mapping[str, float]) -> dict[str, float]:
    """The ROLE.RULE values of ``spec`` under the ``given`` parameters (defaults for a policy
    without card-play rules, such as random: the heuristic's, ready for a role it plays)."""
    values = {k: p.default for k, p in _rules_spec(spec).params.items() if p.card_rule}
    broad = [(k, v) for k, v in given.items() if card_rules.expand(k) and card_rules.expand(k) != (k,)]
    exact = [(k, v) for k, v in given.items() if card_rules.expand(k) == (k,)]
    for key, value in broad + exact:
        for name in card_rules.expand(key):
            values[name] = float(value)
    if not any(p.card_rule for p in spec.params.values()):
        return {k: v for k, v in values.items() if k in spec.params}
    return values


def parameter_for(spec: PolicySpec, key: str) -> Param | None:
    """The parameter ``key`` names, or for a group name (``side.rule``, ``defenders.rule``,
    ``all.rule``) the first card-play rule it sets, whose range it shares."""
    if key in spec.params:
        return spec.params[key]
    names = card_rules.expand(key)
    if names and all(name in spec.params for name in names):
        return spec.params[names[0]]
    return None


def _checked_params(name: str, spec: PolicySpec, params: Mapping[str, float], card_play_only: bool = False,
                    where: str = "") -> dict[str, float]:
    checked: dict[str, float] = {}
    for key, raw in params.items():
        param = parameter_for(spec, key)
        if param is None or (card_play_only and not (param.card_rule or param.shorthand or card_rules.expand(key))):
            general = [k for k, p in spec.params.items() if not p.card_rule]
            known = ", ".join(general) or "none"
            if any(p.card_rule for p in spec.params.values()):
                known += ", and ROLE.RULE card-play rules (spadille rules quadrille --policy heuristic)"
            if card_play_only:
                known = "ROLE.RULE card-play rules only (spadille rules quadrille --policy heuristic)"
            raise PolicyError(f"policy {name!r} has no parameter {key!r}{where} (its parameters: {known})")
        try:
            value = float(raw)
        except (TypeError, ValueError):
            raise PolicyError(f"parameter {name}.{key} must be a number, not {raw!r}") from None
        if not param.low <= value <= param.high:
            raise PolicyError(f"parameter {name}.{key} = {value:g} is outside [{param.low:g}, {param.high:g}]")
        checked[key] = value
    return checked


def _checked_roles(roles: Mapping[str, str] | None, own: str) -> dict[str, str]:
    """Roles and the policy that plays each: one of ROLE_POLICIES, or the seat's own (``own``: where
    the situation holds, a role the seat's ``roles`` gave another policy plays the seat's again)."""
    checked = {}
    for role, policy in (roles or {}).items():
        if role not in card_rules.ROLES:
            raise PolicyError(f"unknown role {role!r}; roles: {', '.join(card_rules.ROLES)}")
        if policy not in ROLE_POLICIES and policy != own:
            raise PolicyError(f"the {role}'s cards cannot be played by {policy!r}; policies: {', '.join(ROLE_POLICIES)}")
        checked[role] = policy
    return checked


def make_seat_policy(name: str, params: Mapping[str, float] | None = None, roles: Mapping[str, str] | None = None,
                     situation: str | None = None, in_situation: Mapping[str, float] | None = None,
                     roles_in_situation: Mapping[str, str] | None = None) -> SeatPolicy:
    """A checked SeatPolicy. ``params`` may hold ``weights``, the path of a learned weights file, for
    a seat that plays the learned player (a policy file's ``weights = "FILE"``, ``learned:weights=FILE``)."""
    if name not in POLICIES:
        raise PolicyError(f"unknown policy {name!r}; available: {', '.join(POLICIES)}")
    spec = POLICIES[name]
    params = dict(params or {})
    weights = params.pop(WEIGHTS_KEY, None)
    checked = _checked_params(name, spec, params)
    heuristic = POLICIES["heuristic"]
    if situation is not None:
        from .situations import SituationError, parse_situation

        try:
            situation = parse_situation(situation).text
        except SituationError as exc:
            raise PolicyError(str(exc)) from None
    elif in_situation or roles_in_situation:
        raise PolicyError("changes in a situation need the situation they apply in")
    # what a situation changes is card play, read as the heuristic's rules whatever plays the seat
    alt = _checked_params("heuristic", heuristic, in_situation or {}, card_play_only=True, where=" in a situation")
    policy = SeatPolicy(name, checked, _checked_roles(roles, name), situation, alt,
                        _checked_roles(roles_in_situation, name))
    if weights is None:
        return policy
    if not policy.plays("learned"):
        raise PolicyError(f"policy {name!r} does not play the learned player, so it takes no {WEIGHTS_KEY} file")
    from .learned import LearnedFileError, file_weights

    try:
        file_weights(str(weights))   # a bad file is refused here, before any deal is played
    except LearnedFileError as exc:
        raise PolicyError(f"the learned weights file: {exc}") from None
    return replace(policy, weights=str(weights))


def rule_roles(params: Mapping[str, float]) -> tuple[str, ...]:
    """The roles (in card_rules.ROLES order) whose card-play rules ``params`` set: a ROLE.RULE's role,
    a shorthand's or a group's roles as card_rules.expand resolves them; other parameters set none."""
    touched = {card_rules.split(name)[0] for key in params for name in card_rules.expand(key)}
    return tuple(role for role in card_rules.ROLES if role in touched)


def make_rules_seat_policy(name: str, params: Mapping[str, float] | None = None,
                           roles: Mapping[str, str] | None = None, situation: str | None = None,
                           in_situation: Mapping[str, float] | None = None,
                           roles_in_situation: Mapping[str, str] | None = None,
                           rule_changes: tuple[Mapping[str, float], ...] = ()) -> SeatPolicy:
    """make_seat_policy for a claim that sets card-play rules, under a policy that may read none.

    Under a policy that reads its rules (the heuristic, strong), or where no rule is set, it is
    make_seat_policy itself, unchanged. Under one that reads none (its spec's ``rules_from``:
    learned), a rule set must be played by a player that reads rules, so the seat is that player
    (strong, with the rules set) and each of its roles is played by ``name`` except: a role whose
    rules ``params`` sets (beyond the parameters ``name`` takes itself) plays ``rules_from`` at every
    decision; a role whose rules ``in_situation`` or any of ``rule_changes`` (every arm's changes, so
    that both arms hand the same roles over) sets plays it where ``situation`` holds (at every
    decision without a situation). ``roles`` and ``roles_in_situation`` (a role an arm gives another
    policy) take precedence. A parameter neither ``name`` nor ``rules_from`` takes is refused as
    ``name``'s."""
    spec = POLICIES.get(name)
    params = dict(params or {})
    if spec is None or spec.rules_from is None:
        return make_seat_policy(name, params, roles, situation, in_situation, roles_in_situation)
    rule_keys = {key: value for key, value in params.items() if key not in spec.params and key != WEIGHTS_KEY}
    changes = {key: value for change in (in_situation or {}, *rule_changes) for key, value in change.items()}
    always = set(rule_roles(rule_keys)) | (set(rule_roles(changes)) if situation is None else set())
    there = set(rule_roles(changes)) - always
    if not always and not there:
        return make_seat_policy(name, params, roles, situation, in_situation, roles_in_situation)
    for key in rule_keys:
        if not card_rules.expand(key):
            make_seat_policy(name, {key: rule_keys[key]})   # refused in the words of name's parameters
    rules = spec.rules_from
    outside = {role: name for role in card_rules.ROLES if role not in always} | dict(roles or {})
    inside = ({role: rules for role in card_rules.ROLES if role in there} | dict(roles_in_situation or {})
              if situation is not None else roles_in_situation)
    return make_seat_policy(rules, params, outside, situation, in_situation, inside)


def describe_rules_seat(seat: SeatPolicy, name: str) -> str:
    """How a seat of make_rules_seat_policy plays, told as the policy ``name`` it stands for: that
    policy, then which roles another player's rules play and where, with the rules' values that
    differ from that player's own."""
    if seat.name == name:
        return seat.describe()
    own = make_seat_policy(name, {k: v for k, v in seat.params.items()
                                  if k in POLICIES[name].params or k == WEIGHTS_KEY}).describe()
    rules = POLICIES[seat.name]
    base = _resolve_card_rules(rules, seat.params)
    alt = _resolve_card_rules(rules, {**seat.params, **seat.in_situation})

    def values(of: Mapping[str, float], against: Mapping[str, float], who) -> str:
        shown = [f"{k}={v:g}" for k, v in of.items() if card_rules.split(k)[0] in who and v != against[k]]
        return f" ({', '.join(shown)})" if shown else f" ({seat.name}'s own values)"

    def roles_text(who) -> str:
        who = [role for role in card_rules.ROLES if role in who]
        return ", ".join(f"the {role}" for role in who)

    always = [role for role in card_rules.ROLES if role not in seat.roles]
    parts = [own]
    if always:
        defaults = {k: p.default for k, p in rules.params.items() if p.card_rule}
        parts.append(f"[{seat.name}'s rules play {roles_text(always)} at every decision"
                     f"{values(base, defaults, always)}]")
    others = [f"{role} plays {policy}" for role, policy in seat.roles.items() if policy != name]
    if others:
        parts.append("[" + "; ".join(others) + "]")
    if seat.situation:
        there = [role for role, policy in seat.roles_in_situation.items() if policy == seat.name]
        what = [f"{seat.name}'s rules play {roles_text(there)}{values(alt, base, there)}"] if there else []
        what += [f"{role} plays {policy}" for role, policy in seat.roles_in_situation.items() if policy != seat.name]
        changed = [f"{k}={v:g}" for k, v in alt.items() if v != base[k] and card_rules.split(k)[0] not in there]
        what += changed
        parts.append(f"[when {seat.situation}: {'; '.join(what) or 'no change'}]")
    return " ".join(parts)


def learned_weights_file(seat_policies) -> str | None:
    """The one learned weights file the seats that play the learned player name (None: the shipped
    one): every row of a run holds one set of weights, so two files in one table are refused."""
    files = {policy.weights for policy in seat_policies if policy.plays("learned")}
    if len(files) > 1:
        shown = ", ".join(sorted(str(f) if f is not None else "the shipped learned.toml" for f in files))
        raise PolicyError(f"one table plays one set of learned weights, not several ({shown})")
    return next(iter(files), None)


def kernel_arrays(seat_policies, learned_weights=None):
    """(policy_ids int64[MAX_SEATS], policy_params float64[MAX_SEATS, N_POLICY_PARAMS]). Every
    row holds the card-play rules at their defaults (a role another policy plays reads them), the
    searching players' parameters at pimc's defaults, then the seat's own values; then the roles
    other policies play, and the seat's situation with what changes in it. Where a seat plays the
    learned player, every row holds its weights: the shipped file's (learned.py), or
    ``learned_weights`` (LEARNED_BUCKETS x LEARNED_FEATURES; training tries weights of its own)."""
    import numpy as np

    ids = np.zeros(L.MAX_SEATS, dtype=np.int64)
    params = np.zeros((L.MAX_SEATS, L.N_POLICY_PARAMS), dtype=np.float64)
    if learned_weights is not None or any(policy.plays("learned") for policy in seat_policies):
        from .learned import LearnedFileError, file_weights, write_weights_rows

        try:
            write_weights_rows(params, file_weights(learned_weights_file(seat_policies))
                               if learned_weights is None else learned_weights)
        except LearnedFileError as exc:
            raise PolicyError(f"the learned policy's file: {exc}") from None
    for param in POLICIES["pimc"].params.values():
        params[:, param.index] = param.default
    params[:, L.CARD_RULES:L.ROLE_POLICY] = card_rules.default_row()
    params[:, L.ROLE_POLICY:L.ALT_RULES] = -1.0
    params[:, L.ALT_ROLE_POLICY:L.SITUATION] = -1.0
    heuristic = POLICIES["heuristic"].params
    for seat, policy in enumerate(seat_policies):
        spec = POLICIES[policy.name]
        ids[seat] = spec.kernel_id
        for key, param in spec.params.items():
            if not (param.card_rule or param.shorthand):
                params[seat, param.index] = policy.value(key)
        base = _resolve_card_rules(_rules_spec(spec), policy.params)
        for key, value in base.items():
            params[seat, heuristic[key].index] = value
        for role, name in policy.roles.items():
            params[seat, L.ROLE_POLICY + card_rules.ROLES.index(role)] = POLICIES[name].kernel_id
        params[seat, L.PLAYS_BY_ROLE] = 1.0 if policy.roles or policy.situation else 0.0
        if policy.situation:
            from .situations import parse_situation

            alt = _resolve_card_rules(_rules_spec(spec), {**policy.params, **policy.in_situation})
            for key, value in alt.items():
                params[seat, heuristic[key].index - L.CARD_RULES + L.ALT_RULES] = value
            params[seat, L.ALT_ROLE_POLICY:L.SITUATION] = params[seat, L.ROLE_POLICY:L.ALT_RULES]
            for role, name in policy.roles_in_situation.items():
                params[seat, L.ALT_ROLE_POLICY + card_rules.ROLES.index(role)] = POLICIES[name].kernel_id
            params[seat, L.SITUATION:L.SITUATION_END] = parse_situation(policy.situation).row()
    return ids, params
