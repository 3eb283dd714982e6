"""The learned player: its shipped file and the errors a bad one gives, its registry entry, the scorer
against the words training fits, and parity with the reference engine (kernel/quadrille/_learned.py,
learned.py, policies.py)."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import _learned, learned
from spadille.kernel.quadrille.policies import POLICIES, PolicyError, kernel_arrays, make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.simulate import RunConfig, simulate
from spadille.kernel.quadrille.tables import build_tables

from test_parity import compare


def test_the_shipped_file_loads_with_its_stamp():
    shipped = learned.read_learned()
    assert shipped.weights.shape == (L.LEARNED_BUCKETS, L.LEARNED_FEATURES)
    assert np.abs(shipped.weights).sum() > 0, "the shipped learned.toml has no weights"
    assert shipped.parameters().shape == (L.LEARNED_SIZE,)
    flags = shipped.parameters()[L.LEARNED_NET_ON - L.LEARNED_WEIGHTS:]   # a flag a ROLE.PLACE
    assert flags.shape == (L.LEARNED_BUCKETS,) and (flags == shipped.flags()).all()
    assert flags.any() == (shipped.network is not None)
    assert shipped.stamp["command"].startswith("spadille train quadrille --policy learned")
    for key in ("version", "seed", "rounds", "positions", "held_out_regret_learned", "held_out_regret_strong"):
        assert key in shipped.stamp, key
    assert shipped.stamp["held_out_regret_learned"] < shipped.stamp["held_out_regret_strong"]


def test_every_feature_bit_is_named_in_order():
    assert len(learned.FEATURES) == L.LEARNED_FEATURES
    names = [name for name, _ in learned.FEATURES]
    assert len(set(names)) == len(names)
    for bit, name in enumerate(names[:_learned.N_USED]):
        assert getattr(_learned, f"F_{name.upper()}") == bit, name
    assert _learned.X_TEAM_STATE + 16 == 64 and names[64 + _learned.X_TRUMP_BALANCE] == "lead_trump_when_none_out"


def test_the_registry_entry_bids_and_takes_the_vole_like_strong():
    spec, strong = POLICIES["learned"], POLICIES["strong"]
    assert spec.kernel_id == L.POLICY_LEARNED
    for key, param in spec.params.items():
        assert param.default == strong.params[key].default, key
        assert not param.card_rule or key.endswith(".vole_losers"), key
    assert "ask_threshold" in spec.params and "friend.vole_losers" in spec.params
    assert make_seat_policy("pimc", roles={"defender_alone": "learned"}).plays("learned")
    ids, params = kernel_arrays([make_seat_policy("learned"), make_seat_policy("heuristic")] * 2)
    assert ids[0] == L.POLICY_LEARNED
    assert (params[:, L.LEARNED_WEIGHTS:] == learned.read_learned().parameters()).all()   # every row: a role
    # another seat plays reads them
    assert not kernel_arrays([make_seat_policy("heuristic")] * 4)[1][:, L.LEARNED_WEIGHTS:].any()


def _weights_text(**changes) -> str:
    rows = {name: [0.5] * L.LEARNED_FEATURES for name in learned.bucket_names()}
    stamp = {"features": learned.feature_set()}
    for key, value in changes.items():
        if key == "features":
            stamp["features"] = value
        elif value is None:
            rows.pop(key.replace("__", "."))
        else:
            rows[key.replace("__", ".")] = value
    text = "[stamp]\n" + "".join(f'{k} = "{v}"\n' for k, v in stamp.items()) + "[weights]\n"
    return text + "".join(f'"{k}" = {v!r}\n'.replace("'", '"') for k, v in rows.items())


@pytest.mark.parametrize(("text", "message"), [
    (_weights_text(ombre__lead=[1.0] * 3), "row 'ombre.lead' must hold 192 numbers, not 3"),
    (_weights_text(ombre__lead=None), "[weights] lacks the row 'ombre.lead'"),
    (_weights_text(ombre__leed=[1.0] * 192), "unknown row 'ombre.leed' in [weights]"),
    (_weights_text(friend__last=[1.0] * 191 + ["x"]), "row 'friend.last', weight 191 must be a finite number"),
    (_weights_text(features="0123abcd"), "weights for the feature set '0123abcd'"),
    ("[weights\n", "is not valid TOML"),
    ("[stamp]\n[weights]\n[other]\n", "unknown table 'other'"),
    (_weights_text() + "[network]\noutput = [1.0]\n", "[network] must hold output, [network.input] and [network.bias]"),
    (_weights_text() + "[network]\noutput = [1.0]\n[network.input]\n[network.bias]\n",
     "[network.input] lacks the row 'trump'"),
    (_weights_text() + '[network]\noutput = [1.0]\nroles = ["forced_ombre", "ombr"]\n[network.input]\n[network.bias]\n',
     "unknown role 'ombr' in [network] roles (roles: ombre, friend, defender_called, defender_alone, forced_ombre)"),
    (_weights_text() + '[network]\noutput = [1.0]\nroles = "forced_ombre"\n[network.input]\n[network.bias]\n',
     "[network] roles must be a list of role names"),
    (_weights_text() + '[network]\noutput = [1.0]\nroles = []\n[network.input]\n[network.bias]\n',
     "[network] roles names no role"),
])
def test_a_bad_learned_file_is_one_sentence(tmp_path, monkeypatch, text, message):
    path = tmp_path / "learned.toml"
    path.write_text(text)
    with pytest.raises(learned.LearnedFileError, match=re.escape(message)):
        learned.read_learned(path)
    monkeypatch.setattr(learned, "SHIPPED", path)
    with pytest.raises(PolicyError, match="^the learned policy's file: .*" + re.escape(message)):
        kernel_arrays([make_seat_policy("learned")] * 4)
    kernel_arrays([make_seat_policy("strong")] * 4)   # a policy that does not play it never reads it


def test_the_file_is_the_same_bytes_for_the_same_weights(tmp_path):
    numbers = np.random.default_rng(3).normal(size=L.LEARNED_SIZE)
    numbers[-L.LEARNED_BUCKETS:] = 1.0   # with a network, every role's
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    learned.write_learned(first, learned.LearnedFile.of(numbers, {"command": "x", "seed": 3}), "header")
    learned.write_learned(second, learned.LearnedFile.of(numbers.copy(), {"command": "x", "seed": 3}), "header")
    assert first.read_bytes() == second.read_bytes()
    back = learned.read_learned(first)
    assert np.allclose(back.parameters(), numbers, rtol=1e-5) and back.stamp["seed"] == 3
    assert not list(tmp_path.glob(".learned-*"))
    # a file of the linear rows alone (before the network) reads with a network of zeros: the linear scorer
    learned.write_learned(first, learned.LearnedFile(back.weights, {"command": "x"}))
    assert "[network]" not in first.read_text() and learned.read_learned(first).network is None
    assert (learned.read_learned(first).parameters()[back.weights.size:] == 0).all()   # L.LEARNED_NET_ON too
    # a network some roles play: `roles` in [network], the same bytes again, their flags alone on
    numbers[-L.LEARNED_BUCKETS:] = np.repeat([0.0, 1.0, 0.0, 0.0, 1.0], L.LEARNED_SLOTS)   # friend, forced_ombre
    some = learned.LearnedFile.of(numbers, {"command": "x"})
    assert some.roles == ("friend", "forced_ombre")
    learned.write_learned(first, some, "header")
    learned.write_learned(second, learned.LearnedFile.of(numbers.copy(), {"command": "x"}), "header")
    assert first.read_bytes() == second.read_bytes() and 'roles = ["friend", "forced_ombre"]' in first.read_text()
    back = learned.read_learned(first)
    assert back.roles == ("friend", "forced_ombre") and np.allclose(back.parameters(), numbers, rtol=1e-5)
    assert (back.parameters()[-L.LEARNED_BUCKETS:] == numbers[-L.LEARNED_BUCKETS:]).all()
    # every role named is the file without `roles`
    text = first.read_text().replace('roles = ["friend", "forced_ombre"]', f"roles = {list(learned.ROLES)!r}")
    first.write_text(text.replace("'", '"'))
    assert learned.read_learned(first).roles is None and learned.read_learned(first).flags().all()


@pytest.mark.parametrize("on", [(1, 1, 1, 1, 1), (0, 1, 0, 1, 1)], ids=["every role", "some roles"])
def test_the_player_scores_the_words_training_fits(ruleset, on):
    """learned_card's choice is the argmax, lowest class first on a tie, of the linear rows and the
    network over the words decision_features gives, on positions of real play, under random numbers;
    a role whose flag is off (``[network] roles``) scores its rows alone."""
    from spadille.kernel.quadrille._card_play import rules_of_role
    from spadille.kernel.quadrille._policies import choose_card
    from spadille.kernel.quadrille.reference import ReferenceEngine, Table
    from spadille.kernel.quadrille.reference.decisions import SharedPolicies

    numbers = np.random.default_rng(7).normal(size=L.LEARNED_SIZE)
    flags = np.repeat(np.array(on, dtype=np.float64), L.LEARNED_SLOTS)   # L.LEARNED_NET_ON, by role
    numbers[-L.LEARNED_BUCKETS:] = flags
    weights = numbers[:L.LEARNED_BUCKETS * L.LEARNED_FEATURES].reshape(L.LEARNED_BUCKETS, L.LEARNED_FEATURES)
    hidden = L.LEARNED_HIDDEN
    inputs = numbers[L.LEARNED_NET_INPUT - L.LEARNED_WEIGHTS:L.LEARNED_NET_BIAS - L.LEARNED_WEIGHTS].reshape(-1, hidden)
    biases = numbers[L.LEARNED_NET_BIAS - L.LEARNED_WEIGHTS:L.LEARNED_NET_OUTPUT - L.LEARNED_WEIGHTS].reshape(-1, hidden)
    output = numbers[L.LEARNED_NET_OUTPUT - L.LEARNED_WEIGHTS:L.LEARNED_NET_ON - L.LEARNED_WEIGHTS]
    tables = build_tables(ruleset)
    seen = []

    class Watching(SharedPolicies):
        def card(self, state, seat, legal, stream, pid=None, rules_at=L.CARD_RULES):
            trump = state.ranking.trump
            seen.append((self.observation(state, seat), self.ordered_mask(state.hands[seat], trump),
                         self.ordered_mask(legal, trump), self.params[seat].copy()))
            return super().card(state, seat, legal, stream, pid, rules_at)

    policies = (make_seat_policy("learned"),) * 4
    engine = ReferenceEngine(ruleset, policies, Watching(ruleset, policies, numbers))
    for deal in range(40):
        engine.play_deal(77, deal, Table())
    assert len(seen) > 500
    words = np.zeros((10, 3), dtype=np.uint64)
    positions = np.zeros(10, dtype=np.int64)
    several = 0
    roles_scored = set()
    for obs, hand, legal, params in seen:
        trump = obs[L.O_TRUMP]
        pack = np.bitwise_or.reduce(tables.block_mask[trump])
        bucket, n = _learned.decision_features(obs, hand, legal, pack, tables.block_of_pos, tables.block_mask, words,
                                               positions)
        bits = np.unpackbits(words[:n].view(np.uint8).reshape(n, -1), axis=1, bitorder="little").astype(float)
        scores = bits @ weights[bucket] + flags[bucket] * (np.maximum(bits @ inputs + biases[bucket], 0.0) @ output)
        played = choose_card(np.int64(L.POLICY_LEARNED), params, rules_of_role(np.int64(L.CARD_RULES), obs), hand,
                             legal, obs, pack,
                             tables.block_of_pos, tables.block_mask, np.zeros(2, dtype=np.uint64))
        best = np.nonzero(scores >= scores.max() - 1e-9)[0]   # equal words may sum apart by an ulp in numpy
        assert played == positions[best[0]]
        several += n > 1
        roles_scored.add(int(bucket) // L.LEARNED_SLOTS)
    assert several > 300
    assert roles_scored >= {L.ROLE_OMBRE, L.ROLE_FRIEND, L.ROLE_DEFENDER_CALLED}   # a flag on and one off


def test_equal_cards_form_one_class():
    """Cards of one suit with nothing still out between them are one class: its lowest card speaks for it."""
    tables = build_tables(load_ruleset())
    trump = 0
    block = int(tables.block_mask[trump, 2])   # hearts, plain
    cards = [p for p in range(64) if block >> p & 1]
    hand = np.uint64((1 << cards[0]) | (1 << cards[1]) | (1 << cards[3]))
    seen = np.uint64(1 << cards[2])            # the card between them has been played
    bottoms = np.uint64(_learned.bottoms_of(trump, tables.block_mask))
    assert _learned.classes(hand, hand, seen, bottoms) == np.uint64(1 << cards[0])
    assert _learned.classes(hand, hand, np.uint64(0), bottoms) == np.uint64((1 << cards[0]) | (1 << cards[3]))
    # a legal card just above another block's card is of another class, however the cards between lie
    spades = int(tables.block_mask[trump, 3])
    lowest_spade = (spades & -spades).bit_length() - 1
    top_heart = int(block).bit_length() - 1
    assert lowest_spade == top_heart + 1
    both = np.uint64((1 << top_heart) | (1 << lowest_spade))
    assert _learned.classes(both, both, np.uint64(0), bottoms) == both


def _classes_by_hand(legal: int, hand: int, seen: int, block_of_pos, trump: int) -> int:
    """The class rule card by card: a legal card starts a class unless the previous legal card is of
    its block with nothing between them but the player's cards and cards played before the trick."""
    reps, last = 0, -1
    for p in range(64):
        if not legal >> p & 1:
            continue
        between = sum(1 << q for q in range(last + 1, p))
        if not (last >= 0 and block_of_pos[trump, p] == block_of_pos[trump, last] and between & ~(hand | seen) == 0):
            reps |= 1 << p
        last = p
    return reps


