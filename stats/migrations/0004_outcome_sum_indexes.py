from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('klammernliga', '0006_participation_player_date_index'),
        ('stats', '0003_outcome_tallies'),
    ]

    operations = [
        migrations.AddIndex(
            model_name='leagueoutcome',
            index=models.Index(fields=['kind', 'a', 'b', 'kalte', 'n', 'won'], name='league_outcome_sum_idx'),
        ),
        migrations.AddIndex(
            model_name='leagueoutcome',
            index=models.Index(fields=['kind', 'year', 'kalte', 'n'], name='league_outcome_by_year_idx'),
        ),
        migrations.AddIndex(
            model_name='playeroutcome',
            index=models.Index(fields=['player', 'kind', 'a', 'b', 'kalte', 'n', 'won'], name='player_outcome_sum_idx'),
        ),
        migrations.AddIndex(
            model_name='playeroutcome',
            index=models.Index(fields=['player', 'kind', 'year', 'kalte', 'n'], name='player_outcome_by_year_idx'),
        ),
    ]
