"""Jitted policies: every decision a player makes, by policy id.

A policy is consulted only when it has a real choice (two or more legal options); both
engines keep to that, so random draws line up between them. Each function takes the policy
id, its float64 parameter row, what the player may see and the deal's RNG state, and returns
its choice. Ids and parameter names live in policies.py (the registry).

random     uniform over the legal options (options in ascending order, one draw each).
heuristic  a club player: bids on an estimate of his own tricks, names the trump that
           estimate likes best, calls the king of his longest plain suit; in play it follows
           its card-play rules for its role (_card_play.py; card_rules.py names them): the
           ombre draws trumps while strong, the friend shows himself by leading the called
           card, partners do not overtake each other, everyone wins as cheaply as he can and
           discards low from short suits, and the vole is undertaken only with sure winners.
learned    bids and decides the vole as the heuristic (at strong's values); plays the card its scorer
           learned from pimc rates best (_learned.py).
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ONE, ZERO, bit, lowest, nth_set, popcount
from spadille.kernel.common._rng import below_n

from . import layout as L
from ._card_play import discard, heuristic_card, heuristic_vole
from ._learned import learned_card
from ._rules import to_ordered


# ---------------------------------------------------------------- hand estimate (bidding)
# What the depth-th best trump (0 spadille, 1 manille, 2 basto, 3 ponto or king, ...) is worth; below
# these, every trump weighs _LOW_TRUMP.
_TOP_WEIGHTS = (1.0, 1.0, 0.9, 0.7, 0.45, 0.45)
_LOW_TRUMP = 0.25


def _top_sums() -> np.ndarray:
    """The top trumps' part of the estimate for each pattern of them held (bit d: the depth-th
    best), each weight added in turn from spadille down, as the estimate adds them."""
    sums = np.zeros(1 << len(_TOP_WEIGHTS))
    for pattern in range(len(sums)):
        value = 0.0
        for depth, weight in enumerate(_TOP_WEIGHTS):
            if pattern >> depth & 1:
                value += weight
        sums[pattern] = value
    return sums


def _suit_terms() -> np.ndarray:
    """A plain suit's terms of the estimate, in the order it adds them, by [length (0, 1, 2 or more),
    king held, queen held, trumps held (under 3, 3, 4 or more)]; 0.0 where a term is not added."""
    terms = np.zeros((3, 2, 2, 3, 3))
    for length in range(3):
        for king in range(2):
            for queen in range(2):
                for trumps in range(3):
                    if length == 0:
                        terms[length, king, queen, trumps, 0] = 0.3 if trumps >= 1 else 0.0  # a void, to ruff
                        continue
                    guarded_queen = length >= 2 and queen == 1
                    if king:
                        terms[length, king, queen, trumps, 0] = 0.85
                        terms[length, king, queen, trumps, 1] = 0.5 if guarded_queen else 0.0
                    else:
                        terms[length, king, queen, trumps, 0] = 0.25 if guarded_queen else 0.0
                    # a singleton beside four trumps
                    terms[length, king, queen, trumps, 2] = 0.15 if length == 1 and trumps == 2 else 0.0
    return terms


def _trump_part(top_sums: np.ndarray) -> np.ndarray:
    """The trumps' part of the estimate by [pattern of top trumps held, trumps held]: the top trumps'
    sum, then _LOW_TRUMP for each other trump, then 0.4 for each past the third, added in that order
    as doubles, as the estimate once added them itself."""
    part = np.zeros((len(top_sums), 16))
    for pattern in range(len(top_sums)):
        for n_trumps in range(16):
            value = top_sums[pattern]
            value += _LOW_TRUMP * (n_trumps - bin(pattern).count("1"))
            value += 0.4 * max(n_trumps - 3, 0)
            part[pattern, n_trumps] = value
    return part


def _suit_pairs(terms: np.ndarray) -> np.ndarray:
    """A plain suit's terms as two: the first, then the second and third as one. At most one of
    those two is not 0.0 (the queen beside the king needs two cards, the singleton one), so their
    sum is exact and adding it is adding both, bit for bit, one latency fewer a suit."""
    assert (np.minimum(terms[..., 1], terms[..., 2]) == 0.0).all()
    return np.stack([terms[..., 0], terms[..., 1] + terms[..., 2]], axis=-1)


# Code, not rules: the estimate's own weights laid out for lookup (the pack's ranks come as arguments).
_TOP_SUMS = _top_sums()
_TRUMP_PART = _trump_part(_TOP_SUMS)
_SUIT_PAIRS = _suit_pairs(_suit_terms())


@njit(cache=True, _nrt=False, inline="always")
def estimate_tricks(hand_nat, trump, card_of_pos, nat_suit_mask, top_pos):
    """Rough count of the tricks a hand takes by itself with ``trump`` as trumps: its top trumps
    (_TOP_WEIGHTS), _LOW_TRUMP for every other trump, 0.4 for every trump past the third; in each
    plain suit 0.85 for the king and 0.5 more for the queen beside it, 0.25 for a guarded queen
    alone, 0.3 for a void with three trumps, 0.15 for a singleton with four.

    Works on the natural mask: the trumps are read off the top of the ordered encoding
    (card_of_pos), the plain suits by their king and queen, which head every plain suit.

    The auction asks this of every seat for every trump, and whether a hand holds a given card is
    a coin toss to the branch predictor, so the terms are looked up (_TRUMP_PART, _SUIT_PAIRS) and
    added in their fixed order, a term that does not apply as 0.0. Adding 0.0 leaves a sum of
    non-negative terms as it was, so the sum is the same double, bit for bit, as adding only the
    terms that apply (thresholds are compared with it).
    """
    # Indices as unsigned (every one here is non-negative): numba tests a signed index for a
    # negative value at each lookup, some forty a call.
    top = np.uint64(top_pos[trump])
    trump_cards = nat_suit_mask[trump, trump]
    n_trumps = np.uint64(popcount(hand_nat & trump_cards))
    pattern = ZERO
    counting = ONE  # 0 once the trump suit runs out (a removed suit named trumps holds only the black aces)
    for depth in range(len(_TOP_WEIGHTS)):
        card = np.uint64(card_of_pos[trump, top - np.uint64(depth)])
        counting &= trump_cards >> card
        pattern |= (counting & (hand_nat >> card) & ONE) << np.uint64(depth)
    value = _TRUMP_PART[pattern, n_trumps]
    trumps = np.uint64(min(max(np.int64(n_trumps) - 2, 0), 2))
    for suit in range(4):
        cards = nat_suit_mask[trump, suit]
        if suit == trump or cards == ZERO:
            continue
        length = np.uint64(min(popcount(hand_nat & cards), 2))
        king = (hand_nat >> np.uint64(suit * 10 + 9)) & ONE
        queen = (hand_nat >> np.uint64(suit * 10 + 8)) & ONE
        value += _SUIT_PAIRS[length, king, queen, trumps, ZERO]
        value += _SUIT_PAIRS[length, king, queen, trumps, ONE]
    return value


@njit(cache=True, _nrt=False, inline="always")
def _partner_possible(hand_nat, trump, nat_suit_mask):
    """Could an ask in ``trump`` find a partner? Yes if a plain king lies elsewhere, or if
    the hand holds every king (then a queen may be called). Otherwise asking means playing
    alone without the sans-prendre premium."""
    kings = ZERO
    for suit in range(4):
        if suit == trump or nat_suit_mask[trump, suit] != ZERO:
            kings |= bit(suit * 10 + 9)
    missing = kings & ~hand_nat
    return missing == ZERO or missing & ~bit(trump * 10 + 9) != ZERO


@njit(cache=True, _nrt=False)
def best_trumps(hand_nat, allowed, card_of_pos, nat_suit_mask, top_pos):
    """In one pass: (best trump, its estimate) over the allowed trumps, and the same among
    the trumps where an ask can find a partner (-1, -1.0 if there is none)."""
    best = -1
    best_value = -1.0
    best_with_partner = -1
    best_with_partner_value = -1.0
    for trump in range(4):
        if allowed & (1 << trump) == 0:
            continue
        value = estimate_tricks(hand_nat, trump, card_of_pos, nat_suit_mask, top_pos)
        if value > best_value:
            best_value = value
            best = trump
        if value > best_with_partner_value and _partner_possible(hand_nat, trump, nat_suit_mask):
            best_with_partner_value = value
            best_with_partner = trump
    return best, best_value, best_with_partner, best_with_partner_value


# ---------------------------------------------------------------- auction and contract
@njit(cache=True, _nrt=False)
def _holds_both_black_aces(hand_nat):
    return hand_nat & ONE != ZERO and hand_nat & bit(10) != ZERO


@njit(cache=True, _nrt=False)
def open_bids(hand_nat, best_rank, rules):
    """Bit mask (1 << code) of the bids open to a seat over the best bid so far: those the
    ruleset offers (auction.contracts) ranked strictly above it; casco only for the holder of
    both black aces."""
    mask = 0
    for code in range(1, L.N_BIDS):
        rank = rules[L.R_BID_RANK + code]
        if rank > best_rank and (code != L.CASCO or _holds_both_black_aces(hand_nat)):
            mask |= 1 << code
    return mask


@njit(cache=True, _nrt=False)
def _nth_open_bid(open_mask, index, rules):
    """The index-th open bid in ascending precedence (0-based)."""
    rank = 0
    while True:
        rank += 1
        for code in range(1, L.N_BIDS):
            if open_mask & (1 << code) != 0 and rules[L.R_BID_RANK + code] == rank:
                if index == 0:
                    return code
                index -= 1


@njit(cache=True, _nrt=False)
def _demandable_king(hand_nat, rules):
    """Is there a king of the pack the hand does not hold (something to demand)?"""
    pack = np.uint64(rules[L.R_PACK_MASK])
    for suit in range(4):
        king = bit(suit * 10 + 9)
        if king & pack != ZERO and hand_nat & king == ZERO:
            return True
    return False


# ---------------------------------------------------------------- auction and contract
@njit(cache=True, _nrt=False)
def choose_bid(pid, params, hand_nat, open_mask, rules, card_of_pos, nat_suit_mask, top_pos, rng):
    """PASS or one of the bids in ``open_mask`` (bit 1 << code)."""
    bid, trumps = bid_and_trumps(pid, params, hand_nat, open_mask, rules, card_of_pos, nat_suit_mask, top_pos, rng)
    return bid


# What bid_and_trumps keeps of the bidder's estimate: the best trump and the best with a partner to
# call, each + 1 in three bits, and a bit that says it was made.
TRUMPS_KNOWN = 1 << 6


@njit(cache=True, _nrt=False)
def bid_and_trumps(pid, params, hand_nat, open_mask, rules, card_of_pos, nat_suit_mask, top_pos, rng):
    """choose_bid's bid, and the trumps its estimate found (TRUMPS_KNOWN, or 0 if it made none): the
    deal loop hands them to the ombre's trump choice, which would make the same estimate again."""
    if pid == L.POLICY_RANDOM:
        pick = below_n(rng, 1 + popcount(np.uint64(open_mask)))
        return (L.PASS if pick == 0 else _nth_open_bid(open_mask, pick - 1, rules)), 0
    best, value, with_partner, with_partner_value = best_trumps(hand_nat, rules[L.R_ALLOWED_TRUMPS],
                                                                card_of_pos, nat_suit_mask, top_pos)
    trumps = TRUMPS_KNOWN | (best + 1) | ((with_partner + 1) << 3)
    if open_mask & (1 << L.ALONE) != 0 and value >= params[L.H_ALONE]:
        return L.ALONE, trumps
    if open_mask & (1 << L.CASCO) != 0 and value >= params[L.H_CASCO]:
        return L.CASCO, trumps
    if open_mask & (1 << L.DEMAND) != 0 and value >= params[L.H_DEMAND] and _demandable_king(hand_nat, rules):
        return L.DEMAND, trumps
    if open_mask & (1 << L.ASK) != 0:
        if rules[L.R_ASK_DEMANDS] != 0:
            if value >= params[L.H_DEMAND]:
                return L.ASK, trumps
        elif with_partner >= 0 and with_partner_value >= params[L.H_ASK]:
            return L.ASK, trumps
    return L.PASS, trumps


