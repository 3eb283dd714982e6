"""The report's renderings and its all-or-nothing folder."""

from __future__ import annotations

import base64

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

import numpy as np  # noqa: E402

from spadille.reports import formatting as fmt  # noqa: E402
from spadille.reports.document import (FigureItem, Report, ReportError, Section, TableItem, figure_png,  # noqa: E402
                                       render_html, render_markdown, shown_table, stamp, write_report)

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
    assert "| action | mean payment | n |" in text  # headers in words (was the column names, mean_pay)
    assert "![Map](map.png)" in text
    assert "First 2 of 3 rows; all are in [ev.csv](ev.csv)." in text


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


# ---------------------------------------------------------------- numbers for people
@pytest.mark.parametrize(("value", "shown"), [
    (0.123, "12.3%"), (0.5, "50.0%"), (1.0, "100%"), (0.0, "0%"), (0.9996, ">99.9%"),
    (0.004577, "1 in 218"), (1 / 216, "1 in 216"), (2.478e-06, "1 in 403,551"),
])
def test_a_share_is_a_percent_or_one_in_n_below_one_percent(value, shown):
    assert fmt.share(value) == shown


@pytest.mark.parametrize(("value", "shown"), [
    (1.594, "+1.59"), (-0.42, "−0.42"), (0.0, "0.00"), (-0.001, "0.00"), (1234.5, "+1,234.50"),
])
def test_a_gain_is_signed_with_a_true_minus(value, shown):
    assert fmt.gain(value) == shown


def test_counts_means_and_the_missing():
    assert fmt.count(12345) == "12,345" and fmt.count(np.int64(7)) == "7" and fmt.count(3.0) == "3"
    assert fmt.mean(-15.9) == "−15.90" and fmt.mean(4.4) == "4.40"
    for missing in (None, float("nan"), np.nan, np.float32("nan"), pd.NA, pd.NaT):
        for kind in fmt.KINDS:
            assert fmt.cell(missing, kind) == "–", (missing, kind)
    assert fmt.cell(True) == "yes" and fmt.cell(np.bool_(False)) == "no" and fmt.cell(np.bool_(True), "count") == "yes"


@pytest.mark.parametrize("value", [2.478e-06, 1e-12, 3.5e-4, 1e21, -7.2e-9, 123456789.123])
def test_no_number_is_ever_in_scientific_notation(value):
    import re

    for kind in ("number", "mean", "gain", "share", "count"):
        text = fmt.cell(value, kind)
        assert not re.search(r"\d\.?\d*e[+-]?\d+", text, re.I), (kind, text)
    assert fmt.number(2.478e-06) == "0.0000025"  # two significant figures, fixed point


def test_a_hand_is_one_line_with_suit_symbols():
    assert fmt.hand("spadille ♣K Q 4 ♥5 4 ♦Q 6 3 ♠6") == "♠ A 6 · ♣ K Q 4 · ♥ 5 4 · ♦ Q 6 3"
    assert fmt.hand("basto ♥7 K Q 4 ♠K 5 ♣6 ♦Q 3") == "♠ K 5 · ♣ A 6 · ♥ K Q 7 4 · ♦ Q 3"
    assert fmt.hand("not a hand") == "not a hand"


def tidy_frame() -> pd.DataFrame:
    return pd.DataFrame({
        "hand": ["spadille ♣K Q 4 ♥5 4 ♦Q 6 3 ♠6", "basto ♥7 K Q 4 ♠K 5 ♣6 ♦Q 3"],
        "action": ["ask", "pass"], "n": [12345, 7], "mean_pay": [1.5, -2.25],
        "pay_ci_low": [1.0, np.nan], "pay_ci_high": [2.0, np.nan], "margin": [1.594, -0.42],
        "margin_ci_low": [1.54, -0.5], "margin_ci_high": [1.64, -0.3], "p_win": [0.97, 0.004577],
        "clear": pd.array([True, pd.NA], dtype="boolean"), "confident": np.array([True, False]),
        "threshold": pd.array([5, pd.NA], dtype="Int64"), "tiny": [2.478e-06, 1e-7],
    })


