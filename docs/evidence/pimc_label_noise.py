"""How far the learned player is from pimc, measured against pimc's own sampling noise.

The learned player's held-out regret (docs/learned.md) is pimc's best value less the value of the
card it chooses, by pimc's labels: the average over K sampled deals of each legal card's value. Those
labels are themselves a sample: a second pimc, drawing its K deals from another stream, does not
always pick the labels' best card either. Its regret against the labels is the floor an imitation
of pimc is measured from, and what lies above it is the imitation's own.

  .venv/bin/python docs/evidence/pimc_label_noise.py label BLOCKS OUT.npz
  .venv/bin/python docs/evidence/pimc_label_noise.py measure OUT.npz [WEIGHTS.toml ...]
  .venv/bin/python docs/evidence/pimc_label_noise.py capacity POSITIONS_DIR
  .venv/bin/python docs/evidence/pimc_label_noise.py breakdown POSITIONS_DIR

``label`` plays the first BLOCKS blocks of a training round of fresh deals (seed 2000, round 0: strong
against pimc, as `spadille train quadrille --policy learned` labels them; 25 deals a block, two
worker processes) and scores every decision twice: by the deal's own stream (the label, exactly as
training does, so the play and the positions are training's) and by an independent stream (the
second pimc, which changes nothing in the play; it searches with solver tables of its own, empty at
each decision, so that the labels are training's to the bit). ``measure`` prints the mean regret a decision, on
the decisions the fit would use, of the second pimc, of the shipped weights, of each WEIGHTS file and
of the lowest legal card, each with its paired difference to the shipped weights.

``capacity`` asks whether a richer scorer over the same feature bits would fit pimc much better: on
the positions `train --positions POSITIONS_DIR` kept, a gradient-boosted model (scikit-learn's, 300
trees of 63 leaves, fitted to each class's value less its decision's mean, the row as a category)
is fitted on the training deals and measured on the held-out ones, beside the shipped weights.

``breakdown`` says where the shipped weights' regret lies on those positions (every decision the fit
uses, training and held-out deals alike): its share by row (role and place in the trick) and by trick.
"""
from __future__ import annotations

import sys
from multiprocessing import Pool

import numpy as np

SEED = 2000
OTHER_STREAM = np.uint64(0xA5A5A5A5DEADBEEF)
OTHER_START = np.uint64(12345)


def _paired(difference: np.ndarray) -> str:
    """A paired difference's mean and the half-width of its 95% interval, over decisions."""
    from spadille.analyses.stats import z_value

    return f"{difference.mean():+.4f} ± {z_value() * difference.std(ddof=1) / np.sqrt(len(difference)):.4f}"


def _label_block(arguments: tuple) -> dict[str, np.ndarray]:
    import spadille.kernel.quadrille.search._players as players
    from spadille.analyses.quadrille import learned_data

    scores = players.pimc_totals
    second: list[np.ndarray] = []

    def twice(*args):
        result = scores(*args)            # the label, from the deal's stream (args[-2]), as training
        rng = args[-2].copy()
        rng[0] ^= OTHER_STREAM       # the deal's key, changed: another stream for each deal
        rng[1] = OTHER_START
        totals = np.zeros(40, dtype=np.int64)
        # its own empty solver tables: with a node budget what the table holds can change a value,
        # and the label's searches must see only what training's would
        table, shapes = np.zeros_like(args[-4]), np.zeros_like(args[-3])
        scored, _ = scores(*args[:-4], table, shapes, rng, totals)
        second.append(totals / max(scored, 1))
        return result

    players.pimc_totals = twice           # label_block imports it when it builds its policies
    try:
        positions = learned_data.label_block(*arguments)
    finally:                              # a worker's next block must wrap the solver's own, not this
        players.pimc_totals = scores
    positions["labels2"] = np.array(second, dtype=np.float64).reshape(-1, 40)
    assert len(positions["labels2"]) == len(positions["deal"])
    return positions


def label(blocks: int, path: str) -> None:
    from spadille.analyses.quadrille.learned_rounds import block_arguments, round_blocks

    chosen = round_blocks(SEED, 0, 4300)[:blocks]
    with Pool(2) as pool:
        parts = pool.map(_label_block, [block_arguments(block, SEED, None) for block in chosen])
    np.savez(path, **{key: np.concatenate([part[key] for part in parts]) for key in parts[0]})
    print(f"{sum(len(part['deal']) for part in parts):,} positions of {blocks} blocks written to {path}")


