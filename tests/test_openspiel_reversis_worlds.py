"""python_reversis's resample_from_infostate (openspiel/reversis/worlds.py).

Every resampled state must give the player the same information state (string and tensor), the
same public history and legal actions, respect every void the play showed (a renounce proves one
unless its player held the espagnolette inside his window), and play on to the end. Its law is
checked against exact enumeration on endgames small enough to list: at the start of the last
trick, every split of the cards the player has not seen over the others' hands is replayed with
the whole history, and the splits that leave his information state unchanged are the consistent
deals; a chi-square test of the resampled hands against the uniform law on them must give a
p-value above 0.001 (fixed seeds: the test is deterministic; a correct sampler fails it for one
seed in a thousand). One endgame has voids to respect; in the other an espagnolette renounced
holding the suit, so the consistent deals lie outside the voids his renounces would otherwise show.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")   # `make test` installs the extra, so CI runs these
from scipy import stats  # noqa: E402

import spadille.openspiel  # noqa: E402,F401  (registers the games)
from spadille.kernel.reversis import layout as RL  # noqa: E402
from spadille.kernel.reversis import cards  # noqa: E402
from spadille.kernel.reversis.reference.deal import HAND_PLACES, TALON_PLACES  # noqa: E402
from spadille.kernel.reversis.reference.espagnolette import is_espagnolette  # noqa: E402
from spadille.openspiel.reversis.game import CARD, DISCARD, KEEP  # noqa: E402
from spadille.openspiel.reversis import worlds  # noqa: E402

ACES = [cards.card(suit, cards.ACE) for suit in range(4)]
LAST_TRICK = RL.N_POS + RL.N_POS * (RL.N_TRICKS - 1)   # decisions before the last trick: 4 discards, 40 cards


def _driven(game, seed: int, decisions: int):
    """A game dealt and played at random to ``decisions`` decisions (or its end)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (state.is_chance_node() or len(state.decisions) < decisions):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.integers(len(actions))])
    return state


def _espagnolette_endgame(game, seed: int, dealt: list[int], uses_privilege: bool, holder: int = 1):
    """Position ``holder`` dealt ``dealt`` (an espagnolette under dj) and keeping them, who renounces
    whenever his privilege lets him (``uses_privilege``) or always follows suit; the others play at
    random, to the start of the last trick."""
    rng = np.random.default_rng(seed)
    others = [card for card in rng.permutation(cards.N_CARDS).tolist() if card not in dealt]
    start = HAND_PLACES[holder][0]
    state = game.new_initial_state()
    for card in others[:start] + dealt + others[start:]:
        state.apply_action(card)
    while len(state.decisions) < LAST_TRICK:
        actions = state.legal_actions()
        if state.current_player() == holder and state.table.play is None:
            actions = [a for a in actions if a not in dealt]
        elif state.current_player() == holder:
            legal, follow = state.table.play.options()
            actions = sorted(legal - follow if uses_privilege and legal - follow else follow)
        state.apply_action(actions[rng.integers(len(actions))])
    return state


def _plays(state) -> list[tuple[int, int]]:
    return [(who, answer) for who, kind, answer in state.decisions if kind == CARD]


def consistent_hands(state, player: int) -> set[tuple[frozenset[int], ...]]:
    """Brute force: the others' hands now (in position order) that leave ``player``'s information
    state as it is, each split of his unseen cards replayed from the deal with the whole history
    (an exchanging player's talon card taken as his lowest card, the rest of the écart in order:
    neither shows before the end)."""
    plays, discards = _plays(state), {who: a for who, kind, a in state.decisions if kind == DISCARD}
    seen = set(state.hand(player)) | {card for _, card in plays} | {discards[player]} - {RL.NO_CARD}
    if player < RL.N_POS - 1:
        seen.add(state.dealt[TALON_PLACES[player]])
    unseen = sorted(set(range(cards.N_CARDS)) - seen)
    others = [q for q in range(RL.N_POS) if q != player]
    sizes = [len(state.hand(q)) for q in others]
    target = (state.information_state_string(player), state.information_state_tensor(player))
    found, tried = set(), set()
    for order in permutations(unseen, sum(sizes)):
        cut = np.cumsum([0] + sizes)
        key = tuple(frozenset(order[cut[i]:cut[i + 1]]) for i in range(len(others)))
        if key in tried:
            continue
        tried.add(key)
        hands = dict(zip(others, key))
        ecart = dict(zip(others, sorted(set(unseen) - set(order))))
        dealt, talon = {}, {}
        for q in range(RL.N_POS):
            a, b = HAND_PLACES[q]
            at_play = (set(state.hand(q)) if q == player else set(hands[q])) | {c for w, c in plays if w == q}
            if q == player:
                dealt[q], talon[q] = list(state.dealt[a:b]), state.dealt[TALON_PLACES[q]] if q < 3 else None
            elif discards[q] == RL.NO_CARD:
                dealt[q], talon[q] = sorted(at_play), ecart[q]
            else:
                talon[q] = min(at_play) if q < RL.N_POS - 1 else None
                dealt[q] = sorted(at_play - {talon[q]} | {ecart[q]})
        new = state.get_game().new_initial_state()
        for card in [c for q in range(RL.N_POS) for c in dealt[q]] + [talon[q] for q in range(RL.N_POS - 1)]:
            new.apply_action(card)
        try:
            for who, kind, answer in state.decisions:
                if kind == DISCARD and who != player and answer != RL.NO_CARD:
                    answer = ecart[who]
                new.apply_action(KEEP if answer == RL.NO_CARD else answer)
        except ValueError:
            continue
        if (new.information_state_string(player), new.information_state_tensor(player)) == target:
            found.add(key)
    return found


