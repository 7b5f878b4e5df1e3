"""/erfassen/: the scorekeepers' pages (namespace `entry`)."""

import datetime

from django.urls import path, register_converter

from klammernliga.entry import game_views, views


class IsoDateConverter:
    """A date as YYYY-MM-DD; an impossible date (2026-02-30) matches nothing, so 404."""

    regex = r"\d{4}-\d{2}-\d{2}"

    def to_python(self, value: str) -> datetime.date:
        return datetime.date.fromisoformat(value)

    def to_url(self, value: datetime.date) -> str:
        return value.isoformat()


register_converter(IsoDateConverter, "isodate")

app_name = "entry"

urlpatterns = [
    path("", views.start, name="start"),
    path("abend/neu/", views.blank_evening, name="blank_evening"),
    path("abend/<isodate:date>/", views.evening, name="evening"),
    path("abend/<isodate:date>/partie/", views.new_match, name="new_match"),
    path("abend/<isodate:date>/spiel/", game_views.new_game, name="new_game"),
    path("abend/<isodate:date>/spiel/<int:pk>/", game_views.edit_game, name="edit_game"),
    path(
        "abend/<isodate:date>/spiel/<int:pk>/loeschen/", game_views.delete_game, name="delete_game"
    ),
    path("abend/<isodate:date>/verlauf/", views.history, name="history"),
    path(
        "abend/<isodate:date>/verlauf/<int:history_id>/wiederherstellen/",
        views.restore_game,
        name="restore_game",
    ),
]
