"""A rating keeps the ordinal its player had before the evening instead of the change over it
(the change is their difference), so that a game appended to the latest evening continues the
evening's stored rows (klammernliga.derive.ratings.append_game).

The value is the player's previous row's ordinal, read exactly; a first row's was the new
player's ordinal, which is its ordinal less its change (the change was counted from it)."""

from django.db import migrations, models
from django.db.models import F, OuterRef, Subquery
from django.db.models.functions import Coalesce


def fill(apps, schema_editor):
    Rating = apps.get_model("klammernliga", "Rating")
    previous = Rating.objects.filter(player_id=OuterRef("player_id"), date__lt=OuterRef("date"))
    Rating.objects.update(
        ordinal_before=Coalesce(
            Subquery(previous.order_by("-date").values("ordinal")[:1]),
            F("ordinal") - F("change"),
        )
    )


def unfill(apps, schema_editor):
    Rating = apps.get_model("klammernliga", "Rating")
    Rating.objects.update(change=F("ordinal") - F("ordinal_before"))


class Migration(migrations.Migration):

    dependencies = [
        ("klammernliga", "0011_one_grain"),
    ]

    operations = [
        migrations.AddField(
            model_name="rating",
            name="ordinal_before",
            field=models.FloatField(default=0.0),
        ),
        migrations.RunPython(fill, unfill),
        migrations.RemoveField(
            model_name="rating",
            name="change",
        ),
    ]
