"""A report as data (sections of text, tables and figures) and its two renderings.

The same ``Report`` becomes ``report.md`` (tables in Markdown, figures as PNG files beside
it) and a self-contained ``report.html`` (figures embedded as base64 PNG, so the one file
reads anywhere). Every table is also written as CSV with the report's metadata on its first
line, as the row files are. ``write_report`` builds everything in a temporary folder next to
the target and moves it into place at the end, so a failed run leaves no half-written report.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd


class ReportError(ValueError):
    """A report that cannot be written where asked; one sentence for the user."""


@dataclass
class TableItem:
    name: str                 # file stem of the CSV
    title: str
    frame: pd.DataFrame
    caption: str = ""
    max_rows: int = 40        # rows shown in the documents; the CSV has them all
    data: pd.DataFrame | None = None  # the tidy table for the CSV, when ``frame`` is a view made for reading
    metadata: dict | None = None      # this table's provenance; default: the frame's attrs

    def csv_frame(self) -> pd.DataFrame:
        return self.frame if self.data is None else self.data

    def own_metadata(self) -> dict:
        return dict(self.metadata if self.metadata is not None else self.csv_frame().attrs)


@dataclass
class FigureItem:
    name: str                 # file stem of the PNG
    title: str
    png: bytes
    caption: str = ""
    metadata: dict | None = None      # this figure's provenance (seed, policies, deals...)

    def own_metadata(self) -> dict:
        return dict(self.metadata or {})


@dataclass
class Section:
    title: str
    paragraphs: list[str] = field(default_factory=list)
    items: list[TableItem | FigureItem] = field(default_factory=list)


@dataclass
class Report:
    title: str
    metadata: dict
    sections: list[Section] = field(default_factory=list)


def figure_png(figure) -> bytes:
    """A matplotlib Figure as PNG bytes (then closed, so long reports do not pile up figures)."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    plt.close(figure)
    return buffer.getvalue()


# ---------------------------------------------------------------- cell formatting
def _cell(value) -> str:
    if isinstance(value, float):
        if math.isnan(value):
            return "–"
        return f"{value:.4g}" if abs(value) < 1e-3 and value != 0 else f"{value:,.3f}".rstrip("0").rstrip(".")
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _shown(item: TableItem) -> tuple[pd.DataFrame, str]:
    frame = item.frame
    note = ""
    if len(frame) > item.max_rows:
        note = f"First {item.max_rows} of {len(frame):,} rows; all are in `{item.name}.csv`."
        frame = frame.head(item.max_rows)
    return frame, note


def _markdown_table(frame: pd.DataFrame) -> str:
    header = "| " + " | ".join(str(c) for c in frame.columns) + " |"
    rule = "|" + "|".join("---" for _ in frame.columns) + "|"
    rows = ["| " + " | ".join(_cell(v).replace("|", "\\|") for v in row) + " |"
            for row in frame.itertuples(index=False)]
    return "\n".join([header, rule, *rows])


def stamp(metadata: dict) -> str:
    """One line that says where every number of the report comes from."""
    parts = [f"spadille {metadata.get('spadille_version')}", f"seed {metadata.get('seed')}",
             f"ruleset {metadata.get('ruleset')}"]
    done = metadata.get("deals_done", metadata.get("deals"))
    if isinstance(done, int):
        parts.append(f"{done:,} deals")
    if metadata.get("ruleset_overrides"):
        parts.append("overrides " + ", ".join(f"{k}={v}" for k, v in metadata["ruleset_overrides"].items()))
    policies = metadata.get("policies")
    if isinstance(policies, dict):
        parts.append("policies " + "; ".join(f"{name}: {', '.join(dict.fromkeys(p))}" for name, p in policies.items()))
    elif policies:
        parts.append("policies " + "; ".join(dict.fromkeys(policies)))
    if metadata.get("scale"):
        parts.append(f"scale {metadata['scale']}")
    return " · ".join(str(p) for p in parts)


# ---------------------------------------------------------------- renderings
def render_markdown(report: Report) -> str:
    lines = [f"# {report.title}", "", f"*{stamp(report.metadata)}*", ""]
    for section in report.sections:
        lines += [f"## {section.title}", ""]
        for paragraph in section.paragraphs:
            lines += [paragraph, ""]
        for item in section.items:
            lines += [f"### {item.title}", ""]
            if isinstance(item, TableItem):
                frame, note = _shown(item)
                lines += [_markdown_table(frame), ""]
                if note:
                    lines += [f"*{note}*", ""]
                lines += [f"*{item.caption}* (CSV: `{item.name}.csv`)" if item.caption else f"(CSV: `{item.name}.csv`)", ""]
            else:
                lines += [f"![{item.title}]({item.name}.png)", ""]
                if item.caption:
                    lines += [f"*{item.caption}*", ""]
            lines += [f"<sub>{stamp({**report.metadata, **item.own_metadata()})}</sub>", ""]
    return "\n".join(lines)


