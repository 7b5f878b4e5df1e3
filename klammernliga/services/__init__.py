"""The write side: every change to the league enters through here, validated, in one
transaction with everything derived from it (klammernliga.derive). `scoring` decides; the
services only store what it decided.

By job: `entry` (single games), `evenings` (evenings and matches), `imports` (whole evenings at
once, the demo league, the whole league recomputed), `league` (the whole league emptied or
derived anew), `writing` (one writer at a time)."""

from klammernliga.derive.matches import recompute_match
from klammernliga.derive.sheets import meld_value
from klammernliga.derive.years import refresh_planner_statistics, refresh_year_totals
from klammernliga.records import EveningRecord, GameRecord, ImportProblem, StoreSummary
from klammernliga.services.entry import (
    TAKEN_OVER,
    check_replay,
    delete_game,
    game_problems,
    record_game,
    record_game_once,
    recorded,
    restore_game,
    same_game,
    taken_over_reason,
    update_game,
)
from klammernliga.services.evenings import (
    begin_match,
    delete_evening,
    delete_match,
    match_is_open,
    open_evening,
    open_matches,
    recompute_evening,
    save_evening,
    start_match,
    team_problems,
)
from klammernliga.services.imports import (
    check_evenings,
    recompute_all,
    seed_league,
    store_evenings,
)
from klammernliga.services.league import (
    LeagueRefused,
    clear_league,
    derive_league,
    league_is_empty,
)
from klammernliga.services.writing import (
    AlreadyRecorded,
    CannotRestore,
    StaleGame,
    TokenConflict,
    writing,
)
from scoring.rules import InvalidGame

__all__ = [
    "TAKEN_OVER",
    "AlreadyRecorded",
    "CannotRestore",
    "EveningRecord",
    "GameRecord",
    "ImportProblem",
    "InvalidGame",
    "LeagueRefused",
    "StaleGame",
    "StoreSummary",
    "TokenConflict",
    "begin_match",
    "check_evenings",
    "check_replay",
    "clear_league",
    "delete_evening",
    "delete_game",
    "delete_match",
    "derive_league",
    "game_problems",
    "league_is_empty",
    "match_is_open",
    "meld_value",
    "open_evening",
    "open_matches",
    "recompute_all",
    "recompute_evening",
    "recompute_match",
    "record_game",
    "record_game_once",
    "recorded",
    "refresh_planner_statistics",
    "refresh_year_totals",
    "restore_game",
    "same_game",
    "save_evening",
    "seed_league",
    "start_match",
    "store_evenings",
    "taken_over_reason",
    "team_problems",
    "update_game",
    "writing",
]
