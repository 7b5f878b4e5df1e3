"""The stored figures are the declared ones (scoring.figures), column for column by name."""

from klammernliga.models import (
    MATCH_TALLY_FIELDS,
    Match,
    Participation,
    PlayerYear,
    TeamYear,
    YearTotals,
)
from klammernliga.models.figures import Figures, names_of
from scoring.figures import FIGURES, match_columns


def test_the_figures_model_has_a_column_for_each_declared_figure() -> None:
    assert names_of(Figures) == FIGURES
    for model in (Participation, PlayerYear, TeamYear):
        assert set(FIGURES) <= {f.name for f in model._meta.concrete_fields}
    assert ("evenings", *FIGURES) == YearTotals.SUMS


def test_a_match_stores_its_tally_in_the_declared_columns() -> None:
    assert list(match_columns()) == MATCH_TALLY_FIELDS
    assert set(MATCH_TALLY_FIELDS) <= {f.name for f in Match._meta.concrete_fields}