@njit(cache=True, _nrt=False)
def choose_force_answer(pid, params, hand_nat, overbid, rules, card_of_pos, nat_suit_mask, top_pos, rng):
    """The asker, overbid by a later seat's ``overbid``: TAKE it himself or CEDE."""
    if pid == L.POLICY_RANDOM:
        return below_n(rng, 2)
    best, value, with_partner, with_partner_value = best_trumps(hand_nat, rules[L.R_ALLOWED_TRUMPS],
                                                                card_of_pos, nat_suit_mask, top_pos)
    if overbid == L.ALONE:
        threshold = params[L.H_TAKE_FORCED]
    elif overbid == L.CASCO:
        threshold = params[L.H_CASCO]
    else:
        threshold = params[L.H_DEMAND]
    return L.TAKE if value >= threshold else L.CEDE


@njit(cache=True, _nrt=False)
def choose_trump(pid, params, hand_nat, allowed, alone, card_of_pos, nat_suit_mask, top_pos, rng):
    """The trump suit; ``alone`` is 1 for a sans prendre, 0 when a king will be called."""
    return choose_trump_known(pid, params, hand_nat, allowed, alone, 0, card_of_pos, nat_suit_mask, top_pos, rng)


@njit(cache=True, _nrt=False)
def choose_trump_known(pid, params, hand_nat, allowed, alone, trumps, card_of_pos, nat_suit_mask, top_pos, rng):
    """choose_trump, from the trumps the player's bid found (bid_and_trumps, for the allowed trumps of
    the ruleset) where ``trumps`` has them."""
    if pid == L.POLICY_RANDOM:
        return nth_set(np.uint64(allowed), below_n(rng, popcount(np.uint64(allowed))))
    if trumps & TRUMPS_KNOWN != 0:
        best = (trumps & 7) - 1
        with_partner = ((trumps >> 3) & 7) - 1
    else:
        best, value, with_partner, with_partner_value = best_trumps(hand_nat, allowed, card_of_pos, nat_suit_mask,
                                                                    top_pos)
    if alone == 0 and with_partner >= 0:
        return with_partner
    return best


