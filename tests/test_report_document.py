"""The report's renderings and its all-or-nothing folder."""

from __future__ import annotations

import base64

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from spadille.reports.document import (FigureItem, Report, ReportError, Section, TableItem, figure_png,  # noqa: E402
                                       render_html, render_markdown, write_report)

META = {"spadille_version": "0.1.0", "seed": 7, "ruleset": "encyclopedie-1765", "policies": ["heuristic"]}


def sample_report(rows: int = 3) -> Report:
    figure, ax = plt.subplots()
    ax.plot([0, 1], [1, 0])
    frame = pd.DataFrame({"action": [f"a{i}" for i in range(rows)], "mean_pay": [1.5 * i for i in range(rows)],
                          "n": list(range(rows))})
    section = Section("Decision maps", ["Numbers carry **n** and a `95% CI`."],
                      [TableItem("ev", "EV by class", frame, "n deals", max_rows=2), FigureItem("map", "Map", figure_png(figure), "caption")])
    return Report("Quadrille strategy report", META, [section])


def test_markdown_has_tables_figures_and_the_stamp():
    text = render_markdown(sample_report())
    assert "seed 7" in text and "ruleset encyclopedie-1765" in text
    assert "| action | mean_pay | n |" in text
    assert "![Map](map.png)" in text
    assert "First 2 of 3 rows" in text


def test_html_is_self_contained():
    text = render_html(sample_report())
    assert "data:image/png;base64," in text and "<img" in text
    data = text.split("data:image/png;base64,")[1].split("'")[0]
    assert base64.b64decode(data).startswith(b"\x89PNG")
    assert "<b>n</b>" in text and "<code>95% CI</code>" in text
    assert "src='map.png'" not in text


def test_folder_is_written_whole(tmp_path):
    target = tmp_path / "report"
    write_report(sample_report(), target)
    names = sorted(p.name for p in target.iterdir())
    assert names == ["ev.csv", "map.png", "metadata.json", "report.html", "report.md"]
    csv = (target / "ev.csv").read_text(encoding="utf-8").splitlines()
    assert csv[0].startswith("# spadille: ") and '"seed": 7' in csv[0]
    assert len(csv) == 1 + 1 + 3  # metadata, header, every row (the documents show 2)
    # rewriting replaces the old report and leaves no temporary folder behind
    write_report(sample_report(rows=5), target)
    assert len((target / "ev.csv").read_text(encoding="utf-8").splitlines()) == 7
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report"]


def test_an_unrelated_folder_is_never_replaced(tmp_path):
    precious = tmp_path / "thesis"
    precious.mkdir()
    (precious / "chapter1.tex").write_text("...")
    with pytest.raises(ReportError, match="non-empty folder without a report"):
        write_report(sample_report(), precious)
    assert (precious / "chapter1.tex").exists()


def test_a_failure_leaves_nothing(tmp_path, monkeypatch):
    import spadille.reports.document as document

    def broken(report):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(document, "render_html", broken)
    with pytest.raises(RuntimeError):
        write_report(sample_report(), tmp_path / "report")
    assert list(tmp_path.iterdir()) == []
