from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('klammernliga', '0007_game_trump_bid_indexes'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='entry_token',
            field=models.UUIDField(blank=True, editable=False, null=True, unique=True),
        ),
        migrations.AddField(
            model_name='historicalgame',
            name='entry_token',
            field=models.UUIDField(blank=True, db_index=True, editable=False, null=True),
        ),
    ]
