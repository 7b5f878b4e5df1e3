"""A line chart drawn in Python: the markup of templates/stats/charts/line_chart.html.

The template costs a variable lookup, an escape and a localisation per tick, line and table
cell; Spieler-Info draws its rating chart on every request, so it uses this (like bars_html).
"""

from __future__ import annotations

from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from stats.charts.lines import LineChart


def _e(value: object) -> str:
    return escape(str(value))


def render_line_chart(chart: LineChart) -> SafeString:
    """The figure (an SVG with role="img", <title> and <desc>, and its legend) and its numbers
    as a real table. Coordinates print as the template's {% localize off %} prints them."""
    key = _e(chart.chart_id)
    out = [f'<figure class="chart line-chart" id="{key}">']
    if chart.empty:
        out.append(
            f'<p class="chart-empty">{_e(gettext("Noch keine Daten für dieses Diagramm."))}</p>'
        )
    else:
        frame = chart.frame
        left, right, bottom = frame.left, frame.right, frame.bottom
        out.append(
            f'<svg class="chart-svg" viewBox="0 0 {chart.width} {chart.height}" role="img" '
            f'aria-labelledby="{key}-title {key}-desc" focusable="false">'
            f'<title id="{key}-title">{_e(chart.title)}</title>'
            f'<desc id="{key}-desc">{_e(chart.description)}</desc>'
            '<g class="chart-grid" aria-hidden="true">'
        )
        out += [
            f'<line x1="{left}" x2="{right}" y1="{t.position}" y2="{t.position}"/>'
            for t in chart.y_ticks
        ]
        out.append("</g>")
        if chart.zero_y is not None:
            out.append(
                f'<line class="chart-zero" x1="{left}" x2="{right}" y1="{chart.zero_y}" '
                f'y2="{chart.zero_y}" aria-hidden="true"/>'
            )
        # The template's `bottom|add:4`: Django's add filter sums whole numbers.
        tick_end = int(bottom) + 4
        text_y = chart.x_tick_text_y
        out.append(
            '<g class="chart-axis" aria-hidden="true">'
            f'<line x1="{left}" x2="{right}" y1="{bottom}" y2="{bottom}"/>'
        )
        for t in chart.x_ticks:
            out.append(
                f'<line x1="{t.position}" x2="{t.position}" y1="{bottom}" y2="{tick_end}"/>'
                f'<text x="{t.position}" y="{text_y}" text-anchor="{_e(t.anchor)}">'
                f"{_e(t.label)}</text>"
            )
        text_x = chart.y_tick_text_x
        out += [
            f'<text x="{text_x}" y="{t.position}" dy="0.35em" text-anchor="end">'
            f"{_e(t.label)}</text>"
            for t in chart.y_ticks
        ]
        if chart.x_label:
            out.append(
                f'<text class="chart-label" x="{chart.x_label_x}" y="{chart.x_label_y}" '
                f'text-anchor="middle">{_e(chart.x_label)}</text>'
            )
        if chart.y_label:
            out.append(
                f'<text class="chart-label" transform="rotate(-90)" x="{chart.y_label_y}" y="11" '
                f'text-anchor="middle">{_e(chart.y_label)}</text>'
            )
        out.append('</g><g class="chart-lines">')
        for s in chart.series:
            css = _e(s.css_class)
            out += [
                f'<polyline class="chart-line {css}" points="{_e(points)}"/>'
                for points in s.segments or (s.points,)
            ]
            out.append(f'<circle class="chart-dot {css}" cx="{s.end_x}" cy="{s.end_y}" r="2.5"/>')
        out.append('</g></svg><figcaption><ul class="chart-legend">')
        out += [
            '<li><svg class="chart-key" viewBox="0 0 24 8" aria-hidden="true" focusable="false">'
            f'<line class="chart-line {_e(s.css_class)}" x1="1" y1="4" x2="23" y2="4"/></svg>'
            f"{_e(s.label)}</li>"
            for s in chart.series
        ]
        out.append("</ul></figcaption>")
    out.append("</figure>")
    if chart.table_rows:
        columns = "".join(f'<th scope="col" class="num">{_e(c)}</th>' for c in chart.table_columns)
        out.append(
            f'<div class="table-wrap" role="region" aria-labelledby="{key}-caption" tabindex="0">'
            f'<table class="table chart-table"><caption id="{key}-caption">'
            f"{_e(chart.table_caption or chart.title)}</caption>"
            f'<thead><tr><th scope="col">{_e(chart.table_row_label)}</th>{columns}</tr></thead>'
            f"<tbody>{chart.table_body_html}</tbody></table></div>"
        )
    return mark_safe("".join(out))
