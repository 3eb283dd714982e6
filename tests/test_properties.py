"""Properties of every played deal, for seeds, deal numbers, policies and rulesets drawn by hypothesis.

The legality of each play is checked by a small oracle written here from the ruleset's own
rank lists (not from the kernel's tables or ``_rules.legal_plays``): follow the led suit,
the black aces being trumps; ruff or overtrump only if the ruleset demands it; when trumps
are led, a true matador above the led card may be kept back (RULES.md §1.4).
"""

from __future__ import annotations


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset, with_overrides
from spadille.kernel.quadrille.simulate import RunConfig, simulate

RANK_LETTERS = "A234567JQK"
SUIT_NAMES = ("spades", "clubs", "hearts", "diamonds")
SPADILLE, BASTO = 0, 10
DEALS = 30




BASE = load_ruleset("encyclopedie-1765")
RULESETS = [
    BASE,
    with_overrides(BASE, {"play.must_trump": True, "play.must_overtrump": True, "play.matador_privilege": "none",
                   "auction.all_pass": "redeal"}),
    with_overrides(BASE, {"play.must_trump": True, "bete.growth": "doubling", "vole.failed": "encyclopedie-literal",
                   "payments.odd_counters": "highest-trump-defender", "payments.matadors_counted_for": "ombre",
                   "payments.matadors_require_top3": False, "vole.devole_enabled": True}),
    with_overrides(BASE, {"payments.lone_payment_threshold": 4, "contract.self_call": False,
                   "contract.call_king_of_trumps": True, "contract.queen_call_with_four_kings": False,
                   "contract.allowed_trumps": ["hearts"], "auction.asker_preference": False,
                   "auction.forced_spadille_vole": True, "vole.needs_called_card_seen": False}),
    with_overrides(BASE, {"pack.seats": 3, "pack.removed_suits": ["diamonds"],
                   "contract.allowed_trumps": ["spades", "clubs", "hearts"]}),
]


class Oracle:
    """Suits and strengths of the cards for each trump, straight from the ruleset's rank lists."""

    def __init__(self, rs):
        self.seats = rs["pack.seats"]
        self.hand_size = rs["pack.hand_size"]
        removed = {SUIT_NAMES.index(s) for s in rs["pack.removed_suits"]}
        self.suits = [s for s in range(4) if s not in removed]
        self.pack = {s * 10 + r for s in self.suits for r in range(10)}
        self.must_trump = rs["play.must_trump"]
        self.must_overtrump = rs["play.must_overtrump"]
        self.privilege = rs["play.matador_privilege"] == "led-card"
        self.suit = {}       # (trump, card) -> effective suit
        self.strength = {}   # (trump, card) -> higher is stronger, trumps above every plain card
        self.matadors = {}   # trump -> the three true matadors
        for trump in self.suits:
            colour = "red" if trump >= 2 else "black"
            order = []
            for name in rs[f"ranks.{colour}_trump"]:
                if name == "spadille":
                    order.append(SPADILLE)
                elif name == "basto":
                    order.append(BASTO)
                elif name == "manille":
                    order.append(trump * 10 + RANK_LETTERS.index(rs[f"ranks.manille_{colour}"]))
                elif name == "ponto":
                    order.append(trump * 10)
                else:
                    order.append(trump * 10 + RANK_LETTERS.index(name))
            self.matadors[trump] = set(order[:3])
            for index, card in enumerate(order):
                self.suit[trump, card] = trump
                self.strength[trump, card] = 100 + len(order) - index
            for suit in self.suits:
                if suit == trump:
                    continue
                plain = rs[f"ranks.{'red' if suit >= 2 else 'black'}_plain"]
                for index, name in enumerate(plain):
                    card = suit * 10 + RANK_LETTERS.index(name)
                    self.suit[trump, card] = suit
                    self.strength[trump, card] = len(plain) - index
            assert {c for (t, c) in self.suit if t == trump} == self.pack

    def winner_index(self, trump, played):
        led_suit = self.suit[trump, played[0]]
        contenders = [i for i, c in enumerate(played) if self.suit[trump, c] in (trump, led_suit)]
        return max(contenders, key=lambda i: (self.suit[trump, played[i]] == trump, self.strength[trump, played[i]]))

    def legal(self, trump, hand, played):
        if not played:
            return set(hand)
        led = played[0]
        led_suit = self.suit[trump, led]
        follow = {c for c in hand if self.suit[trump, c] == led_suit}
        if led_suit != trump:
            if follow:
                return follow
            trumps = {c for c in hand if self.suit[trump, c] == trump}
            if self.must_trump and trumps:
                best = played[self.winner_index(trump, played)]
                if self.must_overtrump and self.suit[trump, best] == trump:
                    over = {c for c in trumps if self.strength[trump, c] > self.strength[trump, best]}
                    if over:
                        return over
                return trumps
            return set(hand)
        if not follow:
            return set(hand)
        if self.privilege:
            exempt = {c for c in follow if c in self.matadors[trump]
                      and self.strength[trump, c] > self.strength[trump, led]}
            if not follow - exempt:
                return set(hand)
        return follow


