"""Who pays whom, in jetons: antes, the table, payments, the bête (RULES.md §1.8-§1.10,
docs/engine.md steps 1 and 8), and the variants' multipliers, premiums and the Italian pot
(docs/variants.md "Settlement").

Sign convention: a seat's net is what it gained this deal (negative: it paid); the table's
change is what the table gained. Every movement is between seats or between a seat and the
table, so the nets and the table's change always sum to zero.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from spadille.kernel.quadrille import layout as L

from .contract import NOBODY
from .rules import Rules
from .scoring import outcome_of


@dataclass
class Table:
    """What lies on the table, carried from deal to deal within a session."""

    stakes: int = 0        # the devant and the jetons au jeu
    betes: int = 0         # the bêtes riding on, in all
    riding: list[int] = field(default_factory=list)  # each riding bête, in the order made
    odd: int = 0           # counters left over from a codille share, for the next spadille
    chain_length: int = 0  # bêtes made since the pool was last won
    chain_first: int = L.NO_RESULT  # REMISE or CODILLE: how the first of those bêtes was made

    def total(self) -> int:
        return self.stakes + self.betes + self.odd


@dataclass(frozen=True)
class Settlement:
    outcome: int
    bete: int              # the bête the side made this deal, 0 if none
    nets: list[int]        # per seat, this settlement only (antes excluded)


def pay_antes(table: Table, nets: list[int], spadille_seat: int, rules: Rules) -> None:
    """"Le jeu est marqué par celui qui mêle, & qui met une fiche au devant : chacun fait outre
    cela au jeu un jetton" (ENC): every seat puts ``au_jeu`` on the table, the dealer (the last
    seat) the ``devant`` too. Under ``payments.scheme = italian-pot`` the antes go in only when
    the table holds no stakes and no bêtes (a fresh pot). Counters a codille left on the table
    go to this deal's spadille holder ("ce sera pour celui qui le coup suivant aura spadille")."""
    if not rules.italian_pot or (table.stakes == 0 and table.betes == 0):
        _ante_round(table, nets, rules)
    nets[spadille_seat] += table.odd
    table.odd = 0


def _ante_round(table: Table, nets: list[int], rules: Rules) -> None:
    """One round of antes: ``payments.au_jeu`` from every seat, ``payments.devant`` from the dealer."""
    dealer = rules.seats - 1
    for seat in range(rules.seats):
        nets[seat] -= rules.au_jeu
        table.stakes += rules.au_jeu
    nets[dealer] -= rules.devant
    table.stakes += rules.devant


def premium(contract: int, rules: Rules) -> int:
    """The contract's premium per opponent. The sans-prendre premium: always for SANS_PRENDRE;
    for a self-called king only with ``contract.self_call_sans_prendre_premium`` ("à
    l'exception du sans appeller qu'il ne paye point s'il perd, & qui ne lui est point payé s'il
    gagne"). The demanded king's: ``payments.demand_premium`` for DEMANDED ("l'on donne une
    fiche de plus à celui qui joue avec le médiateur, & celui qui joue sans prendre", ENC)."""
    if contract == L.SANS_PRENDRE or (contract == L.SELF_CALLED and rules.self_call_premium):
        return rules.sans_prendre
    if contract == L.DEMANDED:
        return rules.demand_premium
    return 0


def _multiplied(amount: int, contract: int, rules: Rules) -> int:
    """``amount`` times the contract's ``payments.multiplier_*``, counted in halves and rounded
    down: ``amount * m // 2`` with ``m`` twice the multiplier (1.5 -> 3)."""
    twice = round(2 * rules.multiplier(contract))
    return amount * twice // 2


def _matadors_paid(matadors: int, rules: Rules) -> int:
    return matadors * rules.matador


def game_stake(contract: int, rules: Rules) -> int:
    """The contract's multiplied jeu and consolation, the part of a game staked into the pot
    under ``payments.pot_game = into-the-pot``."""
    return _multiplied(rules.jeu + rules.consolation, contract, rules)


def game_value(contract: int, matadors: int, rules: Rules) -> int:
    """What each defender pays on a win: "le jeu, la consolation, & les matadors" (ENC), the
    jeu and consolation times the contract's multiplier, plus the contract's premium:
    ``(jeu + consolation) * m / 2 + matadors * matador + premium``. The médiateur won with no
    matadors: 1 + 2 + 10 = 13 ("Il reçoit treize jettons de chacun"); sans prendre with the
    médiateur's premium of 14: 17 ("doit recevoir dix-sept jettons de chacun")."""
    return (_multiplied(rules.jeu + rules.consolation, contract, rules) + _matadors_paid(matadors, rules)
            + premium(contract, rules))


def loss_value(contract: int, matadors: int, rules: Rules) -> int:
    """What a losing side pays each defender for a game it loses by codille, before
    ``payments.codille_multiplier``: the game value ("payeroient en ce cas à leurs adversaires
    ce qu'ils leur auroient payé s'ils eussent gagné", ENC), without the matadors when
    ``payments.matadors_on_loss`` is off."""
    value = game_value(contract, matadors, rules)
    if not rules.matadors_on_loss:
        value -= _matadors_paid(matadors, rules)
    return value