def test_a_shown_table_has_words_for_headers_and_a_kind_for_every_column():
    shown = shown_table(TableItem("t", "T", tidy_frame(), headers={"tiny": "a small number"}))
    assert shown.headers == ["hand", "action", "n", "mean payment", "95% CI", "margin over runner-up", "95% CI",
                             "P(win)", "clear at 95%", "confident at 95%", "threshold (trumps)", "a small number"]
    assert not any("_" in header for header in shown.headers)
    assert shown.rows[0] == ["♠ A 6 · ♣ K Q 4 · ♥ 5 4 · ♦ Q 6 3", "ask", "12,345", "1.50", "[1.00, 2.00]",
                             "+1.59", "[+1.54, +1.64]", "97.0%", "yes", "yes", "5", "0.0000025"]
    assert shown.rows[1][2:] == ["7", "−2.25", "–", "−0.42", "[−0.50, −0.30]", "1 in 218", "–", "no", "–",
                                 "0.0000001"]  # one number of decimals for the whole column
    assert shown.kinds[0] == "hand"


def test_the_html_shows_formatted_cells_in_boxes_with_hands_on_one_line():
    frame = tidy_frame()
    frame["text_na"] = ["<NA>", "nan"]
    report = Report("r", META, [Section("S", [], [TableItem("t", "T", frame)])])
    text = render_html(report)
    for raw in ("<NA>", "&lt;NA&gt;", "nan<", "True", "False", "e-06", "e-07", "_ci_"):
        assert raw not in text.split("<h2 id='run-metadata'>")[0], raw
    assert "<div class='table-box'><table>" in text
    assert text.count("<table>") == text.count("<div class='table-box'><table>")
    assert ".table-box { overflow-x: auto; max-width: 100%;" in text
    assert "<td class='hand'>♠ A 6 · ♣ K Q 4" in text
    assert "td.hand { text-align: left; white-space: nowrap; }" in text
    assert "<div class='table-box'><pre class='stamp'>" in text and "pre { white-space: pre-wrap;" in text


def test_a_cut_table_links_its_full_csv():
    report = sample_report(rows=5)
    html_text = render_html(report)
    assert 'First 2 of 5 rows; all are in <a href="ev.csv">ev.csv</a>.' in html_text
    assert "(CSV: <a href=\"ev.csv\">ev.csv</a>)" in html_text
    markdown = render_markdown(report)
    assert "*First 2 of 5 rows; all are in [ev.csv](ev.csv).*" in markdown
    assert "(CSV: [ev.csv](ev.csv))" in markdown
    whole = render_markdown(sample_report(rows=2))
    assert "First 2" not in whole and "(CSV: [ev.csv](ev.csv))" in whole


def test_a_front_page_with_contents_and_a_part_per_game():
    quadrille = Section("Decision maps", ["p"], [TableItem("ev", "EV", pd.DataFrame({"n": [1]}))], part="Quadrille")
    vole = Section("The vole", ["v"], part="Quadrille")
    cabriolet = Section("Cabriolet", ["c"], [TableItem("cab", "Cases", pd.DataFrame({"n": [2]}))], part="Cabriolet")
    revertier = Section("Révertier (reconstructed)", ["r"], part="Révertier (reconstructed)")
    report = Report("spadille strategy report", META, [quadrille, vole, cabriolet, revertier, Section("Interrupted")])
    text = render_html(report)
    nav = text.split("<nav class='contents'>")[1].split("</nav>")[0]
    for anchor in ("quadrille", "decision-maps", "the-vole", "cabriolet", "revertier-reconstructed", "interrupted",
                   "run-metadata"):
        assert f"href='#{anchor}'" in nav and f"id='{anchor}'" in text, anchor
    assert "<h2 class='part' id='quadrille'>Quadrille</h2>" in text
    assert "<h3 id='decision-maps'>Decision maps</h3>" in text and "<h4>EV</h4>" in text
    # a section named like its game sits right under the game's heading, not a second time
    assert text.count(">Cabriolet</h") == 1 and "<h3>Cases</h3>" in text
    assert text.index("id='quadrille'") < text.index("id='decision-maps'") < text.index("id='cabriolet'")
    assert "<h2 id='interrupted'>Interrupted</h2>" in text
    markdown = render_markdown(report)
    assert markdown.startswith("# spadille strategy report\n")
    assert "- [Quadrille](#quadrille)\n  - [Decision maps](#decision-maps)\n  - [The vole](#the-vole)" in markdown
    assert '<a id="cabriolet"></a>\n\n## Cabriolet' in markdown and "### Decision maps" in markdown
    assert markdown.count("## Cabriolet") == 1


