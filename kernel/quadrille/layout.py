"""Integer codes and array layouts shared by the kernel, its Python wrapper and the reference engine.

These are compile-time constants of the code, not data: numba freezes them into the cached
kernels, which is right because they only change when the code changes. Rule values and
lookup tables are never globals; they travel as kernel arguments.
"""

# ---------------------------------------------------------------- auction and contracts
PASS, ASK, ALONE, DEMAND, CASCO = 0, 1, 2, 3, 4
BID_NAMES = ("pass", "ask", "sans-prendre", "demand", "casco")
N_BIDS = 5
# Which bids a ruleset offers, and their precedence, is data (auction.contracts); the codes
# only name them. DEMAND is the médiateur / Dimidiator bid: demand a king, play alone.
# CASCO is open only to the holder of both black aces.

CEDE, TAKE = 0, 1  # the asker's answer when a later seat goes sans prendre over his ask
NO_FORCE = -1

CALLED, SELF_CALLED, SANS_PRENDRE, FORCED, NO_CONTRACT, DEMANDED, CASCO_GAME = 0, 1, 2, 3, 4, 5, 6
CONTRACT_NAMES = ("called", "self-called", "sans-prendre", "forced-spadille", "none", "demanded-king", "casco")
N_CONTRACTS = 7
# DEMANDED: the ombre names trumps, takes a king from its holder in exchange for a card of his
# choosing, and plays alone (the ask of quadrille à trois, the médiateur, the Dimidiator).
# CASCO_GAME (the contract of the bid CASCO): the holder of both black aces calls a king and
# its holder names trumps.

WIN, REMISE, CODILLE, NO_RESULT = 0, 1, 2, 3
OUTCOME_NAMES = ("win", "remise", "codille", "none")

VOLE_NONE, VOLE_FAILED, VOLE_MADE = 0, 1, 2
VOLE_NAMES = ("none", "failed", "made")

# ---------------------------------------------------------------- rule parameters (int64 vector)
R_SEATS = 0
R_HAND = 1
R_WIN_TRICKS = 2
R_REMISE_TRICKS = 3
R_ALLOWED_TRUMPS = 4          # bit s set: suit s may be named trumps
R_MUST_TRUMP = 5
R_MUST_OVERTRUMP = 6
R_MATADOR_PRIVILEGE = 7       # 1 led-card privilege, 0 none
R_ASKER_PREFERENCE = 8
R_ALL_PASS_REDEAL = 9         # 0 forced spadille, 1 redeal
R_FORCED_LONE_EXEMPT = 10
R_FORCED_VOLE = 11
R_CALL_TRUMP_KING = 12
R_QUEEN_CALL = 13
R_SELF_CALL = 14
R_SELF_CALL_PREMIUM = 15
R_VOLE_AFTER = 16
R_VOLE_NEEDS_SEEN = 17
R_VOLE_VALUE = 18
R_VOLE_FAILED_LITERAL = 19    # 0 collect-game, 1 encyclopedie-literal
R_DEVOLE = 20
R_DEVOLE_VALUE = 21
R_DEVANT = 22
R_AU_JEU = 23
R_JEU = 24
R_CONSOLATION = 25
R_SANS_PRENDRE = 26
R_MATADOR = 27
R_MATADORS_TOP3 = 28
R_MATADORS_OMBRE_ONLY = 29    # 0 side, 1 ombre's own hand
R_LONE_THRESHOLD = 30
R_ODD_TO_DEFENDER = 31        # 0 next-deal-spadille, 1 highest-trump-defender
R_BETE_FIRST = 32
R_BETE_DOUBLING = 33          # 0 encyclopedie-chain, 1 doubling
R_BETE_INCREMENT = 34
R_PACK_MASK = 35              # natural mask of the cards in the pack
R_BID_RANK = 36               # N_BIDS entries, by bid code: precedence (1 lowest), 0 not offered
R_ASK_DEMANDS = 41            # 1: the ask and forced spadille demand a king (à trois) instead of calling one
R_DEMAND_TRUMP_KING = 42      # 1: the king of trumps may be demanded
R_DEMAND_FEE = 43             # jetons the ombre pays the holder of a demanded king
R_DEMAND_FEE_FAVOURITE = 44   # the same when the king is of the favourite suit
R_FAVOURITE_SUIT = 45         # suit id, -1 none
R_GIFT_SHOWN = 46             # 1: the card given for a demanded king is shown to the other defenders
R_DEMAND_PREMIUM = 47         # per-opponent premium of a DEMANDED contract (the médiateur fiche)
R_MULTIPLIER_X2 = 48          # N_CONTRACTS entries, by contract code: twice the multiplier of jeu + consolation
R_PAYMENT_SCHEME = 55         # 0 encyclopedie (jetons, bêtes), 1 italian-pot
R_MATADOR_COUNT = 56          # 0 sequence from spadille, 1 bonus for the top three (1) or four (2) in one hand
R_MATADORS_ON_LOSS = 57       # 1: matadors are charged to a losing side too
R_CODILLE_MULTIPLIER = 58     # what a codille costs each defender, in games
R_VOLE_MULTIPLIER = 59        # a made vole pays this many games plus the vole value
R_CALLED_KING_DUTY = 60       # 1: the called king's holder must play it when its suit is led and may not lead it
R_FRIEND_LEAD_BARS_VOLE = 61  # 1: a friend who showed himself by leading a matador or the called king may not undertake the vole
R_POT_RESTAKE = 62            # italian-pot: 1 when the game is staked into the pot, 0 when paid to the winners
R_BETES_ONE_AT_A_TIME = 63    # 1: a win takes the biggest riding bête only ("Les plus grosses bêtes passent toujours les premieres")
N_RULE_PARAMS = 64

