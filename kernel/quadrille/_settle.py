"""Jitted settlement of one deal: antes, outcome, payments, the bête, the table.

The table carries between the deals of a session as ``table = int64[TABLE_LEN]``:
(stakes, betes, odd, chain_len, chain_first, riding count, riding bêtes...). ``stakes`` is the
devant and the jetons au jeu left on the table by remises, ``betes`` the total of the bêtes
riding with the next deal, ``odd`` the counters a codille left for next deal's spadille holder,
``chain_len`` the bêtes made since the pool was last won, ``chain_first`` whether the first of
them was a REMISE or a CODILLE, and the riding list each bête's size in the order made.

Money is in jetons and every flow is between seats and the table, so
``sum(nets) + (table after - table before) == 0`` for every deal.
"""

from numba import njit

from . import layout as L
from ._rules import bete_size, split_side

T_STAKES, T_BETES, T_ODD, T_CHAIN_LEN, T_CHAIN_FIRST, T_RIDING_COUNT = 0, 1, 2, 3, 4, 5
T_RIDING = 6
MAX_RIDING = L.MAX_RIDING
TABLE_LEN = T_RIDING + MAX_RIDING


@njit(cache=True, _nrt=False)
def _ride(table, bete):
    """A new bête rides with the next deals, kept apart from the others."""
    count = table[T_RIDING_COUNT]
    if count < MAX_RIDING:
        table[T_RIDING + count] = bete
        table[T_RIDING_COUNT] = count + 1
    else:
        table[T_RIDING + MAX_RIDING - 1] += bete
    table[T_BETES] += bete


@njit(cache=True, _nrt=False)
def _biggest_riding(table):
    """The index in the riding list of the biggest bête (the first made among equals), -1 if none."""
    best = -1
    for i in range(table[T_RIDING_COUNT]):
        if best < 0 or table[T_RIDING + i] > table[T_RIDING + best]:
            best = i
    return best


@njit(cache=True, _nrt=False)
def _remove_riding(table, index):
    size = table[T_RIDING + index]
    count = table[T_RIDING_COUNT]
    for i in range(index, count - 1):
        table[T_RIDING + i] = table[T_RIDING + i + 1]
    table[T_RIDING + count - 1] = 0
    table[T_RIDING_COUNT] = count - 1
    table[T_BETES] -= size


@njit(cache=True, _nrt=False)
def table_total(table):
    return table[T_STAKES] + table[T_BETES] + table[T_ODD]


@njit(cache=True, _nrt=False)
def _ante_round(table, nets, n_seats, rules):
    """Every seat puts a jeton au jeu (payments.au_jeu), the dealer (last seat) the devant too."""
    for seat in range(n_seats):
        nets[seat] -= rules[L.R_AU_JEU]
    nets[n_seats - 1] -= rules[L.R_DEVANT]
    table[T_STAKES] += rules[L.R_DEVANT] + n_seats * rules[L.R_AU_JEU]


@njit(cache=True, _nrt=False)
def pay_antes(table, nets, n_seats, spadille_holder, rules):
    """The dealer (last seat) puts the devant, everyone a jeton au jeu; the counters a
    codille left last deal go to this deal's spadille holder. In the italian-pot scheme the
    antes go in only when the pot is empty."""
    for seat in range(n_seats):
        nets[seat] = 0
    if rules[L.R_PAYMENT_SCHEME] != L.SCHEME_ITALIAN_POT or table[T_STAKES] + table[T_BETES] == 0:
        _ante_round(table, nets, n_seats, rules)
    nets[spadille_holder] += table[T_ODD]
    table[T_ODD] = 0


@njit(cache=True, _nrt=False)
def outcome_of(side_tricks, rules):
    if side_tricks >= rules[L.R_WIN_TRICKS]:
        return L.WIN
    if side_tricks >= rules[L.R_REMISE_TRICKS]:
        return L.REMISE
    return L.CODILLE


@njit(cache=True, _nrt=False)
def game_stake(contract, rules):
    """The contract's multiplied jeu and consolation: under payments.pot_game = into-the-pot
    the part of a game each payer stakes into the pot rather than paying the winners."""
    twice = rules[L.R_MULTIPLIER_X2 + contract]
    return (twice * (rules[L.R_JEU] + rules[L.R_CONSOLATION])) // 2


@njit(cache=True, _nrt=False)
def game_value(contract, matadors, rules):
    """What each defender pays on a win: multiplier x (jeu + consolation), the matadors and
    the contract's premium (docs/variants.md, Settlement)."""
    premium = 0
    if contract == L.SANS_PRENDRE or (contract == L.SELF_CALLED and rules[L.R_SELF_CALL_PREMIUM] != 0):
        premium = rules[L.R_SANS_PRENDRE]
    elif contract == L.DEMANDED:
        premium = rules[L.R_DEMAND_PREMIUM]
    return game_stake(contract, rules) + matadors * rules[L.R_MATADOR] + premium, premium


