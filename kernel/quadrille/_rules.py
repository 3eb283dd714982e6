"""Jitted rule primitives: legal plays, trick winners, legal calls, matadors, settlement.

Kernels here do no input checks: the Python wrapper validated the ruleset and built the
tables. Masks are uint64; in the ordered encoding (see tables.py) bit p is position p.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ONE, ZERO, above, bit, popcount

from . import layout as L

KING = 9
QUEEN = 8


@njit(cache=True, _nrt=False)
def legal_plays(hand, led_pos, best_pos, trump, rules, block_of_pos, block_mask, top_pos):
    """Ordered-encoding mask of the cards ``hand`` may play.

    led_pos: position of the led card, -1 when this player leads. best_pos: the card
    winning the trick so far. Follow suit; no duty to trump or overtrump unless the rule
    vector says so; when trumps are led, a matador above the LED card may be kept back,
    and a player whose only trumps are such matadors may play anything (RULES.md §1.4).
    """
    if led_pos < 0:
        return hand
    led_block = block_of_pos[trump, led_pos]
    follow = hand & block_mask[trump, led_block]
    if led_block != trump:
        if follow != ZERO:
            return follow
        if rules[L.R_MUST_TRUMP] != 0:
            trumps = hand & block_mask[trump, trump]
            if trumps != ZERO:
                if rules[L.R_MUST_OVERTRUMP] != 0 and block_of_pos[trump, best_pos] == trump:
                    over = trumps & above(best_pos)
                    if over != ZERO:
                        return over
                return trumps
        return hand
    if follow == ZERO:
        return hand
    if rules[L.R_MATADOR_PRIVILEGE] != 0:
        top = top_pos[trump]
        matadors = bit(top) | bit(top - 1) | bit(top - 2)
        exempt = follow & matadors & above(led_pos)
        if follow & ~exempt == ZERO:
            return hand
    return follow


@njit(cache=True, _nrt=False)
def revealed_absent(card_pos, led_pos, best_pos, trump, rules, block_of_pos, block_mask, top_pos):
    """Cards a player shows he does not hold by playing ``card_pos`` off the led suit.

    The mirror of ``legal_plays``: off a plain lead he holds none of that suit (and no trump
    either if trumping was compulsory and he did not trump; none above the winning trump if
    overtrumping was and he did not); off a trump lead he holds no trump but, perhaps, the
    matadors above the led card that the privilege let him keep back (RULES.md §1.3-1.4).
    """
    led_block = block_of_pos[trump, led_pos]
    trumps = block_mask[trump, trump]
    if led_block != trump:
        absent = block_mask[trump, led_block]
        if rules[L.R_MUST_TRUMP] != 0:
            if block_of_pos[trump, card_pos] != trump:
                absent |= trumps
            elif rules[L.R_MUST_OVERTRUMP] != 0 and block_of_pos[trump, best_pos] == trump and card_pos < best_pos:
                absent |= trumps & above(best_pos)
        return absent
    if rules[L.R_MATADOR_PRIVILEGE] != 0:
        top = top_pos[trump]
        kept_back = (bit(top) | bit(top - 1) | bit(top - 2)) & above(led_pos)
        return trumps & ~kept_back
    return trumps


@njit(cache=True, _nrt=False)
def beats(card_pos, best_pos, trump, block_of_pos):
    """Does ``card_pos`` take the trick from ``best_pos``? (trump block is the top block)"""
    if card_pos < best_pos:
        return False
    card_block = block_of_pos[trump, card_pos]
    return card_block == trump or card_block == block_of_pos[trump, best_pos]


@njit(cache=True, _nrt=False)
def legal_calls(hand_nat, trump, rules):
    """Natural mask of the cards the ombre may call once ``trump`` is named.

    The kings of the plain suits in the pack (his own too, if self-calling is allowed);
    the king of trumps only if the rules allow it; and when he holds every king of the
    pack, the queens of the plain suits (RULES.md §1.6).
    """
    pack = np.uint64(rules[L.R_PACK_MASK])
    kings = ZERO
    queens = ZERO
    for suit in range(4):
        king = bit(suit * 10 + KING)
        if king & pack == ZERO:
            continue
        if suit != trump or rules[L.R_CALL_TRUMP_KING] != 0:
            kings |= king
            queens |= bit(suit * 10 + QUEEN)
    all_kings = ZERO
    for suit in range(4):
        all_kings |= bit(suit * 10 + KING)
    all_kings &= pack
    calls = kings
    if rules[L.R_QUEEN_CALL] != 0 and hand_nat & all_kings == all_kings:
        calls |= queens & ~bit(trump * 10 + QUEEN)
    if rules[L.R_SELF_CALL] == 0:
        calls &= ~hand_nat
    return calls


@njit(cache=True, _nrt=False)
def to_ordered(hand_nat, trump, pos_of_card):
    """Natural mask -> ordered-encoding mask for ``trump``."""
    out = ZERO
    rest = hand_nat
    while rest != ZERO:
        low = rest & (~rest + ONE)
        card = popcount(low - ONE)
        out |= bit(pos_of_card[trump, card])
        rest ^= low
    return out


@njit(cache=True, _nrt=False)
def count_matadors(side_ord, trump, rules, top_pos, trump_block):
    """Matadors the side is paid for: the unbroken run of trumps from spadille down.

    With the top-3 rule on, nothing counts unless spadille, manille and basto are all there.
    The run stops at the bottom of the trump block (``trump_block``, its ordered mask).
    """
    top = top_pos[trump]
    held = side_ord & trump_block
    run = 0
    position = top
    while position >= 0 and held & bit(position) != ZERO:
        run += 1
        position -= 1
    if run < 1:
        return 0
    if rules[L.R_MATADORS_TOP3] != 0 and run < 3:
        return 0
    return run


@njit(cache=True, _nrt=False)
def matador_bonus(hand_ord, trump, top_pos, trump_block):
    """The Italian page's matador bonus for one hand: 2 for the top four trumps, 1 for the
    three matadors, else 0 (payments.matador_count = top-three-or-four-in-one-hand)."""
    top = top_pos[trump]
    three = bit(top) | bit(top - 1) | bit(top - 2)
    if three & trump_block != three or hand_ord & three != three:
        return 0
    four = three | bit(top - 3)
    if four & trump_block == four and hand_ord & four == four:
        return 2
    return 1


@njit(cache=True, _nrt=False)
def legal_demands(hand_nat, trump, rules):
    """Natural mask of the kings the ombre may demand: those of the pack he does not hold, the
    king of trumps only with exchange.demand_king_of_trumps."""
    pack = np.uint64(rules[L.R_PACK_MASK])
    demands = ZERO
    for suit in range(4):
        if suit == trump and rules[L.R_DEMAND_TRUMP_KING] == 0:
            continue
        demands |= bit(suit * 10 + KING)
    return demands & pack & ~hand_nat


@njit(cache=True, _nrt=False)
def casco_calls(hand_nat, rules):
    """Natural mask of the kings a casco ombre may call before trumps are named: every king of
    the pack, his own only with contract.self_call."""
    pack = np.uint64(rules[L.R_PACK_MASK])
    calls = ZERO
    for suit in range(4):
        calls |= bit(suit * 10 + KING)
    calls &= pack
    if rules[L.R_SELF_CALL] == 0:
        calls &= ~hand_nat
    return calls


@njit(cache=True, _nrt=False)
def called_king_duty(legal, hand, led_pos, called_pos, trump, block_of_pos):
    """play.called_king_duty: the called card's holder must play it when its block is led and
    may not lead it while he has another card (the Italian page)."""
    if called_pos < 0 or hand & bit(called_pos) == ZERO:
        return legal
    if led_pos < 0:
        others = legal & ~bit(called_pos)
        return others if others != ZERO else legal
    if block_of_pos[trump, led_pos] == block_of_pos[trump, called_pos]:
        return bit(called_pos)
    return legal


@njit(cache=True, _nrt=False)
def bete_size(chain_len, chain_first, rules, bete_chain):
    """Size of the bête made now, the chain having ``chain_len`` bêtes since the pool was won.

    chain_first is REMISE or CODILLE: how the first bête of the chain was made.
    """
    first = rules[L.R_BETE_FIRST]
    if chain_len == 0:
        return first
    if rules[L.R_BETE_DOUBLING] != 0:
        size = first
        for _ in range(chain_len):
            size *= 2
        return size
    row = 0 if chain_first == L.REMISE else 1
    length = 0
    while length < L.BETE_CHAIN_LEN and bete_chain[row, length] > 0:
        length += 1
    if chain_len < length:
        return bete_chain[row, chain_len]
    return bete_chain[row, length - 1] + (chain_len - length + 1) * rules[L.R_BETE_INCREMENT]


@njit(cache=True, _nrt=False)
def split_side(flow):
    """Share a side's flow between ombre and friend; the odd jeton is the ombre's either way."""
    if flow >= 0:
        ombre = (flow + 1) // 2
    else:
        ombre = -((-flow + 1) // 2)
    return ombre, flow - ombre