def measure(path: str, weights: list[str]) -> None:
    from spadille.analyses.quadrille import learned_training as training
    from spadille.analyses.quadrille.learned_rounds import RULESETS
    from spadille.kernel.quadrille.learned import SHIPPED, read_learned

    positions = dict(np.load(path))
    second = positions.pop("labels2")
    design = training.featurize(positions, RULESETS)
    sizes = np.diff(design.start)
    decided = np.repeat(design.decision, sizes)    # each candidate's position
    values = second[decided, design.position] * training.decider_signs(positions["obs"])[decided]
    regrets = {"pimc, independent draws": training.regret(design, training.best_candidates(design, values))}
    for name in ["shipped"] + weights:
        file = read_learned(SHIPPED if name == "shipped" else name)
        regrets[name] = training.regret(design, training.choices(design, file.parameters()))
    regrets["lowest legal card"] = training.regret(design, design.start[:-1])
    shipped = regrets["shipped"]
    print(f"{design.decisions:,} decisions (those the fit would use) of {len(positions['deal']):,} positions")
    for name, regret in regrets.items():
        print(f"{name:40s} {regret.mean():.4f} tricks a decision, less the shipped {_paired(regret - shipped)}")


def capacity(folder: str) -> None:
    from pathlib import Path

    from sklearn.ensemble import HistGradientBoostingRegressor

    from spadille.analyses.quadrille import learned_training as training
    from spadille.analyses.quadrille.learned_rounds import RULESETS, _subset, held_out
    from spadille.kernel.quadrille import layout as L
    from spadille.kernel.quadrille.learned import SHIPPED, read_learned

    positions = training.load_positions(sorted(Path(folder).glob("*.npz")))
    test_deals = held_out(positions)
    fit, test = (training.featurize(_subset(positions, mask), RULESETS) for mask in (~test_deals, test_deals))

    def inputs(design):
        return np.hstack([training.feature_bits(design.words), design.bucket[:, None]]).astype(np.float32)

    def centred(design):
        sizes = np.diff(design.start)
        return design.values - np.repeat(np.add.reduceat(design.values, design.start[:-1]) / sizes, sizes)

    model = HistGradientBoostingRegressor(max_iter=300, max_leaf_nodes=63, categorical_features=[L.LEARNED_FEATURES],
                                          random_state=0).fit(inputs(fit), centred(fit))
    boosted = training.regret(test, training.best_candidates(test, model.predict(inputs(test))))
    shipped = training.regret(test, training.choices(test, read_learned(SHIPPED).parameters()))
    print(f"{test.decisions:,} held-out decisions: shipped {shipped.mean():.4f}, gradient-boosted "
          f"{boosted.mean():.4f} tricks a decision ({_paired(boosted - shipped)})")


def breakdown(folder: str) -> None:
    from pathlib import Path

    import pandas as pd

    from spadille.analyses.quadrille import learned_training as training
    from spadille.analyses.quadrille.learned_rounds import RULESETS
    from spadille.kernel.quadrille import layout as L
    from spadille.kernel.quadrille._learned import F_TRUMP
    from spadille.kernel.quadrille.learned import SHIPPED, bucket_names, read_learned

    positions = training.load_positions(sorted(Path(folder).glob("*.npz")))
    design = training.featurize(positions, RULESETS)
    chosen = training.choices(design, read_learned(SHIPPED).parameters())
    regret = training.regret(design, chosen)
    names = np.array(bucket_names())
    table = pd.DataFrame({"regret": regret, "row": names[design.bucket[design.start[:-1]]],
                          "trick": positions["obs"][design.decision, L.O_TRICK] + 1})
    table["place"] = table["row"].str.split(".").str[1]
    # a lead's regret when the card chosen and pimc's best (the first best class) differ in being a trump
    best = training.best_candidates(design, design.values)
    is_trump = (design.words[:, 0] >> np.uint64(F_TRUMP) & np.uint64(1)).astype(bool)
    table["trump_or_plain"] = is_trump[chosen] != is_trump[best]
    print(f"{design.decisions:,} decisions, mean regret {regret.mean():.4f} tricks a decision")
    for key in ("place", "row", "trick"):
        part = table.groupby(key)["regret"].agg(decisions="size", mean="mean", total="sum")
        part["share"] = part["total"] / regret.sum()
        print(part.sort_values("total", ascending=False).round(4).to_string(), "\n")
    leads = table[table["place"] == "lead"]
    wrong_kind = leads[leads["trump_or_plain"]].groupby("row")["regret"].sum() / leads.groupby("row")["regret"].sum()
    print("share of each row's lead regret where a trump was chosen for pimc's plain card or the reverse:")
    print(wrong_kind.round(3).to_string())


if __name__ == "__main__":
    if sys.argv[1] == "label":
        label(int(sys.argv[2]), sys.argv[3])
    elif sys.argv[1] == "capacity":
        capacity(sys.argv[2])
    elif sys.argv[1] == "breakdown":
        breakdown(sys.argv[2])
    else:
        measure(sys.argv[2], sys.argv[3:])
