"""Who plays what: the policy options and the policy file, resolved to one SeatPolicy a seat.

Precedence, lowest first: ``heuristic``; the file's ``[default]`` table; ``--policy``; the
file's ``[seats.<seat>]`` tables; ``--seat-policy``. Parameters: the file's ``[default]``
parameters go to the seats that play its default policy; ``[seats.<seat>]`` parameters to
that seat; then ``--param KEY=VALUE`` to every seat whose policy has KEY (it is an error if
none has), and ``--param SEAT.KEY=VALUE`` to that seat. A KEY may be a card-play rule of a role,
``ROLE.RULE`` (``--param friend.lead_master_trump=0``, or ``--param eldest.friend.lead_master_trump=0``
for one seat; card_rules.py). Every name is checked: a typo is an
error, never a silent default.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Sequence

from spadille.kernel.quadrille import card_rules
from spadille.kernel.quadrille.cards import SEAT_NAMES
from spadille.kernel.quadrille.policies import (WEIGHTS_KEY, POLICIES, PolicyError, SeatPolicy, make_seat_policy,
                                                parameter_for)

FALLBACK_POLICY = "heuristic"
FILE_TABLES = ("default", "seats")


def _split_assignment(text: str, option: str, shape: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise PolicyError(f"{option} {text!r} must look like {shape}")
    return key.strip(), value.strip()


def _seat_index(name: str, seats: Sequence[str], where: str) -> int:
    if name not in seats:
        raise PolicyError(f"{where}: unknown seat {name!r}; seats: {', '.join(seats)}")
    return seats.index(name)


def _policy_table(table: object, where: str, folder: Path = Path(".")) -> tuple[str | None, dict[str, object]]:
    """(policy name or None, parameters) of one table of the policy file; a learned weights file
    (``weights = "FILE"``) is read from the policy file's folder."""
    if not isinstance(table, dict):
        raise PolicyError(f"{where} must be a table")
    params = dict(table)
    if isinstance(params.get(WEIGHTS_KEY), str):
        params[WEIGHTS_KEY] = str(folder / params[WEIGHTS_KEY])
    name = params.pop("policy", None)
    if name is not None and (not isinstance(name, str) or name not in POLICIES):
        raise PolicyError(f"{where}: unknown policy {name!r}; available: {', '.join(POLICIES)}")
    return name, params


def _check(name: str, params: dict[str, object], where: str) -> None:
    """Reject unknown or bad parameters of a policy-file table, saying which table."""
    try:
        make_seat_policy(name, params)
    except PolicyError as exc:
        raise PolicyError(f"{where}: {exc}") from None


def file_label(path: Path) -> str:
    return f"policy file {str(path)!r}"


PolicyTable = tuple[str | None, dict]  # (policy name or None, parameters)


