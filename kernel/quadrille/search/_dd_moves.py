"""Move generation for the double-dummy solver: one card per run of equivalent cards, ordered.

Two cards of one hand are equivalent when they lie in the same block, no live card (in a
hand or on the table in this trick) lies between them, and both or neither are true
matadors: the rules only compare live cards within a block and set the matadors apart
(RULES.md §1.4), so whichever of them is played, the rest of the game is the same.
Each run is represented by its top card.

The order only changes the speed, never the value: winners and sure tricks first, cheap
cards when the partner already holds the trick, low discards last. Masks are uint64 in the
ordered encoding; hands is uint64[n_seats]. No input checks.
"""

from numba import njit

from spadille.kernel.common._bits import ONE, ZERO, above, bit, highest, lowest, popcount
from spadille.kernel.quadrille._rules import legal_plays


@njit(inline="always", cache=True)
def is_run_top(card, hand, live, block, matador_mask):
    """Is ``card`` the top of its run of equivalent cards of ``hand``? Only the next live card
    above it in the block decides: it is not, when that card is his too and on the same side of
    the matadors' line.

    block: mask of card's block; live: the cards in hands or on the table this trick;
    matador_mask: the three true matadors (0 when the privilege is off)."""
    higher = live & block & above(card)
    if higher == ZERO:
        return True
    following = lowest(higher)
    if hand & bit(following) == ZERO:
        return True
    return (matador_mask & bit(card) == ZERO) != (matador_mask & bit(following) == ZERO)


@njit(inline="always", cache=True)
def run_top(card, hand, live, block, matador_mask):
    """The top card of the run of equivalent cards of ``hand`` that contains ``card`` (arguments as
    ``is_run_top``'s)."""
    while not is_run_top(card, hand, live, block, matador_mask):
        card = lowest(live & block & above(card))
    return card


@njit(inline="always", cache=True)
def _insert(card, score, count, moves, ply, scores):
    """Insert into moves[ply] by score, best first; equal scores keep the order of insertion."""
    at = count
    while at > 0 and scores[at - 1] < score:
        scores[at] = scores[at - 1]
        moves[ply, at] = moves[ply, at - 1]
        at -= 1
    scores[at] = score
    moves[ply, at] = card


@njit(inline="always", cache=True)
def _lead_moves(seat, hands, n_seats, live, side_mask, trump, block_of_pos, block_mask, matador_mask, legal, hint,
                moves, ply, scores):
    """Leads, best first: a winner that will not be ruffed, a low card to the partner's
    winner or ruff, trump winners while the opponents hold trumps, then low cards."""
    hand = hands[seat]
    team = (side_mask >> seat) & 1
    trumps = block_mask[trump, trump]
    opponents_trump = False
    opponent_ruffs = 0   # bit b: an opponent void in block b holds a trump
    partner_ruffs = 0    # bit b: a partner void in block b holds a trump
    partners = ZERO
    for other in range(n_seats):
        if other == seat:
            continue
        held = hands[other]
        if ((side_mask >> other) & 1) != team:
            if held & trumps != ZERO:
                opponents_trump = True
                for block in range(4):
                    if held & block_mask[trump, block] == ZERO:
                        opponent_ruffs |= 1 << block
        else:
            partners |= held
            if held & trumps != ZERO:
                for block in range(4):
                    if held & block_mask[trump, block] == ZERO:
                        partner_ruffs |= 1 << block
    count = 0
    rest = legal
    while rest != ZERO:
        card = lowest(rest)
        rest ^= bit(card)
        index = block_of_pos[trump, card]
        block = block_mask[trump, index]
        if not is_run_top(card, hand, live, block, matador_mask):
            continue
        live_block = live & block
        top_card = highest(live_block)
        rank = popcount(live_block & (bit(card) - ONE))
        partner_top = partners & bit(top_card) != ZERO
        if card == hint:
            score = 1000
        elif index == trump:
            if card == top_card:
                score = 55 if opponents_trump else 25
            elif partner_top:
                score = 45 - rank
            else:
                score = 20 - rank
        elif card == top_card:
            score = 35 if (opponent_ruffs >> index) & 1 else 80
        elif (partner_ruffs >> index) & 1 and not (opponent_ruffs >> index) & 1:
            score = 65 - rank
        elif partner_top and not (opponent_ruffs >> index) & 1:
            score = 60 - rank
        elif (partner_ruffs >> index) & 1:
            score = 50 - rank
        else:
            score = 30 - rank - popcount(hand & block)
        _insert(card, score, count, moves, ply, scores)
        count += 1
    return count