def remise_value(contract: int, matadors: int, rules: Rules) -> int:
    """What each defender receives on a remise (``payments.scheme = encyclopedie``): "ils payent
    à chacun la consolation & les matadors" (ENC), no jeu, and the premium:
    ``consolation * m / 2 + matadors * matador + premium`` ("il n'en donne que 12 si elle n'est
    que remise" for the médiateur, "s'il perd par remise il en donne seize" sans prendre); no
    matadors when ``payments.matadors_on_loss`` is off."""
    matadors_paid = _matadors_paid(matadors, rules) if rules.matadors_on_loss else 0
    return _multiplied(rules.consolation, contract, rules) + matadors_paid + premium(contract, rules)


def bete_size(chain_length: int, chain_first: int, rules: Rules) -> int:
    """The size of the next bête when ``chain_length`` bêtes were made since the pool was last won.

    "la premiere bête étant de quatorze, la seconde doit être de quarante-deux, la troisieme de
    cinquante-six ... si le coup sur lequel la premiere bête est faite est tiré par codille, la
    seconde bête ne sera que de vingt-huit" (ENC): ``bete.first``, then the ``after_remise`` or
    ``after_codille`` list by how the first was made (its entry k for the k-th bête, counting
    the first as 0), then ``bete.increment`` more each time. ``doubling`` doubles each bête.
    """
    if chain_length == 0:
        return rules.bete_first
    if rules.bete_doubling:
        return rules.bete_first * 2 ** chain_length
    sequence = rules.bete_after_remise if chain_first == L.REMISE else rules.bete_after_codille
    if chain_length < len(sequence):
        return sequence[chain_length]
    return sequence[-1] + (chain_length - len(sequence) + 1) * rules.bete_increment


def split_side(amount: int) -> tuple[int, int]:
    """(ombre's part, friend's part) of the side's gain ``amount``: halves, "le jetton impair ...
    au profit de l'Hombre lorsqu'il gagne doit aussi être payé par lui quand il perd"."""
    magnitude = abs(amount) // 2
    friend_part = magnitude if amount >= 0 else -magnitude
    return amount - friend_part, friend_part


def ombre_pays_alone(contract: int, outcome: int, ombre_tricks: int, rules: Rules) -> bool:
    """With a friend (called, forced spadille or casco): "l'hombre qui ne fait pas trois mains
    paie seul, tant en cas de remise que de codille" (ENC; ``payments.lone_payment_threshold``),
    except with spadille forcé when ``auction.forced_spadille_lone_payment_exempt`` ("l'hombre
    ne fît-il qu'une main, ne fait point la bête seule")."""
    if outcome == L.WIN or ombre_tricks >= rules.lone_threshold:
        return False
    return not (contract == L.FORCED and rules.forced_lone_exempt)


def _share_stakes(table: Table, defenders: Sequence[int], nets: list[int],
                  odd_defender: int, rules: Rules) -> None:
    """"Ceux qui gagnent codille partagent entr'eux ce qui est au jeu" (ENC): the defenders
    share the stakes equally, the bêtes ride on. The counters that do not divide go to the
    defender with the highest trump (``highest-trump-defender``, when one has a trump) or wait
    on the table for the next deal's spadille (``next-deal-spadille``)."""
    share, left_over = divmod(table.stakes, len(defenders))
    for seat in defenders:
        nets[seat] += share
    table.stakes = 0
    if rules.odd_to_defender and odd_defender != NOBODY:
        nets[odd_defender] += left_over
    else:
        table.odd += left_over


def _make_bete(table: Table, outcome: int, rules: Rules) -> int:
    """The side "fait la bête": it pays the next bête of the chain onto the table."""
    bete = bete_size(table.chain_length, table.chain_first, rules)
    if table.chain_length == 0:
        table.chain_first = outcome
    table.chain_length += 1
    table.betes += bete
    if bete > 0:
        if len(table.riding) < L.MAX_RIDING:
            table.riding.append(bete)
        else:
            table.riding[-1] += bete  # as the kernel: a full list merges into its last bête
    return bete


def _side_takes_table(table: Table, rules: Rules) -> int:
    """The winners "partagent ce qui se trouve au-devant du jeu, & les bêtes": the stakes are
    won, and the bête chain starts afresh. With ``bete.riding = one-at-a-time`` only the
    biggest bête goes ("Les plus grosses bêtes passent toujours les premieres ... n'ayant rien
    à demander des bêtes qui ne vont pas", ENC); the others ride on."""
    if rules.betes_one_at_a_time and table.riding:
        going = table.riding.index(max(table.riding))  # the first made among equals
        bete = table.riding.pop(going)
        table.betes -= bete
        taken = table.stakes + table.odd + bete
    else:
        taken = table.total()
        table.riding.clear()
        table.betes = 0
    table.stakes = table.odd = 0
    table.chain_length = 0
    table.chain_first = L.NO_RESULT
    return taken