def test_the_classes_by_masks_are_the_rule_card_by_card():
    rng = np.random.default_rng(11)
    for name in ("encyclopedie-1765", "quadrille-a-trois"):
        tables = build_tables(load_ruleset(name))
        for _ in range(400):
            trump = int(rng.integers(4))
            pack = int(np.bitwise_or.reduce(tables.block_mask[trump]))
            cards = [p for p in range(64) if pack >> p & 1]
            hand = sum(1 << int(p) for p in rng.choice(cards, 10, replace=False))
            seen = sum(1 << p for p in cards if not hand >> p & 1 and rng.random() < 0.4)
            block = int(tables.block_mask[trump, int(rng.integers(4))])
            legal = hand & block if hand & block and rng.random() < 0.5 else hand
            got = _learned.classes(np.uint64(legal), np.uint64(hand), np.uint64(seen),
                                   np.uint64(_learned.bottoms_of(trump, tables.block_mask)))
            assert int(got) == _classes_by_hand(legal, hand, seen, tables.block_of_pos, trump)


def test_the_partners_mask_is_is_partner_of_every_seat():
    from spadille.kernel.quadrille._card_play import is_partner

    obs = np.zeros(L.N_OBS, dtype=np.int64)
    for seats in (3, 4):
        obs[L.O_N_SEATS] = seats
        for seat, ombre, friend, contract, called in itertools.product(
                range(seats), range(seats), range(-1, seats), (L.CALLED, L.SELF_CALLED, L.SANS_PRENDRE, L.FORCED), (-1, 5)):
            obs[[L.O_SEAT, L.O_OMBRE, L.O_FRIEND_KNOWN, L.O_CONTRACT, L.O_CALLED_POS]] = seat, ombre, friend, contract, called
            expected = sum(1 << other for other in range(seats) if is_partner(obs, other))
            assert _learned._partners(obs) == expected, (seat, ombre, friend, contract, called)


