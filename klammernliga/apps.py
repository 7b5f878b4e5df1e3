from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def new_generation_after_migrate(sender: AppConfig, **kwargs: object) -> None:
    """A deploy runs `migrate`: new code or rebuilt summaries may change every page."""
    from django.db import transaction

    from klammernliga import generation

    with transaction.atomic():
        generation.bump()


class KlammernligaConfig(AppConfig):
    name = "klammernliga"
    verbose_name = _("Klammernliga")

    def ready(self) -> None:
        post_migrate.connect(
            new_generation_after_migrate, sender=self, dispatch_uid="klammernliga.generation"
        )
