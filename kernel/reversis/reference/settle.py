"""The end of a deal (docs/reversis.md §6): the reversis, or the remise, the partie, the aces and
quinola played, and the espagnolette's "tous les frais".

"Tous les paj-emens susdits cessent dès qu'il j' a reversa ... on rend à celui qui a payé" (seed):
a reversis refunds every other payment. "Le rerersis se paye seize fiches de chaque joueur, et .
Irente-deux du vis-à-vis"; "Celui qui rompt le reversis à la bonae , reçoit soixantequatre fiches
de celui qui l'avait entrepris"; "l espagnolette paye seul ]K)ur toute la compagnie" (seed).
"""

from __future__ import annotations

from .. import layout as L
from ..ruleset import ReversisRuleset
from .espagnolette import standing
from .ledger import multiplier
from .partie import natural_winner, partie_value

BEFORE_BONNE = 9


def remise_amount(ruleset: ReversisRuleset, p0: int) -> int:
    """Making the remise: as much as the pool held as the deal began, or the opening pool."""
    return p0 if ruleset["pool.remise_payment"] == "match-pool" else 4 * ruleset["pool.opening_per_player"]


def _reversis(ruleset: ReversisRuleset, deal) -> None:
    ledger, undertaker = deal.ledger, deal.undertaker
    for paid in [p for p in ledger.payments if p.category in (L.C_ACES, L.C_QUINOLA)]:
        ledger.pay(L.C_REFUND, paid.receiver, paid.payer, paid.amount, 0, f"refund of {paid.reason}")
    espagnolette, _ = standing(ruleset, deal)
    if deal.reversis == L.REV_MADE:
        shares = [(other, ruleset["reversis.made_from_each"] * multiplier(other, undertaker, 0, 0))
                  for other in range(L.N_POS) if other != undertaker]
        if espagnolette not in (L.NOBODY, undertaker):
            ledger.pay(L.C_REVERSIS, espagnolette, undertaker, sum(a for _, a in shares), 0,
                       "reversis made, paid by the espagnolette alone")
        else:
            for other, amount in shares:
                ledger.pay(L.C_REVERSIS, other, undertaker, amount, 0, "reversis made")
    else:
        payer = espagnolette if espagnolette not in (L.NOBODY, undertaker, deal.breaker) else undertaker
        ledger.pay(L.C_REVERSIS, payer, deal.breaker, ruleset["reversis.broken_payment"], 0, "reversis broken")
    # "excepté ... où celui qui entreprend le reversis lève le quinola avant la dixième Jevée"
    if deal.quinola_holder == undertaker and 0 < deal.quinola_trick <= BEFORE_BONNE:
        if deal.reversis == L.REV_MADE:
            deal.remise_taker = undertaker
            ledger.pay(L.C_REMISE, L.POOL, undertaker, deal.p0, 0, "le plus grand coup: the remise taken")
        else:
            deal.remise_maker = undertaker
            ledger.pay(L.C_REMISE, undertaker, L.POOL, remise_amount(ruleset, deal.p0), 0,
                       "le coup le plus cher: the remise made")


