"""The jitted deal loop: deal -> auction -> trump and call -> play -> vole -> result -> payments.

``play_deal`` plays one deal and writes its row (layout COL_* in layout.py) into ``res``.
``run_chunks`` plays a range of deals in parallel chunks and aggregates inside the kernel,
so memory does not grow with the number of deals; rows are copied out only when asked.

No input checks here: simulate.py validates and allocates. Seats are numbered in playing
order from the dealer's right: 0 is eldest and n_seats - 1 the dealer.
"""

import numpy as np
from numba import njit, prange

from spadille.kernel.common._bits import ZERO, bit, highest, lowest, popcount
from spadille.kernel.common._rng import below_n, seed_deal

from . import layout as L
from ._decide import decide_card, decide_vole, role_play
from ._play_state import NIL, NONE, fill_obs, note_vole_point, rules_of_seat
from ._situations import note_lead, reset_history
from ._policies import (bid_and_trumps, choose_call, choose_demand, choose_force_answer, choose_gift,
                        choose_trump_known, open_bids)
from ._rules import (called_king_duty, casco_calls, count_matadors, legal_calls, legal_demands, legal_plays,
                     matador_bonus, revealed_absent, to_ordered)
from ._scratch import deal_scratch
from ._settle import TABLE_LEN, pay_antes, settle, table_total
from ._tally import aggregate, record_row


@njit(cache=True, _nrt=False)
def deal_hands(seed, deal, rules, rng, deck, hands_nat):
    """Shuffle the pack with deal ``deal``'s stream and give each seat its cards."""
    seed_deal(rng, seed, deal)
    pack = np.uint64(rules[L.R_PACK_MASK])
    count = 0
    for card in range(40):
        if pack & bit(card) != ZERO:
            deck[count] = card
            count += 1
    for i in range(count - 1, 0, -1):
        j = below_n(rng, i + 1)
        held = deck[i]
        deck[i] = deck[j]
        deck[j] = held
    n_seats = rules[L.R_SEATS]
    hand_size = rules[L.R_HAND]
    for seat in range(n_seats):
        mask = ZERO
        for k in range(seat * hand_size, (seat + 1) * hand_size):
            mask |= bit(deck[k])
        hands_nat[seat] = mask


@njit(cache=True, _nrt=False)
def _auction(hands_nat, rules, card_of_pos, nat_suit_mask, top_pos, policy_ids, policy_params, force, rng, res):
    """Returns (declarer seat or -1, winning bid code or -1, the trumps each seat's bid found: 8 bits a
    seat, bid_and_trumps's). Writes bids and the force answer.

    Each seat speaks once and may bid only above the best bid so far (auction.contracts); a
    seat with nothing open but a pass is not consulted. An asker overbid may take the higher
    bid himself (auction.asker_preference). The focal seat's bid is ``force[F_BID]`` when
    fixed; a fixed bid that is not open to it is a pass."""
    n_seats = rules[L.R_SEATS]
    best_seat = -1
    best_kind = -1
    best_rank = 0
    trumps_found = NIL
    res[L.COL_FORCE] = L.NO_FORCE
    for seat in range(L.MAX_SEATS):
        res[L.COL_BIDS + seat] = -1
    for seat in range(n_seats):
        open_mask = open_bids(hands_nat[seat], best_rank, rules)
        if open_mask == 0:
            continue  # nothing to outbid with: no choice, no consultation
        if seat == force[L.F_SEAT] and force[L.F_BID] != L.FREE:
            bid = force[L.F_BID]
            if bid != L.PASS and open_mask & (1 << bid) == 0:
                bid = L.PASS
        else:
            bid, trumps = bid_and_trumps(policy_ids[seat], policy_params[seat], hands_nat[seat], open_mask,
                                         rules, card_of_pos, nat_suit_mask, top_pos, rng)
            trumps_found |= trumps << (8 * seat)
        res[L.COL_BIDS + seat] = bid
        if bid == L.PASS:
            continue
        asker = best_seat
        if (best_kind == L.ASK and rules[L.R_ASKER_PREFERENCE] != 0
                and (bid != L.CASCO or open_bids(hands_nat[asker], 0, rules) & (1 << L.CASCO) != 0)):
            answer = choose_force_answer(policy_ids[asker], policy_params[asker], hands_nat[asker], bid,
                                         rules, card_of_pos, nat_suit_mask, top_pos, rng)
            res[L.COL_FORCE] = answer
            best_seat = asker if answer == L.TAKE else seat
        else:
            best_seat = seat
        best_kind = bid
        best_rank = rules[L.R_BID_RANK + bid]
    return best_seat, best_kind, trumps_found


