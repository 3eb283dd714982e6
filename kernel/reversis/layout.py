"""Integer codes and array layouts shared by the kernel, its wrapper, the policies and the reference.

Public, as every game's ``layout.py``: the rows a recorded run writes (``D_*``), the rule vector
(``R_*``), what a seat sees (``O_*``) and the policies' parameter rows (``P_*``) are read by the
analyses, the OpenSpiel adapter and the tests as well as by the kernel.

Compile-time constants of the code, not data: rule values and tables travel as kernel arguments.
"""

N_POS = 4            # positions by the order of play: 0 eldest .. 3 dealer
POOL = 4             # the pool is the fifth account of every payment
N_ACCOUNTS = 5
N_TRICKS = 11
NO_CARD = -1
NOBODY = -1

# ---------------------------------------------------------------- rule vector (int64)
R_OPTIONAL_EXCHANGE = 0
R_ELDEST_LEADS_HEART = 1
R_TIE_DEALER_LEFT = 2        # 0 dealer-last, 1 dealer-left
R_PARTIE_TALON_1765 = 3      # 0 ecart, 1 talon-1765
R_PARTIE_FROM_POOL = 4       # 0 each-player, 1 pool
R_PLACED_FROM_TAKER = 5
R_PLACED_FROM_OTHERS = 6
R_FORCED_FROM_HOLDER = 7
R_FORCED_FROM_OTHERS = 8
R_ACE_PAYMENT = 9
R_DIAMOND_ACE_PAYMENT = 10
R_BONNE_TRICKS = 11
R_REVERSIS_FROM_EACH = 12
R_REVERSIS_BROKEN = 13
R_ESPAGNOLETTE = 14          # 0 none, 1 aces-and-quinola, 2 hoyle
R_RENOUNCE_TRICKS = 15
R_POOL_OPENING = 16          # per player
R_DEALER_ADDS = 17
R_REMISE_OPENING = 18        # 0 match-pool, 1 opening
R_TRICK_KEPT_ALL_COSTS = 19  # the espagnolette keeps a trick in 1-9: 0 ordinary-game (seed), 1 all-costs (Hoyle)
R_FORCED_BY_HIGHER = 20      # the quinola forced: 0 by any heart lead (the leader paid), 1 by a higher heart (its player)
R_PLAYED_AS_FORCED = 21      # aces and the quinola played: 0 paid by the holder alone, 1 by whoever pays a forcing
R_ACE_FORCED_EACH = 22       # an ace forced: 0 its holder pays the forcer, 1 every other player pays him too
R_ALL_COSTS_OWN = 23         # tous les frais: 0 double every gift of the deal back, 1 his own consolations, once
N_RULES = 24

# ---------------------------------------------------------------- policies
POLICY_RANDOM, POLICY_HEURISTIC, POLICY_SEARCH, POLICY_STRONG = 0, 1, 2, 3
POLICY_NAMES = ("random", "heuristic", "search", "strong")
P_REVERSIS_FROM = 0          # after taking the first N tricks, take every trick (12 = never)
P_BREAK = 1                  # 1: at tricks 10-11, take the trick to break a reversis under way
P_ESPAGNOLETTE = 2           # 1: use the espagnolette's privilege
P_DISCARD = 3                # the heuristic's discard: 0 points and shortness, 1 a random card, 2 the lowest
                             # card, 3 keep the hand when the exchange is optional (else as 0)
P_WORLDS = 4                 # the search: worlds sampled per decision
P_FORCE_DISCARD = 5          # a card the seat discards whatever its rule (-1: none; `evaluate` sets it)
P_ROLLOUT = 6                # the search: who plays its rollouts out, 0 the heuristic, 1 the strong policy
N_PARAMS = 7
PARAM_NAMES = ("reversis_from", "break", "espagnolette", "discard", "worlds", "force_discard", "rollout")
PARAM_DEFAULTS = (12, 1, 1, 0, 12, -1, 0)
# The strong policy's weights follow the named parameters in each seat's row: N_KINDS x N_FEATURES
# values (the decision's kind, then the feature, _features.py), in units of 1 / WEIGHT_SCALE.
N_KINDS = 3                  # leading, following suit, renouncing
N_FEATURES = 27
P_WEIGHTS = N_PARAMS
N_POLICY_COLUMNS = N_PARAMS + N_KINDS * N_FEATURES
WEIGHT_SCALE = 10_000

