"""``spadille solve``: the double-dummy value of a deal, and of each card the leader may play."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET

from .options import RulesetOption

DealArgument = Annotated[str, typer.Argument(
    help="The four hands from eldest to dealer, separated by '/', e.g. "
         "\"♠A K 7 ♥Q 2 ... / ... / ... / ...\" (symbols or s c h d; K Q J or R D V; spadille, basto).",
    show_default=False)]
TrumpOption = Annotated[str, typer.Option("--trump", help="The trump suit (hearts, ♥, h, ...).", show_default=False)]
OmbreOption = Annotated[str, typer.Option("--ombre", help="The ombre's seat: eldest, second, third or dealer.",
                                          show_default=False)]
FriendOption = Annotated[Optional[str], typer.Option(
    "--friend", help="The friend's seat (the called king's holder); leave out for the ombre alone against all.",
    show_default=False)]
LeaderOption = Annotated[str, typer.Option("--leader", help="Who leads the first trick.")]


def solve_command(
    deal: DealArgument,
    trump: TrumpOption,
    ombre: OmbreOption,
    friend: FriendOption = None,
    leader: LeaderOption = "eldest",
    ruleset: RulesetOption = DEFAULT_RULESET,
    rule: RuleOption = None,
) -> None:
    """Solve a deal with all cards visible: the most tricks the ombre's side takes when every
    player plays perfectly, and the side's total after each card the leader may play."""
    with user_errors():
        from rich.console import Console
        from rich.table import Table

        from spadille.kernel.quadrille import layout as L
        from spadille.kernel.quadrille.cards import SEAT_NAMES, SUITS, CardError, format_card, parse_deal, parse_suit
        from spadille.kernel.quadrille.ruleset import load_ruleset_with
        from spadille.kernel.quadrille.search.solver import DoubleDummySolver
        from spadille.kernel.quadrille.tables import build_tables, ordered_mask

        rules = load_ruleset_with(ruleset, rule or [])
        seats, hand_size = rules["pack.seats"], rules["pack.hand_size"]
        names = SEAT_NAMES[seats]
        tables = build_tables(rules)
        pack = int(tables.rules[L.R_PACK_MASK])
        parsed = parse_deal(deal, seats, hand_size, pack)
        suit = parse_suit(trump)
        if SUITS[suit] not in rules["contract.allowed_trumps"]:
            raise CardError(f"{SUITS[suit]} may not be named trumps under ruleset {rules.name!r}")

        def seat_of(option: str, value: str) -> int:
            if value not in names:
                raise CardError(f"{option} must be one of {', '.join(names)}, not {value!r}")
            return names.index(value)

        ombre_seat = seat_of("--ombre", ombre)
        side = [ombre_seat]
        if friend is not None:
            friend_seat = seat_of("--friend", friend)
            if friend_seat == ombre_seat:
                raise CardError("--friend must be another seat than the ombre's")
            side.append(friend_seat)
        to_move = seat_of("--leader", leader)
        ordered = [ordered_mask(tables, suit, mask) for mask in parsed.hands]
        solver = DoubleDummySolver(tables)
        total = solver.solve(ordered, suit, side, to_move)
        values = solver.card_values(ordered, suit, side, to_move)

        console = Console()
        console.print(parsed.format(), markup=False, highlight=False)
        side_names = " + ".join(names[s] for s in side)
        verdict = ("win" if total >= rules["result.win_tricks"] else
                   "remise" if total >= rules["result.remise_tricks"] else "codille")
        console.print(f"Trumps {SUITS[suit]}; {names[to_move]} leads. With best play on both sides, "
                      f"{side_names} take {total} of {hand_size} tricks: {verdict}.", markup=False)
        table = Table(title=f"Each card {names[to_move]} may lead: {side_names}'s tricks after it")
        table.add_column("card")
        table.add_column("side's tricks", justify="right")
        table.add_column("", justify="left")
        card_of_pos = tables.card_of_pos[suit]
        best = max(values.values()) if to_move in side else min(values.values())
        for position, value in sorted(values.items(), key=lambda item: (-item[1], item[0])):
            table.add_row(format_card(int(card_of_pos[position])), str(value), "best" if value == best else "")
        console.print(table)

