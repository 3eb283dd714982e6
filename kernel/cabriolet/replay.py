"""One session of the card game replayed round by round in plain Python, for `show cabriolet`.

The slow, readable twin of ``_session._round`` (docs/cabriolet.md, "A round"): it reads the
ruleset by name and writes down every event of a round (stakes, the deal, the exchange, three
jacks, four aces, each case declared, opposed or collected, the play for the jeu trick by trick)
with who gained what. The players' choices are the kernel's own jitted functions (the exchange's
call, the greedy card), so the two engines differ only in the rules they follow; a test checks
that every seat's net over whole sessions is the kernel's.

Seats are numbered as the kernel numbers them: seat q deals round r when q == r % n; hand j of a
round belongs to the seat at speaking position j (the dealer's left speaks first).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from spadille.kernel.common._rng import PythonStream

from ._exchange import exchange_calls
from ._play import choose_card
from .cards import N_CARDS, N_RANKS, kernel_masks
from .cases import CASES, DISPLAY, FIGURE_CASES, FOUR_ACES, JEU, holdings
from .ruleset import CabrioletRuleset
from .simulate import cover_mask

HAND = 5


@dataclass
class Round:
    """What one round did: the lines a reader follows, and each seat's gain in jetons."""

    number: int
    dealer: int
    board_before: list[int]
    hands: list[int] = field(default_factory=list)      # by seat, after the exchange (uint masks as ints)
    dealt: list[int] = field(default_factory=list)      # by seat, as dealt
    turned: int = -1
    events: list[str] = field(default_factory=list)
    tricks: list[tuple[int, list[tuple[int, int]]]] = field(default_factory=list)   # (taker, [(seat, card)])
    gains: list[int] = field(default_factory=list)      # by seat
    board_after: list[int] = field(default_factory=list)


def _deal(stream: PythonStream, n: int) -> tuple[list[int], int]:
    """Fisher-Yates over the first 5n places of the 32 cards; hands in speaking order, and the turned card."""
    deck = list(range(N_CARDS))
    for i in range(HAND * n):
        j = i + stream.below(N_CARDS - i)
        deck[i], deck[j] = deck[j], deck[i]
    return [sum(1 << c for c in deck[HAND * p:HAND * (p + 1)]) for p in range(n)], deck[HAND * n - 1]


def _beats(c: int, w: int, trump: int) -> bool:
    """A card beats the winner if it is higher in the winner's suit, or a trump on a non-trump."""
    return c % N_RANKS < w % N_RANKS if c // N_RANKS == w // N_RANKS else c // N_RANKS == trump


def _play_for_the_jeu(rules: CabrioletRuleset, hands: list[int], n: int, trump: int, player: int):
    """Five tricks, the eldest leading (docs/cabriolet.md): [(taker, [(position, card)...])]."""
    hands = list(hands)
    must_trump = rules["play.must_trump"]
    leader, tricks = 0, []
    for _ in range(HAND):
        led, win_card, win_pos, played = -1, -1, -1, []
        for i in range(n):
            pos = (leader + i) % n
            partner = win_pos >= 0 and pos != player and win_pos != player   # the defenders play together
            c = int(choose_card(np.uint64(hands[pos]), led, win_card, partner, trump, must_trump))
            hands[pos] &= ~(1 << c)
            played.append((pos, c))
            if led < 0:
                led, win_card, win_pos = c // N_RANKS, c, pos
            elif _beats(c, win_card, trump):
                win_card, win_pos = c, pos
        tricks.append((win_pos, played))
        leader = win_pos
    return tricks


def _wins(rules: CabrioletRuleset, tricks, n: int, player: int) -> bool:
    won = [sum(1 for taker, _ in tricks if taker == p) for p in range(n)]
    if rules["play.win_condition"] == "most-tricks":
        return all(won[p] < won[player] for p in range(n) if p != player)
    return won[player] >= 3


def replay_session(rules: CabrioletRuleset, n: int, seed: int, session: int, rounds: int, covers: list[str],
                   play_threshold: int = 3) -> list[Round]:
    """Rounds 0..rounds-1 of ``session`` (deal session * rounds + r of the seed); ``covers`` by seat."""
    rules.check_players(n)
    masks = [cover_mask(text) for text in covers]
    stake = rules["board.stake"]
    board, pending, played = [0] * len(CASES), True, []
    for r in range(rounds):
        dealer = r % n
        seat = [(dealer + 1 + j) % n for j in range(n)]
        this = Round(r, dealer, list(board))
        gains = [0] * n
        if rules["board.restake"] == "every-deal" or pending:
            for q in range(n):
                for c in range(len(CASES)):
                    if masks[q] >> c & 1:
                        board[c] += stake
                        gains[q] -= stake
            this.events.append(f"stakes: {stake} on each covered case")
        pending = False
        stream = PythonStream(seed, session * rounds + r)
        by_position, this.turned = _deal(stream, n)
        this.dealt = [by_position[seat.index(q)] for q in range(n)]
        if rules["declare.exchange"] == "one-call":
            this.events += _exchange(rules, by_position, n, this.turned, seat)
        this.hands = [by_position[seat.index(q)] for q in range(n)]
        held = [holdings(h, rules["cases.confiance_same_suit"], rules["cases.parts_of_mariage"]) for h in by_position]
        trump = this.turned // N_RANKS
        jacks = [j for j in range(n) if "cabriolet" in held[j]]
        if jacks:
            q = seat[jacks[0]]
            swept = [c for c in range(len(CASES)) if rules["cases.cabriolet_sweep"] == "all" or masks[q] >> c & 1]
            taken = sum(board[c] for c in swept)
            for c in swept:
                board[c] = 0
            gains[q] += taken
            this.events.append(f"seat {q} holds three jacks: cabriolet, he takes {taken} from the cases "
                               + ("all nine" if rules["cases.cabriolet_sweep"] == "all" else "he covered")
                               + " and the round ends")
            pending = True
        else:
            _aces(rules, board, gains, held, seat, masks, n, stake, this.events)
            _declare(rules, board, gains, held, seat, masks, n, this.events)
            if board[JEU] > 0:
                _jeu(rules, board, gains, by_position, seat, masks, n, trump, play_threshold, this)
        this.gains = gains
        this.board_after = list(board)
        played.append(this)
    return played


