"""Django admin for all records. Games, melds and matches are read-only here: they are entered
and corrected on the entry pages (/erfassen/), where scoring validates every change and the
derived results follow. Deleting goes through the services, so history and ratings stay right."""

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from klammernliga import services
from klammernliga.models import Evening, Game, Match, Meld, Participation, Player, Team
from klammernliga.validation import BadName, clean_name, name_key, validate_evening_date


class PlayerForm(forms.ModelForm):
    """The name rule of every door (validation.clean_name); names differing in case only clash."""

    class Meta:
        model = Player
        fields = ["name", "slug", "nickname"]

    def clean_name(self) -> str:
        try:
            name = clean_name(self.cleaned_data["name"])
        except BadName as error:
            raise forms.ValidationError(str(error)) from error
        others = Player.objects.exclude(pk=self.instance.pk).values_list("name", flat=True)
        if any(name_key(other) == name_key(name) for other in others):
            raise forms.ValidationError(_("Diesen Namen hat schon ein anderer Spieler."))
        return name


class ThroughTheWriter(admin.ModelAdmin):
    """Saves and deletes as one change of the league (`services.writing`): one writer at a time,
    and the league's generation goes up, so cached pages show a renamed player at once."""

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        with services.writing():
            super().save_model(request, obj, form, change)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        with services.writing():
            super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        with services.writing():
            super().delete_queryset(request, queryset)


class ThroughTheServices(admin.ModelAdmin):
    """Deletes through the service that owns the object (`delete_one`), one at a time, so the
    league's figures follow; the admin's bulk delete would bypass it."""

    def delete_one(self, obj: Any) -> None:
        raise NotImplementedError

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        self.delete_one(obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        for obj in queryset:
            self.delete_one(obj)

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        # Derived rows go with their records through the service: no permission of their own.
        perms_needed.discard(Participation._meta.verbose_name)
        return deleted, counts, perms_needed, protected


@admin.register(Player)
class PlayerAdmin(ThroughTheWriter, SimpleHistoryAdmin):
    form = PlayerForm
    list_display = ["name", "nickname", "slug"]
    search_fields = ["name", "nickname"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Team)
class TeamAdmin(ThroughTheWriter):
    """A team comes from the entry pages; its players are fixed, as every game of it says who
    sat there. Only its nickname is edited here."""

    list_display = ["__str__", "nickname"]
    list_select_related = ["player_1", "player_2"]
    search_fields = ["player_1__name", "player_2__name", "nickname"]
    fields = ["player_1", "player_2", "nickname"]
    readonly_fields = ["player_1", "player_2"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class MatchInline(ReadOnlyInline):
    model = Match
    readonly_fields = ("position", "team_a", "team_b", "games_count", "rounds_a", "rounds_b")
    fields = readonly_fields


def entry_link(evening: Evening, game: Game | None = None) -> str:
    url = (
        reverse("entry:edit_game", args=[evening.date, game.pk])
        if game
        else reverse("entry:evening", args=[evening.date])
    )
    return format_html('<a href="{}">{}</a>', url, _("Auf der Erfassen-Seite ändern"))


class EveningForm(forms.ModelForm):
    class Meta:
        model = Evening
        fields = ["date", "place", "notes"]

    def clean_date(self) -> object:
        date = self.cleaned_data["date"]
        validate_evening_date(date)
        return date


@admin.register(Evening)
class EveningAdmin(ThroughTheServices, SimpleHistoryAdmin):
    form = EveningForm
    list_display = ["date", "place"]
    date_hierarchy = "date"
    search_fields = ["place", "notes"]
    inlines = [MatchInline]
    readonly_fields = ["games"]

    @admin.display(description=_("Spiele"))
    def games(self, obj: Evening) -> str:
        return entry_link(obj) if obj.pk else "–"

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        # Also a revert from the history page: the service compares with the stored date.
        obj._history_user = request.user
        services.save_evening(obj)

    def delete_one(self, obj: Evening) -> None:
        services.delete_evening(obj)


class GameInline(ReadOnlyInline):
    model = Game
    readonly_fields = (
        "position",
        "declarer",
        "trump",
        "bid",
        "kontra",
        "re",
        "points_a",
        "points_b",
        "small_a",
        "small_b",
        "score_a",
        "score_b",
        "ends_round",
    )
    fields = readonly_fields


@admin.register(Match)
class MatchAdmin(ThroughTheServices):
    list_display = ["__str__", "games_count", "rounds_a", "rounds_b", "large_a", "large_b"]
    list_select_related = ["evening", "team_a__player_1", "team_a__player_2",
                           "team_b__player_1", "team_b__player_2"]  # fmt: skip
    inlines = [GameInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def delete_one(self, obj: Match) -> None:
        services.delete_match(obj)


class MeldInline(ReadOnlyInline):
    model = Meld
    readonly_fields = ("side", "kind", "suit", "top")
    fields = readonly_fields
    show_change_link = False


@admin.register(Game)
class GameAdmin(ThroughTheServices, SimpleHistoryAdmin):
    """Read-only: a game is corrected on its entry page, validated by scoring."""

    list_display = ["__str__", "declarer", "trump", "bid", "points_a", "points_b", "winner_side"]
    list_filter = ["trump", "bid", "kontra", "re"]
    list_select_related = ["match__evening", "declarer"]
    readonly_fields = ["change_on_entry_page"]
    inlines = [MeldInline]

    @admin.display(description=_("Ändern"))
    def change_on_entry_page(self, obj: Game) -> str:
        return entry_link(obj.match.evening, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context: Any = None
    ) -> HttpResponse:
        # Reverting to an old version would bypass scoring; restoring is on the entry pages.
        if request.method == "POST":
            raise PermissionDenied
        response: HttpResponse = super().history_form_view(
            request, object_id, version_id, extra_context
        )
        return response

    def delete_one(self, obj: Game) -> None:
        services.delete_game(game=obj)


@admin.register(Participation)
class ParticipationAdmin(admin.ModelAdmin):
    list_display = ["date", "player", "team", "games", "rounds_won", "rounds_lost", "large_points"]
    list_select_related = ["player", "team__player_1", "team__player_2"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Derived from the games: only the services write it (a recompute rebuilds it).
        return False
