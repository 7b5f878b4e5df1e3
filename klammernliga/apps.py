from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class KlammernligaConfig(AppConfig):
    name = "klammernliga"
    verbose_name = _("Klammernliga")
