from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('klammernliga', '0006_participation_player_date_index'),
    ]

    operations = [
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['trump'], name='game_trump_idx'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['bid'], name='game_bid_idx'),
        ),
    ]
