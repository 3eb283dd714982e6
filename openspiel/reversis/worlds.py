"""``resample_from_infostate``: a deal the player cannot tell from the true one, drawn exactly uniformly.

What is hidden from the player: the other hands as they are now; the rest, which no play
constrains: the others' discards in the écart (or the talon card of one who kept his hand) and,
during the exchange, the talon cards not yet taken (his own among them until he exchanges); and
which card of an exchanging player's hand was his talon card. Every deal is equally likely and no
policy is assumed for the others' hidden choices, so the right law is uniform over the histories
that give the player his information state; a player's talon card is then any card of his hand at
play, with the same weight whatever the hand, and the rest is any split of the cards left.

What the play shows: a card played was legal. Asked of the engine's own ``legal_cards`` (reference/
play.py), a play excludes from its player's hand every card whose presence would have made it
illegal (a renounce, his void in the suit led; under enc1765 a first lead off hearts, no heart),
which legality only ever narrows as cards are added. One exception: inside his window the
espagnolette may renounce at will, so a renounce shows no void if its player may be privileged.
The draw therefore takes the union of some "rectangular" sets of deals, each dealt exactly uniformly
by our constrained world sampler (kernel/common/worlds.py: per-position counts and
exclusions), the rest first by its split over the cards' classes:

    A        no one privileged: every play's exclusions;
    B(q, S)  position q holds the espagnolette's cards S (a minimal set of aces and quinolas that
             makes one under the preset, by the engine's ``is_espagnolette``) as play begins, and
             his plays inside the window exclude nothing.

A set is chosen in proportion to its count, a deal drawn in it, and kept with probability one over
the number of sets holding it: uniform over their union (Karp and Luby's union sampling), which
holds every consistent deal. The deal is then replayed with the whole history; one in which it
could not have happened or that shows the player anything else (a privilege that did not hold, an
ace that followed suit paid at once or not, ...) is drawn again. What survives is uniform among the
deals consistent with the information state: rejection from a uniform superset.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb

import numpy as np
import pyspiel

from spadille.kernel.common.worlds import count_hands, sample_hands
from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis import cards
from spadille.kernel.reversis.reference.deal import HAND_PLACES, TALON_PLACES
from spadille.kernel.reversis.reference.espagnolette import is_espagnolette
from spadille.kernel.reversis.reference.play import legal_cards

from ..common import sampler_key
from .game import CARD, DISCARD, KEEP
from .observer import own_discard, own_talon

MAX_TRIES = 2000
P, N = L.N_POS, cards.N_CARDS
ESPAGNOLETTE_CARDS = tuple(cards.card(suit, cards.ACE) for suit in range(4)) + (cards.QUINOLA, cards.LITTLE_QUINOLA)


def _mask(held) -> int:
    return sum(1 << card for card in held)


def cards_of(mask: int) -> list[int]:
    return [c for c in range(N) if mask >> c & 1]


@lru_cache(maxsize=8)
def espagnolette_sets(definition: str) -> tuple[frozenset[int], ...]:
    """The minimal sets of aces and quinolas that make a hand an espagnolette (none under 'none')."""
    found = []
    for size in range(1, len(ESPAGNOLETTE_CARDS) + 1):
        for held in combinations(ESPAGNOLETTE_CARDS, size):
            if is_espagnolette(set(held), definition) and not any(s <= set(held) for s in found):
                found.append(frozenset(held))
    return tuple(found)


@lru_cache(maxsize=4096)
def _shut_out(card: int, led: int | None, first_lead: bool, eldest_leads_heart: bool, privileged: bool) -> int:
    """The cards whose presence in the hand would have made ``card`` illegal (a mask)."""
    options = dict(first_lead=first_lead, eldest_leads_heart=eldest_leads_heart, privileged=privileged)
    return _mask(x for x in range(N) if x != card and card not in legal_cards({card, x}, led, **options))


@dataclass
class Knowledge:
    """What ``player`` knows of the cards he cannot see."""

    own: int                       # his hand now
    unseen: int                    # every card he has not seen
    counts: list[int]              # each position's cards now
    rest: list[tuple[str, int]]    # the unconstrained places: ("ecart", q) or ("talon", q)
    plays: list[tuple[int, int]]   # (position, card) in play order
    excluded: list[int]            # no one privileged: the cards each position cannot hold now
    relaxed: list[int]             # the same with his own plays inside the window privileged


def knowledge(state, player: int) -> Knowledge:
    ruleset, table = state.ctx.ruleset, state.table
    plays = [(who, answer) for who, kind, answer in state.decisions if kind == CARD]
    own = _mask(table.hands[player])
    seen = own | _mask(card for _, card in plays)
    discard, talon = own_discard(state, player), own_talon(state, player)
    seen |= _mask(c for c in (discard, talon) if c is not None and c != L.NO_CARD)
    exchanged = {who: answer for who, kind, answer in state.decisions if kind == DISCARD}
    rest = [("ecart", q) for q in exchanged if q != player]
    rest += [("talon", q) for q in range(P - 1) if q not in exchanged]
    excluded, relaxed = [0] * P, [0] * P
    window, heart_rule = ruleset["espagnolette.renounce_tricks"], ruleset["play.eldest_leads_heart"]
    for index, (who, card) in enumerate(plays):
        number, turn = index // P + 1, index % P
        led = cards.suit_of(plays[index - turn][1]) if turn else None
        first = number == 1 and turn == 0
        excluded[who] |= _shut_out(card, led, first, heart_rule, False)
        relaxed[who] |= _shut_out(card, led, first, heart_rule, number <= window)
    unseen = ((1 << N) - 1) & ~seen
    return Knowledge(own, unseen, [len(hand) for hand in table.hands], rest, plays,
                     [m & unseen for m in excluded], [m & unseen for m in relaxed])


@dataclass(frozen=True)
class WorldSet:
    """Deals in which each position holds ``forced`` and none of ``excluded``: one of the union's sets."""

    forced: tuple[int, ...]        # cards a position must hold now, by position
    excluded: tuple[int, ...]

    def holds(self, hands: list[int]) -> bool:
        return all(h & f == f and not h & x for h, f, x in zip(hands, self.forced, self.excluded))


