"""One round of the card game (docs/cabriolet.md, "A round"), its rules read from the ruleset by name.

In order: the stakes on the covered cases; the deal; the exchange; three jacks sweep and end the
round; the four aces take the jeu and nine stakes from every other player; each figure case is
declared in speaking order and opposed by any other holder; then the play for the jeu.

A round writes down what it did twice: as lines a reader follows (``events``) and as a ledger of
jetons (``Entry``: who gained what, from which case and why), from which the session's figures
are summed (session.py). Seat q deals round r when q == r % n; hand j belongs to the seat at
speaking position j, the dealer's left speaking first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spadille.kernel.common._rng import PythonStream

from ..cards import N_RANKS, format_card
from ..cases import CASES, DISPLAY, FIGURE_CASES, FOUR_ACES, JEU, holdings
from ..ruleset import CabrioletRuleset
from .deal import deal_hands
from .exchange import exchange
from .play import play_tricks, player_wins

STAKE, COLLECT, ACES, PENALTY = "stake", "collect", "aces", "penalty"


@dataclass(frozen=True)
class Entry:
    """Seat ``seat`` gains ``amount`` jetons (negative: pays) as ``why``, on case ``case`` (None: no case)."""

    seat: int
    amount: int
    why: str
    case: int | None = None


@dataclass
class Round:
    """What one round did: the lines a reader follows, the ledger, and each seat's gain in jetons."""

    number: int
    dealer: int
    board_before: list[int]
    hands: list[int] = field(default_factory=list)      # by seat, after the exchange
    dealt: list[int] = field(default_factory=list)      # by seat, as dealt
    turned: int = -1
    events: list[str] = field(default_factory=list)
    tricks: list[tuple[int, list[tuple[int, int]]]] = field(default_factory=list)   # (taker, [(seat, card)]) by seat
    ledger: list[Entry] = field(default_factory=list)
    exchanges: int = 0
    cabriolet: bool = False        # three jacks ended the round
    player: int | None = None      # the seat who played for the jeu
    won: bool = False
    gains: list[int] = field(default_factory=list)      # by seat
    board_after: list[int] = field(default_factory=list)


