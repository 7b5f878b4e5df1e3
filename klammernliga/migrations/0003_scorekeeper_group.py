"""The scorekeepers' group (Schriftführer) with the permissions to enter results."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

from klammernliga.entry.access import SCOREKEEPER_GROUP, ensure_scorekeeper_group


def create_group(apps, schema_editor):
    # Permissions are normally created after all migrations; the group needs them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    ensure_scorekeeper_group(apps.get_model("auth", "Group"), apps.get_model("auth", "Permission"))


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=SCOREKEEPER_GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("klammernliga", "0002_match_history_and_scorekeeper_permission"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
