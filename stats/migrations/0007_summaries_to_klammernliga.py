"""The stored summaries move to klammernliga (its 0010): `stats` forgets them in Django's state
alone; their tables stay, now klammernliga's models (same db_table)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('klammernliga', '0010_summaries_from_stats'),
        ('stats', '0006_rating_advantage'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='LeagueOutcome'),
                migrations.DeleteModel(name='PlayerOutcome'),
                migrations.DeleteModel(name='PlayerEvening'),
                migrations.DeleteModel(name='PlayerGameYear'),
                migrations.DeleteModel(name='Rating'),
            ],
            database_operations=[],
        ),
    ]