@njit(cache=True, _nrt=False)
def _holder(hands_nat, n_seats, ombre, card):
    """The seat other than the ombre holding natural ``card``, -1 if none (or no card)."""
    if card < 0:
        return -1
    for seat in range(n_seats):
        if seat != ombre and hands_nat[seat] & bit(card) != ZERO:
            return seat
    return -1


@njit(cache=True, _nrt=False)
def _pick_call(calls, fixed, pid, params, hand_nat, trump, rng):
    """The called card: a fixed legal call, the policy's choice among two or more, the only
    one, or -1 when nothing may be called."""
    if fixed != L.FREE and calls & bit(fixed) != ZERO:
        return fixed
    if popcount(calls) >= 2:
        return choose_call(pid, params, hand_nat, trump, calls, rng)
    if calls != ZERO:
        return lowest(calls)
    return -1


@njit(cache=True, _nrt=False)
def budgeted_search(policy_ids, policy_params, n_seats):
    """Does some seat's pimc (its own play, or a role's) have a node budget? Then which sampled
    deals it sets aside depends on what the solver's table already holds (a full table saves
    nodes), so every deal starts from an empty one: deal k of seed s plays the same whatever was
    played before it at the same table, in any chunk, thread or block of a map. (Without a budget
    the table changes only the speed, and it is kept, entries being facts about positions.)"""
    for seat in range(n_seats):
        if policy_params[seat, L.SEARCH_NODE_BUDGET] <= 0.0:
            continue
        if policy_ids[seat] == L.POLICY_PIMC:
            return True
        for role in range(L.N_ROLES):
            if (policy_params[seat, L.ROLE_POLICY + role] == L.POLICY_PIMC
                    or policy_params[seat, L.ALT_ROLE_POLICY + role] == L.POLICY_PIMC):
                return True
    return False


# Inlined by numba, unlike the helpers (docs/engine.md, "Compiling"): its body is two calls, and as a
# function of its own it was a library that linked the whole deal loop and optimised it once more,
# cold, between play_hands and the chunk loops that link it again (about a twentieth of a first run).
@njit(cache=True, _nrt=False, inline="always")
def play_deal(seed, deal, rules, bete_chain, cards, policy_ids, policy_params, table, scratch, record, search, force):
    """Deal deal ``deal`` of ``seed`` and play it at ``table`` (updated in place); write its row
    to ``scratch.res``. The play continues the deal's random stream where the shuffle left it."""
    deal_hands(seed, deal, rules, scratch.rng, scratch.deck, scratch.hands_nat)
    return play_hands(deal, rules, bete_chain, cards, policy_ids, policy_params, table, scratch, record, search, force)


