"""A report as data (sections of text, tables and figures) and its two renderings.

The same ``Report`` becomes ``report.md`` (tables in Markdown, figures as PNG files beside
it) and a self-contained ``report.html`` (figures embedded as base64 PNG, so the one file
reads anywhere). Every table is also written as CSV with the report's metadata on its first
line, as the row files are. ``write_report`` builds everything in a temporary folder next to
the target and moves it into place at the end, so a failed run leaves no half-written report.

The documents show every table through ``shown_table``: titles in words, each column in its
formatting kind (``reports/formatting.py``: counts, shares, means, signed gains, yes/no, '–'),
an interval's two bounds as one '95% CI' column, at most ``max_rows`` rows with a link to the
full CSV. A section's ``part`` is the game it belongs to: the documents open with a contents
list and put each game's sections under that game's heading.
"""

from __future__ import annotations

import base64
import html
import io
import json
import numbers
import os
import re
import shutil
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from spadille.kernel.common.errors import UserError
from spadille.reports import formatting


class ReportError(UserError):
    """A report that cannot be written where asked; one sentence for the user."""


@dataclass
class TableItem:
    name: str                 # file stem of the CSV
    title: str
    frame: pd.DataFrame
    caption: str = ""
    max_rows: int = 40        # rows shown in the documents; the CSV has them all (and is linked)
    data: pd.DataFrame | None = None  # the tidy table for the CSV, when ``frame`` is a view made for reading
    metadata: dict | None = None      # this table's provenance; default: the frame's attrs
    kinds: dict[str, str] | None = None    # column -> formatting kind ("share", "gain:1", ...); else from its name
    headers: dict[str, str] | None = None  # column -> its title in words; else formatting.title

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
    part: str | None = None   # the game's part of the report it sits under (its heading), if any
    leading: bool = False     # the report's first page (its verdicts): placed first in its part, whenever it was made


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


# ---------------------------------------------------------------- the shown tables
@dataclass
class ShownTable:
    """A table as the documents show it: titles in words, every cell formatted for a reader."""
    headers: list[str]
    rows: list[list[str]]
    kinds: list[str]          # per shown column: a formatting kind (``text`` and ``hand`` align left)
    total_rows: int
    shown_rows: int

    @property
    def cut(self) -> bool:
        return self.shown_rows < self.total_rows


def _cell(value, kind: str = "text", places: int | None = None) -> str:
    """One value as a reader sees it (see reports/formatting.py): '–' for none, yes/no, no
    scientific notation; strings that spell a missing value or a boolean are shown the same way."""
    if isinstance(value, str):
        stripped = value.strip()
        if stripped in _MISSING_WORDS:
            return formatting.NONE
        if stripped in ("True", "False"):
            return formatting.boolean(stripped == "True")
        return formatting.hand(value) if kind == "hand" else paragraph_text(value)
    return formatting.cell(value, kind, places)


_MISSING_WORDS = {"nan", "NaN", "<NA>", "None", "NaT", ""}


def _column_kind(item: TableItem, name, values, previous: tuple[str, int | None] | None) -> tuple[str, int | None]:
    """(kind, decimals or None) of a column: the table's own ``kinds`` first (``"mean:1"`` names
    the decimals), then what the name and values say; a bound of an interval takes its estimate's."""
    given = (item.kinds or {}).get(name)
    if given:
        kind, _, places = given.partition(":")
        return kind, int(places) if places else None
    bound = formatting.bound_of(name)
    if bound is not None and previous is not None:
        return previous
    kind = formatting.kind_of(name, values)
    return kind, (formatting.places_for(values) if kind == "number" else None)