SCHEME_ENCYCLOPEDIE, SCHEME_ITALIAN_POT = 0, 1
MATADORS_SEQUENCE, MATADORS_BONUS = 0, 1

# The riding bêtes a table keeps apart (bete.riding = one-at-a-time): more than a session makes in
# practice; a bête made with the list full joins the last one, so the total is always right.
MAX_RIDING = 26

# bête chain table: int64[2, BETE_CHAIN_LEN]; row 0 after a first bête by remise, row 1 by codille;
# unused tail entries are 0.
BETE_CHAIN_LEN = 8

# ---------------------------------------------------------------- policies
POLICY_RANDOM = 0
POLICY_HEURISTIC = 1
POLICY_DD = 2          # double-dummy card play (sees every hand), heuristic bidding
POLICY_PIMC = 3        # perfect-information Monte Carlo card play, heuristic bidding
POLICY_LEARNED = 4     # card play by a scorer learned from pimc (_learned.py), heuristic bidding
N_POLICY_PARAMS = 7771  # the general entries, the card play by role, the situation, pimc's node budget, the
                        # learned player's weights and network (below)

# ---------------------------------------------------------------- per-deal rows (int64[n, N_ROW_COLS])
COL_DEAL = 0
COL_HANDS = 1          # 4 columns: natural masks at the deal
COL_BIDS = 5           # 4 columns: PASS/ASK/ALONE, -1 for a seat not consulted
COL_FORCE = 9          # the asker's answer, NO_FORCE if no force happened
COL_CONTRACT = 10
COL_OMBRE = 11
COL_TRUMP = 12
COL_CALLED = 13        # natural card, -1 if none
COL_FRIEND = 14        # seat, -1 if none
COL_TRICKS = 15        # 4 columns: tricks won per seat
COL_SIDE_TRICKS = 19
COL_OUTCOME = 20
COL_VOLE = 21
COL_MATADORS = 22
COL_BETE = 23
COL_PAY = 24           # 4 columns: each seat's net jetons for the deal, antes included
COL_POOL = 28          # change of what lies on the table (positive: the table grew)
COL_LEADERS = 29       # 10 columns: leader of each trick
COL_CARDS = 39         # 40 columns: trick t, k-th card played -> COL_CARDS + 4 t + k (natural card)
COL_WINNERS = 79       # 10 columns: winner of each trick
COL_GIVEN = 89         # natural card the ombre gave for a demanded king, -1 if none
# The vole point as its decider met it, before he chose (written whether or not the choice was fixed):
COL_VOLE_DECIDER = 90  # the side member on lead who faced the vole decision, -1 if the point was not reached
COL_VOLE_HAND = 91     # natural mask of his cards then (0 if not reached)
COL_VOLE_GONE = 92     # natural mask of every card played before it (0 if not reached)
COL_VOLE_SEEN = 93     # 1 if the called card had appeared or there was none to wait for, 0 if not; -1 if not reached
COL_SITUATION = 94     # the trick (0-based) of the first decision where a seat's situation held, -1 never
COL_SITUATION_SEAT = 95  # who took that decision, -1 nobody
N_ROW_COLS = 96