def test_the_stamp_names_a_policy_given_as_a_string_whole():
    """Cabriolet's metadata gives one policy as a string: it was iterated letter by letter
    ("others_covering: a, l; play: p, l, a, y ...")."""
    line = stamp({"seed": 2, "policies": {"focal_covering": ["all", "jeu", "all"], "others_covering": "all",
                                          "play": "play for the jeu with >= 3 trumps"}})
    assert "policies focal_covering: all, jeu; others_covering: all; play: play for the jeu with >= 3 trumps" in line
    assert "a, l" not in line
    assert stamp({"policies": "heuristic against heuristic unless named"}).endswith(
        "policies heuristic against heuristic unless named")
    assert stamp({"policies": ["heuristic", "dd", "heuristic"]}).endswith("policies heuristic; dd")
    assert "12,345 deals" in stamp({"deals": np.int64(12345)})


def test_a_minus_in_a_paragraph_is_a_minus_sign_but_a_range_keeps_its_hyphen():
    from spadille.reports.document import paragraph_text

    assert paragraph_text("it costs -109.0 (-0.5 to +1.2), tricks 1-9, claims r1-r7") == \
        "it costs −109.0 (−0.5 to +1.2), tricks 1-9, claims r1-r7"
    assert paragraph_text("run `spadille report --seed -1` for -3") == "run `spadille report --seed -1` for −3"
    section = Section("S", ["a margin of -0.42"], [TableItem("t", "T", pd.DataFrame({"reason": ["CI [-0.72, 1.4]"]}))])
    text = render_html(Report("r", META, [section]))
    assert "a margin of −0.42" in text and "CI [−0.72, 1.4]" in text


def test_a_paragraph_renders_italic_bold_and_code_without_stray_asterisks():
    section = Section("S", ["classed by the *true matadors* and **bold**, `a*b*c` kept, 2 * 3 * 4 stays"], [])
    text = render_html(Report("r", META, [section]))
    assert "<i>true matadors</i>" in text and "<b>bold</b>" in text and "<code>a*b*c</code>" in text
    assert "2 * 3 * 4 stays" in text
    assert "*true" not in text


def test_paragraphs_written_as_a_list_are_one_html_list():
    section = Section("S", ["Found:", "- **one** thing", "- another", "Then a paragraph.", "- alone"], [])
    text = render_html(Report("r", META, [section]))
    assert ("<p>Found:</p><ul class='findings'><li><b>one</b> thing</li><li>another</li></ul>"
            "<p>Then a paragraph.</p><ul class='findings'><li>alone</li></ul>") in text.replace("\n", "")
    assert "<p>- " not in text


def test_a_claims_difference_keeps_its_sign_on_both_bounds():
    from spadille.reports.formatting import figures_like

    assert figures_like(-0.09, -0.24, 0.06, "-0.09") == ("−0.09", "[−0.24, +0.06]")
    assert figures_like(0.12, -0.01, 0.25, "+0.12") == ("+0.12", "[−0.01, +0.25]")
    assert figures_like(0.4109, 0.40, 0.42, "0.4109") == ("0.4109", "[0.4000, 0.4200]")   # a share stays unsigned
