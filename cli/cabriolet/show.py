"""``spadille show cabriolet --seed S --deal K``: one round of the card game replayed step by step
(kernel/cabriolet/reference/): the stakes, the hands, the exchange, three jacks or four aces, each
case declared, opposed or collected, the play for the jeu trick by trick, and who gained what."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption, SeedOption

from .options import CabrioletParamOption, CabrioletRulesetOption, PlayersOption

DealOption = Annotated[int, typer.Option("--deal", help="Which deal of the seed (0, 1, ...): round K % L of "
                                                        "session K // L, L the --session-length.")]
ShowLengthOption = Annotated[int, typer.Option(
    "--session-length", help="Rounds at one table: the board carries over from the session's earlier rounds.")]
ShowCoverOption = Annotated[Optional[str], typer.Option(
    "--cover", metavar="POLICY", help="Seat 0's covering: all, jeu, figures, none or case names joined by '+' "
                                      "(default all).", show_default=False)]


def show_command(seed: SeedOption = 0, deal: DealOption = 0, players: PlayersOption = None,
                 session_length: ShowLengthOption = 20, cover: ShowCoverOption = None,
                 param: CabrioletParamOption = None, ruleset: CabrioletRulesetOption = None,
                 rule: RuleOption = None) -> None:
    """Replay deal --deal of --seed as `simulate cabriolet` plays it (the same rounds, seat 0 under
    --cover, the others under --param others=POLICY): one line for each earlier round of its
    session, then the round itself step by step, with the board before and after and each seat's
    gain in jetons."""
    with user_errors():
        from spadille.kernel.cabriolet.reference import replay_session
        from spadille.kernel.common.errors import SimulationError

        from .simulate import _setup

        values, rules, rounds, _ = _setup(1, ruleset, rule or [], param or [], session_length)
        n = players if players is not None else 4
        rules.check_players(n)
        if not 0 <= seed <= 2**63 - 1:
            raise SimulationError(f"--seed must be between 0 and {2**63 - 1}, not {seed}")
        if not 0 <= deal < 10**11:
            raise SimulationError(f"--deal must be between 0 and 10**11 - 1, not {deal}")
        threshold = _threshold(values)
        covers = [cover or "all"] + [values.get("others", "all")] * (n - 1)
        played = replay_session(rules, n, seed, deal // rounds, deal % rounds + 1, covers, threshold)
        for line in round_lines(rules, seed, deal, covers, threshold, played):
            typer.echo(line)


def _threshold(values: dict) -> int:
    from spadille.kernel.cabriolet.policies import PARAMS
    from spadille.kernel.common.errors import SimulationError

    param = PARAMS["play_threshold"]
    text = values.get("play_threshold", str(param.default))
    if not text.isdigit() or not param.low <= int(text) <= param.high:
        raise SimulationError(f"play_threshold must be a whole number of trumps from {param.low} to {param.high}, "
                              f"not {text!r}")
    return int(text)


def round_lines(rules, seed, deal, covers, threshold, played) -> list[str]:
    from spadille.kernel.cabriolet.cards import N_RANKS, SUIT_SYMBOLS, format_card, format_hand
    from spadille.kernel.cabriolet.cases import CASES, DISPLAY

    this = played[-1]
    n = len(covers)

    def board(values) -> str:
        return ", ".join(f"{DISPLAY[c]} {v}" for c, v in zip(CASES, values) if v) or "empty"

    lines = [f"Cabriolet · seed {seed} · deal {deal} (round {this.number} of its session) · ruleset {rules.name}"
             f" · {n} players",
             "coverings: " + ", ".join(f"seat {q} {covers[q]}" for q in range(n))
             + f"; a seat plays for the jeu with {threshold} trumps or more"]
    for earlier in played[:-1]:
        lines.append(f"  round {earlier.number}: " + "; ".join(earlier.events[1:] if earlier.events[0].startswith(
            "stakes") else earlier.events) + " · gains " + " ".join(f"{g:+d}" for g in earlier.gains))
    lines.append(f"Round {this.number}, seat {this.dealer} deals. Board before: {board(this.board_before)}")
    for q in range(n):
        lines.append(f"  seat {q} dealt {format_hand(this.dealt[q])}"
                     + (f" -> {format_hand(this.hands[q])}" if this.hands[q] != this.dealt[q] else ""))
    lines.append(f"  turned {format_card(this.turned)}: trumps {SUIT_SYMBOLS[this.turned // N_RANKS]}")
    lines += [f"  {event}" for event in this.events]
    for number, (taker, cards) in enumerate(this.tricks, start=1):
        lines.append(f"    trick {number}: " + ", ".join(f"seat {q} {format_card(c)}" for q, c in cards)
                     + f" -> seat {taker}")
    lines.append(f"Board after: {board(this.board_after)}")
    lines.append("Gains: " + ", ".join(f"seat {q} {g:+d}" for q, g in enumerate(this.gains)))
    return lines