def world_sets(state, player: int, know: Knowledge) -> list[WorldSet]:
    sets = [WorldSet((0,) * P, tuple(know.excluded))]
    played_by = {card: who for who, card in know.plays}
    for q in range(P):
        if q == player or know.relaxed[q] == know.excluded[q]:
            continue   # his privilege, if he had one, would change nothing the play shows
        for pattern in espagnolette_sets(state.ctx.ruleset["espagnolette.definition"]):
            if all(played_by.get(c) == q or (c not in played_by and know.unseen >> c & 1) for c in pattern):
                forced = tuple(_mask(c for c in pattern if c not in played_by) if p == q else 0 for p in range(P))
                excluded = tuple(know.relaxed[q] if p == q else know.excluded[p] for p in range(P))
                if bin(forced[q]).count("1") > know.counts[q] or forced[q] & excluded[q]:
                    continue   # he cannot hold them now
                sets.append(WorldSet(forced, excluded))
    return sets


def _classes(world: WorldSet, player: int, free: int) -> list[int]:
    """The ``free`` cards grouped by which positions may hold them (any split of the rest alike)."""
    by_allowed: dict[tuple[int, ...], int] = {}
    for card in range(N):
        if free >> card & 1:
            allowed = tuple(q for q in range(P) if q != player and not world.excluded[q] >> card & 1)
            by_allowed[allowed] = by_allowed.get(allowed, 0) | 1 << card
    return list(by_allowed.values())


def _compositions(sizes: list[int], total: int):
    """Every way to take ``total`` cards from classes of ``sizes``: a count per class."""
    if not sizes:
        if total == 0:
            yield ()
        return
    for taken in range(min(sizes[0], total) + 1):
        for tail in _compositions(sizes[1:], total - taken):
            yield (taken,) + tail


def _splits(know: Knowledge, world: WorldSet, player: int) -> list[tuple[list[int], tuple[int, ...], int]]:
    """(the classes, how many of each go to the rest, the number of deals) for each split of the rest."""
    free = know.unseen & ~sum(world.forced)
    counts = _counts(know, world)
    classes = _classes(world, player, free)
    sizes = [bin(m).count("1") for m in classes]
    found = []
    for split in _compositions(sizes, len(know.rest)):
        # the hands' count depends only on the split (the cards of a class are alike): one representative
        representative = 0
        for mask, taken in zip(classes, split):
            representative |= _lowest(mask, taken)
        hands = count_hands(player, know.own, free & ~representative, counts, list(world.excluded))
        ways = 1
        for size, taken in zip(sizes, split):
            ways *= comb(size, taken)
        if hands:
            found.append((classes, split, ways * hands))
    return found


def _counts(know: Knowledge, world: WorldSet) -> list[int]:
    """The cards each position holds now besides those the set puts in his hand."""
    return [c - bin(f).count("1") for c, f in zip(know.counts, world.forced)]


def _lowest(mask: int, k: int) -> int:
    out = 0
    for _ in range(k):
        low = mask & -mask
        out |= low
        mask ^= low
    return out


