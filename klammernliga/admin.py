"""Django admin for all records. Games are edited through the service so results follow."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from klammernliga.models import Evening, Game, Match, Meld, Participation, Player, Team


@admin.register(Player)
class PlayerAdmin(SimpleHistoryAdmin):
    list_display = ["name", "nickname", "slug"]
    search_fields = ["name", "nickname"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["__str__", "nickname"]
    list_select_related = ["player_1", "player_2"]
    search_fields = ["player_1__name", "player_2__name", "nickname"]


class MatchInline(admin.TabularInline):
    model = Match
    fields = ["position", "team_a", "team_b", "games_count", "rounds_a", "rounds_b"]
    readonly_fields = ["games_count", "rounds_a", "rounds_b"]
    extra = 0
    show_change_link = True


@admin.register(Evening)
class EveningAdmin(SimpleHistoryAdmin):
    list_display = ["date", "place"]
    date_hierarchy = "date"
    search_fields = ["place", "notes"]
    inlines = [MatchInline]


class GameInline(admin.TabularInline):
    model = Game
    fields = ["position", "declarer", "trump", "bid", "kontra", "re", "points_a", "points_b",
              "small_a", "small_b", "score_a", "score_b", "ends_round"]  # fmt: skip
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "games_count", "rounds_a", "rounds_b", "large_a", "large_b"]
    list_select_related = ["evening", "team_a__player_1", "team_a__player_2",
                           "team_b__player_1", "team_b__player_2"]  # fmt: skip
    readonly_fields = ["games_count", "small_a", "small_b", "rounds_a", "rounds_b", "large_a",
                       "large_b", "kalte_a", "kalte_b", "open_round"]  # fmt: skip
    inlines = [GameInline]


class MeldInline(admin.TabularInline):
    model = Meld
    extra = 0


@admin.register(Game)
class GameAdmin(SimpleHistoryAdmin):
    list_display = ["__str__", "declarer", "trump", "bid", "points_a", "points_b", "winner_side"]
    list_filter = ["trump", "bid", "kontra", "re"]
    list_select_related = ["match__evening", "declarer"]
    readonly_fields = ["playing_side", "winner_side", "small_a", "small_b", "round_no", "score_a",
                       "score_b", "ends_round", "round_winner", "large_points", "kalte",
                       "version"]  # fmt: skip
    inlines = [MeldInline]

    def save_related(self, request, form, formsets, change):  # type: ignore[no-untyped-def]
        super().save_related(request, form, formsets, change)
        from klammernliga.services import recompute_match

        # Admin edits bypass the entry form; derived results still follow.
        recompute_match(form.instance.match)


@admin.register(Participation)
class ParticipationAdmin(admin.ModelAdmin):
    list_display = ["date", "player", "team", "games", "rounds_won", "rounds_lost", "large_points"]
    list_select_related = ["player", "team__player_1", "team__player_2"]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False
