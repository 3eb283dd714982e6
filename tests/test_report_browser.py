"""report.html in a real browser: a small report, rendered by headless Chromium at 1280 px, has
nothing wider than the window (tables, figures and the metadata scroll inside their own box)
and shows no raw DataFrame values (<NA>, nan, True/False, scientific notation).

The page is copied with a script that measures it once loaded and writes what it found into
the DOM; ``chromium --dump-dom`` prints that DOM and the test reads the result back. Chromium is
Debian's ``chromium`` package (.ci/run installs it); without it this test fails, it never skips.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import signal
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spadille.cli.app import app

WIDTH = 1280
BROWSERS = ("chromium", "chromium-browser")

# Counted as a failure wherever it shows on the page. Scientific notation needs a whole number
# token (\b...\b): a hexadecimal digest such as a ruleset's sha256 is not a number.
FORBIDDEN = {
    "<NA>": re.compile(r"<NA>"),
    "nan": re.compile(r"\bnan\b"),
    "NaN": re.compile(r"\bNaN\b"),
    "True": re.compile(r"\bTrue\b"),
    "False": re.compile(r"\bFalse\b"),
    "scientific notation": re.compile(r"\b\d+(?:\.\d+)?[eE][+-]?\d+\b"),
}
# In a table cell nothing but a number can look like one, so there the plain pattern applies.
CELL_SCIENTIFIC = re.compile(r"\d\.?\d*e[+-]?\d+")

MEASURE = """
<script>
window.addEventListener('load', function () {
  var width = window.innerWidth, wide = [];
  var elements = document.body.getElementsByTagName('*');
  for (var i = 0; i < elements.length; i++) {
    var el = elements[i];
    if (el.id === 'browser-check') continue;
    var box = el.parentElement && el.parentElement.closest('.table-box');
    if (box) continue;  // inside a scroller: it may be wide, its box scrolls
    var right = el.getBoundingClientRect().right;
    if (right > width + 0.5) {
      wide.push({tag: el.tagName, cls: el.className, right: right, text: (el.textContent || '').slice(0, 80)});
    }
  }
  var cells = [], headers = [], cuts = [];
  var tds = document.querySelectorAll('td, th');
  for (var j = 0; j < tds.length; j++) cells.push(tds[j].innerText);
  var ths = document.querySelectorAll('th');
  for (var k = 0; k < ths.length; k++) headers.push(ths[k].innerText);
  var captions = document.querySelectorAll('p.caption');
  for (var m = 0; m < captions.length; m++) {
    if (/First [0-9,]+ of [0-9,]+ rows/.test(captions[m].innerText)) {
      var links = captions[m].querySelectorAll('a[href$=".csv"]');
      cuts.push({text: captions[m].innerText.slice(0, 200), links: links.length});
    }
  }
  var result = {width: width, clientWidth: document.documentElement.clientWidth,
                scrollWidth: document.documentElement.scrollWidth, bodyScrollWidth: document.body.scrollWidth,
                wide: wide, text: document.body.innerText, cells: cells, headers: headers, cuts: cuts,
                boxes: document.querySelectorAll('.table-box').length,
                tables: document.querySelectorAll('table').length,
                boxedTables: document.querySelectorAll('.table-box > table').length};
  var out = document.createElement('pre');
  out.id = 'browser-check';
  out.textContent = JSON.stringify(result);
  document.body.appendChild(out);
});
</script>
"""


def chromium() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    pytest.fail("chromium is not installed: the browser test needs Debian's chromium package "
                "(apt-get install -y chromium; .ci/run installs it when missing)")


def measure(page: Path, workdir: Path) -> dict:
    """Open ``page`` (a copy with the measuring script) in headless Chromium at WIDTH px and
    return what the script found. Chromium is started here and stopped here, whatever happens."""
    probe = workdir / f"probe-{page.stem}.html"
    text = page.read_text(encoding="utf-8")
    probe.write_text(text.replace("</body>", MEASURE + "</body>", 1), encoding="utf-8")
    command = [chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--no-first-run", "--disable-extensions", f"--user-data-dir={workdir / 'profile'}",
               f"--window-size={WIDTH},900", "--hide-scrollbars", "--virtual-time-budget=5000",
               "--dump-dom", probe.resolve().as_uri()]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        dom, errors = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("chromium did not finish rendering the report within 120 s")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    found = re.search(r'<pre id="browser-check">(.*?)</pre>', dom.decode("utf-8", "replace"), re.S)
    assert found, f"the page's measuring script left no result; chromium said: {errors.decode()[-2000:]}"
    return json.loads(html.unescape(found.group(1)))


def problems(result: dict) -> list[str]:
    """What is wrong on the measured page, in words (empty when it passes)."""
    out = []
    if result["width"] != WIDTH:
        out.append(f"the window is {result['width']} px wide, not {WIDTH}")
    for key in ("scrollWidth", "bodyScrollWidth"):
        if result[key] > WIDTH:
            out.append(f"the document's {key} is {result[key]} px, wider than {WIDTH}")
    for element in result["wide"][:10]:
        out.append(f"<{element['tag'].lower()} class='{element['cls']}'> reaches {element['right']:.0f} px: "
                   f"{element['text']!r}")
    for name, pattern in FORBIDDEN.items():
        for match in list(pattern.finditer(result["text"]))[:3]:
            context = result["text"][max(0, match.start() - 60):match.end() + 60].replace("\n", " ")
            out.append(f"{name} in the visible text: …{context}…")
    for cell in result["cells"]:
        if CELL_SCIENTIFIC.search(cell):
            out.append(f"scientific notation in a table cell: {cell!r}")
    for header in result["headers"]:
        if "_" in header:
            out.append(f"a header in snake_case: {header!r}")
    for cut in result["cuts"]:
        if not cut["links"]:
            out.append(f"a table cut without a link to its CSV: {cut['text']!r}")
    return out


@pytest.fixture(scope="module")
def small_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("browser") / "report"
    result = CliRunner().invoke(app, ["report", "--deals", "1000", "--seed", "5", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_the_report_fits_a_1280_px_window_and_shows_no_raw_values(small_report, tmp_path):
    result = measure(small_report / "report.html", tmp_path)
    assert result["tables"] >= 20 and result["boxedTables"] == result["tables"]  # every table in its box
    assert result["cuts"], "the small report has long tables, cut with a link to their CSV"
    assert "Cabriolet" in result["text"] and "Contents" in result["text"]
    found = problems(result)
    assert not found, "\n".join(found)


def test_the_check_sees_a_page_that_overflows_or_shows_raw_values(tmp_path):
    """The same measurement on a page with the faults of the old report: a wide unboxed table,
    <NA>, True and 2.478e-06. A check that found nothing here could not fail."""
    bad = tmp_path / "bad.html"
    row = "".join(f"<td>column_{i}_with_a_long_name</td>" for i in range(60))
    bad.write_text("<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>"
                   f"<table><tr><th>mean_pay</th>{row}</tr></table><p>&lt;NA&gt; True nan</p>"
                   "<p class='caption'>First 40 of 900 rows; all are in ev.csv.</p>"
                   "<div class='table-box' style='overflow-x:auto;max-width:100%'>"
                   f"<table><tr>{row}</tr><tr><td>2.478e-06</td></tr></table></div></body></html>",
                   encoding="utf-8")
    found = problems(measure(bad, tmp_path))
    text = "\n".join(found)
    assert "scrollWidth" in text and "reaches" in text
    assert "<NA> in the visible text" in text and "True in the visible text" in text
    assert "nan in the visible text" in text and "scientific notation" in text
    assert "a header in snake_case: 'mean_pay'" in text and "a table cut without a link" in text
    # the wide table inside its box is allowed: only the unboxed one is reported as an element
    assert not any("2.478e-06" in line and "reaches" in line for line in found)