def test_the_branchless_score_is_the_plain_sum_bit_for_bit():
    # the first SCORE_STEPS bits are added without a branch (a missing one adds a weight times 0.0):
    # the very sum, in the same order, of a loop over the set bits, whatever the count of bits
    rng = np.random.default_rng(5)
    params = rng.normal(0.0, 1.0, 3 * L.LEARNED_FEATURES) * 10.0 ** rng.integers(-6, 3, 3 * L.LEARNED_FEATURES)
    base = L.LEARNED_FEATURES
    for count in range(0, 2 * _learned.SCORE_STEPS + 3):
        for _ in range(40):
            bits = sorted(rng.choice(_learned.N_USED, count, replace=False).tolist())
            plain = 0.0
            for i in bits:
                plain += params[base + i]
            got = _learned._score(params, base, np.uint64(sum(1 << i for i in bits)))
            assert got == plain, (count, bits)   # equal to the last bit (a zero's sign aside)


@pytest.mark.parametrize("name", ["encyclopedie-1765", "quadrille-a-trois", "mediateur", "italian-modern"])
def test_the_learned_player_plays_like_the_reference_engine(name):
    ruleset = load_ruleset(name)
    seats = ruleset["pack.seats"]
    mixed = [make_seat_policy("learned"), make_seat_policy("strong"),
             make_seat_policy("heuristic", roles={"defender_alone": "learned", "defender_called": "learned"}),
             make_seat_policy("learned", roles={"friend": "random"})][:seats]
    rows = compare(ruleset, [make_seat_policy("learned")] * seats, seed=616, first_deal=0, deals=400,
                   case=f"{name}, learned")
    compare(ruleset, mixed, seed=617, first_deal=50, deals=300, session_length=5, case=f"{name}, learned mixed")
    strong = simulate(RunConfig(ruleset, (make_seat_policy("strong"),) * seats, 616, 400, record=True)).rows
    cards = slice(L.COL_CARDS, L.COL_CARDS + 4 * L.MAX_TRICKS)
    assert (rows[:, cards] != strong[:, cards]).any(axis=1).mean() > 0.3   # it plays its own cards