def shown_table(item: TableItem) -> ShownTable:
    """The rows the documents show (at most ``max_rows``; the CSV has them all), each column in
    its kind, and an interval's two bound columns (``ci_low``/``ci_high``, ``pay_ci_low``/...,
    ``margin_low``/...) joined into one '95% CI' column."""
    frame = item.frame
    columns = list(frame.columns)
    shown = frame.head(item.max_rows) if len(frame) > item.max_rows else frame
    headers, kinds, cells = [], [], []
    previous: tuple[str, int | None] | None = None   # the last numeric column's (kind, decimals)
    index = 0
    while index < len(columns):
        name = columns[index]
        values = frame.iloc[:, index].tolist()
        kind, places = _column_kind(item, name, values, previous)
        bound = formatting.bound_of(name)
        nxt = columns[index + 1] if index + 1 < len(columns) else None
        paired = nxt is not None and formatting.bound_of(nxt) == (bound[0] if bound else None, "high")
        if bound is not None and bound[1] == "low" and paired:
            lows, highs = shown.iloc[:, index].tolist(), shown.iloc[:, index + 1].tolist()
            if kind == "number" and places is None:
                places = formatting.places_for(values + frame.iloc[:, index + 1].tolist())
            headers.append(_interval_title(item, name))
            kinds.append(kind)
            cells.append([formatting.interval(_number(lo), _number(hi), kind, places) for lo, hi in zip(lows, highs)])
            index += 2
            continue
        headers.append((item.headers or {}).get(name) or formatting.title(name))
        kinds.append(kind)
        cells.append([_cell(v, kind, places) for v in shown.iloc[:, index].tolist()])
        if kind not in ("text", "hand", "boolean") and "stderr" not in str(name):  # an interval follows its estimate
            previous = (kind, places)
        index += 1
    rows = [list(row) for row in zip(*cells)] if cells else []
    return ShownTable(headers, rows, kinds, len(frame), len(shown))


def _number(value):
    return None if isinstance(value, str) and value.strip() in _MISSING_WORDS else value


def _interval_title(item: TableItem, name: str) -> str:
    given = (item.headers or {}).get(name)
    if given:
        return given
    return "95% CI"  # the interval of the column before it, whatever its bounds are called


def cut_note(item: TableItem, shown: ShownTable, link) -> str:
    """'First 40 of 1,234 rows; all are in <link>.' (empty when nothing is cut)."""
    if not shown.cut:
        return ""
    return (f"First {formatting.count(shown.shown_rows)} of {formatting.count(shown.total_rows)} rows; "
            f"all are in {link(item.name + '.csv')}.")


def stamp(metadata: dict) -> str:
    """One line that says where every number of the report comes from."""
    parts = [f"spadille {metadata.get('spadille_version')}", f"seed {metadata.get('seed')}",
             f"ruleset {metadata.get('ruleset')}"]
    done = metadata.get("deals_done", metadata.get("deals"))
    if isinstance(done, numbers.Integral) and not isinstance(done, bool):
        parts.append(f"{formatting.count(done)} deals")
    if metadata.get("ruleset_overrides"):
        parts.append("overrides " + ", ".join(f"{k}={_cell(v)}" for k, v in metadata["ruleset_overrides"].items()))
    policies = metadata.get("policies")
    if isinstance(policies, dict):
        parts.append("policies " + "; ".join(f"{name}: {_policy_list(p)}" for name, p in policies.items()))
    elif policies:
        parts.append("policies " + _policy_list(policies, "; "))
    if metadata.get("scale"):
        parts.append(f"scale {_cell(metadata['scale'])}")
    return " · ".join(str(p) for p in parts)


def _policy_list(policies, separator: str = ", ") -> str:
    """A policy or a list of them, each named once: a string is one policy, never its letters."""
    if isinstance(policies, str):
        return policies
    if isinstance(policies, dict):
        return separator.join(f"{k}: {_policy_list(v)}" for k, v in policies.items())
    try:
        return separator.join(dict.fromkeys(str(p) for p in policies))
    except TypeError:
        return str(policies)


