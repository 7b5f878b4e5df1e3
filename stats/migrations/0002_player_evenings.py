import django.db.models.deletion
from django.db import migrations, models


def backfill(apps, schema_editor):
    """Mark each player's last rating of a year. (The player evenings of games stored before
    this migration are summed by `manage.py recompute`: no application code runs here.)"""
    rating = apps.get_model("stats", "Rating")
    last = {}
    for pk, player, date in rating.objects.order_by("date").values_list("pk", "player_id", "date"):
        last[(player, date.year)] = pk
    ends = list(last.values())
    for start in range(0, len(ends), 500):
        rating.objects.filter(pk__in=ends[start : start + 500]).update(year_end=True)


class Migration(migrations.Migration):

    dependencies = [
        ('klammernliga', '0005_participation_player_index'),
        ('stats', '0001_ratings'),
    ]

    operations = [
        migrations.CreateModel(
            name='PlayerEvening',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('date', models.DateField()),
                ('year', models.PositiveIntegerField()),
                ('games', models.PositiveIntegerField(default=0)),
                ('games_won', models.PositiveIntegerField(default=0)),
                ('rounds_won', models.PositiveIntegerField(default=0)),
                ('rounds_lost', models.PositiveIntegerField(default=0)),
                ('large_points', models.PositiveIntegerField(default=0)),
                ('kalte', models.PositiveIntegerField(default=0)),
                ('laube', models.PositiveIntegerField(default=0)),
                ('small_points', models.PositiveIntegerField(default=0)),
                ('small_points_against', models.PositiveIntegerField(default=0)),
                ('declared_kreuz', models.PositiveIntegerField(default=0)),
                ('declared_kreuz_won', models.PositiveIntegerField(default=0)),
                ('declared_pik', models.PositiveIntegerField(default=0)),
                ('declared_pik_won', models.PositiveIntegerField(default=0)),
                ('declared_herz', models.PositiveIntegerField(default=0)),
                ('declared_herz_won', models.PositiveIntegerField(default=0)),
                ('declared_karo', models.PositiveIntegerField(default=0)),
                ('declared_karo_won', models.PositiveIntegerField(default=0)),
                ('declared_rein', models.PositiveIntegerField(default=0)),
                ('declared_rein_won', models.PositiveIntegerField(default=0)),
                ('declared_klein', models.PositiveIntegerField(default=0)),
                ('declared_klein_won', models.PositiveIntegerField(default=0)),
                ('declared_besser', models.PositiveIntegerField(default=0)),
                ('declared_besser_won', models.PositiveIntegerField(default=0)),
                ('kontra_said_games', models.PositiveIntegerField(default=0)),
                ('kontra_said_won', models.PositiveIntegerField(default=0)),
                ('kontra_said_net', models.IntegerField(default=0)),
                ('kontra_against_games', models.PositiveIntegerField(default=0)),
                ('kontra_against_won', models.PositiveIntegerField(default=0)),
                ('kontra_against_net', models.IntegerField(default=0)),
                ('re_said_games', models.PositiveIntegerField(default=0)),
                ('re_said_won', models.PositiveIntegerField(default=0)),
                ('re_said_net', models.IntegerField(default=0)),
                ('re_against_games', models.PositiveIntegerField(default=0)),
                ('re_against_won', models.PositiveIntegerField(default=0)),
                ('re_against_net', models.IntegerField(default=0)),
                ('terz_own', models.PositiveIntegerField(default=0)),
                ('terz_against', models.PositiveIntegerField(default=0)),
                ('fuenfzig_own', models.PositiveIntegerField(default=0)),
                ('fuenfzig_against', models.PositiveIntegerField(default=0)),
                ('belle_own', models.PositiveIntegerField(default=0)),
                ('belle_against', models.PositiveIntegerField(default=0)),
                ('run_start', models.PositiveIntegerField(default=0)),
                ('run_end', models.PositiveIntegerField(default=0)),
                ('run_best', models.PositiveIntegerField(default=0)),
            ],
        ),
        migrations.CreateModel(
            name='PlayerGameYear',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('year', models.PositiveIntegerField()),
                ('declared_kreuz', models.PositiveIntegerField(default=0)),
                ('declared_kreuz_won', models.PositiveIntegerField(default=0)),
                ('declared_pik', models.PositiveIntegerField(default=0)),
                ('declared_pik_won', models.PositiveIntegerField(default=0)),
                ('declared_herz', models.PositiveIntegerField(default=0)),
                ('declared_herz_won', models.PositiveIntegerField(default=0)),
                ('declared_karo', models.PositiveIntegerField(default=0)),
                ('declared_karo_won', models.PositiveIntegerField(default=0)),
                ('declared_rein', models.PositiveIntegerField(default=0)),
                ('declared_rein_won', models.PositiveIntegerField(default=0)),
                ('declared_klein', models.PositiveIntegerField(default=0)),
                ('declared_klein_won', models.PositiveIntegerField(default=0)),
                ('declared_besser', models.PositiveIntegerField(default=0)),
                ('declared_besser_won', models.PositiveIntegerField(default=0)),
                ('kontra_said_games', models.PositiveIntegerField(default=0)),
                ('kontra_said_won', models.PositiveIntegerField(default=0)),
                ('kontra_said_net', models.IntegerField(default=0)),
                ('kontra_against_games', models.PositiveIntegerField(default=0)),
                ('kontra_against_won', models.PositiveIntegerField(default=0)),
                ('kontra_against_net', models.IntegerField(default=0)),
                ('re_said_games', models.PositiveIntegerField(default=0)),
                ('re_said_won', models.PositiveIntegerField(default=0)),
                ('re_said_net', models.IntegerField(default=0)),
                ('re_against_games', models.PositiveIntegerField(default=0)),
                ('re_against_won', models.PositiveIntegerField(default=0)),
                ('re_against_net', models.IntegerField(default=0)),
                ('terz_own', models.PositiveIntegerField(default=0)),
                ('terz_against', models.PositiveIntegerField(default=0)),
                ('fuenfzig_own', models.PositiveIntegerField(default=0)),
                ('fuenfzig_against', models.PositiveIntegerField(default=0)),
                ('belle_own', models.PositiveIntegerField(default=0)),
                ('belle_against', models.PositiveIntegerField(default=0)),
            ],
        ),
        migrations.AddField(
            model_name='rating',
            name='year_end',
            field=models.BooleanField(default=False),
        ),
        migrations.AddIndex(
            model_name='rating',
            index=models.Index(condition=models.Q(('year_end', True)), fields=['player', 'date'], name='rating_year_end_idx'),
        ),
        migrations.AddField(
            model_name='playerevening',
            name='evening',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='klammernliga.evening'),
        ),
        migrations.AddField(
            model_name='playerevening',
            name='player',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='klammernliga.player'),
        ),
        migrations.AddField(
            model_name='playergameyear',
            name='player',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='klammernliga.player'),
        ),
        migrations.AddIndex(
            model_name='playerevening',
            index=models.Index(fields=['date'], name='player_evening_date_idx'),
        ),
        migrations.AddConstraint(
            model_name='playerevening',
            constraint=models.UniqueConstraint(fields=('player', 'date'), name='player_evening_unique'),
        ),
        migrations.AddConstraint(
            model_name='playergameyear',
            constraint=models.UniqueConstraint(fields=('player', 'year'), name='player_game_year_unique'),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop, elidable=True),
    ]