@njit(cache=True, _nrt=False)
def _suit_length(hand_nat, suit):
    """Cards of natural suit ``suit`` in the hand (the black aces count in their own suit)."""
    return popcount(hand_nat & (((ONE << np.uint64(10)) - ONE) << np.uint64(suit * 10)))


@njit(cache=True, _nrt=False)
def choose_call(pid, params, hand_nat, trump, calls, rng):
    """A natural card from ``calls``: prefer a king held by someone else, in the suit where
    the ombre holds most cards (or fewest, with H_CALL_LONG = 0); then a queen; then his own."""
    if pid == L.POLICY_RANDOM:
        return nth_set(calls, below_n(rng, popcount(calls)))
    best = -1
    best_score = -1000.0
    rest = calls
    while rest != ZERO:
        card = lowest(rest)
        rest ^= bit(card)
        suit = card // 10
        length = _suit_length(hand_nat, suit)
        score = float(length) if params[L.H_CALL_LONG] >= 0.5 else -float(length)
        if hand_nat & bit(card) != ZERO:
            score -= 100.0  # calling one's own card is playing alone
        elif card % 10 != 9:
            score -= 20.0   # a queen only when every king is one's own
        if hand_nat & bit(suit * 10 + 8) != ZERO:
            score += 0.5    # the queen beside the called king
        if score > best_score:
            best_score = score
            best = card
    return best