@njit(cache=True, _nrt=False)
def play_hands(deal, rules, bete_chain, cards, policy_ids, policy_params, table, scratch, record, search, force):
    """Play the hands ``scratch.hands_nat`` at ``table`` with the random stream ``scratch.rng``;
    write the row to ``scratch.res``. Returns the seat that faced the vole decision, -1 if the
    point was not reached.

    ``cards`` is the ruleset's CardTables (tables.py), ``scratch`` the chunk's DealScratch
    (_scratch.py); ``search`` says which players the run compiles (_decide.Kinds). The cards of
    each trick are written only when ``record`` is set: the aggregates never read them, and
    skipping them is a tenth of the cost of a deal. ``force`` fixes the focal seat's decisions
    (F_* in layout.py); F_SEAT = -1 fixes nothing."""
    pos_of_card, card_of_pos, block_of_pos = cards.pos_of_card, cards.card_of_pos, cards.block_of_pos
    block_mask, nat_suit_mask, top_pos = cards.block_mask, cards.nat_suit_mask, cards.top_pos
    rng, res, hands_nat, hands, start_ord = scratch.rng, scratch.res, scratch.hands_nat, scratch.hands, scratch.start_ord
    played, nets, obs, values = scratch.played, scratch.nets, scratch.obs, scratch.values
    compress8, dd_table, dd_shapes = scratch.compress8, scratch.dd_table, scratch.dd_shapes
    n_seats = rules[L.R_SEATS]
    hand_size = rules[L.R_HAND]
    if budgeted_search(policy_ids, policy_params, n_seats):
        dd_table[:, :] = 0
        dd_shapes[:, :] = 0
    res[L.COL_DEAL] = deal
    spadille_holder = NIL
    for seat in range(L.MAX_SEATS):
        res[L.COL_HANDS + seat] = np.int64(hands_nat[seat]) if seat < n_seats else 0
        res[L.COL_TRICKS + seat] = 0
        res[L.COL_PAY + seat] = 0
        if seat < n_seats and hands_nat[seat] & np.uint64(1) != ZERO:
            spadille_holder = seat
    for k in range(L.MAX_TRICKS):
        res[L.COL_LEADERS + k] = -1
        res[L.COL_WINNERS + k] = -1
    res[L.COL_SITUATION] = -1
    res[L.COL_SITUATION_SEAT] = -1
    res[L.COL_VOLE_DECIDER] = -1
    res[L.COL_VOLE_HAND] = 0
    res[L.COL_VOLE_GONE] = 0
    res[L.COL_VOLE_SEEN] = -1
    if record:
        for k in range(L.COL_CARDS, L.COL_CARDS + 4 * L.MAX_TRICKS):
            res[k] = -1
    table_before = table_total(table)
    pay_antes(table, nets, n_seats, spadille_holder, rules)

    declarer, kind, trumps_found = _auction(hands_nat, rules, card_of_pos, nat_suit_mask, top_pos, policy_ids,
                                            policy_params, force, rng, res)
    if declarer < 0:
        if rules[L.R_ALL_PASS_REDEAL] != 0:
            res[L.COL_CONTRACT] = L.NO_CONTRACT
            res[L.COL_OMBRE] = -1
            res[L.COL_TRUMP] = -1
            res[L.COL_CALLED] = -1
            res[L.COL_FRIEND] = -1
            res[L.COL_GIVEN] = -1
            res[L.COL_SIDE_TRICKS] = 0
            res[L.COL_OUTCOME] = L.NO_RESULT
            res[L.COL_VOLE] = L.VOLE_NONE
            res[L.COL_MATADORS] = 0
            res[L.COL_BETE] = 0
            for seat in range(n_seats):
                res[L.COL_PAY + seat] = nets[seat]
            res[L.COL_POOL] = table_total(table) - table_before
            return -1
        ombre = spadille_holder
        contract = L.FORCED
    else:
        ombre = declarer
        if kind == L.ALONE:
            contract = L.SANS_PRENDRE
        elif kind == L.DEMAND or (kind == L.ASK and rules[L.R_ASK_DEMANDS] != 0):
            contract = L.DEMANDED
        elif kind == L.CASCO:
            contract = L.CASCO_GAME
        else:
            contract = L.CALLED
    demanding = contract == L.DEMANDED or (contract == L.FORCED and rules[L.R_ASK_DEMANDS] != 0)

    # The focal seat's fixed trump, call and vole hold when it is the ombre by its own bid.
    focal_ombre = ombre == force[L.F_SEAT] and contract != L.FORCED
    fixed_call = force[L.F_CALL] if focal_ombre else L.FREE
    allowed = rules[L.R_ALLOWED_TRUMPS]
    called = NONE
    friend = NONE
    given = NONE
    holder = NONE  # who gave up a demanded king
    if contract == L.CASCO_GAME:
        # the ombre calls before trumps are named; the called king's holder names them
        calls = casco_calls(hands_nat[ombre], rules)
        called = _pick_call(calls, fixed_call, policy_ids[ombre], policy_params[ombre], hands_nat[ombre], NONE, rng)
        friend = _holder(hands_nat, n_seats, ombre, called)
        namer = friend if friend >= 0 else ombre
        if popcount(np.uint64(allowed)) >= 2:
            trump = choose_trump_known(policy_ids[namer], policy_params[namer], hands_nat[namer], allowed,
                                       1 if friend < 0 else 0, (trumps_found >> (8 * namer)) & 0xFF, card_of_pos,
                                       nat_suit_mask, top_pos, rng)
        else:
            trump = lowest(np.uint64(allowed))
    else:
        if focal_ombre and force[L.F_TRUMP] != L.FREE:
            trump = force[L.F_TRUMP]
        elif popcount(np.uint64(allowed)) >= 2:
            alone = 1 if contract == L.SANS_PRENDRE or demanding else 0
            trump = choose_trump_known(policy_ids[ombre], policy_params[ombre], hands_nat[ombre], allowed, alone,
                                       (trumps_found >> (8 * ombre)) & 0xFF, card_of_pos, nat_suit_mask, top_pos, rng)
        else:
            trump = lowest(np.uint64(allowed))
        if demanding:
            demands = legal_demands(hands_nat[ombre], trump, rules)
            if focal_ombre and fixed_call != L.FREE and demands & bit(fixed_call) != ZERO:
                called = fixed_call
            elif popcount(demands) >= 2:
                called = choose_demand(policy_ids[ombre], policy_params[ombre], hands_nat[ombre], trump, demands, rng)
            elif demands != ZERO:
                called = lowest(demands)
            if called >= 0:
                holder = _holder(hands_nat, n_seats, ombre, called)
                hands_nat[holder] ^= bit(called)
                hands_nat[ombre] |= bit(called)
                given = choose_gift(policy_ids[ombre], policy_params[ombre], hands_nat[ombre], called, trump,
                                    pos_of_card, card_of_pos, block_mask, rng)
                hands_nat[ombre] ^= bit(given)
                hands_nat[holder] |= bit(given)
                fee = rules[L.R_DEMAND_FEE]
                if called // 10 == rules[L.R_FAVOURITE_SUIT]:
                    fee = rules[L.R_DEMAND_FEE_FAVOURITE]
                nets[ombre] -= fee
                nets[holder] += fee
        elif contract != L.SANS_PRENDRE:
            calls = legal_calls(hands_nat[ombre], trump, rules)
            called = _pick_call(calls, fixed_call, policy_ids[ombre], policy_params[ombre], hands_nat[ombre], trump,
                                rng)
            friend = _holder(hands_nat, n_seats, ombre, called)
            if friend < 0 and contract == L.CALLED:
                contract = L.SELF_CALLED

    res[L.COL_CONTRACT] = contract
    res[L.COL_OMBRE] = ombre
    res[L.COL_TRUMP] = trump
    res[L.COL_CALLED] = called
    res[L.COL_FRIEND] = friend
    res[L.COL_GIVEN] = given

    pack_ord = ZERO
    for suit in range(4):
        pack_ord |= block_mask[trump, suit]
    for seat in range(n_seats):
        hands[seat] = to_ordered(hands_nat[seat], trump, pos_of_card)
        start_ord[seat] = hands[seat]
        obs[L.O_SHOWED_OUT + seat] = 0
        obs[L.O_TRICKS + seat] = 0
        obs[L.O_CANNOT_HOLD + seat] = 0
    reset_history(obs)
    # A demanded king is no hidden partner: the ombre plays alone, and the table knows where
    # the king went (and the card given for it, when it is shown).
    called_pos = pos_of_card[trump, called] if called >= 0 and not demanding else -1
    if demanding and called >= 0:
        king_pos = pos_of_card[trump, called]
        given_pos = pos_of_card[trump, given]
        for seat in range(n_seats):
            if seat != ombre:
                obs[L.O_CANNOT_HOLD + seat] |= np.int64(bit(king_pos))
            if seat != holder and rules[L.R_GIFT_SHOWN] != 0:
                obs[L.O_CANNOT_HOLD + seat] |= np.int64(bit(given_pos))
    if contract == L.CASCO_GAME and called_pos >= 0:
        # the holder named trumps (the ombre, if he called his own king): the table knows it
        namer = friend if friend >= 0 else ombre
        for seat in range(n_seats):
            if seat != namer:
                obs[L.O_CANNOT_HOLD + seat] |= np.int64(bit(called_pos))
    obs[L.O_TRUMP] = trump
    obs[L.O_OMBRE] = ombre
    obs[L.O_CALLED_POS] = called_pos
    obs[L.O_N_SEATS] = n_seats
    # Where each seat's card-play rules start in its row (a player keeps his role through the deal),
    # 16 bits a seat, and a bit for each seat whose row plays by role: read per card by a shift,
    # where a tuple indexed by seat compiled to a jump table and the row's flag to a 2-D load.
    role_bases = NIL
    by_role = NIL
    for seat in range(L.MAX_SEATS):
        role_bases |= rules_of_seat(obs, seat, friend, contract, ombre) << (16 * seat)
        if seat < n_seats and policy_params[seat, L.PLAYS_BY_ROLE] != 0:
            by_role |= 1 << seat

    vole_allowed = contract != L.FORCED or rules[L.R_FORCED_VOLE] != 0
    vole_after = rules[L.R_VOLE_AFTER]
    vole_state = L.VOLE_NONE
    vole_decider = NONE
    called_seen = called_pos < 0 or contract == L.CASCO_GAME  # the casco friend named trumps
    partner_card = -1 if demanding else called  # what the policies know as the called card
    duty = rules[L.R_CALLED_KING_DUTY] != 0 and called_pos >= 0
    # "Celui qui n'étant pas premier à jouer, & auroit le roi appellé, joueroit à tout, de
    # spadille, manille ou baste, ou même le roi appellé, pour faire connoître qu'il est ami ...
    # ne pourroit entreprendre la vole" (ENC): set once such a friend leads such a card.
    friend_shown = False
    signal_watch = (rules[L.R_FRIEND_LEAD_BARS_VOLE] != 0 and friend > 0 and called_pos >= 0
                    and contract != L.CASCO_GAME)
    spadille_pos = top_pos[trump]
    gone = ZERO
    side_tricks = NIL
    leader = NIL
    for trick in range(hand_size):
        obs[L.O_TRICK] = trick  # the trick's part of the observation, for every decision in it
        obs[L.O_LEADER] = leader
        if (trick == vole_after and vole_allowed and side_tricks == trick
                and (called_seen or rules[L.R_VOLE_NEEDS_SEEN] == 0)
                and not (friend_shown and trick > 0 and leader == friend)):
            # announced before the first trick (vole.after_straight_tricks = 0) it is the ombre's
            # choice; later, the side member on lead decides
            vole_decider = leader if trick > 0 else ombre
            note_vole_point(res, vole_decider, hands[vole_decider], gone, called_seen, trump, card_of_pos)
            if focal_ombre and force[L.F_VOLE] != L.FREE:
                undertake = force[L.F_VOLE]
            else:
                fill_obs(obs, vole_decider, NIL, NONE, NONE, friend, called_seen, gone, contract, ombre)
                pid, rules_at, held = role_play(search, policy_params[vole_decider], policy_ids[vole_decider], obs,
                                                hands[vole_decider], pack_ord, pos_of_card, card_of_pos,
                                                block_of_pos, block_mask, NIL + 1)
                if held and res[L.COL_SITUATION] < 0:
                    res[L.COL_SITUATION] = trick
                    res[L.COL_SITUATION_SEAT] = vole_decider
                base = ((role_bases >> (16 * vole_decider)) & 0xFFFF) + rules_at - L.CARD_RULES
                undertake = decide_vole(search, pid, policy_params[vole_decider], base, vole_decider,
                                        hands, start_ord,
                                        played, n_seats, obs, ombre, friend, partner_card, trump, pack_ord, rules,
                                        pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table, dd_shapes,
                                        rng)
            if undertake != 0:
                vole_state = L.VOLE_FAILED  # made only if the side takes every trick
        res[L.COL_LEADERS + trick] = leader
        for i in range(L.MAX_SEATS):
            obs[L.O_TRICK_CARDS + i] = -1
        led_pos = NONE
        led_block = NONE
        best_pos = NONE
        best_block = NONE
        best_seat = NONE
        for i in range(n_seats):
            seat = leader + i
            if seat >= n_seats:
                seat -= n_seats
            hand = hands[seat]
            legal = legal_plays(hand, led_pos, best_pos, trump, rules, block_of_pos, block_mask, top_pos)
            if duty:
                legal = called_king_duty(legal, hand, led_pos, called_pos, trump, block_of_pos)
            if popcount(legal) >= 2:
                fill_obs(obs, seat, i, best_pos, best_seat, friend, called_seen, gone, contract, ombre)
                pid = policy_ids[seat]
                base = (role_bases >> (16 * seat)) & 0xFFFF
                if by_role & (1 << seat) != 0:  # the call is costly; most seats skip it
                    pid, rules_at, held = role_play(search, policy_params[seat], pid, obs, hand, pack_ord,
                                                    pos_of_card, card_of_pos, block_of_pos, block_mask, NIL)
                    if held and res[L.COL_SITUATION] < 0:
                        res[L.COL_SITUATION] = trick
                        res[L.COL_SITUATION_SEAT] = seat
                    base += rules_at - L.CARD_RULES
                card = decide_card(search, pid, policy_params[seat], base, seat, legal, hands, start_ord,
                                   played, n_seats, obs, ombre, friend, partner_card, trump, pack_ord, rules, pos_of_card,
                                   block_of_pos, block_mask, top_pos, compress8, dd_table, dd_shapes, values, rng)
            else:
                card = lowest(legal)
            hands[seat] = hand ^ bit(card)
            gone |= bit(card)
            obs[L.O_TRICK_CARDS + i] = card
            card_block = block_of_pos[trump, card]
            if i == 0:
                led_pos = card
                led_block = card_block
                best_pos = card
                best_block = card_block
                best_seat = seat
                note_lead(obs, seat, card_block, trick, trump)
                if signal_watch and seat == friend and (card == called_pos or spadille_pos - 2 <= card <= spadille_pos):
                    friend_shown = True
            else:
                if card_block != led_block:
                    obs[L.O_SHOWED_OUT + seat] |= 1 << led_block
                    obs[L.O_CANNOT_HOLD + seat] |= np.int64(
                        revealed_absent(card, led_pos, best_pos, trump, rules, block_of_pos, block_mask, top_pos))
                if duty and card != called_pos and led_block == block_of_pos[trump, called_pos]:
                    obs[L.O_CANNOT_HOLD + seat] |= np.int64(bit(called_pos))  # he would have had to play it
                # _rules.beats with the blocks at hand: higher, and a trump or of the best card's block
                if card > best_pos and (card_block == trump or card_block == best_block):
                    best_pos = card
                    best_block = card_block
                    best_seat = seat
            if card == called_pos:
                called_seen = True
            if record:
                res[L.COL_CARDS + 4 * trick + i] = card_of_pos[trump, card]
        res[L.COL_WINNERS + trick] = best_seat
        res[L.COL_TRICKS + best_seat] += 1
        obs[L.O_TRICKS + best_seat] += 1
        if best_seat == ombre or best_seat == friend:
            side_tricks += 1
        leader = best_seat

    if vole_state == L.VOLE_FAILED and side_tricks == hand_size:
        vole_state = L.VOLE_MADE
    trump_block = block_mask[trump, trump]
    with_friend = friend >= 0 and rules[L.R_MATADORS_OMBRE_ONLY] == 0
    if rules[L.R_MATADOR_COUNT] == L.MATADORS_BONUS:
        matadors = matador_bonus(start_ord[ombre], trump, top_pos, trump_block)
        if with_friend:
            matadors = max(matadors, matador_bonus(start_ord[friend], trump, top_pos, trump_block))
    else:
        side_start = start_ord[ombre]
        if with_friend:
            side_start |= start_ord[friend]
        matadors = count_matadors(side_start, trump, rules, top_pos, trump_block)
    odd_defender = NONE
    odd_best = NONE
    for seat in range(n_seats):
        if seat != ombre and seat != friend and start_ord[seat] & trump_block != ZERO:
            top = highest(start_ord[seat] & trump_block)
            if top > odd_best:
                odd_best = top
                odd_defender = seat
    outcome, bete = settle(table, nets, n_seats, contract, ombre, friend, side_tricks,
                           res[L.COL_TRICKS + ombre], vole_state, matadors, odd_defender, rules, bete_chain)
    res[L.COL_SIDE_TRICKS] = side_tricks
    res[L.COL_OUTCOME] = outcome
    res[L.COL_VOLE] = vole_state
    res[L.COL_MATADORS] = matadors
    res[L.COL_BETE] = bete
    for seat in range(n_seats):
        res[L.COL_PAY + seat] = nets[seat]
    res[L.COL_POOL] = table_total(table) - table_before
    return vole_decider


