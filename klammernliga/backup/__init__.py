"""Backup and restore of the whole league as one versioned JSON document, and the CSV export.

The document holds every record with its id (players, teams, evenings, matches, games, melds),
the users with their groups and password hashes, and the change history of the tracked records
(who changed what, by username). Derived results are written too, for readers of the file, but an
import recomputes them through the service, so standings and ratings follow from the inputs.
"""

from klammernliga.backup.document import FORMAT, VERSION, BackupError, ImportSummary
from klammernliga.backup.export import export_league, games_in_order_of_play, write_games_csv
from klammernliga.backup.restore import import_league

__all__ = [
    "FORMAT",
    "VERSION",
    "BackupError",
    "ImportSummary",
    "export_league",
    "games_in_order_of_play",
    "import_league",
    "write_games_csv",
]