class RoundPlayer:
    """Plays rounds at one table: ``covers`` (bits over the nine cases) and ``thresholds`` (trumps
    to play for the jeu) by seat."""

    def __init__(self, rules: CabrioletRuleset, covers: list[int], thresholds: list[int]):
        self.rules, self.covers, self.thresholds = rules, covers, thresholds
        self.n = len(covers)
        self.stake = rules["board.stake"]

    def covered(self, seat: int, case: int) -> bool:
        return bool(self.covers[seat] >> case & 1)

    def play(self, board: list[int], seed: int, deal: int, number: int, restake: bool) -> Round:
        """Round ``number`` of its session, deal ``deal`` of ``seed``; updates ``board`` (by case)."""
        rules, n = self.rules, self.n
        dealer = number % n
        seat = [(dealer + 1 + j) % n for j in range(n)]
        this = Round(number, dealer, list(board))
        if restake:
            for q in range(n):
                for c in range(len(CASES)):
                    if self.covered(q, c):
                        board[c] += self.stake
                        this.ledger.append(Entry(q, -self.stake, STAKE, c))
            this.events.append(f"stakes: {self.stake} on each covered case")
        hands, this.turned = deal_hands(PythonStream(seed, deal), n)
        this.dealt = [hands[seat.index(q)] for q in range(n)]
        if rules["declare.exchange"] == "one-call":
            this.exchanges = self._exchange(hands, this.turned, seat, this.events)
        this.hands = [hands[seat.index(q)] for q in range(n)]
        held = [holdings(h, rules["cases.confiance_same_suit"], rules["cases.parts_of_mariage"]) for h in hands]
        jacks = [j for j in range(n) if "cabriolet" in held[j]]
        if jacks:
            self._cabriolet(board, seat[jacks[0]], this)
        else:
            self._aces(board, held, seat, this)
            self._declare(board, held, seat, this)
            if board[JEU] > 0:
                self._jeu(board, hands, seat, this.turned // N_RANKS, this)
        this.gains = [sum(e.amount for e in this.ledger if e.seat == q) for q in range(n)]
        this.board_after = list(board)
        return this

    def _exchange(self, hands, turned, seat, events) -> int:
        rules = self.rules
        calls = exchange(hands, turned, rules["cases.confiance_same_suit"], rules["cases.parts_of_mariage"])
        for call in calls:
            named = f"seat {seat[call.caller]} calls {format_card(call.called)}"
            if call.holder is None:
                events.append(f"{named}: nobody holds it, the call is spent")
            elif call.given is None:
                events.append(f"{named}: he has no card of its rank or higher to give, the call is spent")
            else:
                events.append(f"{named} from seat {seat[call.holder]} and gives {format_card(call.given)}")
        return sum(1 for call in calls if call.given is not None)

    def _cabriolet(self, board, q, this: Round) -> None:
        """Three jacks take "sans examen" the cases (``cases.cabriolet_sweep``: those he covered, or
        all nine), and the round ends."""
        sweep_all = self.rules["cases.cabriolet_sweep"] == "all"
        swept = [c for c in range(len(CASES)) if sweep_all or self.covered(q, c)]
        taken = sum(board[c] for c in swept)
        for c in swept:
            this.ledger.append(Entry(q, board[c], COLLECT, c))
            board[c] = 0
        this.cabriolet = True
        this.events.append(f"seat {q} holds three jacks: cabriolet, he takes {taken} from the cases "
                           + ("all nine" if sweep_all else "he covered") + " and the round ends")

    def _aces(self, board, held, seat, this: Round) -> None:
        """"Quiconque aura les quatre as tirera, s'il en a couvert les figures, tout ce qui est sur le
        jeu", and each other player pays him the nine cases' stake (``cases.aces_payment``)."""
        rules = self.rules
        for j in range(self.n):
            if FOUR_ACES not in held[j]:
                continue
            q = seat[j]
            gain = 0
            if rules["cases.aces_requires"] == "none" or self.covered(q, JEU):
                gain, board[JEU] = board[JEU], 0
            payment = rules["cases.aces_payment"] * self.stake
            for other in range(self.n):
                if other != q:
                    this.ledger.append(Entry(other, -payment, ACES))
                    gain += payment
            this.ledger.append(Entry(q, gain, ACES))
            this.events.append(f"seat {q} holds the four aces: {gain} in all")

    def _declare(self, board, held, seat, this: Round) -> None:
        """Each figure case in turn: the first holder in speaking order who covered it declares it;
        any other holder (who covered it, under ``declare.opposer_must_cover``) says "je m'y
        oppose", and then the case stays on the board (``declare.opposition``)."""
        rules = self.rules
        for c in range(FIGURE_CASES):
            holders = [j for j in range(self.n) if CASES[c] in held[j]]
            declarer = next((j for j in holders if self.covered(seat[j], c)), None)
            if declarer is None:
                continue
            opposers = [j for j in holders if j != declarer
                        and (self.covered(seat[j], c) or not rules["declare.opposer_must_cover"])]
            shown = DISPLAY[CASES[c]]
            if rules["declare.opposition"] and opposers:
                this.events.append(f"{shown}: seat {seat[declarer]} declares it, seat {seat[opposers[0]]} opposes: "
                                   f"it stays ({board[c]})")
                continue
            q = seat[declarer]
            this.ledger.append(Entry(q, board[c], COLLECT, c))
            this.events.append(f"{shown}: seat {q} collects {board[c]}" + (" (the case is empty)" if not board[c] else ""))
            board[c] = 0

    def _jeu(self, board, hands, seat, trump, this: Round) -> None:
        """The first player in speaking order (the eldest alone under ``play.who = eldest-only``) who
        covered the jeu and holds his threshold of trumps plays for it against all the others; he
        takes the jeu if he wins, else puts on it as many jetons as it holds."""
        rules = self.rules
        last = 1 if rules["play.who"] == "eldest-only" else self.n
        trumps = [bin(h >> (N_RANKS * trump) & 0xFF).count("1") for h in hands]
        player = next((j for j in range(last)
                       if self.covered(seat[j], JEU) and trumps[j] >= self.thresholds[seat[j]]), None)
        if player is None:
            this.events.append(f"the jeu ({board[JEU]}) stays: nobody plays for it")
            return
        q = seat[player]
        tricks = play_tricks(hands, trump, player, rules["play.must_trump"])
        this.tricks = [(seat[taker], [(seat[pos], c) for pos, c in cards]) for taker, cards in tricks]
        this.player = q
        this.won = player_wins(tricks, self.n, player, rules["play.win_condition"] == "most-tricks")
        if this.won:
            this.ledger.append(Entry(q, board[JEU], COLLECT, JEU))
            this.events.append(f"seat {q} plays for the jeu and wins it: {board[JEU]}")
            board[JEU] = 0
        else:
            pay = board[JEU]
            this.ledger.append(Entry(q, -pay, PENALTY, JEU))
            board[JEU] += pay
            this.events.append(f"seat {q} plays for the jeu and loses: he puts {pay} on it")