def _weighted(rng: random.Random, weights: list[int]) -> int:
    """An index drawn in proportion to ``weights`` (exact for big integers)."""
    target = rng.randrange(sum(weights))
    for index, weight in enumerate(weights):
        if target < weight:
            return index
        target -= weight
    raise AssertionError("weights exhausted")


def draw_hidden(player: int, know: Knowledge, sets: list[WorldSet], splits: list[list], rng: random.Random,
                stream: np.ndarray) -> tuple[list[int], list[int]] | None:
    """(each position's hand now, the rest's cards in random order) uniform over the union of
    ``sets``; None where the union's draw says to draw again."""
    index = _weighted(rng, [sum(weight for *_, weight in found) for found in splits])
    world, found = sets[index], splits[index]
    classes, split, _ = found[_weighted(rng, [weight for *_, weight in found])]
    rest = []
    for mask, taken in zip(classes, split):
        rest += rng.sample(cards_of(mask), taken)
    free = know.unseen & ~sum(world.forced) & ~_mask(rest)
    drawn = sample_hands(player, know.own, free, _counts(know, world), list(world.excluded), 1, stream)[0]
    hands = [int(drawn[q]) | world.forced[q] for q in range(P)]
    holding = sum(s.holds(hands) for s in sets)
    assert holding >= 1, "a deal drawn in a set must lie in it"
    if rng.random() * holding >= 1.0:
        return None   # a deal in m sets is kept once in m: uniform over the union
    rng.shuffle(rest)
    return hands, rest


def _history(state, player: int, know: Knowledge, hands: list[int], rest: list[int],
             rng: random.Random) -> tuple[list[int], list[int]]:
    """The chance outcomes and the actions of a history with these hands now and this rest."""
    slot = dict(zip(know.rest, rest))
    exchanged = {who: answer for who, kind, answer in state.decisions if kind == DISCARD}
    dealt, talon, discards = [None] * P, [None] * (P - 1), {}
    for q in range(P):
        at_play = set(cards_of(hands[q])) | {card for who, card in know.plays if who == q}
        if q == player:
            a, b = HAND_PLACES[q]
            dealt[q] = list(state.dealt[a:b])
            if q < P - 1:
                talon[q] = slot[("talon", q)] if q not in exchanged else state.dealt[TALON_PLACES[q]]
        elif q not in exchanged:
            dealt[q] = sorted(at_play)
            if q < P - 1:
                talon[q] = slot[("talon", q)]
        elif exchanged[q] == L.NO_CARD:
            dealt[q], talon[q] = sorted(at_play), slot[("ecart", q)]
        else:
            discards[q] = slot[("ecart", q)]
            if q < P - 1:   # his talon card: any card of his hand at play, alike
                talon[q] = rng.choice(sorted(at_play))
                at_play.discard(talon[q])
            dealt[q] = sorted(at_play | {discards[q]})
    chance = [card for hand in dealt for card in hand] + talon
    actions = []
    for who, kind, answer in state.decisions:
        if kind == DISCARD:
            answer = discards.get(who, answer)
        actions.append(KEEP if answer == L.NO_CARD else answer)
    return chance, actions


def _replayed(state, chance: list[int], actions: list[int]):
    """The history replayed, or None where an action is not legal in it (the engine refuses it)."""
    new = state.get_game().new_initial_state()
    for card in chance:
        new.apply_action(card)
    try:
        for action in actions:
            new.apply_action(action)
    except ValueError:
        return None
    return new


def resample(state, player: int, probability_sampler):
    """A state with the same history as ``player`` knows it and the same information state, the
    hidden cards drawn afresh, uniformly among the deals consistent with it."""
    if state.table is None:
        return state.clone()   # the deal is still being dealt: nothing hidden has been decided
    key = sampler_key(probability_sampler)
    rng, stream = random.Random(key), np.array([key, 0], dtype=np.uint64)
    know = knowledge(state, player)
    sets = world_sets(state, player, know)
    splits = [_splits(know, world, player) for world in sets]
    sets, splits = [s for s, f in zip(sets, splits) if f], [f for f in splits if f]
    target, tensor = state.information_state_string(player), state.information_state_tensor(player)
    for _ in range(MAX_TRIES):
        drawn = draw_hidden(player, know, sets, splits, rng, stream)
        if drawn is None:
            continue
        new = _replayed(state, *_history(state, player, know, *drawn, rng))
        if (new is not None and new.information_state_string(player) == target
                and new.information_state_tensor(player) == tensor):
            return new
    raise pyspiel.SpielError(f"no deal consistent with position {player}'s information found in {MAX_TRIES} draws")