@pytest.mark.parametrize("name", ["encyclopedie-1765", "quadrille-a-trois"])
def test_a_network_some_roles_play_plays_like_the_reference_engine(name, tmp_path, monkeypatch):
    """A file whose network the friend and the forced ombre alone play ([network] roles): the kernel and
    the reference engine play it alike, and it plays other cards than its rows alone."""
    ruleset = load_ruleset(name)
    seats = ruleset["pack.seats"]
    shipped = learned.read_learned()
    rng = np.random.default_rng(38)
    network = rng.normal(0.0, 0.5, learned.NETWORK_SIZE)
    path = tmp_path / "some-roles.toml"
    learned.write_learned(path, learned.LearnedFile(shipped.weights, {"command": "a test"}, network,
                                                    ("friend", "forced_ombre")))
    rows_alone = simulate(RunConfig(ruleset, (make_seat_policy("learned"),) * seats, 616, 300, record=True)).rows
    monkeypatch.setattr(learned, "SHIPPED", path)
    assert learned.read_learned().roles == ("friend", "forced_ombre")
    rows = compare(ruleset, [make_seat_policy("learned")] * seats, seed=616, first_deal=0, deals=300,
                   case=f"{name}, learned, a network some roles play")
    mixed = [make_seat_policy("learned"), make_seat_policy("strong"),
             make_seat_policy("heuristic", roles={"forced_ombre": "learned", "friend": "learned"}),
             make_seat_policy("learned", roles={"defender_called": "random"})][:seats]
    compare(ruleset, mixed, seed=617, first_deal=50, deals=200, session_length=5, case=f"{name}, some roles mixed")
    cards = slice(L.COL_CARDS, L.COL_CARDS + 4 * L.MAX_TRICKS)
    assert (rows[:, cards] != rows_alone[:, cards]).any(axis=1).any()   # the network plays


