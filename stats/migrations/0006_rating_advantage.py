from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("stats", "0005_player_outcome_month_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="rating",
            name="advantage_mu",
            field=models.FloatField(default=0.0),
        ),
        migrations.AddField(
            model_name="rating",
            name="advantage_sigma",
            field=models.FloatField(default=1.0),
        ),
    ]
