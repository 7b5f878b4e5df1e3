from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('klammernliga', '0006_participation_player_date_index'),
        ('stats', '0004_outcome_sum_indexes'),
    ]

    operations = [
        migrations.AddIndex(
            model_name='playeroutcome',
            index=models.Index(fields=['year', 'month'], name='player_outcome_month_idx'),
        ),
    ]
