"""`{{ timedelta|minutes }}`: a wait in whole minutes, for a sentence with a plural."""

from __future__ import annotations

import datetime
import math

from django import template

register = template.Library()


@register.filter
def minutes(value: object) -> int:
    if not isinstance(value, datetime.timedelta):
        return 0
    return math.ceil(value.total_seconds() / 60)