@njit(cache=True, _nrt=False)
def choose_demand(pid, params, hand_nat, trump, demands, rng):
    """The king the ombre demands (natural id) from ``demands``: the king of trumps if he may
    have it, else the king of the plain suit where he holds most cards (ties: lowest suit)."""
    if pid == L.POLICY_RANDOM:
        return nth_set(demands, below_n(rng, popcount(demands)))
    trump_king = bit(trump * 10 + 9)
    if demands & trump_king != ZERO:
        return trump * 10 + 9
    best = -1
    best_length = -1
    rest = demands
    while rest != ZERO:
        card = lowest(rest)
        rest ^= bit(card)
        length = _suit_length(hand_nat, card // 10)
        if length > best_length:
            best_length = length
            best = card
    return best


@njit(cache=True, _nrt=False)
def choose_gift(pid, params, hand_nat, king, trump, pos_of_card, card_of_pos, block_mask, rng):
    """The card (natural id) the ombre gives for the demanded ``king``: any of his others.
    The heuristic gives its usual discard, the lowest card of the shortest plain suit."""
    options = hand_nat & ~bit(king)
    if pid == L.POLICY_RANDOM:
        return nth_set(options, below_n(rng, popcount(options)))
    return card_of_pos[trump, discard(to_ordered(options, trump, pos_of_card), trump, block_mask, True, 0)]


# ---------------------------------------------------------------- card play
@njit(cache=True, _nrt=False, inline="always")
def choose_card(pid, params, base, hand, legal, obs, pack_ord, block_of_pos, block_mask, rng):
    """An ordered position from ``legal`` for the player described by ``obs``; the heuristic reads
    the card-play rules of his role from his row at ``base`` (_card_play.rules_of_role)."""
    if pid == L.POLICY_LEARNED:
        return learned_card(params, hand, legal, obs, pack_ord, block_of_pos, block_mask)
    return choose_card_unlearned(pid, params, base, hand, legal, obs, pack_ord, block_of_pos, block_mask, rng)


@njit(cache=True, _nrt=False, inline="always")
def choose_card_unlearned(pid, params, base, hand, legal, obs, pack_ord, block_of_pos, block_mask, rng):
    """choose_card for the random and heuristic players only: the deal loop calls it where no seat
    plays learned (_decide.py), so that such a run never compiles learned_card."""
    if pid == L.POLICY_RANDOM:
        return nth_set(legal, below_n(rng, popcount(legal)))
    return heuristic_card(params, base, hand, legal, obs, pack_ord, block_of_pos, block_mask)


@njit(cache=True, _nrt=False)
def choose_vole(pid, params, base, hand, obs, pack_ord, block_mask, rng):
    """1 to undertake the vole by leading to the next trick, 0 to stop at the game; the heuristic
    reads its role's rules at ``base``, as for a card."""
    if pid == L.POLICY_RANDOM:
        return below_n(rng, 2)
    return heuristic_vole(params, base, hand, obs, pack_ord, block_mask)