@njit(parallel=True, cache=True)
def run_chunks(seed, first_deal, n_deals, chunk_size, session_length, rules, bete_chain, cards, policy_ids,
               policy_params, by_contract, by_seat, rows, record, compress8, dd_table_bits, search):
    """Play deals first_deal .. first_deal + n_deals - 1 in chunks of ``chunk_size``.

    by_contract int64[n_chunks, N_CONTRACTS, MAX_SEATS, N_STATS] and by_seat
    int64[n_chunks, MAX_SEATS, N_SEAT_STATS] receive one slice per chunk (zeroed by the
    caller); rows int64[n_deals, N_ROW_COLS] is written when ``record`` is true (else it
    may be empty). ``search`` (_decide.Kinds) says which players the run compiles: the
    searching ones (dd, pimc) and the learned one only where a seat plays them; compress8 /
    dd_table_bits size the solver's tables, one set a chunk. first_deal and chunk_size are
    multiples of session_length, so every session lies inside one chunk and a chunk's result
    depends only on its deals.
    """
    n_chunks = (n_deals + chunk_size - 1) // chunk_size
    n_seats = rules[L.R_SEATS]
    for chunk in prange(n_chunks):
        scratch = deal_scratch(compress8, dd_table_bits)
        res = scratch.res
        table = np.zeros(TABLE_LEN, dtype=np.int64)
        force = np.full(L.N_FORCE, L.FREE, dtype=np.int64)
        begin = first_deal + chunk * chunk_size
        end = min(first_deal + n_deals, begin + chunk_size)
        for deal in range(begin, end):
            if deal % session_length == 0:
                table[:] = 0
            play_deal(seed, deal, rules, bete_chain, cards, policy_ids, policy_params, table, scratch, record, search,
                      force)
            aggregate(res, by_contract[chunk], by_seat[chunk], n_seats)
            if record:
                record_row(rows, deal - first_deal, res)


