"""``spadille show reversis --seed S --deal K``: one deal replayed by the reference engine, trick by
trick, with each payment as it happens."""

from __future__ import annotations

from typing import Annotated

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption, SeedOption

from .options import PolicyOption, PresetOption, ReversisRulesetOption, SessionLengthOption

DealOption = Annotated[int, typer.Option("--deal", help="Which deal of the seed (0, 1, ...).")]
POSITIONS = ("eldest", "second", "third", "dealer")


def show_command(seed: SeedOption = 0, deal: DealOption = 0, ruleset: ReversisRulesetOption = None,
                 preset: PresetOption = None, rule: RuleOption = None, policy: PolicyOption = None,
                 session_length: SessionLengthOption = 1) -> None:
    """Replay deal --deal of --seed: the hands, the exchange, the espagnolette, every trick with the
    payments it makes, then the reversis or the remise and the partie, and each position's net.
    With --session-length, the deal is played inside its session, so the pool is the one it
    carried over."""
    with user_errors():
        from rich.console import Console

        from spadille.kernel.common.errors import SimulationError
        from spadille.kernel.reversis.reference import play_deal, play_session
        from spadille.kernel.reversis.simulate import MAX_SEED, MAX_SESSION_LENGTH

        from .setup import load_policies, load_rules

        rules, policies = load_rules(ruleset, preset, rule), load_policies(policy)
        if not 0 <= seed <= MAX_SEED:
            raise SimulationError(f"--seed must be between 0 and {MAX_SEED}, not {seed}")
        if not 0 <= deal < 10**11:
            raise SimulationError(f"--deal must be between 0 and 10**11 - 1, not {deal}")
        if not 1 <= session_length <= MAX_SESSION_LENGTH:
            raise SimulationError(f"--session-length must be between 1 and {MAX_SESSION_LENGTH}, not {session_length}")
        if session_length == 1:
            played, j = play_deal(rules, policies, seed, deal), 0
        else:
            j = deal % session_length
            played = play_session(rules, policies, seed, deal // session_length, j + 1)[j]
        Console().print("\n".join(deal_lines(rules, policies, seed, deal, j, played)), markup=False, soft_wrap=True)


KEPT_TRICK = {
    "ordinary-game": "his privilege ends, he plays an ordinary game from here (espagnolette.trick_kept = "
                     "ordinary-game)",
    "all-costs": "he will pay tous les frais if he has used his privilege (espagnolette.trick_kept = all-costs)",
    "la bonne": "at la bonne he pays tous les frais if he has used his privilege",
}


def _kept_reading(rules, trick: int) -> str:
    return "la bonne" if trick > 9 else rules["espagnolette.trick_kept"]


def deal_lines(rules, policies, seed, deal, j, played) -> list[str]:
    from spadille.kernel.reversis import layout as L
    from spadille.kernel.reversis.cards import format_card, format_hand
    from spadille.kernel.reversis.reference.decisions import mask_of

    def who(account: int) -> str:
        return "pool" if account == L.POOL else f"{POSITIONS[account]} (player {(account + j) % 4})"

    def payment(p) -> str:
        return f"    {who(p.payer)} pays {who(p.receiver)} {p.amount}: {p.reason}"

    lines = [f"Reversis · seed {seed} · deal {deal} · ruleset {rules.label} · policies "
             + ", ".join(p.describe() for p in policies),
             f"Pool before the deal: {played.pool_start} fiches"]
    for p in range(4):
        lines.append(f"  {who(p):22} dealt {format_hand(int(mask_of(played.dealt[p])))}")
    if played.talon:
        lines.append("  talon: " + " ".join(format_card(c) for c in played.talon))
    for p in range(4):
        d = played.discards[p]
        lines.append(f"  {who(p):22} " + ("keeps his hand" if d < 0 else f"discards {format_card(d)}"))
    lines.append(f"  écart: {format_hand(int(mask_of(played.ecart)))}")
    if played.privileged >= 0:
        lines.append(f"  espagnolette: {who(played.privileged)}")
    by_trick: dict[int, list] = {}
    for p in played.ledger.payments:
        by_trick.setdefault(p.trick, []).append(p)
    lines += [payment(p) for p in by_trick.get(0, []) if p.category == L.C_DEALER]
    for t in played.tricks:
        cards = ", ".join(f"{POSITIONS[(t.leader + i) % 4]} {format_card(c)}" for i, c in enumerate(t.cards))
        lines.append(f"Trick {t.number:2}: {cards} -> {who(t.taker)}")
        lines += [payment(p) for p in by_trick.get(t.number, []) if p.category in (L.C_ACES, L.C_QUINOLA)]
        if t.number == played.espagnolette_trick:
            lines.append(f"    the espagnolette keeps a trick: {KEPT_TRICK[_kept_reading(rules, t.number)]}")
    lines.append("After the play:")
    if played.reversis != L.REV_NONE:
        lines.append(f"  reversis {L.REVERSIS_NAMES[played.reversis]} by {who(played.undertaker)}"
                     + (f", broken by {who(played.breaker)}" if played.breaker >= 0 else ""))
    else:
        lines.append(f"  partie ({played.partie_value}) to {who(played.partie_winner)}"
                     + ("; the espagnolette makes tous les frais" if played.all_costs else ""))
    late = [p for p in played.ledger.payments if p.category not in (L.C_DEALER,)
            and (p.trick == 0 or p.category not in (L.C_ACES, L.C_QUINOLA))]
    lines += [payment(p) for p in late]
    net = played.ledger.net()
    lines.append("Net: " + ", ".join(f"{who(a)} {net[a]:+d}" for a in range(5)))
    return lines