# ---------------------------------------------------------------- in-kernel aggregates
# by_contract: int64[n_chunks, N_CONTRACTS, 4 (ombre seat), N_STATS]
S_N = 0
S_WIN = 1
S_REMISE = 2
S_CODILLE = 3
S_VOLE_UNDERTAKEN = 4
S_VOLE_MADE = 5
S_OMBRE_PAY = 6
S_OMBRE_PAY_SQ = 7
S_SIDE_PAY = 8
S_SIDE_PAY_SQ = 9
S_SIDE_TRICKS = 10
S_STRAIGHT_SIX = 11   # deals where the side won tricks 1-6 (the vole decision point was reached)
N_STATS = 12
# by_seat: int64[n_chunks, 4, N_SEAT_STATS]
SEAT_PAY = 0
SEAT_PAY_SQ = 1
SEAT_OMBRE = 2
SEAT_TRICKS = 3
N_SEAT_STATS = 4

MAX_SEATS = 4
MAX_TRICKS = 10

# ---------------------------------------------------------------- what a player sees when he plays a card
# obs: int64[N_OBS], filled by the engine (and, independently, by the reference engine).
O_SEAT = 0
O_TRUMP = 1
O_TRICK = 2            # 0-based trick number
O_N_IN_TRICK = 3       # cards already on the table in this trick
O_LEADER = 4
O_BEST_POS = 5         # ordered position of the card winning the trick, -1 when leading
O_BEST_SEAT = 6
O_OMBRE = 7
O_CONTRACT = 8
O_CALLED_POS = 9       # ordered position of the called card, -1 if none
O_FRIEND_KNOWN = 10    # the friend's seat if this player knows it (he is the friend, or the card has appeared), else -1
O_N_SEATS = 11
O_GONE = 12            # ordered mask of the cards played so far, this trick's included
O_SHOWED_OUT = 13      # 4 entries: per seat, bit b set once he failed to follow block b
O_TRICK_CARDS = 17     # 4 entries: this trick's cards in play order (ordered positions)
O_TRICKS = 21          # 4 entries: tricks won so far per seat
O_CANNOT_HOLD = 25     # 4 entries: per seat, ordered mask of cards the table has seen he cannot hold
# The leads so far, public (_situations.note_lead keeps them; the situations and the keep_suit rule read them):
O_LAST_LEAD = 29       # 4 entries: per seat, the block (suit) of the last card he led, -1 before his first lead
O_LAST_LEAD_TRICK = 33  # 4 entries: the trick (0-based) of that lead, -1 before his first
O_SUIT_CHANGES = 37    # 4 entries: the leads in which he led another suit than at his lead before
O_TRUMP_LEADS = 41     # 4 entries: the tricks he led with a trump
N_OBS = 45

# ---------------------------------------------------------------- forced decisions (int64[N_FORCE])
# One seat, the *focal* seat, may have its decisions fixed instead of asked of its policy:
# how the hand evaluator and the claims compare actions on the same deals. FREE leaves the
# decision to the policy. A fixed bid that is not open to the seat (an ask over an ask) is a
# pass; the trump and the call apply when the focal seat is the ombre by its own bid (not in
# forced spadille); the vole choice applies when the focal seat is the ombre and his side
# reaches the vole point, whoever of the side leads to the seventh trick.
F_SEAT = 0
F_BID = 1
F_TRUMP = 2
F_CALL = 3             # natural card
F_VOLE = 4             # 0 stop at the game, 1 undertake the vole
N_FORCE = 5
FREE = -1

