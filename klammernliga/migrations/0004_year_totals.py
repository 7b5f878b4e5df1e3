import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Count, Sum
from django.db.models.functions import ExtractYear

SUMS = (
    "games",
    "games_won",
    "small_points",
    "small_points_against",
    "rounds_won",
    "rounds_lost",
    "large_points",
    "kalte",
    "laube",
)


def backfill(apps, schema_editor):
    """The sums of every player and team per year, from the stored participations."""
    participations = apps.get_model("klammernliga", "Participation").objects.annotate(
        period=ExtractYear("date")
    )
    sums = {"evenings": Count("evening", distinct=True), **{f: Sum(f) for f in SUMS}}
    for model_name, key, rows in (
        ("PlayerYear", "player", participations),
        ("TeamYear", "team", participations.filter(is_first=True)),
    ):
        model = apps.get_model("klammernliga", model_name)
        grouped = rows.values("period", key).annotate(**sums).order_by()
        model.objects.bulk_create(
            [
                model(
                    year=r["period"],
                    evenings=r["evenings"],
                    **{f"{key}_id": r[key]},
                    **{f: r[f] or 0 for f in SUMS},
                )
                for r in grouped
            ],
            batch_size=2000,
        )


class Migration(migrations.Migration):
    dependencies = [
        ("klammernliga", "0003_scorekeeper_group"),
    ]

    operations = [
        migrations.CreateModel(
            name="PlayerYear",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("year", models.PositiveSmallIntegerField()),
                ("evenings", models.PositiveIntegerField(default=0)),
                ("games", models.PositiveIntegerField(default=0)),
                ("games_won", models.PositiveIntegerField(default=0)),
                ("small_points", models.PositiveIntegerField(default=0)),
                ("small_points_against", models.PositiveIntegerField(default=0)),
                ("rounds_won", models.PositiveIntegerField(default=0)),
                ("rounds_lost", models.PositiveIntegerField(default=0)),
                ("large_points", models.PositiveIntegerField(default=0)),
                ("kalte", models.PositiveIntegerField(default=0)),
                ("laube", models.PositiveIntegerField(default=0)),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="years",
                        to="klammernliga.player",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("year", "player"), name="player_year_unique")
                ],
            },
        ),
        migrations.CreateModel(
            name="TeamYear",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("year", models.PositiveSmallIntegerField()),
                ("evenings", models.PositiveIntegerField(default=0)),
                ("games", models.PositiveIntegerField(default=0)),
                ("games_won", models.PositiveIntegerField(default=0)),
                ("small_points", models.PositiveIntegerField(default=0)),
                ("small_points_against", models.PositiveIntegerField(default=0)),
                ("rounds_won", models.PositiveIntegerField(default=0)),
                ("rounds_lost", models.PositiveIntegerField(default=0)),
                ("large_points", models.PositiveIntegerField(default=0)),
                ("kalte", models.PositiveIntegerField(default=0)),
                ("laube", models.PositiveIntegerField(default=0)),
                (
                    "team",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="years",
                        to="klammernliga.team",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("year", "team"), name="team_year_unique")
                ],
            },
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