def test_the_team_ladder_seats_the_learned_player_as_a_team(ruleset):
    """Team mode hands the team's roles to the learned kernel with its weights in the row, and a
    team of the whole table is the learned player itself at the reference's bidding, deal by deal."""
    from spadille.analyses.quadrille.ladder_team import TEAMS, team_policy
    from spadille.kernel.quadrille import card_rules
    from spadille.kernel.quadrille.variants import Variant, deals_of_seed, play_variants

    learned_policy = make_seat_policy("learned")
    ids, rows = kernel_arrays((team_policy(learned_policy, make_seat_policy("pimc"), TEAMS["side"]),))
    assert ids[0] == L.POLICY_PIMC
    for index, role in enumerate(card_rules.ROLES):
        assert rows[0][L.ROLE_POLICY + index] == (L.POLICY_LEARNED if role in TEAMS["side"] else -1), role
    assert (rows[0, L.LEARNED_WEIGHTS:] == learned.read_learned().parameters()).all()

    heuristic = make_seat_policy("heuristic")
    bidding = {key: heuristic.value(key) for key, param in POLICIES["heuristic"].params.items()
               if not (param.card_rule or param.shorthand)}
    plain = make_seat_policy("learned", bidding)
    team = team_policy(learned_policy, heuristic, card_rules.ROLES)
    hands, deal_ids = deals_of_seed(ruleset, 5, 0, 400)
    out = play_variants(ruleset, (plain,) * 4, [Variant("plain"), Variant("team", policies=(team,) * 4),
                                                 Variant("heuristic", policies=(heuristic,) * 4)], hands, deal_ids, 5)
    assert (out[:, 0] == out[:, 1]).all()
    assert (out[:, 0] != out[:, 2]).any()


