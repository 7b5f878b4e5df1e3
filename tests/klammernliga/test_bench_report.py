"""`make bench` writes its table into docs/benchmarks.md and into no other file."""

from pathlib import Path

from bench import __main__ as bench_main
from bench.report import END, START, write_report

ROOT = Path(__file__).resolve().parents[2]


def test_the_report_replaces_only_the_block_between_the_markers(tmp_path: Path) -> None:
    report = tmp_path / "benchmarks.md"
    report.write_text(f"# Benchmarks\n\nnotes before\n\n{START}\nold table\n{END}\n\nnotes after\n")
    write_report(report, "new table")
    text = report.read_text(encoding="utf-8")
    assert f"{START}\nnew table\n{END}" in text
    assert "old table" not in text
    assert text.startswith("# Benchmarks\n\nnotes before\n") and text.endswith("notes after\n")


def test_a_report_without_markers_gains_them_at_its_end(tmp_path: Path) -> None:
    report = tmp_path / "benchmarks.md"
    report.write_text("# Benchmarks\n\nnotes\n")
    write_report(report, "first table")
    assert report.read_text(encoding="utf-8").endswith(f"{START}\nfirst table\n{END}\n")


def test_the_bench_writes_docs_benchmarks_and_leaves_the_readme_unchanged(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    for name in ("README.md", "docs/benchmarks.md"):
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    readme = (tmp_path / "README.md").read_bytes()
    written = bench_main.publish("| page | cold |\n| --- | --- |\n| Home | 9.9 / 12.3 |", tmp_path)
    assert written == tmp_path / "docs" / "benchmarks.md"
    assert "| Home | 9.9 / 12.3 |" in written.read_text(encoding="utf-8")
    assert (tmp_path / "README.md").read_bytes() == readme
    assert START.encode() not in readme, "the README holds no table for the bench to rewrite"