# ---------------------------------------------------------------- a deal's result under one variant
# out: int64[n_deals, n_variants, N_OUT] from _variants.play_variants; the first OUT_FROM_ROW
# entries copy these row columns, then the seat that faced the vole decision (-1: nobody).
OUT_CONTRACT = 0
OUT_OMBRE = 1
OUT_TRUMP = 2
OUT_CALLED = 3
OUT_FRIEND = 4
OUT_SIDE_TRICKS = 5
OUT_OUTCOME = 6
OUT_VOLE = 7
OUT_MATADORS = 8
OUT_POOL = 9
OUT_PAY = 10           # 4 entries
OUT_TRICKS = 14        # 4 entries
OUT_BIDS = 18          # 4 entries: each seat's bid (COL_BIDS), so a map can tell what was bid before its focal seat
OUT_VOLE_HAND = 22     # COL_VOLE_HAND, COL_VOLE_GONE, COL_VOLE_SEEN: the decider's state at the vole point
OUT_VOLE_GONE = 23
OUT_VOLE_SEEN = 24
OUT_VOLE_DECIDER = 25
OUT_SITUATION = 26     # COL_SITUATION, then COL_SITUATION_SEAT
N_OUT = 28
OUT_ROW_COLUMNS = (COL_CONTRACT, COL_OMBRE, COL_TRUMP, COL_CALLED, COL_FRIEND, COL_SIDE_TRICKS, COL_OUTCOME,
                   COL_VOLE, COL_MATADORS, COL_POOL, COL_PAY, COL_PAY + 1, COL_PAY + 2, COL_PAY + 3,
                   COL_TRICKS, COL_TRICKS + 1, COL_TRICKS + 2, COL_TRICKS + 3,
                   COL_BIDS, COL_BIDS + 1, COL_BIDS + 2, COL_BIDS + 3, COL_VOLE_HAND, COL_VOLE_GONE, COL_VOLE_SEEN)

# heuristic policy parameters (float64 row of N_POLICY_PARAMS)
H_ASK = 0              # estimated own tricks to ask
H_ALONE = 1            # estimated own tricks to go sans prendre
H_TAKE_FORCED = 2      # estimated own tricks for an asker to take the sans prendre when forced
# 4: pimc's stop_z (search/_players.py P_STOP); draw_trumps and vole_losers, once here, became card-play
# rules by role (CARD_RULES below)
PLAYS_BY_ROLE = 3      # 1 when the seat has a situation or a role another policy plays: only then does a
                       # decision look them up (the deal loop's fast path skips it otherwise)
H_CALL_LONG = 5        # 1: call the king of the suit where one holds most cards; 0: of the shortest
H_DEMAND = 10          # estimated own tricks to demand a king and play alone (médiateur, à trois ask)
H_CASCO = 11           # estimated own tricks for the holder of both black aces to bid casco
# 12, 13: pimc's window and stop_after (search/_players.py P_WINDOW, P_STOP_AFTER)

# ---------------------------------------------------------------- the heuristic's card play, by role
# A player's role in a deal, as he sees it when he plays (card_rules.role names them). The friend is
# the called king's holder (he knows it from the start); a defender faces a called game when a
# partner was called and he is not it, a lone hand otherwise (a self-called game looks called to him).
ROLE_OMBRE, ROLE_FRIEND, ROLE_DEFENDER_CALLED, ROLE_DEFENDER_ALONE, ROLE_FORCED = 0, 1, 2, 3, 4
N_ROLES = 5
# policy_params[seat, CARD_RULES + role * N_CARD_RULES + rule]: the value of one card-play rule for
# one role (kernel/quadrille/card_rules.py documents each and gives its defaults).
CARD_RULES = 14
CR_LEAD_CALLED_KING = 0
CR_DRAW_TRUMPS = 1
CR_DRAW_CARD = 2
CR_DRAW_MIN_OUT = 3
CR_KEEP_LAST_TRUMP = 4
CR_LEAD_MASTER_TRUMP = 5
CR_LEAD_TOP_TRUMP = 6
CR_CASH_TRUMPS_NONE_OUT = 7
CR_LEAD_PLAIN_MASTERS = 8
CR_CASH_WINNERS_FIRST = 9
CR_PLAIN_SUIT_LONG = 10
CR_PLAIN_CARD_HIGH = 11
CR_AVOID_OMBRE_VOIDS = 12
CR_LEAD_CALLED_SUIT = 13
CR_WIN_WITH_MASTER = 14
CR_SECOND_HAND_LOW = 15
CR_LAST_HAND_WIN = 16
CR_OVERTAKE_PARTNER = 17
CR_EQUAL_CARDS_HIGH = 18
CR_DISCARD_SHORT = 19
CR_KEEP_CALLED_SUIT = 20
CR_KEEP_GUARDED_KINGS = 21
CR_TOP_TRUMP_ON_PARTNER = 22
CR_VOLE_LOSERS = 23
CR_KEEP_SUIT = 24
CR_KING_WITH_QUEEN = 25
N_CARD_RULES = 26