@njit(cache=True, _nrt=False)
def settle(table, nets, n_seats, contract, ombre, friend, side_tricks, ombre_tricks,
           vole_state, matadors, odd_defender, rules, bete_chain):
    """Pay out one played deal; returns (outcome, bête made). ``nets`` already holds the antes.

    Per opponent the side receives (win) or pays (loss) the game value (game_value); a remise
    pays no jeu. A win takes the whole table; a codille lets the defenders share the stakes
    while the bêtes ride on; remise and codille make a bête. A called side shares everything
    half and half, the odd jeton being the ombre's, except that an ombre with fewer than the
    lone-payment threshold of tricks bears a loss alone (not in an exempt forced spadille).
    RULES.md §1.8-1.10. With bete.riding = one-at-a-time a win takes only the biggest bête
    ("Les plus grosses bêtes passent toujours les premieres ... n'ayant rien à demander des
    bêtes qui ne vont pas"), and the others ride on. The italian-pot scheme: a remise re-antes the pot and pays nothing,
    a codille costs codille_multiplier games, and no bête is made (docs/variants.md). With
    payments.pot_game = into-the-pot, "ogni avversario versa una nuova puntata iniziale uguale"
    is read as a fresh stake into the pot: the multiplied jeu of each payment goes into the pot
    for the next deal, and only the matadors, premiums and vole bonus go to the other side.
    """
    outcome = outcome_of(side_tricks, rules)
    pot_scheme = rules[L.R_PAYMENT_SCHEME] == L.SCHEME_ITALIAN_POT
    n_defenders = n_seats - 1 if friend < 0 else n_seats - 2
    game, premium = game_value(contract, matadors, rules)
    loss_game = game
    if rules[L.R_MATADORS_ON_LOSS] == 0:
        loss_game -= matadors * rules[L.R_MATADOR]
    vole = rules[L.R_VOLE_VALUE]
    restake = pot_scheme and rules[L.R_POT_RESTAKE] != 0
    per_defender = 0       # what each defender pays the side (negative: receives)
    side_take = 0          # what the side takes off the table
    defenders_take = 0     # what the defenders share off the table
    defender_into_pot = 0  # what each defender stakes into the pot (into-the-pot, a win)
    side_into_pot = 0      # what the side stakes into the pot (into-the-pot, a codille)
    bete = 0
    going = -1             # the riding bête a win takes (one-at-a-time), -1 for none
    if outcome == L.WIN:
        if vole_state == L.VOLE_FAILED and rules[L.R_VOLE_FAILED_LITERAL] != 0:
            per_defender = -(game + vole)
            defenders_take = table[T_STAKES]
        else:
            per_defender = game
            if vole_state == L.VOLE_MADE:
                per_defender = game * rules[L.R_VOLE_MULTIPLIER] + vole
            elif vole_state == L.VOLE_FAILED:
                per_defender -= vole
            if restake:
                defender_into_pot = game_stake(contract, rules)
                if vole_state == L.VOLE_MADE:
                    defender_into_pot *= rules[L.R_VOLE_MULTIPLIER]
                per_defender -= defender_into_pot
            if rules[L.R_BETES_ONE_AT_A_TIME] != 0:
                going = _biggest_riding(table)
            side_take = table[T_STAKES] + (table[T_RIDING + going] if going >= 0 else table[T_BETES])
    else:
        if outcome == L.REMISE:
            if pot_scheme:
                per_defender = 0
            else:
                twice = rules[L.R_MULTIPLIER_X2 + contract]
                remise = (twice * rules[L.R_CONSOLATION]) // 2 + premium
                if rules[L.R_MATADORS_ON_LOSS] != 0:
                    remise += matadors * rules[L.R_MATADOR]
                per_defender = -remise
        else:
            per_defender = -loss_game * rules[L.R_CODILLE_MULTIPLIER]
            if restake:
                stake = game_stake(contract, rules) * rules[L.R_CODILLE_MULTIPLIER]
                per_defender += stake
                side_into_pot = stake * n_defenders
            defenders_take = table[T_STAKES]
        if not pot_scheme:
            bete = bete_size(table[T_CHAIN_LEN], table[T_CHAIN_FIRST], rules, bete_chain)
        if side_tricks == 0 and rules[L.R_DEVOLE] != 0:
            per_defender -= rules[L.R_DEVOLE_VALUE]

    side_flow = n_defenders * per_defender + side_take - bete - side_into_pot
    if friend < 0:
        nets[ombre] += side_flow
    elif (outcome != L.WIN and ombre_tricks < rules[L.R_LONE_THRESHOLD]
          and not (contract == L.FORCED and rules[L.R_FORCED_LONE_EXEMPT] != 0)):
        nets[ombre] += side_flow
    else:
        ombre_share, friend_share = split_side(side_flow)
        nets[ombre] += ombre_share
        nets[friend] += friend_share

    share = defenders_take // n_defenders if defenders_take > 0 else 0
    left_over = defenders_take - share * n_defenders
    for seat in range(n_seats):
        if seat != ombre and seat != friend:
            nets[seat] -= per_defender + defender_into_pot
            nets[seat] += share
    if left_over > 0:
        if rules[L.R_ODD_TO_DEFENDER] != 0 and odd_defender >= 0:
            nets[odd_defender] += left_over
        else:
            table[T_ODD] += left_over

    # the table after the deal
    if outcome == L.WIN and defenders_take == 0:
        table[T_STAKES] = 0
        if rules[L.R_BETES_ONE_AT_A_TIME] != 0:
            if going >= 0:
                _remove_riding(table, going)
        else:
            for i in range(table[T_RIDING_COUNT]):
                table[T_RIDING + i] = 0
            table[T_RIDING_COUNT] = 0
            table[T_BETES] = 0
        table[T_CHAIN_LEN] = 0
    table[T_STAKES] -= defenders_take
    if outcome != L.WIN and not pot_scheme:
        if table[T_CHAIN_LEN] == 0:
            table[T_CHAIN_FIRST] = outcome
        table[T_CHAIN_LEN] += 1
        if bete > 0:
            _ride(table, bete)
    if outcome == L.REMISE and pot_scheme:
        _ante_round(table, nets, n_seats, rules)  # "Il piatto viene raddoppiato"
    table[T_STAKES] += n_defenders * defender_into_pot + side_into_pot
    return outcome, bete
