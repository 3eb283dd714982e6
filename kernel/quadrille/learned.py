"""The learned player's file: the weights of its card scorer, with the stamp that made them.

The ``learned`` policy (policies.py) plays its cards by the scorer of _learned.py: one row of
``L.LEARNED_FEATURES`` weights for each pair (role, place in the trick), plus a network of one
hidden layer over the same feature bits. The weights live in
``learned.toml`` beside this module (package data), written by ``spadille train quadrille --policy
learned`` (analyses/quadrille/learned_training.py), which stamps it with the command, seed, version
and what the training measured. The file has three tables:

* ``[stamp]``: strings and numbers saying how the weights were made; read, never interpreted, but
  for ``features``, the feature set the weights were trained for (``feature_set()``): weights of
  another feature set would score other things, so the file is refused and must be trained again.
* ``[weights]``: ``"ROLE.PLACE" = [w0, w1, ...]``, one array of ``L.LEARNED_FEATURES`` numbers for
  every role (card_rules.ROLES) and place (``PLACES``); bit i of a card's feature word adds ``wi``.
* ``[network]``: ``output`` (``L.LEARNED_HIDDEN`` numbers), ``[network.input]`` one row of as many for
  each feature (named as ``FEATURES``), ``[network.bias]`` one for each ``ROLE.PLACE``, and an optional
  ``roles``, the roles whose decisions add the network (say ``["forced_ombre"]``; the others play their
  linear rows alone, at their speed); without it every role does. A file without ``[network]``
  (written before the network) plays its linear rows alone.

Importing this module does not import numba.
"""

from __future__ import annotations

import hashlib
import math
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

import numpy as np

from spadille.kernel.common.files import toml_value, write_text_atomic
from spadille.kernel.common.errors import UserError

from . import layout as L
from .card_rules import ROLES

SHIPPED = Path(__file__).with_name("learned.toml")
PLACES = ("lead", "second", "middle", "last")   # _learned.SLOT_*
assert len(PLACES) == L.LEARNED_SLOTS