@njit(inline="always", cache=True)
def _follow_moves(seat, hands, n_seats, n_in, leader, led_pos, best_pos, best_seat, live, side_mask, trump,
                  block_of_pos, block_mask, matador_mask, legal, hint, moves, ply, scores):
    """Cards to a trick in progress, best first: when the partner holds the trick, low
    cards; else a winner the later opponents cannot beat, any winner, then low discards."""
    hand = hands[seat]
    team = (side_mask >> seat) & 1
    trumps = block_mask[trump, trump]
    led_block = block_mask[trump, block_of_pos[trump, led_pos]]
    partner_holds = ((side_mask >> best_seat) & 1) == team
    following = ZERO  # the led-block cards of the later opponents who can follow
    ruffing = ZERO    # the trumps of the later opponents who cannot
    for k in range(n_in + 1, n_seats):
        later = leader + k
        if later >= n_seats:
            later -= n_seats
        if ((side_mask >> later) & 1) == team:
            continue
        held = hands[later]
        if held & led_block != ZERO:
            following |= held & led_block
        else:
            ruffing |= held & trumps
    best_is_trump = trumps & bit(best_pos) != ZERO
    best_above = above(best_pos)
    if best_is_trump:
        partner_threatened = ruffing & best_above != ZERO or (led_block == trumps and following & best_above != ZERO)
    else:
        partner_threatened = following & best_above != ZERO or ruffing != ZERO
    best_block = block_mask[trump, block_of_pos[trump, best_pos]]
    count = 0
    rest = legal
    while rest != ZERO:
        card = lowest(rest)
        rest ^= bit(card)
        block = led_block if led_block & bit(card) != ZERO else block_mask[trump, block_of_pos[trump, card]]
        if not is_run_top(card, hand, live, block, matador_mask):
            continue
        is_trump = block == trumps
        # cost: how much the card is worth keeping. A discard's suit length is not counted in
        # (it was, at 4 a card: 8% more nodes on the bench's deals)
        cost = popcount(live & block & (bit(card) - ONE))
        if is_trump and led_block != trumps:
            cost += 16
        wins = card > best_pos and (is_trump or block == best_block)  # beats(), without its lookups
        if card == hint:
            score = 1000
        elif partner_holds and not (partner_threatened and wins):
            score = -10 - cost if wins else 50 - cost
        elif not wins:
            score = 40 - cost
        else:
            higher = above(card)
            if is_trump:
                threatened = ruffing & higher != ZERO or (led_block == trumps and following & higher != ZERO)
            else:
                threatened = following & higher != ZERO or ruffing != ZERO
            score = (75 if threatened else 90) - cost  # 60 for a threatened winner: 3% more nodes
        _insert(card, score, count, moves, ply, scores)
        count += 1
    return count


@njit(inline="always", cache=True)
def ordered_moves(seat, hands, n_seats, n_in, leader, led_pos, best_pos, best_seat, live, side_mask, trump, rules,
                  block_of_pos, block_mask, top_pos, matador_mask, hint_card, moves, ply, scores):
    """Write the cards ``seat`` should try, one per run of equivalent legal cards, best
    first, into moves[ply] from its first column (moves int64[plies, >=10]); return how many.
    scores int64[>=10] is scratch. (The row is indexed, not sliced: a view costs two atomic
    refcounts.)

    hint_card: a card to try first (its run's representative is), -1 for none.
    """
    hand = hands[seat]
    legal = legal_plays(hand, led_pos if n_in > 0 else -1, best_pos, trump, rules, block_of_pos, block_mask, top_pos)
    hint = -1
    if hint_card >= 0 and legal & bit(hint_card) != ZERO:
        hint = run_top(hint_card, hand, live, block_mask[trump, block_of_pos[trump, hint_card]], matador_mask)
    if n_in == 0:
        return _lead_moves(seat, hands, n_seats, live, side_mask, trump, block_of_pos, block_mask, matador_mask, legal,
                           hint, moves, ply, scores)
    return _follow_moves(seat, hands, n_seats, n_in, leader, led_pos, best_pos, best_seat, live, side_mask, trump,
                         block_of_pos, block_mask, matador_mask, legal, hint, moves, ply, scores)