@njit(cache=True)
def play_chunk(seed, begin, end, first_deal, session_length, rules, bete_chain, cards, policy_ids, policy_params,
               by_contract, by_seat, rows, record, compress8, dd_table_bits, search):
    """One chunk of run_chunks, outside the parallel kernel: deals begin .. end - 1, aggregated into
    by_contract and by_seat (the chunk's slices). simulate calls it for a batch of one chunk, so a
    small run never compiles run_chunks's parfor. run_chunks keeps the same loop in its own body:
    with its body only a call of play_chunk it compiled in half the time, but dealt 4-6% fewer
    deals a second (quiet machine, 5 interleaved rounds)."""
    scratch = deal_scratch(compress8, dd_table_bits)
    res = scratch.res
    table = np.zeros(TABLE_LEN, dtype=np.int64)
    force = np.full(L.N_FORCE, L.FREE, dtype=np.int64)
    n_seats = rules[L.R_SEATS]
    for deal in range(begin, end):
        if deal % session_length == 0:
            table[:] = 0
        play_deal(seed, deal, rules, bete_chain, cards, policy_ids, policy_params, table, scratch, record, search,
                  force)
        aggregate(res, by_contract, by_seat, n_seats)
        if record:
            record_row(rows, deal - first_deal, res)


@njit(parallel=True, cache=True)
def deal_only(seed, first_deal, n_deals, chunk_size, rules, counts):
    """Shuffle and deal only (the bench's floor): counts int64[n_chunks, MAX_SEATS] receives
    how many spadilles each seat was dealt, so the work cannot be optimised away."""
    n_chunks = (n_deals + chunk_size - 1) // chunk_size
    for chunk in prange(n_chunks):
        rng = np.zeros(2, dtype=np.uint64)
        deck = np.zeros(40, dtype=np.int64)
        hands_nat = np.zeros(L.MAX_SEATS, dtype=np.uint64)
        begin = first_deal + chunk * chunk_size
        end = min(first_deal + n_deals, begin + chunk_size)
        for deal in range(begin, end):
            deal_hands(seed, deal, rules, rng, deck, hands_nat)
            for seat in range(rules[L.R_SEATS]):
                if hands_nat[seat] & np.uint64(1) != ZERO:
                    counts[chunk, seat] += 1