ORACLES = [Oracle(rs) for rs in RULESETS]


def cards_in(mask):
    return {c for c in range(40) if mask >> c & 1}


def played_rows(index, seed, start, session_length, names):
    rs = RULESETS[index]
    seats = rs["pack.seats"]
    policies = tuple(make_seat_policy(n) for n in names[:seats])
    config = RunConfig(rs, policies, seed, DEALS, first_deal=start * session_length,
                       session_length=session_length, chunk_size=10 * session_length, record=True)
    return ORACLES[index], simulate(config).rows


runs = given(
    index=st.integers(0, len(RULESETS) - 1),
    seed=st.integers(0, 2**63 - 1),
    start=st.integers(0, 10**9),
    session_length=st.sampled_from([1, 2, 5]),
    names=st.lists(st.sampled_from(["random", "heuristic"]), min_size=4, max_size=4),
)
examples = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def replay(oracle, row):
    """Yield (trick, seat, card, legal set, hand before) for each card of a played deal."""
    trump = row[L.COL_TRUMP]
    hands = {s: cards_in(int(row[L.COL_HANDS + s])) for s in range(oracle.seats)}
    for trick in range(oracle.hand_size):
        leader = row[L.COL_LEADERS + trick]
        played = []
        for i in range(oracle.seats):
            seat = (leader + i) % oracle.seats
            card = int(row[L.COL_CARDS + 4 * trick + i])
            allowed = oracle.legal(trump, hands[seat], played)
            yield trick, seat, card, allowed, set(hands[seat])
            hands[seat].discard(card)
            played.append(card)


@examples
@runs
def test_hands_partition_the_pack(index, seed, start, session_length, names):
    oracle, rows = played_rows(index, seed, start, session_length, names)
    for row in rows:
        hands = [int(row[L.COL_HANDS + s]) for s in range(4)]
        union = 0
        for seat, mask in enumerate(hands):
            if seat >= oracle.seats:
                assert mask == 0
                continue
            assert bin(mask).count("1") == oracle.hand_size
            assert union & mask == 0
            union |= mask
        assert cards_in(union) == oracle.pack


@examples
@runs
def test_each_card_is_played_exactly_once_and_legally(index, seed, start, session_length, names):
    oracle, rows = played_rows(index, seed, start, session_length, names)
    for row in rows:
        if row[L.COL_CONTRACT] == L.NO_CONTRACT:
            assert (row[L.COL_CARDS:L.COL_CARDS + 40] == -1).all()
            continue
        played = []
        for trick, seat, card, allowed, hand in replay(oracle, row):
            assert card in hand, (int(row[L.COL_DEAL]), trick, seat, card)
            assert card in allowed, (int(row[L.COL_DEAL]), trick, seat, card, sorted(allowed))
            played.append(card)
        assert sorted(played) == sorted(oracle.pack)
        for trick in range(oracle.hand_size):
            for k in range(oracle.seats, 4):
                assert row[L.COL_CARDS + 4 * trick + k] == -1


@examples
@runs
def test_winners_lead_and_tricks_sum_to_ten(index, seed, start, session_length, names):
    oracle, rows = played_rows(index, seed, start, session_length, names)
    for row in rows:
        tricks = [int(t) for t in row[L.COL_TRICKS:L.COL_TRICKS + 4]]
        if row[L.COL_CONTRACT] == L.NO_CONTRACT:
            assert tricks == [0, 0, 0, 0]
            continue
        trump = row[L.COL_TRUMP]
        counted = [0, 0, 0, 0]
        leader = 0
        for trick in range(oracle.hand_size):
            assert row[L.COL_LEADERS + trick] == leader
            cards = [int(row[L.COL_CARDS + 4 * trick + i]) for i in range(oracle.seats)]
            winner = (leader + oracle.winner_index(trump, cards)) % oracle.seats
            assert row[L.COL_WINNERS + trick] == winner
            counted[winner] += 1
            leader = winner
        assert counted == tricks
        assert sum(tricks) == oracle.hand_size == 10
        ombre, friend = row[L.COL_OMBRE], row[L.COL_FRIEND]
        assert row[L.COL_SIDE_TRICKS] == tricks[ombre] + (tricks[friend] if friend >= 0 else 0)


@examples
@runs
def test_payments_and_table_change_sum_to_zero(index, seed, start, session_length, names):
    oracle, rows = played_rows(index, seed, start, session_length, names)
    for row in rows:
        pays = [int(p) for p in row[L.COL_PAY:L.COL_PAY + 4]]
        assert sum(pays) + row[L.COL_POOL] == 0
        assert all(p == 0 for p in pays[oracle.seats:])