# The feature bits of _learned.py, in bit order: name and what the bit says of a legal card.
FEATURES = (
    ("trump", "it is a trump"),
    ("matador", "it is one of the three highest trumps of the pack"),
    ("above_0", "no card still out of its suit beats it (a sure winner in its suit)"),
    ("above_1", "one card still out of its suit beats it"),
    ("above_2", "two cards still out of its suit beat it"),
    ("above_3", "three or more cards still out of its suit beat it"),
    ("top_of_pack", "it is the highest card of its suit in the pack (a king of a plain suit, spadille)"),
    ("below_0", "no card still out of its suit is lower"),
    ("below_3", "three or more cards still out of its suit are lower"),
    ("lowest_mine", "it is the player's lowest card of its suit"),
    ("highest_mine", "it is the player's highest card of its suit"),
    ("length_1", "the player holds one card of its suit (this one)"),
    ("length_2", "the player holds two cards of its suit"),
    ("length_4", "the player holds four or more cards of its suit"),
    ("none_out", "no other card of its suit is still out"),
    ("few_out", "one or two other cards of its suit are still out"),
    ("guard", "it is the one other card beside the player's highest of its suit, which is not yet master"),
    ("called_card", "it is the called card"),
    ("called_suit", "it is of the called card's suit (not the card itself)"),
    ("follow", "it follows the suit led"),
    ("ruff", "it trumps a plain suit led"),
    ("discard", "it is neither of the suit led nor a trump"),
    ("wins", "it beats the card winning the trick now"),
    ("overtakes", "it wins the trick from a known partner"),
    ("sure", "it wins the trick now and no later player who is not a known partner can beat it"),
    ("under_partner", "a known partner is winning the trick and it does not overtake him"),
    ("partner_sure_high", "under a partner's card nobody later can beat, it is not the lowest card of its suit out"),
    ("lowest_winner", "it is the player's lowest card that wins the trick now"),
    ("overkill", "it wins the trick now but is not the player's lowest card that does"),
    ("overtrump", "a trump is winning the trick and it beats it with a higher trump"),
    ("discard_void", "a discard that leaves the player without its suit"),
    ("discard_master", "a discard of a sure winner"),
    ("discard_called", "a discard from the called card's suit"),
    ("ruff_matador", "it trumps a plain suit led with a matador"),
    ("ruff_low", "it trumps a plain suit led with the player's lowest trump"),
    ("last_wins", "last to play, it wins the trick"),
    ("follow_high_loser", "it follows suit, does not win, and is the player's highest of that suit"),
    ("lead_trump", "it leads a trump"),
    ("lead_trump_master", "it leads a trump that no trump still out beats"),
    ("lead_trump_low", "it leads the player's lowest trump"),
    ("lead_master", "it leads a plain card that no card still out of its suit beats"),
    ("lead_into_ruff", "it leads a plain suit that a player not known as a partner has shown he lacks, "
                       "and who may hold a trump"),
    ("lead_to_partner_ruff", "it leads a plain suit that a known partner has shown he lacks, and who may hold a trump"),
    ("lead_none_out", "it leads a plain suit of which no other card is still out"),
    ("lead_called_suit", "it leads the called card's suit"),
    ("lead_through", "it leads a plain card with the ombre (an opponent) next to play: through him"),
    ("lead_up_to", "it leads a plain card with the ombre (an opponent) last to play: up to him"),
    ("lead_king", "it leads the highest card of its plain suit in the pack"),
    ("lead_low", "it leads a plain card with at most one card of its suit still out below it"),
    ("lead_long", "it leads from a plain suit of four or more cards"),
    ("lead_singleton", "it leads the player's only card of its plain suit"),
    ("lead_trump_ahead", "it leads a trump while the player holds as many trumps as are still out, or more"),
    ("last_trump", "it is the player's last trump"),
    ("trump_none_out", "a trump while no other trump is still out"),
    ("trump_master_out", "a trump no trump still out beats, while trumps are still out"),
    ("vole_wins", "the other team has taken no trick from the fifth on (the vole is on), and it wins the trick now"),
    ("vole_master", "the vole is on, and it is a sure winner in its suit"),
    ("wins_ombre_after", "it wins the trick now, with the ombre (an opponent) still to play"),
    ("low_ombre_after", "it does not win, is the player's lowest of its suit, with the ombre still to play"),
    ("critical_wins", "the team must win every trick left (for the win, or to stop it), and it wins the trick now"),
    ("critical_sure", "the team must win every trick left, and no later player can beat it"),
    ("lead_sure", "it leads a card that no player who is not a known partner can beat"),
    ("unused_62", "(not set)"),
    ("unused_63", "(not set)"),
)
# The second word (_learned.cross_features): one-hot groups of two or three properties together.
_SHAPES = [(f"suit_{''.join('m' if shape >> j & 1 else 'o' for j in range(3))}_below_{rank}",
            f"of the three highest cards of its suit still in play, {', '.join(('the player' if shape >> j & 1 else 'another') for j in range(3))} "
            f"hold(s) them from the top, and {rank}{'+' if rank == 3 else ''} of the cards still in play above it")
           for shape in range(8) for rank in range(4)]
_KINDS = ("lead_trump", "lead_plain", "trump_to_trick", "plain_to_trick")
_BALANCES = ("none_out", "ahead", "behind", "without")
_STATES = ("settled", "critical", "one_spare", "slack")
_ACTIONS = ("sure_winner", "may_win", "loses", "lead_may_lose")
CROSSES = tuple(_SHAPES) + tuple(
    (f"{kind}_when_{balance}", f"a {kind.replace('_', ' ')} when the player's trumps are {balance.replace('_', ' ')} "
                              f"(no trump out; as many as are out, or more; fewer; none)")
    for kind in _KINDS for balance in _BALANCES) + tuple(
    (f"{state}_{action}", f"the team's goal is {state.replace('_', ' ')}, and the card is {action.replace('_', ' ')}")
    for state in _STATES for action in _ACTIONS)