# ---------------------------------------------------------------- parts and anchors
def slug(text: str) -> str:
    """An anchor for a heading: 'Révertier (reconstructed)' -> 'revertier-reconstructed'."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "part"


@dataclass
class _Heading:
    level: int
    title: str
    anchor: str


def _outline(report: Report):
    """The report's headings in order: (part heading or None, section, section heading or None,
    level of the section's items). A part's sections sit under its heading one level down; a
    section named like its part shows no heading of its own."""
    used: dict[str, int] = {}

    def unique(text: str) -> str:
        key = slug(text)
        used[key] = used.get(key, 0) + 1
        return key if used[key] == 1 else f"{key}-{used[key]}"

    current = None
    for section in report.sections:
        part_heading = None
        if section.part != current:
            current = section.part
            if current:
                part_heading = _Heading(2, current, unique(current))
        if current and section.title == current:
            yield part_heading, section, None, 3
        else:
            level = 3 if current else 2
            yield part_heading, section, _Heading(level, section.title, unique(section.title)), level + 1


def _contents(report: Report) -> list[tuple[_Heading, list[_Heading]]]:
    """(top heading, its sub-headings) for the contents list: each part with its sections, and
    the sections outside any part."""
    entries: list[tuple[_Heading, list[_Heading]]] = []
    for part_heading, _, heading, _ in _outline(report):
        if part_heading is not None:
            entries.append((part_heading, []))
        if heading is not None:
            if heading.level == 2:
                entries.append((heading, []))
            elif entries:
                entries[-1][1].append(heading)
    return entries


# ---------------------------------------------------------------- renderings
def render_markdown(report: Report) -> str:
    lines = [f"# {report.title}", "", f"*{stamp(report.metadata)}*", "", "## Contents", ""]
    for top, subs in _contents(report):
        lines.append(f"- [{top.title}](#{top.anchor})")
        lines += [f"  - [{sub.title}](#{sub.anchor})" for sub in subs]
    lines.append("")
    link = lambda name: f"[{name}]({name})"  # noqa: E731
    for part_heading, section, heading, item_level in _outline(report):
        for h in (part_heading, heading):
            if h is not None:
                lines += [f"<a id=\"{h.anchor}\"></a>", "", f"{'#' * h.level} {h.title}", ""]
        for paragraph in section.paragraphs:
            lines += [paragraph_text(paragraph), ""]
        for item in section.items:
            lines += [f"{'#' * item_level} {item.title}", ""]
            if isinstance(item, TableItem):
                shown = shown_table(item)
                lines += [_markdown_table(shown), ""]
                note = cut_note(item, shown, link)
                if note:
                    lines += [f"*{note}*", ""]
                csv = f"CSV: {link(item.name + '.csv')}"
                lines += [f"*{item.caption}* ({csv})" if item.caption else f"({csv})", ""]
            else:
                lines += [f"![{item.title}]({item.name}.png)", ""]
                if item.caption:
                    lines += [f"*{item.caption}*", ""]
            lines += [f"<sub>{stamp({**report.metadata, **item.own_metadata()})}</sub>", ""]
    return "\n".join(lines)


def _markdown_table(shown: ShownTable) -> str:
    escape = lambda text: text.replace("|", "\\|")  # noqa: E731
    header = "| " + " | ".join(escape(h) for h in shown.headers) + " |"
    rule = "|" + "|".join("---" if kind in _LEFT else "---:" for kind in shown.kinds) + "|"
    rows = ["| " + " | ".join(escape(v) for v in row) + " |" for row in shown.rows]
    return "\n".join([header, rule, *rows])


_LEFT = ("text", "hand")

_STYLE = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 62rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; overflow-wrap: break-word; }
h1, h2, h3, h4 { font-family: 'Helvetica Neue', Arial, sans-serif; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: .2rem; margin-top: 2.2rem; }
h2.part { font-size: 1.7rem; border-bottom: 3px double #999; margin-top: 3rem; }
p, li, figcaption, .caption, .stamp { overflow-wrap: anywhere; }
.stamp { color: #666; font-size: .85rem; }
nav.contents { background: #faf8f3; border: 1px solid #e3dccb; padding: .4rem 1.2rem; }
ul.findings li { margin: .4rem 0; } nav.contents ul { margin: .2rem 0; } nav.contents h2 { margin-top: .6rem; }
.table-box { overflow-x: auto; max-width: 100%; margin: .5rem 0 1rem; }
table { border-collapse: collapse; font-size: .82rem; }
th, td { border-bottom: 1px solid #e3e3e3; padding: .2rem .5rem; text-align: right; vertical-align: top; }
th { background: #f4f1ea; font-weight: 600; }
td.text, th.text { text-align: left; }
td.hand { text-align: left; white-space: nowrap; }
td.number, td.count, td.share, td.mean, td.gain { white-space: nowrap; font-variant-numeric: tabular-nums; }
figure { margin: 1rem 0; } figure img { max-width: 100%; height: auto; }
figcaption, .caption { color: #555; font-size: .85rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
"""