_STYLE = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 62rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; }
h1, h2, h3 { font-family: 'Helvetica Neue', Arial, sans-serif; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: .2rem; margin-top: 2.2rem; }
.stamp { color: #666; font-size: .85rem; }
table { border-collapse: collapse; font-size: .82rem; margin: .5rem 0 1rem; }
th, td { border-bottom: 1px solid #e3e3e3; padding: .2rem .5rem; text-align: right; }
th { background: #f4f1ea; } td:first-child, th:first-child { text-align: left; }
figure { margin: 1rem 0; } figure img { max-width: 100%; }
figcaption, .caption { color: #555; font-size: .85rem; }
"""


def render_html(report: Report) -> str:
    esc = html.escape
    body = [f"<h1>{esc(report.title)}</h1>", f"<p class='stamp'>{esc(stamp(report.metadata))}</p>"]
    for section in report.sections:
        body.append(f"<h2>{esc(section.title)}</h2>")
        body += [f"<p>{_inline(p)}</p>" for p in section.paragraphs]
        for item in section.items:
            body.append(f"<h3>{esc(item.title)}</h3>")
            if isinstance(item, TableItem):
                frame, note = _shown(item)
                body.append(frame.to_html(index=False, border=0, na_rep="–", float_format=lambda v: _cell(float(v))))
                caption = " ".join(x for x in (item.caption, note.replace("`", "")) if x)
                body.append(f"<p class='caption'>{esc(caption)} (CSV: {esc(item.name)}.csv)</p>")
            else:
                data = base64.b64encode(item.png).decode("ascii")
                body.append(f"<figure><img alt='{esc(item.title)}' src='data:image/png;base64,{data}'>"
                            f"<figcaption>{esc(item.caption)}</figcaption></figure>")
            body.append(f"<p class='stamp'>{esc(stamp({**report.metadata, **item.own_metadata()}))}</p>")
    meta = esc(json.dumps(report.metadata, ensure_ascii=False, indent=1, sort_keys=True, default=str))
    body.append(f"<h2>Run metadata</h2><pre class='stamp'>{meta}</pre>")
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{esc(report.title)}</title><style>{_STYLE}</style></head><body>"
            + "\n".join(body) + "</body></html>\n")


def _inline(text: str) -> str:
    """The little Markdown the report's paragraphs use: `code` and **bold**."""
    out = html.escape(text)
    parts = out.split("`")
    out = "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))
    parts = out.split("**")
    return "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(parts))


# ---------------------------------------------------------------- writing
def check_report_target(target: Path) -> Path:
    """The folder's parent, once ``target`` is known to be a place a report may go: a new
    folder, an empty one, or an earlier report (replaced). Any other non-empty folder is
    refused, so a typo never wipes unrelated files."""
    target = Path(target)
    if target.exists() and not target.is_dir():
        raise ReportError(f"{str(target)!r} exists and is not a folder")
    if target.is_dir() and any(target.iterdir()) and not (target / "report.md").exists():
        raise ReportError(f"{str(target)!r} is a non-empty folder without a report in it; choose another --out")
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise ReportError(f"cannot write {str(target)!r}: folder {str(parent)!r} does not exist")
    # A real folder made and removed where the report will be built: permission bits do not
    # tell (root passes them, /proc and read-only mounts refuse anyway), and this runs before
    # minutes of simulation.
    try:
        os.rmdir(tempfile.mkdtemp(prefix=f".{target.name}-probe-", dir=parent))
    except OSError as exc:
        raise ReportError(f"cannot write {str(target)!r}: folder {str(parent)!r} is not writable "
                          f"({exc.strerror or exc})") from None
    return parent


def write_report(report: Report, target: Path) -> Path:
    """Write report.md, report.html, the PNGs and the CSVs into ``target`` (a folder), atomically:
    built next to it, then swapped in (see ``check_report_target``)."""
    target = Path(target)
    parent = check_report_target(target)
    try:
        building = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=parent))
    except OSError as exc:
        raise ReportError(f"cannot write {str(target)!r}: {exc.strerror or exc}") from None
    try:
        for section in report.sections:
            for item in section.items:
                if isinstance(item, TableItem):
                    merged = {**report.metadata, **item.own_metadata()}
                    header = "# spadille: " + json.dumps(merged, ensure_ascii=False, sort_keys=True, default=str) + "\n"
                    with open(building / f"{item.name}.csv", "w", encoding="utf-8", newline="") as out:
                        out.write(header)
                        item.csv_frame().to_csv(out, index=False)
                else:
                    (building / f"{item.name}.png").write_bytes(item.png)
        (building / "report.md").write_text(render_markdown(report), encoding="utf-8")
        (building / "report.html").write_text(render_html(report), encoding="utf-8")
        (building / "metadata.json").write_text(json.dumps(report.metadata, ensure_ascii=False, indent=1,
                                                           sort_keys=True, default=str) + "\n", encoding="utf-8")
        os.chmod(building, 0o755)
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}-old-", dir=parent))
            os.replace(target, old / "report")
            os.replace(building, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(building, target)
    except BaseException as exc:
        shutil.rmtree(building, ignore_errors=True)
        if isinstance(exc, OSError):
            raise ReportError(f"cannot write {str(target)!r}: {exc.strerror or exc}") from None
        raise
    return target
