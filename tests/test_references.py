"""Every file the code or the documentation refers to exists: Markdown links in README.md and
docs/, file paths written in backticks there, and every `*.md` a comment or docstring names."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CODE_DIRS = ["klammernliga", "scoring", "stats", "bench", "tests", "templates", "static", "scripts"]
CODE_SUFFIXES = {".py", ".html", ".js", ".css", ".txt", ".toml", ".sh"}
TOP = r"(?:klammernliga|scoring|stats|bench|tests|templates|static|scripts|docs|locale)"

LINK = re.compile(r"\]\(([^)\s]+)\)")
EXTENSIONS = r"(?:py|md|html|js|css|json|toml|sh|txt|po|csv|webmanifest|png|svg)"
CODE_PATH = re.compile(rf"`({TOP}/(?:[\w.-]+/)*[\w.-]+\.{EXTENSIONS})`")
MARKDOWN_NAME = re.compile(r"(?<![\w/.-])((?:[\w-]+/)*[\w-]+\.md)\b")


def _code_files() -> list[Path]:
    files = [ROOT / "Makefile", ROOT / "pyproject.toml"]
    for folder in CODE_DIRS:
        files += [
            path
            for path in (ROOT / folder).rglob("*")
            if path.suffix in CODE_SUFFIXES and path.is_file() and "out" not in path.parts
        ]
    return files


def document_references() -> list[tuple[Path, str, Path]]:
    found = []
    for doc in DOCUMENTS:
        text = doc.read_text(encoding="utf-8")
        for target in LINK.findall(text):
            if target.startswith(("http://", "https://", "mailto:", "#")):
                continue
            found.append((doc, target, doc.parent / target.split("#")[0]))
        for target in CODE_PATH.findall(text):
            if not target.startswith("bench/out/"):  # made by `make bench`, ignored by git
                found.append((doc, target, ROOT / target))
    return found


def code_references() -> list[tuple[Path, str, Path]]:
    this = Path(__file__).resolve()
    found = []
    for path in _code_files():
        if path.resolve() == this:
            continue
        for target in MARKDOWN_NAME.findall(path.read_text(encoding="utf-8", errors="replace")):
            # A bare name (`ROOT / "docs" / "rules.md"`) is a file at the top or in docs/.
            places = [ROOT / target] if "/" in target else [ROOT / target, ROOT / "docs" / target]
            found.append((path, target, next((p for p in places if p.exists()), places[0])))
    return found


def test_the_documentation_has_what_the_code_names() -> None:
    names = {path.name for path in DOCUMENTS}
    assert {"README.md", "rules.md", "glossary.md", "manual.md", "formats.md"} <= names
    assert {"deployment.md", "architecture.md", "klammernboss.md", "benchmarks.md"} <= names


def test_every_file_the_documents_refer_to_exists() -> None:
    references = document_references()
    assert len(references) > 20, "the reference pattern finds the documents' links"
    missing = [
        f"{doc.relative_to(ROOT)}: {target}"
        for doc, target, path in references
        if not path.exists()
    ]
    assert missing == []


def test_every_markdown_file_the_code_names_exists() -> None:
    references = code_references()
    assert any(target == "docs/rules.md" for _path, target, _file in references)
    missing = [
        f"{path.relative_to(ROOT)}: {target}"
        for path, target, file in references
        if not file.exists()
    ]
    assert missing == []


def test_the_checks_catch_a_missing_file(tmp_path: Path) -> None:
    code = tmp_path / "example.py"
    code.write_text('"""Tables as RULES.md "Tables" says."""\n', encoding="utf-8")
    assert MARKDOWN_NAME.findall(code.read_text(encoding="utf-8")) == ["RULES.md"]
    assert not (ROOT / "RULES.md").exists()
    assert CODE_PATH.findall("see `scoring/rating.py`.") == ["scoring/rating.py"]
