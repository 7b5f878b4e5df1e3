"""A tally row is one per month, kind and result (and player): saving a game adds to it or
inserts it in one statement (klammernliga.bulk.add_or_insert)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('klammernliga', '0012_rating_ordinal_before'),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='leagueoutcome',
            constraint=models.UniqueConstraint(fields=('year', 'month', 'kind', 'a', 'b', 'kalte'), name='league_outcome_unique'),
        ),
        migrations.AddConstraint(
            model_name='playeroutcome',
            constraint=models.UniqueConstraint(fields=('player', 'year', 'month', 'kind', 'a', 'b', 'kalte'), name='player_outcome_unique'),
        ),
    ]
