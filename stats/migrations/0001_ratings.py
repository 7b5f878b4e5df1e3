import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('klammernliga', '0001_initial'),
    ]

    operations = [
        migrations.CreateModel(
            name='Rating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('date', models.DateField()),
                ('month', models.PositiveIntegerField()),
                ('month_end', models.BooleanField(default=False)),
                ('mu', models.FloatField()),
                ('sigma', models.FloatField()),
                ('ordinal', models.FloatField(verbose_name='Wertung')),
                ('change', models.FloatField(default=0.0)),
                ('rounds', models.PositiveIntegerField(default=0, verbose_name='Runden')),
                ('rounds_evening', models.PositiveIntegerField(default=0)),
                ('rounds_won_evening', models.PositiveIntegerField(default=0)),
                ('evening', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='klammernliga.evening')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='klammernliga.player')),
            ],
            options={
                'verbose_name': 'Wertung',
                'verbose_name_plural': 'Wertungen',
                'indexes': [models.Index(fields=['date'], name='rating_date_idx'), models.Index(condition=models.Q(('month_end', True)), fields=['player', 'date'], name='rating_month_end_idx')],
                'constraints': [models.UniqueConstraint(fields=('player', 'date'), name='rating_unique_player_date')],
            },
        ),
    ]
