"""One deal's row (``layout.COL_*``) rendered for people: hands, auction, contract, play, result."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.cards import SEAT_NAMES, SUIT_SYMBOLS, SUITS, Hand, format_card

# The bid that overbid the asker, as the force answer names it.
OVERBID_WORDS = {L.ALONE: "the sans prendre", L.DEMAND: "the demand", L.CASCO: "the casco"}


def _signed(value: int) -> str:
    return f"{value:+d}"


def _hands(row, seats) -> Table:
    table = Table(title="Hands", title_justify="left", show_header=False, box=None, padding=(0, 2))
    for index, seat in enumerate(seats):
        table.add_row(seat, Hand(int(row[L.COL_HANDS + index])).format())
    return table


def _auction(row, seats) -> Table:
    table = Table(title="Auction", title_justify="left", show_header=False, box=None, padding=(0, 2))
    for index, seat in enumerate(seats):
        bid = int(row[L.COL_BIDS + index])
        table.add_row(seat, L.BID_NAMES[bid] if bid >= 0 else "(not asked: no higher bid is left)")
    force = int(row[L.COL_FORCE])
    if force != L.NO_FORCE:
        table.add_row(*_force_line(row, seats, force))
    return table


def _force_line(row, seats, force: int) -> tuple[str, str]:
    """The asker's answer to the bid that overbid him: the first bid after his ask (a later one
    finds no ask left to force)."""
    bids = [int(row[L.COL_BIDS + index]) for index in range(len(seats))]
    asker = bids.index(L.ASK) if L.ASK in bids else None
    overbid = next((bid for bid in bids[asker + 1:] if bid not in (-1, L.PASS)), L.ALONE) if asker is not None else L.ALONE
    words = OVERBID_WORDS.get(overbid, "the higher bid")
    answer = f"cedes to {words}" if force == L.CEDE else f"takes {words} himself"
    return (seats[asker] if asker is not None else "asker"), answer


def _contract(row, seats) -> Text:
    contract = int(row[L.COL_CONTRACT])
    if contract == L.NO_CONTRACT:
        return Text("Contract: none (all passed; the deal is redealt)")
    trump = int(row[L.COL_TRUMP])
    called, friend, given = int(row[L.COL_CALLED]), int(row[L.COL_FRIEND]), int(row[L.COL_GIVEN])
    parts = [
        f"Contract: {L.CONTRACT_NAMES[contract]}",
        f"ombre {seats[int(row[L.COL_OMBRE])]}",
        f"trumps {SUIT_SYMBOLS[trump]} {SUITS[trump]}",
    ]
    if given >= 0:  # a demanded king: taken from its holder for a card of the ombre's choosing
        holder = next(seats[s] for s in range(len(seats)) if int(row[L.COL_HANDS + s]) >> called & 1)
        parts += [f"demanded {format_card(called)} from {holder}, gave {format_card(given)}", "no friend"]
    else:
        parts += [f"called {format_card(called)}" if called >= 0 else "no call",
                  f"friend {seats[friend]}" if friend >= 0 else "no friend"]
    return Text(" · ".join(parts))


def _play(row, seats) -> Table:
    n_seats = len(seats)
    table = Table(title="Play", title_justify="left")
    table.add_column("trick", justify="right")
    table.add_column("leader")
    table.add_column("cards, in play order")
    table.add_column("winner")
    for trick in range(L.MAX_TRICKS):
        leader = int(row[L.COL_LEADERS + trick])
        if leader < 0:
            break
        winner = int(row[L.COL_WINNERS + trick])
        played = []
        for k in range(n_seats):
            seat = (leader + k) % n_seats
            card = format_card(int(row[L.COL_CARDS + L.MAX_SEATS * trick + k]))
            text = f"{seats[seat]} {card}"
            played.append(f"[bold]{escape(text)}[/bold]" if seat == winner else escape(text))
        table.add_row(str(trick + 1), seats[leader], "  ".join(played), seats[winner])
    return table


def _result(row, seats) -> Text:
    tricks = " · ".join(f"{seat} {int(row[L.COL_TRICKS + i])}" for i, seat in enumerate(seats))
    lines = [f"Tricks: {tricks} · side {int(row[L.COL_SIDE_TRICKS])}"]
    if int(row[L.COL_CONTRACT]) != L.NO_CONTRACT:
        lines.append(
            f"Outcome: {L.OUTCOME_NAMES[int(row[L.COL_OUTCOME])]} · vole {L.VOLE_NAMES[int(row[L.COL_VOLE])]}"
            f" · matadors {int(row[L.COL_MATADORS])} · bête {int(row[L.COL_BETE])}")
    payments = " · ".join(f"{seat} {_signed(int(row[L.COL_PAY + i]))}" for i, seat in enumerate(seats))
    lines.append(f"Payments (jetons, antes included): {payments} · table {_signed(int(row[L.COL_POOL]))}")
    return Text("\n".join(lines))


def deal_view(row, n_seats: int, heading: str) -> RenderableType:
    """Everything about one deal, top to bottom, as one rich renderable."""
    seats = SEAT_NAMES[n_seats]
    parts: list[RenderableType] = [Text(heading, style="bold"), _hands(row, seats), _auction(row, seats),
                                   _contract(row, seats)]
    if int(row[L.COL_LEADERS]) >= 0:
        parts.append(_play(row, seats))
    parts.append(_result(row, seats))
    return Group(*parts)