def render_html(report: Report) -> str:
    esc = html.escape
    link = lambda name: f"<a href=\"{esc(name)}\">{esc(name)}</a>"  # noqa: E731
    body = [f"<h1>{esc(report.title)}</h1>", f"<p class='stamp'>{esc(stamp(report.metadata))}</p>"]
    contents = ["<nav class='contents'><h2>Contents</h2><ul>"]
    for top, subs in _contents(report):
        inner = "".join(f"<li><a href='#{sub.anchor}'>{esc(sub.title)}</a></li>" for sub in subs)
        contents.append(f"<li><a href='#{top.anchor}'>{esc(top.title)}</a>" + (f"<ul>{inner}</ul>" if inner else "")
                        + "</li>")
    contents.append("<li><a href='#run-metadata'>Run metadata</a></li></ul></nav>")
    body.append("".join(contents))
    for part_heading, section, heading, item_level in _outline(report):
        if part_heading is not None:
            body.append(f"<h2 class='part' id='{part_heading.anchor}'>{esc(part_heading.title)}</h2>")
        if heading is not None:
            body.append(f"<h{heading.level} id='{heading.anchor}'>{esc(heading.title)}</h{heading.level}>")
        body += _html_paragraphs(section.paragraphs)
        for item in section.items:
            body.append(f"<h{item_level}>{esc(item.title)}</h{item_level}>")
            if isinstance(item, TableItem):
                shown = shown_table(item)
                body.append(f"<div class='table-box'>{_html_table(shown)}</div>")
                note = cut_note(item, shown, link)
                caption = " ".join(x for x in (_inline(item.caption) if item.caption else "", note) if x)
                body.append(f"<p class='caption'>{caption} (CSV: {link(item.name + '.csv')})</p>")
            else:
                data = base64.b64encode(item.png).decode("ascii")
                body.append(f"<div class='table-box'><figure><img alt='{esc(item.title)}' "
                            f"src='data:image/png;base64,{data}'><figcaption>{esc(item.caption)}</figcaption>"
                            "</figure></div>")
            body.append(f"<p class='stamp'>{esc(stamp({**report.metadata, **item.own_metadata()}))}</p>")
    meta = esc(json.dumps(_plain(report.metadata), ensure_ascii=False, indent=1, sort_keys=True, default=str))
    body.append(f"<h2 id='run-metadata'>Run metadata</h2><div class='table-box'><pre class='stamp'>{meta}</pre></div>")
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{esc(report.title)}</title><style>{_STYLE}</style></head><body>"
            + "\n".join(body) + "</body></html>\n")


def _html_table(shown: ShownTable) -> str:
    esc = html.escape
    align = lambda kind: "text" if kind in _LEFT else kind  # noqa: E731
    head = "".join(f"<th class='{align(k)}'>{esc(h)}</th>" for h, k in zip(shown.headers, shown.kinds))
    rows = "".join("<tr>" + "".join(f"<td class='{k}'>{esc(v)}</td>" for v, k in zip(row, shown.kinds)) + "</tr>"
                   for row in shown.rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def _plain(value):
    """Metadata for showing: a float NaN becomes None (JSON null, not the word NaN)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if formatting.is_missing(value):
        return None
    return value


def paragraph_text(text: str) -> str:
    """A paragraph as read: a hyphen that stands for a minus sign before a number becomes one
    (-109.0 -> −109.0), outside `code`; ranges such as 1-9 or r1-r7 keep their hyphen."""
    parts = text.split("`")
    return "`".join(_MINUS_SIGN.sub(formatting.MINUS, p) if i % 2 == 0 else p for i, p in enumerate(parts))


_MINUS_SIGN = re.compile(r"(?<![\w.\-−])-(?=\d)")


def _html_paragraphs(paragraphs: list[str]) -> list[str]:
    """Each paragraph a <p>; a run of paragraphs written "- item" (a list in the Markdown) one <ul>."""
    from itertools import groupby

    out: list[str] = []
    for listed, run in groupby(paragraphs, key=lambda paragraph: paragraph.startswith("- ")):
        if listed:
            out.append("<ul class='findings'>" + "".join(f"<li>{_inline(p[2:])}</li>" for p in run) + "</ul>")
        else:
            out += [f"<p>{_inline(p)}</p>" for p in run]
    return out


def _inline(text: str) -> str:
    """The little Markdown the report's paragraphs use: `code`, **bold** and *italic* (a term
    being defined); nothing inside `code` is touched."""
    parts = html.escape(paragraph_text(text)).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else _emphasis(p) for i, p in enumerate(parts))


_ITALIC = re.compile(r"(?<![\w*])\*(?=[^\s*])([^*]+?)(?<=[^\s*])\*(?![\w*])")


def _emphasis(text: str) -> str:
    parts = text.split("**")
    text = "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(parts))
    return _ITALIC.sub(r"<i>\1</i>", text)

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