# ---------------------------------------------------------------- what a policy sees (int64)
O_SEAT = 0                   # the deciding position
O_TRICK = 1                  # 1..11
O_LEADER = 2
O_IN_TRICK = 3               # cards already in the trick
O_LED_SUIT = 4               # -1 when leading
O_WIN_CARD = 5               # the card winning the trick so far, -1 when leading
O_WIN_POS = 6
O_PLAYED = 7                 # mask of the cards played in earlier tricks and this one
O_RUN = 8                    # the position that took every trick so far, -1 if none (or trick 1)
O_PRIVILEGED = 9             # 1: the deciding position may renounce at will this trick
O_TRICKS = 10                # 4 entries: tricks taken by each position
O_ECART = 14                 # the cards the deciding position discarded itself (mask), for a search
O_TRICK_POINTS = 15          # the points of the cards already in the trick
N_OBS = 16

# ---------------------------------------------------------------- quinola's fate, reversis
Q_NONE, Q_PLACED, Q_FORCED, Q_PLAYED = 0, 1, 2, 3       # Q_NONE: in the écart
QUINOLA_FATES = ("ecart", "placed", "forced", "played")
REV_NONE, REV_MADE, REV_BROKEN = 0, 1, 2
REVERSIS_NAMES = ("none", "made", "broken")

# ---------------------------------------------------------------- payment categories
C_DEALER, C_ACES, C_QUINOLA, C_REFUND, C_REMISE, C_PARTIE, C_ALL_COSTS, C_REVERSIS = range(8)
CATEGORY_NAMES = ("dealer_adds", "aces", "quinola", "refund", "remise", "partie", "all_costs", "reversis")
N_CATEGORIES = 8

# ---------------------------------------------------------------- one deal's record (int64)
D_HAND = 0                   # 4: hands as dealt (masks)
D_TALON = 4
D_ECART = 5
D_DISCARD = 6                # 4: card discarded by each position, -1 kept his hand
D_PLAY = 10                  # 44: cards in the order played, trick by trick
D_TAKER = 54                 # 11: the taker of each trick
D_TRICKS = 65                # 4
D_POINTS = 69                # 4
D_ECART_POINTS = 73
D_QUINOLA_HOLDER = 74        # position holding the quinola as play begins, -1 in the écart
D_QUINOLA_FATE = 75
D_QUINOLA_TRICK = 76         # 0 in the écart
D_ACES_GIVEN = 77
D_ACES_FORCED = 78
D_ACES_PLAYED = 79
D_REVERSIS = 80
D_UNDERTAKER = 81
D_BREAKER = 82
D_ESP_POS = 83               # privileged position, -1
D_ESP_USED = 84
D_ESP_ALL_COSTS = 85
D_PARTIE_WINNER = 86         # -1 when there is a reversis
D_PARTIE_VALUE = 87
D_REMISE_TAKER = 88
D_REMISE_MAKER = 89
D_POOL_START = 90            # before the dealer adds
D_POOL_END = 91
D_ESP_TRICK = 92             # the first trick the privileged position took, 0 none
D_PAY = 93                   # N_CATEGORIES x N_ACCOUNTS
D_NET = D_PAY + N_CATEGORIES * N_ACCOUNTS   # N_ACCOUNTS: the deal's net per position and the pool
N_RECORD = D_NET + N_ACCOUNTS

# ---------------------------------------------------------------- the play's scratch (int64)
# 0-3 the trick's cards, 4-7 their kinds, 8-11 each position's own discard (mask), then:
S_TRICK = 12                 # the trick to play (1..11; 12 when done)
S_IN_TRICK = 13              # cards already in it
S_LEADER = 14
S_RUN = 15
S_PLAYED = 16                # mask
S_USED = 17
S_N_DEFERRED = 18
S_N_GIFTS = 19
S_FORCED = 20                # the next card to play, chosen outside (-1 none)
S_LEGAL = 21                 # the paused seat's legal cards (mask)
S_FOLLOW = 22
N_SCRATCH = 23
N_GIFT_FIELDS = 3            # a payment for an ace or the quinola given: (payer, amount, receiver)