def test_a_candidate_weights_file_plays_in_place_of_the_shipped_one(tmp_path, monkeypatch):
    """``learned:weights=FILE`` (and a policy file's ``weights``, read from its folder) plays that file's
    weights, in a plain seat and a team, exactly as if it were the shipped file; a policy that does not
    play the learned player, or a table of two weights files, is refused in one sentence."""
    from spadille.analyses.quadrille.ladder_team import TEAMS, team_policy
    from spadille.cli.quadrille.seating import parse_policy_spec, policy_file_rung

    path = tmp_path / "candidate.toml"
    numbers = np.random.default_rng(11).normal(size=L.LEARNED_SIZE)
    numbers[-L.LEARNED_BUCKETS:] = 1.0   # with a network, every role's
    learned.write_learned(path, learned.LearnedFile.of(numbers, {"command": "a test"}), "header")
    candidate = parse_policy_spec(f"learned:weights={path}")
    assert candidate.weights == str(path) and str(path) in candidate.describe()
    (tmp_path / "rung.toml").write_text('[default]\npolicy = "learned"\nweights = "candidate.toml"\n')
    assert policy_file_rung(tmp_path / "rung.toml", ("eldest", "second", "third", "dealer")) == candidate
    team = team_policy(candidate, make_seat_policy("pimc"), TEAMS["defenders"])
    for policies in ((candidate,) * 4, (team,)):
        rows = kernel_arrays(policies)[1][:, L.LEARNED_WEIGHTS:]
        assert (rows == learned.read_learned(path).parameters()).all()

    ruleset = load_ruleset()
    played = simulate(RunConfig(ruleset, (candidate,) * 4, 5, 60, record=True)).rows
    shipped = simulate(RunConfig(ruleset, (make_seat_policy("learned"),) * 4, 5, 60, record=True)).rows
    monkeypatch.setattr(learned, "SHIPPED", path)
    as_shipped = simulate(RunConfig(ruleset, (make_seat_policy("learned"),) * 4, 5, 60, record=True)).rows
    assert (played == as_shipped).all() and (played != shipped).any()
    from spadille.analyses.quadrille.ladder import LadderEntry, ladder_metadata

    recorded = ladder_metadata(ruleset, [LadderEntry("new", candidate, 4)], make_seat_policy("pimc"), 5, team=True)
    assert recorded["learned_weights"]["new"]["command"] == "a test"

    with pytest.raises(PolicyError, match="policy 'strong' does not play the learned player"):
        parse_policy_spec(f"strong:weights={path}")
    with pytest.raises(PolicyError, match="^the learned weights file: cannot read"):
        parse_policy_spec(f"learned:weights={tmp_path / 'none.toml'}")
    with pytest.raises(PolicyError, match="one table plays one set of learned weights"):
        kernel_arrays((candidate, make_seat_policy("learned")) * 2)


