from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('klammernliga', '0004_year_totals'),
    ]

    operations = [
        migrations.AddIndex(
            model_name='participation',
            index=models.Index(fields=['player', 'team', 'opponent', 'evening', 'games', 'games_won', 'rounds_won', 'rounds_lost', 'large_points', 'kalte', 'laube', 'small_points', 'small_points_against'], name='participation_player_idx'),
        ),
    ]