def settle(ruleset: ReversisRuleset, deal) -> None:
    takers = [t.taker for t in deal.tricks]
    ledger = deal.ledger
    if all(t == takers[0] for t in takers[:BEFORE_BONNE]):
        deal.undertaker = takers[0]
        others = [t for t in takers[BEFORE_BONNE:] if t != deal.undertaker]
        deal.reversis = L.REV_BROKEN if others else L.REV_MADE
        deal.breaker = others[0] if others else L.NOBODY
        _reversis(ruleset, deal)
        return
    espagnolette, entered = standing(ruleset, deal)
    deal.all_costs = entered
    # the remise: placed takes it, forced or played makes it. "Qu'il fait la remise s'il a placé le
    # quinola" (seed), "instead of receiving it" (Hoyle): the espagnolette making tous les frais
    # does not take the remise his placed quinola won; he makes it below.
    placed_by_entered = entered and deal.quinola_holder == espagnolette and deal.quinola_fate == L.Q_PLACED
    if deal.quinola_fate == L.Q_PLACED and not placed_by_entered:
        deal.remise_taker = deal.quinola_holder
        ledger.pay(L.C_REMISE, L.POOL, deal.quinola_holder, deal.p0, 0, "quinola placed: the remise taken")
    elif deal.quinola_fate in (L.Q_FORCED, L.Q_PLAYED):
        deal.remise_maker = deal.quinola_holder
        ledger.pay(L.C_REMISE, deal.quinola_holder, L.POOL, remise_amount(ruleset, deal.p0), 0,
                   "quinola forced or played: the remise made")
    # the partie
    tricks, points = deal.tricks_taken(), deal.points()
    candidates = [p for p in range(L.N_POS) if not (entered and p == espagnolette)]
    if espagnolette != L.NOBODY and not entered:
        winner = espagnolette                        # "il gagne toujours la partie"
    else:
        winner = natural_winner(candidates, points, tricks, ruleset["partie.tie_break"])
    value = partie_value(deal.ecart, ruleset["partie.value"])
    deal.partie_winner, deal.partie_value = winner, value
    if entered:
        ledger.pay(L.C_ALL_COSTS, espagnolette, winner, value * multiplier(espagnolette, winner, 0, 0), 0,
                   "tous les frais: the espagnolette pays the partie")
    elif ruleset["partie.payer"] == "pool":
        in_pool = deal.p0 + sum(p.amount if p.receiver == L.POOL else -p.amount for p in ledger.payments
                                if p.category == L.C_REMISE)
        ledger.pay(L.C_PARTIE, L.POOL, winner, min(value, in_pool), 0, "the partie, from the pool")
    else:
        for other in range(L.N_POS):
            if other != winner:
                ledger.pay(L.C_PARTIE, other, winner, value * multiplier(other, winner, 0, 0), 0, "the partie")
    _pay_played(ruleset, deal, winner)
    if entered:
        if placed_by_entered:
            deal.remise_maker = espagnolette
            ledger.pay(L.C_ALL_COSTS, espagnolette, L.POOL, remise_amount(ruleset, deal.p0), 0,
                       "tous les frais: the espagnolette makes the remise")
        for gift in list(deal.gifts):
            if ruleset["espagnolette.all_costs_return"] == "double-every-gift":
                # "il rend au double les as ou quinola qu il peut avoir donnés ... ou bien aussi l'as ou
                # le quinola que les autres joueurs ont pu sn donner rccipro<|uement" (seed)
                ledger.pay(L.C_ALL_COSTS, espagnolette, gift.payer, 2 * gift.amount, 0,
                           f"tous les frais: {gift.reason} paid back double")
            elif gift.receiver == espagnolette:
                # "returns the consolations he may have received for aces or quinolas" (Hoyle)
                ledger.pay(L.C_ALL_COSTS, espagnolette, gift.payer, gift.amount, 0,
                           f"tous les frais: {gift.reason} paid back")


def _pay_played(ruleset: ReversisRuleset, deal, winner: int) -> None:
    """Aces and the quinola played "se payent comme s'ils eussent été forcés, et se payent à celui qui
    gagne la partie" (seed): by the holder; under the as-forced reading also by each other player
    who pays a forcing (the quinola's forced_from_others; an ace's when every player pays it)."""
    as_forced, bonne = ruleset["payments.played_paid_by"] == "as-forced", ruleset["payments.bonne_tricks"]
    for category, holder, base, number in deal.deferred:
        reason = "ace played" if category == L.C_ACES else "quinola played"
        deal.ledger.pay(category, holder, winner, base * multiplier(holder, winner, number, bonne), number, reason)
        if not as_forced or holder == winner:
            continue
        if category == L.C_QUINOLA:
            others = ruleset["quinola.forced_from_others"]
        else:
            others = base if ruleset["aces.forced_payer"] == "each-player" else 0
        for other in range(L.N_POS):
            if other not in (holder, winner):
                deal.ledger.pay(category, other, winner, others * multiplier(other, winner, number, bonne), number,
                                f"{reason}, as if forced")