def test_a_tiny_training_run_end_to_end(tmp_path, monkeypatch):
    """`spadille train quadrille --policy learned` on a tiny mix: two rounds (the second played by the
    first round's fit), positions kept, the file written with its stamp, loaded and played; run again
    on the kept positions it writes the same bytes; with --network, a file with its network, played."""
    from typer.testing import CliRunner

    from spadille.analyses.quadrille import learned_rounds
    from spadille.analyses.quadrille.learned_data import Stratum
    from spadille.cli.app import app

    monkeypatch.setattr(learned_rounds, "MIX", (Stratum("encyclopedie-1765", L.CALLED, 2),
                                                Stratum("encyclopedie-1765", L.SANS_PRENDRE, 1)))
    monkeypatch.setattr(learned_rounds, "MIX_DEALS", 3)
    positions, first, second = tmp_path / "positions", tmp_path / "a.toml", tmp_path / "b.toml"
    command = ["train", "quadrille", "--policy", "learned", "--seed", "5", "--rounds", "2", "--deals", "3",
               "--positions", str(positions)]
    result = CliRunner().invoke(app, command + ["--out", str(first)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name.split("-")[0] for p in positions.glob("*.npz")) == ["round0"] * 2 + ["round1"] * 2
    trained = learned.read_learned(first)
    assert trained.stamp["command"] == "spadille train quadrille --policy learned --seed 5 --rounds 2 --deals 3"
    assert trained.stamp["positions"] > 50 and np.abs(trained.weights).sum() > 0
    assert trained.stamp["libraries"].startswith(f"numpy {np.__version__}, scipy ")
    again = CliRunner().invoke(app, command + ["--out", str(second)])
    assert again.exit_code == 0, again.output
    strip = lambda text: re.sub(r'version = "[^"]*"', "", text)   # noqa: E731
    assert strip(first.read_text()) == strip(second.read_text())
    assert trained.network is None and "[network]" not in first.read_text()
    monkeypatch.setattr(learned, "SHIPPED", first)
    rows = simulate(RunConfig(load_ruleset(), (make_seat_policy("learned"),) * 4, 3, 50, record=True)).rows
    assert len(rows) == 50
    # --network: the same kept positions of the first round, fitted with the network beside the rows
    networked = tmp_path / "c.toml"
    result = CliRunner().invoke(app, command[:7] + ["1"] + command[8:] + ["--network", "--out", str(networked)])
    assert result.exit_code == 0, result.output
    fitted = learned.read_learned(networked)
    assert fitted.stamp["command"].endswith("--rounds 1 --deals 3 --network")
    assert fitted.network is not None and np.abs(fitted.network).sum() > 0
    monkeypatch.setattr(learned, "SHIPPED", networked)
    with_network = simulate(RunConfig(load_ruleset(), (make_seat_policy("learned"),) * 4, 3, 50, record=True)).rows
    assert len(with_network) == 50
    # --network-roles: the network the named roles alone play, stamped; the others' rows are the linear fit's
    alone, some = tmp_path / "d.toml", tmp_path / "e.toml"
    one_round = command[:7] + ["1"] + command[8:]
    assert CliRunner().invoke(app, one_round + ["--out", str(alone)]).exit_code == 0
    result = CliRunner().invoke(app, one_round + ["--network", "--network-roles", "friend,ombre", "--out", str(some)])
    assert result.exit_code == 0, result.output
    restricted, linear = learned.read_learned(some), learned.read_learned(alone)
    assert restricted.stamp["command"].endswith("--rounds 1 --deals 3 --network --network-roles ombre,friend")
    assert restricted.roles == ("ombre", "friend") and 'roles = ["ombre", "friend"]' in some.read_text()
    on = np.repeat([role in ("ombre", "friend") for role in learned.ROLES], L.LEARNED_SLOTS)
    assert (restricted.weights[~on] == linear.weights[~on]).all()
    assert (restricted.weights[on] == fitted.weights[on]).all()
    assert (restricted.network[:-L.LEARNED_HIDDEN] != 0).any() and (restricted.flags() == on).all()
    monkeypatch.setattr(learned, "SHIPPED", some)
    assert len(simulate(RunConfig(load_ruleset(), (make_seat_policy("learned"),) * 4, 3, 50, record=True)).rows) == 50
    for options, message in ((["--network-roles", "friend"], "give --network too"),
                             (["--network", "--network-roles", "friend,omber"], "unknown role 'omber'")):
        refused = CliRunner().invoke(app, one_round + options + ["--out", str(tmp_path / "f.toml")])
        assert refused.exit_code != 0 and message in refused.output, refused.output


def test_the_shipped_strength_file_measures_the_learned_player_under_its_own_stamp():
    """analyses/quadrille/strength_against_pimc.json holds learned's team-ladder cells beside strong's, with
    the command that measured them, which the reader gives for learned and not for strong."""
    from spadille.analyses.quadrille import strength

    mine, strong = strength.measured("learned"), strength.measured("strong")
    assert mine is not None and strong is not None
    assert "--policies learned" in mine.stamp["command"] and "--policies learned" not in strong.stamp["command"]
    # learned's is four runs pooled, one of them on strong's very deals
    assert strong.stamp["seed"] in mine.stamp["seed"] and mine.stamp["reference"] == strong.stamp["reference"]
    cells = mine.cells.set_index(["contract", "role"])
    assert set(cells.index) == set(strong.cells.set_index(["contract", "role"]).index)
    assert ((cells["ci_low"] <= cells["gain"]) & (cells["gain"] <= cells["ci_high"])).all()
    assert mine.overall[3] == 4 * 4800 and mine.overall[1] <= mine.overall[0] <= mine.overall[2]
    assert (cells["deals"] == 4 * 400).all()


def test_runs_on_independent_deals_pool_into_one_measurement():
    """Two runs' cells pool into their mean weighted by deals, with an interval from their standard
    errors: equal runs give the same gain and an interval 1/sqrt(2) as wide; a cell only one run
    has is that run's."""
    from spadille.analyses.quadrille.strength import pooled

    def run(deals, gain, half, cells):
        return {"deals": deals, "n": 4 * deals, "gain": gain, "ci_low": gain - half, "ci_high": gain + half,
                "by_contract_role": [{"contract": "called", "role": role, "deals": deals, "n": deals, "gain": gain,
                                      "ci_low": gain - half, "ci_high": gain + half} for role in cells]}

    same = pooled([run(400, -0.5, 0.4, ["ombre"]), run(400, -0.5, 0.4, ["ombre", "friend"])])
    assert same["deals"] == 800 and same["n"] == 3200 and same["gain"] == pytest.approx(-0.5)
    assert same["ci_high"] - same["ci_low"] == pytest.approx(0.8 / 2 ** 0.5)
    ombre, friend = same["by_contract_role"]
    assert (ombre["role"], ombre["deals"], friend["role"], friend["deals"]) == ("ombre", 800, "friend", 400)
    assert (friend["ci_low"], friend["ci_high"]) == pytest.approx((-0.9, -0.1))
    weighted = pooled([run(300, 0.0, 0.3, ["ombre"]), run(100, 1.0, 0.3, ["ombre"])])
    assert weighted["gain"] == pytest.approx(0.25)
    half = (weighted["ci_high"] - weighted["ci_low"]) / 2
    assert half == pytest.approx(0.3 * (0.75 ** 2 + 0.25 ** 2) ** 0.5)
    with pytest.raises(ValueError):
        pooled([])


def test_a_rounds_deals_are_what_its_blocks_hold():
    """The training's progress bar counts what the rounds label: every kind of deal in the mix gets
    one at least, so 50 deals asked label 51 (the bar once read 51/50)."""
    from spadille.analyses.quadrille.learned_rounds import MIX_DEALS, deals_a_round, round_blocks

    assert deals_a_round(MIX_DEALS) == MIX_DEALS
    assert deals_a_round(50) == sum(len(block.deals) for block in round_blocks(5, 0, 50)) == 51
