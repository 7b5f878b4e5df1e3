"""Loaded by pytest before Django starts (see pyproject addopts): local development settings."""

import os

os.environ.setdefault("DEBUG", "1")
