"""The KlammernBoss reads more of each declared game (scoring.rating: the share on two scales,
melds, Kontra, Re and the bid) and rings its change alarm after an evening is learned: the stored
ratings and kept states of the previous model are
forgotten, until `manage.py recompute` (or the next change of a game) learns the whole history
anew (docs/deployment.md). A kept state of the previous model must not be resumed by a save."""

from django.db import migrations


def forget_old_ratings(apps, schema_editor):
    apps.get_model("klammernliga", "RatingState").objects.all().delete()
    apps.get_model("klammernliga", "Rating").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("klammernliga", "0015_rating_through_time"),
    ]

    operations = [
        migrations.RunPython(forget_old_ratings, migrations.RunPython.noop),
    ]
