"""Who may enter results: the scorekeepers' group (Schriftführer) and superusers."""

from __future__ import annotations

from typing import Any

SCOREKEEPER_GROUP = "Schriftführer"
ENTER_RESULTS = "klammernliga.enter_results"

# What the group holds: the entry permission, and the records' model permissions so that a
# scorekeeper who is also staff can fix players and evenings in the admin.
GROUP_PERMISSIONS: tuple[str, ...] = (
    "enter_results",
    *(
        f"{action}_{model}"
        for model in ("player", "evening", "match", "game", "meld")
        for action in ("add", "change", "delete", "view")
    ),
    "view_team",
)


def ensure_scorekeeper_group(group_model: Any = None, permission_model: Any = None) -> Any:
    """The Schriftführer group with its permissions, created when missing (the migration passes
    its historical models; the command and tests call it plainly)."""
    if group_model is None or permission_model is None:
        from django.contrib.auth.models import Group, Permission

        group_model, permission_model = Group, Permission
    group, _created = group_model.objects.get_or_create(name=SCOREKEEPER_GROUP)
    permissions = permission_model.objects.filter(
        content_type__app_label="klammernliga", codename__in=GROUP_PERMISSIONS
    )
    group.permissions.add(*permissions)
    return group
