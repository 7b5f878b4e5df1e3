"""The tallies' unique keys (0013) begin with the year (the league's) and with the player and
year (a player's): their indexes find those rows, so the two narrower indexes go."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('klammernliga', '0013_outcome_tally_unique'),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name='leagueoutcome',
            name='league_outcome_year_idx',
        ),
        migrations.RemoveIndex(
            model_name='playeroutcome',
            name='player_outcome_year_idx',
        ),
    ]