def read_policy_file(path: Path, seats: Sequence[str]) -> tuple[PolicyTable, dict[int, PolicyTable]]:
    """((default policy, its params), {seat index: (policy, params)}) from a policy file."""
    from spadille.kernel.common.files import FileTooLarge, read_limited_text

    label = file_label(path)
    try:
        data = tomllib.loads(read_limited_text(path))
    except FileTooLarge as exc:
        raise PolicyError(f"{label} {exc}") from None
    except OSError as exc:
        raise PolicyError(f"cannot read {label}: {exc.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PolicyError(f"{label} is not valid TOML: {exc}") from None
    unknown = sorted(set(data) - set(FILE_TABLES))
    if unknown:
        raise PolicyError(f"{label}: unknown table {unknown[0]!r} (use [default] and [seats.<seat>])")
    default = _policy_table(data.get("default", {}), f"{label} [default]", path.parent)
    seat_tables = data.get("seats", {})
    if not isinstance(seat_tables, dict):
        raise PolicyError(f"{label}: 'seats' must hold [seats.<seat>] tables")
    per_seat = {}
    for name, table in seat_tables.items():
        where = f"{label} [seats.{name}]"
        per_seat[_seat_index(name, seats, where)] = _policy_table(table, where, path.parent)
    return default, per_seat


def _is_role_parameter(key: str) -> bool:
    """Is ``key`` a card-play rule (``friend.lead_master_trump``, ``defenders.avoid_ombre_voids``)?
    Role and group names are not seat names, so ``ROLE.RULE`` and ``SEAT.KEY`` never collide."""
    return bool(card_rules.expand(key))


def resolve_policies(n_seats: int, policy: str | None = None, seat_policies: Sequence[str] = (),
                     params: Sequence[str] = (), policy_file: Path | None = None) -> tuple[SeatPolicy, ...]:
    """One SeatPolicy per seat from the command line's policy options (see the module doc)."""
    seats = SEAT_NAMES[n_seats]
    (file_default, file_default_params), file_seats = (
        read_policy_file(policy_file, seats) if policy_file is not None else ((None, {}), {}))
    default_name = policy or file_default or FALLBACK_POLICY
    if file_default_params:
        _check(file_default or default_name, file_default_params, f"{file_label(policy_file)} [default]")

    names = [default_name] * n_seats
    values: list[dict[str, object]] = [{} for _ in seats]
    for index, (name, _) in file_seats.items():
        names[index] = name or default_name
    for text in seat_policies:
        seat, name = _split_assignment(text, "--seat-policy", "SEAT=NAME")
        names[_seat_index(seat, seats, "--seat-policy")] = name
    for index in range(n_seats):
        if names[index] == (file_default or default_name):
            values[index].update(file_default_params)
        if index in file_seats:
            _check(names[index], file_seats[index][1], f"{file_label(policy_file)} [seats.{seats[index]}]")
            values[index].update(file_seats[index][1])

    for text in params:
        key, value = _split_assignment(text, "--param", "KEY=VALUE, SEAT.KEY=VALUE or [SEAT.]ROLE.RULE=VALUE")
        seat, dot, name = key.partition(".")
        if dot and seat not in seats and (seat in card_rules.ROLES or seat in card_rules.ROLE_GROUPS) \
                and not _is_role_parameter(key):
            raise PolicyError(f"--param {key!r}: the card play has no rule {name!r} for {seat} "
                              "(spadille rules quadrille --policy heuristic lists the rules by role)")
        if dot and (seat in seats or not _is_role_parameter(key)):
            values[_seat_index(seat, seats, "--param")][name] = value
            continue
        name = key
        takers = [i for i in range(n_seats) if names[i] in POLICIES and parameter_for(POLICIES[names[i]], name)]
        if not takers:
            playing = ", ".join(sorted(set(names)))
            raise PolicyError(f"--param {key!r}: no seat plays a policy with that parameter (policies: {playing})")
        for index in takers:
            values[index][name] = value
    return tuple(make_seat_policy(names[i], values[i]) for i in range(n_seats))


def describe_seating(policies: Sequence[SeatPolicy]) -> str:
    """'heuristic(...) at every seat' or 'eldest=random, second=heuristic(...), ...'."""
    seats = SEAT_NAMES[len(policies)]
    descriptions = [p.describe() for p in policies]
    if len(set(descriptions)) == 1:
        return f"{descriptions[0]} at every seat"
    return ", ".join(f"{seat}={text}" for seat, text in zip(seats, descriptions))


def parse_policy_spec(text: str) -> SeatPolicy:
    """One policy with its parameters, written ``NAME`` or ``NAME:KEY=VALUE:KEY=VALUE`` (the
    ladder's ``--policies`` and ``--reference``): ``pimc:samples=40``, ``heuristic:ask_threshold=4``,
    ``learned:weights=FILE`` (a learned weights file other than the shipped one)."""
    name, *assignments = text.strip().split(":")
    if name not in POLICIES:
        raise PolicyError(f"unknown policy {name!r}; available: {', '.join(POLICIES)}")
    params = dict(_split_assignment(item, f"policy {text.strip()!r}: parameter", "KEY=VALUE")
                  for item in assignments)
    return make_seat_policy(name, params)


def policy_file_rung(path: Path, seats: Sequence[str]) -> SeatPolicy:
    """The one policy of a policy file's [default] table: a rung of the ladder. Seat tables have no
    place there (the ladder itself puts the policy in each seat in turn)."""
    (name, params), per_seat = read_policy_file(path, seats)
    if per_seat:
        raise PolicyError(f"{file_label(path)}: the ladder seats one policy in each seat in turn, so [seats.*] "
                          "tables have no place in it; give the policy in [default]")
    if name is None:
        raise PolicyError(f"{file_label(path)} [default] names no policy (policy = \"...\")")
    _check(name, params, f"{file_label(path)} [default]")
    return make_seat_policy(name, params)
