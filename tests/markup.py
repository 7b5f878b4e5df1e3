"""Reading a page's HTML in tests the way a browser does: templates are formatted by djLint, so a
tag's attributes may stand on several lines; whitespace between them carries no meaning."""

import re


def squeezed(page: str) -> str:
    """The page with every run of whitespace as one space (and none just inside a tag's text)."""
    one_space = re.sub(r"\s+", " ", page)
    return re.sub(r">\s+", ">", re.sub(r"\s+<", "<", one_space))