_SITS = ("self", "next", "across", "last")
_LEADS = ("trump", "sure_plain", "plain_1_2_above", "plain_3_above")
_RELATIONS = ("partner", "opponent", "unknown")
_DOES = ("wins_sure", "wins_for_now", "follows_and_loses", "discard_or_vain")
THIRD = tuple(
    (f"lead_{what}_ombre_{sits}", f"it leads a {what.replace('_', ' ')} card with the ombre sitting {sits} "
                                  "(the player himself, next to play, across, last to play)")
    for sits in _SITS for what in _LEADS) + tuple(
    (f"length_{mine}_out_{out}", f"the player holds {mine} of its suit, with {out} still out")
    for mine in ("1", "2", "3", "4+") for out in ("0", "1-2", "3-4", "5+")) + tuple(
    (f"{does}_over_{relation}", f"a card to a trick a {relation} is winning that {does.replace('_', ' ')}")
    for relation in _RELATIONS for does in _DOES) + tuple(
    (f"unused_{64 * 2 + 44 + i}", "(not set)") for i in range(4)) + tuple(
    (f"{kind}_in_tricks_{stage}", f"a {kind.replace('_', ' ')} in tricks {stage}")
    for stage in ("1-2", "3-5", "6-7", "8-10") for kind in _KINDS)
FEATURES = FEATURES + CROSSES + THIRD
assert len(FEATURES) == L.LEARNED_FEATURES


class LearnedFileError(UserError):
    """A learned.toml that cannot be read or does not fit the scorer; one sentence for the user."""


NETWORK_SIZE = L.LEARNED_SIZE - L.LEARNED_BUCKETS * (L.LEARNED_FEATURES + 1)   # less the flags L.LEARNED_NET_ON


@dataclass(frozen=True)
class LearnedFile:
    weights: np.ndarray                    # float64[LEARNED_BUCKETS, LEARNED_FEATURES]: the linear rows
    stamp: Mapping[str, object] = field(default_factory=dict)
    # float64[NETWORK_SIZE]: the network's input rows (one a feature bit), bias rows (one a ROLE.PLACE)
    # and output weights, as the kernel reads them; None (a file without [network]): all zero, the
    # linear scorer alone
    network: np.ndarray | None = None
    # the roles (card_rules.ROLES' names, in that order) whose decisions add the network; None: every role
    roles: tuple[str, ...] | None = None

    def flags(self) -> np.ndarray:
        """float64[LEARNED_BUCKETS] (L.LEARNED_NET_ON): 1.0 for each ROLE.PLACE that adds the network."""
        if self.network is None:
            return np.zeros(L.LEARNED_BUCKETS)
        on = ROLES if self.roles is None else self.roles
        return np.repeat([1.0 if role in on else 0.0 for role in ROLES], L.LEARNED_SLOTS)

    def parameters(self) -> np.ndarray:
        """Every learned number in the kernel's order (L.LEARNED_SIZE): the rows, the network, and a flag
        a ROLE.PLACE, 1.0 where it adds the network (L.LEARNED_NET_ON)."""
        network = np.zeros(NETWORK_SIZE) if self.network is None else np.asarray(self.network, dtype=np.float64)
        return np.concatenate([np.asarray(self.weights, dtype=np.float64).ravel(), network, self.flags()])

    @staticmethod
    def of(parameters: np.ndarray, stamp: Mapping[str, object]) -> "LearnedFile":
        """The file of ``parameters`` (LearnedFile.parameters' order; a role adds the network where the
        flag of its first place does)."""
        parameters = np.asarray(parameters, dtype=np.float64).ravel()
        rows = L.LEARNED_BUCKETS * L.LEARNED_FEATURES
        flags = parameters[rows + NETWORK_SIZE:].reshape(len(ROLES), L.LEARNED_SLOTS) != 0.0
        on = tuple(role for role, row in zip(ROLES, flags) if row[0])
        network = parameters[rows:rows + NETWORK_SIZE] if on else None
        return LearnedFile(parameters[:rows].reshape(L.LEARNED_BUCKETS, L.LEARNED_FEATURES), stamp, network,
                           None if len(on) in (0, len(ROLES)) else on)


