"""One number format everywhere: thousands grouped, one minus sign, percent with "%"."""

import pytest
from django.template import Context, Template
from django.utils import translation

from stats import display


@pytest.mark.parametrize(
    ("language", "expected"),
    [("de", "13.943 · −196 · +1.234 · 0 · 56\u00a0% · 12,35 · −0,5 · –"),
     ("en", "13,943 · −196 · +1,234 · 0 · 56\u00a0% · 12.35 · −0.5 · –")],
)  # fmt: skip
def test_templates_print_numbers_through_the_one_display_library(language, expected) -> None:
    template = Template(
        "{% load league_format %}{{ 13943|number }} · {{ -196|signed }} · {{ 1234|signed }} · "
        "{{ 0|signed }} · {{ 0.564|percent }} · {{ 12.345|decimal:2 }} · {{ -0.5|decimal }} · "
        "{{ none|percent }}"
    )
    with translation.override(language):
        assert template.render(Context({"none": None})) == expected


def test_a_minus_is_always_the_real_minus_sign_and_nothing_prints_as_minus_zero() -> None:
    assert display.signed(-5) == "\u22125"
    assert display.number(-1234) == "\u22121.234"
    assert display.decimal(-0.04, 1) == "0,0"
    assert display.pair(5, 2, "–") == "5–2"


def test_a_row_of_cells_is_drawn_by_the_template_escaped_grouped_and_in_its_set() -> None:
    template = Template(
        "{% load league_format %}{% for value, css in cells|with_sets:sets %}"
        '<td class="{{ css }}">{{ value|number }}</td>{% endfor %}'
    )
    html = template.render(Context({"cells": [13943, "<b>", "56\u00a0%"], "sets": (0, 2)}))
    assert html == (
        '<td class="num">13.943</td><td class="num g2">&lt;b&gt;</td><td class="num">56\u00a0%</td>'
    )
