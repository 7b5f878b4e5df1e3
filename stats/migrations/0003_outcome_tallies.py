import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('klammernliga', '0004_year_totals'),
        ('stats', '0002_player_evenings'),
    ]

    operations = [
        migrations.CreateModel(
            name='LeagueOutcome',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('year', models.PositiveSmallIntegerField()),
                ('month', models.PositiveSmallIntegerField(default=1)),
                ('kind', models.CharField(choices=[('r', 'round'), ('m', 'margin')], max_length=1)),
                ('a', models.PositiveSmallIntegerField()),
                ('b', models.PositiveSmallIntegerField(default=0)),
                ('kalte', models.BooleanField(default=False)),
                ('n', models.PositiveIntegerField()),
                ('won', models.PositiveIntegerField(default=0)),
            ],
            options={
                'indexes': [models.Index(fields=['year'], name='league_outcome_year_idx')],
            },
        ),
        migrations.CreateModel(
            name='PlayerOutcome',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('year', models.PositiveSmallIntegerField()),
                ('month', models.PositiveSmallIntegerField(default=1)),
                ('kind', models.CharField(choices=[('r', 'round'), ('m', 'margin')], max_length=1)),
                ('a', models.PositiveSmallIntegerField()),
                ('b', models.PositiveSmallIntegerField(default=0)),
                ('kalte', models.BooleanField(default=False)),
                ('n', models.PositiveIntegerField()),
                ('won', models.PositiveIntegerField(default=0)),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='klammernliga.player')),
            ],
            options={
                'indexes': [models.Index(fields=['player', 'year'], name='player_outcome_year_idx')],
            },
        ),
    ]