# The rest of the row (the claims' experiments on the course of play, docs/claims.md):
# ROLE_POLICY + role: the policy that plays the cards (and the vole) of a seat in that role, -1 its own;
# a SITUATION program (kernel/quadrille/situations.py compiles it): at a decision where it holds, the seat
# plays by ALT_RULES and ALT_ROLE_POLICY instead (laid out as CARD_RULES and ROLE_POLICY).
ROLE_POLICY = CARD_RULES + N_ROLES * N_CARD_RULES        # 144
ALT_RULES = ROLE_POLICY + N_ROLES                         # 149
ALT_ROLE_POLICY = ALT_RULES + N_ROLES * N_CARD_RULES      # 279
# The program: SITUATION holds its number of leaves (0: no situation), SITUATION + 1 the leaf it starts
# at; then SITUATION_LEAVES leaves of SITUATION_LEAF entries each. A leaf compares a signed sum of
# feature values and a constant with 0 and jumps on: to another leaf, or to TRUE / FALSE (jump code,
# so the kernel needs no stack). A leaf: LEAF_OP, LEAF_CONST, LEAF_N_TERMS, LEAF_IF_TRUE, LEAF_IF_FALSE,
# LEAF_FLAGS, then LEAF_TERMS terms of (feature id, argument, sign) from LEAF_TERM.
SITUATION = ALT_ROLE_POLICY + N_ROLES                     # 284
SITUATION_LEAVES = 12
SITUATION_LEAF = 18
LEAF_OP, LEAF_CONST, LEAF_N_TERMS, LEAF_IF_TRUE, LEAF_IF_FALSE, LEAF_FLAGS, LEAF_TERM = 0, 1, 2, 3, 4, 5, 6
LEAF_TERMS = (SITUATION_LEAF - LEAF_TERM) // 3
LEAF_TRUE, LEAF_FALSE = -1, -2                            # where a leaf jumps when the situation is decided
LEAF_SUITS = 1                                            # flag: false when a suit it compares is none
SITUATION_END = SITUATION + 2 + SITUATION_LEAVES * SITUATION_LEAF
# pimc's node budget for one sampled deal's scoring (search/_players.py P_NODE_BUDGET), after the rest
SEARCH_NODE_BUDGET = SITUATION_END                        # 502
# the learned player's weights (_learned.py; learned.py loads them into every row): one row of
# LEARNED_FEATURES weights for each (role, place in the trick: leading, second, middle, last)
LEARNED_WEIGHTS = SEARCH_NODE_BUDGET + 1                  # 503
LEARNED_FEATURES = 192                                    # three words of 64 feature bits
LEARNED_SLOTS = 4
LEARNED_BUCKETS = N_ROLES * LEARNED_SLOTS
# then its network of one hidden layer of LEARNED_HIDDEN units (ReLU): a row of LEARNED_HIDDEN input
# weights for each feature bit, a row of biases for each (role, place), the output weights, and one
# flag for each (role, place): 1.0 where that bucket's decisions add the network (the file's
# [network] roles), 0.0 where they play the linear rows alone, at their speed (every bucket of a
# file without a network)
LEARNED_HIDDEN = 16
LEARNED_NET_INPUT = LEARNED_WEIGHTS + LEARNED_BUCKETS * LEARNED_FEATURES   # 4343
LEARNED_NET_BIAS = LEARNED_NET_INPUT + LEARNED_FEATURES * LEARNED_HIDDEN
LEARNED_NET_OUTPUT = LEARNED_NET_BIAS + LEARNED_BUCKETS * LEARNED_HIDDEN
LEARNED_NET_ON = LEARNED_NET_OUTPUT + LEARNED_HIDDEN
LEARNED_SIZE = LEARNED_NET_ON + LEARNED_BUCKETS - LEARNED_WEIGHTS          # every learned number, in this order
assert LEARNED_WEIGHTS + LEARNED_SIZE == N_POLICY_PARAMS

# situation operators
OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE = 1, 2, 3, 4, 5, 6