def bucket_names() -> list[str]:
    """``ROLE.PLACE`` for every row of weights, in the kernel's order (role-major)."""
    return [f"{role}.{place}" for role in ROLES for place in PLACES]


def feature_set() -> str:
    """A short digest of the scorer's shape and feature list: weights trained for another one are refused."""
    text = "|".join(name for name, _ in FEATURES) + f"|{L.LEARNED_FEATURES}|" + ",".join(bucket_names())
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def read_learned(path: str | os.PathLike | None = None) -> LearnedFile:
    """The file's weights and stamp (the shipped file's by default), checked against the scorer."""
    path = Path(SHIPPED if path is None else path)
    label = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LearnedFileError(f"cannot read {label!r}: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise LearnedFileError(f"{label!r} is not valid TOML: {exc}") from None
    unknown = sorted(set(data) - {"stamp", "weights", "network"})
    if unknown:
        raise LearnedFileError(f"{label!r}: unknown table {unknown[0]!r} (tables: stamp, weights, network)")
    stamp, table = data.get("stamp", {}), data.get("weights")
    if not isinstance(stamp, dict) or not isinstance(table, dict):
        raise LearnedFileError(f"{label!r}: [stamp] and [weights] must be tables")
    if stamp.get("features") != feature_set():
        raise LearnedFileError(f"{label!r} holds weights for the feature set {stamp.get('features')!r}, and the "
                               f"player scores {feature_set()!r}: train it again (spadille train quadrille --policy learned)")
    weights = _rows(label, "[weights]", table, bucket_names(), L.LEARNED_FEATURES,
                    f"rows are ROLE.PLACE, places {', '.join(PLACES)}")
    network = data.get("network")
    if network is None:
        return LearnedFile(weights, stamp)
    if not isinstance(network, dict) or not isinstance(network.get("input"), dict) \
            or not isinstance(network.get("bias"), dict) or "output" not in network:
        raise LearnedFileError(f"{label!r}: [network] must hold output, [network.input] and [network.bias]")
    extra = sorted(set(network) - {"input", "bias", "output", "roles"})
    if extra:
        raise LearnedFileError(f"{label!r}: unknown entry {extra[0]!r} in [network] (input, bias, output, roles)")
    roles = network_roles(label, network.get("roles"))
    hidden = L.LEARNED_HIDDEN
    parts = [_rows(label, "[network.input]", network["input"], [name for name, _ in FEATURES], hidden,
                   "rows are the feature names"),
             _rows(label, "[network.bias]", network["bias"], bucket_names(), hidden, "rows are ROLE.PLACE"),
             _rows(label, "[network]", {"output": network["output"]}, ["output"], hidden, "")]
    return LearnedFile(weights, stamp, np.concatenate([part.ravel() for part in parts]), roles)


def network_roles(label: str, names) -> tuple[str, ...] | None:
    """The roles named by a [network] ``roles`` (``names``: the file's value, None when absent), in
    card_rules.ROLES' order; None for every role. A bad one is refused in one sentence."""
    if names is None:
        return None
    known = ", ".join(ROLES)
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise LearnedFileError(f"{label!r}: [network] roles must be a list of role names ({known}), not {names!r}")
    for name in names:
        if name not in ROLES:
            raise LearnedFileError(f"{label!r}: unknown role {name!r} in [network] roles (roles: {known})")
    if not names:
        raise LearnedFileError(f"{label!r}: [network] roles names no role; name one at least ({known}), "
                               "or drop [network]")
    on = tuple(role for role in ROLES if role in names)
    return None if len(on) == len(ROLES) else on


def _rows(label: str, table_name: str, table: Mapping, names: list[str], size: int, hint: str) -> np.ndarray:
    """float64[len(names), size]: the rows ``names`` of ``table``, each ``size`` finite numbers."""
    extra = sorted(set(table) - set(names))
    if extra:
        raise LearnedFileError(f"{label!r}: unknown row {extra[0]!r} in {table_name} ({hint})")
    out = np.zeros((len(names), size), dtype=np.float64)
    for index, name in enumerate(names):
        row = table.get(name)
        if row is None:
            raise LearnedFileError(f"{label!r}: {table_name} lacks the row {name!r}")
        if not isinstance(row, list) or len(row) != size:
            length = len(row) if isinstance(row, list) else "no list"
            raise LearnedFileError(f"{label!r}: row {name!r} must hold {size} numbers, not {length}")
        for bit, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise LearnedFileError(f"{label!r}: row {name!r}, weight {bit} must be a finite number, not {value!r}")
            out[index, bit] = float(value)
    return out


_CACHE: dict[tuple, LearnedFile] = {}


def file_weights(path: str | os.PathLike | None = None) -> np.ndarray:
    """A learned file's numbers (LearnedFile.parameters; the shipped file's by default), read once a
    process (again if the file changed): a candidate fit is played by naming its file (``SeatPolicy.weights``)."""
    path = Path(SHIPPED if path is None else path)
    try:
        status = path.stat()
        key = (str(path), status.st_mtime_ns, status.st_size)
    except OSError:
        key = (str(path), 0, 0)
    if key not in _CACHE:
        for stale in [k for k in _CACHE if k[0] == key[0]]:
            del _CACHE[stale]
        _CACHE[key] = read_learned(path)
    return _CACHE[key].parameters()


def file_provenance(path: str | os.PathLike) -> dict[str, str]:
    """What an output records of a learned weights file other than the shipped one: its path, the
    first 12 hex digits of its bytes' sha256 and the command in its stamp."""
    path = Path(path)
    return {"path": str(path), "sha256": hashlib.sha256(path.read_bytes()).hexdigest()[:12],
            "command": str(read_learned(path).stamp.get("command", "not stamped"))}


def write_weights_rows(params: np.ndarray, weights: np.ndarray) -> None:
    """Put ``weights`` (L.LEARNED_SIZE numbers, LearnedFile.parameters) into every row of a parameter array."""
    weights = np.asarray(weights, dtype=np.float64).ravel()
    assert weights.size == L.LEARNED_SIZE, weights.size
    params[..., L.LEARNED_WEIGHTS:L.LEARNED_WEIGHTS + L.LEARNED_SIZE] = weights


def _number(value: float) -> str:
    """A weight as the file writes it: 6 significant digits, the same text for the same float."""
    text = f"{value:.6g}"
    return "0.0" if text in ("0", "-0") else (text if any(c in text for c in ".en") else text + ".0")



def learned_text(learned: LearnedFile, header: str = "") -> str:
    """The file's text: an optional comment, [stamp], then [weights] one row a line."""
    stamp = {**learned.stamp, "features": feature_set()}
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    lines += ["[stamp]"] + [f"{key} = {toml_value(value)}" for key, value in stamp.items()]
    lines += ["", "[weights]"]
    lines += _row_lines(bucket_names(), learned.weights)
    if learned.network is not None:
        network = np.asarray(learned.network, dtype=np.float64)
        hidden = L.LEARNED_HIDDEN
        inputs = network[:L.LEARNED_FEATURES * hidden].reshape(L.LEARNED_FEATURES, hidden)
        biases = network[L.LEARNED_FEATURES * hidden:-hidden].reshape(L.LEARNED_BUCKETS, hidden)
        lines += ["", "[network]"] + _row_lines(["output"], network[-hidden:][None, :])
        if learned.roles is not None:
            lines += ["roles = [" + ", ".join(f'"{role}"' for role in learned.roles) + "]"]
        lines += ["", "[network.input]"] + _row_lines([name for name, _ in FEATURES], inputs)
        lines += ["", "[network.bias]"] + _row_lines(bucket_names(), biases)
    return "\n".join(lines) + "\n"


def _row_lines(names: list[str], rows: np.ndarray) -> list[str]:
    return [f'"{name}" = [' + ", ".join(_number(float(v)) for v in row) + "]"
            for name, row in zip(names, np.asarray(rows, dtype=np.float64))]


def write_learned(path: str | os.PathLike, learned: LearnedFile, header: str = "") -> None:
    """Write the file atomically (a temporary file in the same folder renamed over the target)."""
    write_text_atomic(path, learned_text(learned, header), ".learned-")