def _exchange(rules, by_position, n, turned, seat) -> list[str]:
    ranks, suits = kernel_masks()
    hands = np.array(by_position + [0] * (6 - n), dtype=np.uint64)
    log = np.zeros((6, 3), dtype=np.int64)
    exchange_calls(hands, n, turned, ranks, suits, int(rules["cases.confiance_same_suit"]),
                   int(rules["cases.parts_of_mariage"]), log)
    from .cards import format_card

    events = []
    for j in range(n):
        holder, called, given = (int(x) for x in log[j])
        if called < 0:
            continue
        if holder < 0:
            events.append(f"seat {seat[j]} calls {format_card(called)}: nobody holds it, the call is spent")
        else:
            events.append(f"seat {seat[j]} calls {format_card(called)} from seat {seat[holder]} and gives "
                          f"{format_card(given)}")
    by_position[:] = [int(h) for h in hands[:n]]
    return events


def _aces(rules, board, gains, held, seat, masks, n, stake, events) -> None:
    """"Quiconque aura les quatre as tirera, s'il en a couvert les figures, tout ce qui est sur le
    jeu", and each other player pays him the nine cases' stake (docs/cabriolet.md)."""
    for j in range(n):
        if FOUR_ACES not in held[j]:
            continue
        q = seat[j]
        gain = 0
        if rules["cases.aces_requires"] == "none" or masks[q] >> JEU & 1:
            gain, board[JEU] = board[JEU], 0
        for o in range(n):
            if o != q:
                gains[o] -= rules["cases.aces_payment"] * stake
                gain += rules["cases.aces_payment"] * stake
        gains[q] += gain
        events.append(f"seat {q} holds the four aces: {gain} in all")


def _declare(rules, board, gains, held, seat, masks, n, events) -> None:
    """Each figure case in turn: the first holder in speaking order who covered it declares it,
    any other holder opposes ("je m'y oppose"), and then it stays on the board."""
    for c in range(FIGURE_CASES):
        name, shown = CASES[c], DISPLAY[CASES[c]]
        holders = [j for j in range(n) if name in held[j]]
        declarer = next((j for j in holders if masks[seat[j]] >> c & 1), None)
        if declarer is None:
            continue
        opposers = [j for j in holders if j != declarer
                    and (masks[seat[j]] >> c & 1 or not rules["declare.opposer_must_cover"])]
        if rules["declare.opposition"] and opposers:
            events.append(f"{shown}: seat {seat[declarer]} declares it, seat {seat[opposers[0]]} opposes: "
                          f"it stays ({board[c]})")
            continue
        q = seat[declarer]
        gains[q] += board[c]
        events.append(f"{shown}: seat {q} collects {board[c]}" + (" (the case is empty)" if not board[c] else ""))
        board[c] = 0


def _jeu(rules, board, gains, by_position, seat, masks, n, trump, threshold, this: Round) -> None:
    """The first player in speaking order (the eldest alone under play.who = eldest-only) who covered
    the jeu and holds ``threshold`` trumps plays for it against the others."""
    last = 1 if rules["play.who"] == "eldest-only" else n
    trumps = [bin(h >> (N_RANKS * trump) & 0xFF).count("1") for h in by_position]
    player = next((j for j in range(last) if masks[seat[j]] >> JEU & 1 and trumps[j] >= threshold), None)
    if player is None:
        this.events.append(f"the jeu ({board[JEU]}) stays: nobody plays for it")
        return
    q = seat[player]
    tricks = _play_for_the_jeu(rules, by_position, n, trump, player)
    this.tricks = [(seat[taker], [(seat[pos], c) for pos, c in cards]) for taker, cards in tricks]
    if _wins(rules, tricks, n, player):
        gains[q] += board[JEU]
        this.events.append(f"seat {q} plays for the jeu and wins it: {board[JEU]}")
        board[JEU] = 0
    else:
        pay = board[JEU]
        gains[q] -= pay
        board[JEU] += pay
        this.events.append(f"seat {q} plays for the jeu and loses: he puts {pay} on it")