def _check_law(state, draws: int) -> set:
    """Resample ``draws`` times with seeds 0..draws-1; every draw is consistent and the hands are
    uniform over the consistent ones (chi-square p > 0.001). Returns the consistent hands."""
    player = state.current_player()
    others = [q for q in range(RL.N_POS) if q != player]
    consistent = consistent_hands(state, player)
    drawn = Counter()
    for seed in range(draws):
        world = state.resample_from_infostate(player, seed)
        key = tuple(frozenset(world.hand(q)) for q in others)
        assert key in consistent
        drawn[key] += 1
    assert len(consistent) > 1
    assert stats.chisquare([drawn[key] for key in consistent]).pvalue > 1e-3, sorted(drawn.values())
    return consistent


def test_resampling_is_uniform_over_the_deals_the_voids_allow():
    state = _driven(pyspiel.load_game("python_reversis"), 6, LAST_TRICK)
    consistent = _check_law(state, 300)
    assert len(consistent) < 120   # of the 6 * 5 * 4 splits, the voids shown rule most out


def test_resampling_counts_the_espagnolettes_renounces_holding_the_suit():
    state = _espagnolette_endgame(pyspiel.load_game("python_reversis"), 2, ACES, uses_privilege=True)
    assert state.table.deal.espagnolette_used and state.current_player() != 1
    consistent = _check_law(state, 300)
    renounced = set()
    for index, (who, card) in enumerate(_plays(state)):
        led = _plays(state)[index - index % RL.N_POS][1]
        if who == 1 and cards.suit_of(card) != cards.suit_of(led):
            renounced.add(cards.suit_of(led))
    others = [q for q in range(RL.N_POS) if q != state.current_player()]
    holding = [key for key in consistent if any(cards.suit_of(c) in renounced for c in key[others.index(1)])]
    assert holding   # deals a void-only sampler would never draw


def test_resampling_weighs_once_the_deals_both_readings_of_a_renounce_allow():
    """The espagnolette never used his privilege, so some deals lie in several sets (no one privileged,
    and he privileged by one or another set of aces and quinola) and others in fewer: the union's
    draw must keep each deal once, whatever the number of sets holding it."""
    dealt = [ACES[0], ACES[2], ACES[3], cards.QUINOLA]
    state = _espagnolette_endgame(pyspiel.load_game("python_reversis"), 14, dealt, uses_privilege=False)
    player = state.current_player()
    assert not state.table.deal.espagnolette_used and player != 1
    consistent = _check_law(state, 300)
    know = worlds.knowledge(state, player)
    sets = worlds.world_sets(state, player, know)
    others = [q for q in range(RL.N_POS) if q != player]
    in_sets = Counter(sum(s.holds([0 if q == player else _mask(key[others.index(q)]) for q in range(RL.N_POS)])
                          for s in sets) for key in consistent)
    assert len(in_sets) > 1 and max(in_sets) > 1   # deals in more sets than others


def _mask(held) -> int:
    return sum(1 << card for card in held)


@pytest.mark.parametrize("preset, seed, decisions", [
    ("dj", 1, 0), ("dj", 2, 2), ("dj", 3, 4), ("dj", 4, 17), ("enc1765", 5, 3), ("enc1765", 6, 30),
    ("hague1785", 7, 25), ("hoyle", 8, 12), ("hoyle", 9, 40),
])
def test_resampled_states_keep_the_information_state(preset, seed, decisions):
    game = pyspiel.load_game("python_reversis", {"preset": preset})
    state = _driven(game, seed, decisions)
    player = state.current_player()
    hidden = set()
    for draw in range(4):
        world = state.resample_from_infostate(player, 100 * seed + draw)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        assert _plays(world) == _plays(state)
        assert [(w, k, a == RL.NO_CARD) for w, k, a in world.decisions] == \
            [(w, k, a == RL.NO_CARD) for w, k, a in state.decisions]
        _assert_voids_respected(world)
        hidden.add(tuple(frozenset(world.hand(q)) for q in range(RL.N_POS)))
        rng = np.random.default_rng(draw)
        while not world.is_terminal():
            world.apply_action(int(rng.choice(world.legal_actions())))
        assert sum(world.returns()) == pytest.approx(0.0, abs=1e-9)
    assert len(hidden) > 1


def test_a_deal_still_being_dealt_has_nothing_to_resample():
    state = pyspiel.load_game("python_reversis").new_initial_state()
    for card in range(20):
        state.apply_action(card)
    assert state.resample_from_infostate(0, 1).history() == state.history()


def _assert_voids_respected(world):
    """A position that renounced held no card of the suit led, unless it was the privileged one."""
    deal, plays = world.table.deal, _plays(world)
    held = [set(hand) for hand in deal.hands_at_play]
    for index, (who, card) in enumerate(plays):
        led = cards.suit_of(plays[index - index % RL.N_POS][1])
        if cards.suit_of(card) != led and who != deal.privileged:
            assert not any(cards.suit_of(c) == led for c in held[who]), (who, card)
        held[who].discard(card)


@pytest.mark.parametrize("definition", ["none", "aces-and-quinola", "hoyle"])
def test_the_espagnolettes_minimal_sets_are_the_engines_definition(definition):
    rng = np.random.default_rng(0)
    special = ACES + [cards.QUINOLA, cards.LITTLE_QUINOLA]
    hands = [set(rng.choice(cards.N_CARDS, 11, replace=False).tolist()) for _ in range(300)]
    hands += [set(held) for size in range(7) for held in combinations(special, size)]
    for hand in hands:
        assert is_espagnolette(hand, definition) == any(s <= hand for s in worlds.espagnolette_sets(definition))