def settle(table: Table, contract: int, ombre: int, friend: int, side_tricks: int, ombre_tricks: int,
           vole: int, matadors: int, odd_defender: int, rules: Rules) -> Settlement:
    """Pay the deal's result, update the table, and return the outcome, the bête and the nets.

    ``payments.scheme = encyclopedie``: a win takes the table; a remise pays the remise value
    and makes a bête; a codille pays the loss value times ``payments.codille_multiplier``, lets
    the defenders share the stakes and makes a bête. ``italian-pot`` (the Italian page, RULES.md
    §1.13 item 5): no bête is ever made; a remise pays nobody, and every seat antes again as at
    the start of a pot; a codille is paid as above and "la squadra di difensori vincente divide
    il piatto" (IT). With ``payments.pot_game = into-the-pot`` "ogni avversario versa una nuova
    puntata iniziale uguale" is a fresh stake into the pot ("versa nel piatto centrale"): the
    multiplied jeu of each payment, won or lost, goes into the pot for the next deal; the
    matadors, premiums and vole bonus still go to the other side."""
    side = (ombre,) if friend == NOBODY else (ombre, friend)
    defenders = [seat for seat in range(rules.seats) if seat not in side]
    nets = [0] * rules.seats
    outcome = outcome_of(side_tricks, rules)
    game = game_value(contract, matadors, rules)
    taken = 0
    bete = 0
    into_pot_each = 0      # each defender's stake into the pot (into-the-pot, a win)
    into_pot_side = 0      # the side's stake into the pot (into-the-pot, a codille)
    if outcome == L.WIN and vole == L.VOLE_FAILED and rules.vole_failed_literal:
        # "si l'on ne la fait pas ... les autres tirent le devant & se font payer le jeu" (ENC, read
        # literally). docs/engine.md names only the stakes, so the bêtes ride on and no bête is made.
        to_each_defender = game + rules.vole_value
        _share_stakes(table, defenders, nets, odd_defender, rules)
    elif outcome == L.WIN:
        to_each_defender = -_win_value(game, vole, rules)
        taken = _side_takes_table(table, rules)
        if rules.pot_restake:
            into_pot_each = game_stake(contract, rules) * (rules.vole_multiplier if vole == L.VOLE_MADE else 1)
            to_each_defender += into_pot_each
    elif outcome == L.REMISE and rules.italian_pot:
        to_each_defender = 0  # "l'Hombre attuale non perde gettoni"; the pot is fed below
    elif outcome == L.REMISE:
        to_each_defender = remise_value(contract, matadors, rules)
        bete = _make_bete(table, outcome, rules)
    else:
        to_each_defender = loss_value(contract, matadors, rules) * rules.codille_multiplier
        _share_stakes(table, defenders, nets, odd_defender, rules)
        if rules.pot_restake:
            stake = game_stake(contract, rules) * rules.codille_multiplier
            to_each_defender -= stake
            into_pot_side = stake * len(defenders)
        if not rules.italian_pot:
            bete = _make_bete(table, outcome, rules)
    if outcome != L.WIN and side_tricks == 0 and rules.devole_enabled:
        to_each_defender += rules.devole_value  # the dévole (RULES.md §1.9)
    for seat in defenders:
        nets[seat] += to_each_defender - into_pot_each
    side_gain = taken - to_each_defender * len(defenders) - bete - into_pot_side
    _pay_side(nets, side_gain, contract, outcome, ombre, friend, ombre_tricks, rules)
    if outcome == L.REMISE and rules.italian_pot:
        # "Il piatto viene raddoppiato per la mano successiva; l'Hombre attuale non perde gettoni" (IT):
        # everyone antes again, as at the start of a pot
        _ante_round(table, nets, rules)
    table.stakes += into_pot_each * len(defenders) + into_pot_side
    return Settlement(outcome, bete, nets)


def _win_value(game: int, vole: int, rules: Rules) -> int:
    """What each defender pays a winning side: the game; a made vole ``game * vole.multiplier +
    vole.value`` ("la vole ne gagne que ce que l'on est convenu", ENC); a failed one
    (``collect-game``) costs the side the vole: "Celui ou ceux qui ayant entrepris la vole ne
    l'ont pas faite, tirent le devant, & se font payer le Jeu ..." and pay the vole (AUJ PA20,
    HOY law 29)."""
    if vole == L.VOLE_MADE:
        return game * rules.vole_multiplier + rules.vole_value
    if vole == L.VOLE_FAILED:
        return game - rules.vole_value
    return game


def _pay_side(nets: list[int], side_gain: int, contract: int, outcome: int, ombre: int, friend: int,
              ombre_tricks: int, rules: Rules) -> None:
    """"la bête, & tout ce qui est à payer, se paye par moitié entre le joueur & le roi appellé"
    (ENC), unless the ombre pays alone."""
    if friend == NOBODY or ombre_pays_alone(contract, outcome, ombre_tricks, rules):
        nets[ombre] += side_gain
        return
    ombre_part, friend_part = split_side(side_gain)
    nets[ombre] += ombre_part
    nets[friend] += friend_part
