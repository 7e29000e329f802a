"""tools/gen_wrappers.py as a user runs it: stamping, --check, atomic output, errors, --verify-against."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GEN = ROOT / "tools" / "gen_wrappers.py"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def run_gen(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(GEN), *map(str, args)], capture_output=True, text=True, timeout=300, check=False
    )


@pytest.fixture(scope="module")
def small_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A valid little include tree made of two quirk fixtures."""
    root = tmp_path_factory.mktemp("include")
    (root / "acl").mkdir()
    (root / "acl" / "acl.h").write_text('#include "mini.h"\n', encoding="utf-8")
    (root / "acl" / "mini.h").write_text(
        "#include <stdint.h>\n"
        "typedef void *miniStream;\n"
        "typedef enum { MINI_A = 1, MINI_B = 0x80000000 } miniKind;\n"
        "typedef struct { int32_t x; int64_t y[2]; } miniPair;\n"
        "#define MINI_LIMIT (1U << 4)\n"
        "/**\n * @param [out] stream\n * @param [in] kind\n */\n"
        "int aclminiCreate(miniStream *stream, miniKind kind);\n"
        "/**\n * @param [in] pair\n */\n"
        "int aclminiUse(const miniPair *pair);\n",
        encoding="utf-8",
    )
    return root


@pytest.fixture(scope="module")
def generated(small_tree: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("out")
    result = run_gen("--include", small_tree, "--root", root)
    out = root / "acl" / "_generated"
    assert result.returncode == 0, result.stderr
    return out


def test_every_file_is_stamped_with_version_and_input_hash(generated: Path) -> None:
    files = sorted(p for p in generated.iterdir() if p.is_file())
    assert {p.name for p in files} >= {"api.json", "cdef.h", "shims.c", "constants.py", "top.py", "top.pyi"}
    for path in files:
        head = path.read_text(encoding="utf-8")[:400]
        assert "do not edit" in head, path
        assert "input sha256" in head or '"input_sha256"' in head, path


def test_output_is_deterministic(small_tree: Path, generated: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    assert run_gen("--include", small_tree, "--root", again).returncode == 0
    again = again / "acl" / "_generated"
    for path in generated.iterdir():
        if path.is_file():
            assert (again / path.name).read_bytes() == path.read_bytes(), path.name


def test_check_is_clean_then_names_the_drifting_file(
    small_tree: Path, generated: Path, tmp_path: Path
) -> None:
    root = tmp_path / "copy"
    shutil.copytree(generated.parent.parent, root)
    copy = root / "acl" / "_generated"
    clean = run_gen("--include", small_tree, "--root", root, "--check")
    assert clean.returncode == 0, clean.stderr
    with (copy / "top.py").open("a", encoding="utf-8") as f:
        f.write("# hand edit\n")
    (copy / "leftover.py").write_text("x = 1\n", encoding="utf-8")
    (root / "emulator" / "generated" / "emulator_stubs.c").unlink()
    drifted = run_gen("--include", small_tree, "--root", root, "--check")
    assert drifted.returncode == 1
    assert "top.py" in drifted.stderr and "leftover.py" in drifted.stderr
    assert "emulator/generated/emulator_stubs.c: missing" in drifted.stderr
    assert "constants.py" not in drifted.stderr


def test_input_change_changes_the_stamp(small_tree: Path, tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(small_tree, tree)
    first = tmp_path / "first"
    assert run_gen("--include", tree, "--root", first).returncode == 0
    with (tree / "acl" / "mini.h").open("a", encoding="utf-8") as f:
        f.write("#define MINI_EXTRA 7\n")
    check = run_gen("--include", tree, "--root", first, "--check")
    assert check.returncode == 1 and "constants.py" in check.stderr


def test_malformed_header_fails_with_location_and_writes_nothing(small_tree: Path, tmp_path: Path) -> None:
    tree = tmp_path / "bad"
    shutil.copytree(small_tree, tree)
    broken = "#include <stdint.h>\n\nint aclBroken(int32_t x,, int32_t y);\n"
    (tree / "acl" / "broken.h").write_text(broken, encoding="utf-8")
    out = tmp_path / "acl" / "_generated"
    out.mkdir(parents=True)
    (out / "top.py").write_text("previous output\n", encoding="utf-8")
    result = run_gen("--include", tree, "--root", tmp_path)
    assert result.returncode == 1
    assert "acl/broken.h:" in result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["top.py"]
    assert (out / "top.py").read_text(encoding="utf-8") == "previous output\n"


def test_unknown_type_fails_with_location(small_tree: Path, tmp_path: Path) -> None:
    tree = tmp_path / "unknown"
    shutil.copytree(small_tree, tree)
    (tree / "acl" / "typo.h").write_text("\n\nint aclTypo(aclNoSuchType x);\n", encoding="utf-8")
    result = run_gen("--include", tree, "--root", tmp_path / "out")
    assert result.returncode == 1
    assert "acl/typo.h:3" in result.stderr
    assert not (tmp_path / "out").exists()


def test_report_lists_counts_and_skips(small_tree: Path, tmp_path: Path) -> None:
    result = run_gen("--include", small_tree, "--root", tmp_path / "out", "--report")
    assert result.returncode == 0, result.stderr
    assert "total" in result.stdout and "module" in result.stdout


def test_verify_against_the_headers_it_was_generated_from(small_tree: Path, tmp_path: Path) -> None:
    result = run_gen("--include", small_tree, "--verify-against", small_tree)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK" in result.stdout


def test_verify_against_catches_a_changed_prototype(small_tree: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    shutil.copytree(small_tree, other)
    header = other / "acl" / "mini.h"
    header.write_text(header.read_text(encoding="utf-8").replace("miniKind kind)", "int64_t kind)"))
    result = run_gen("--include", small_tree, "--verify-against", other)
    assert result.returncode == 1
    assert "aclminiCreate" in result.stderr


def test_committed_output_is_up_to_date() -> None:
    result = run_gen("--check")
    assert result.returncode == 0, result.stderr


def test_verify_the_baseline_ir_against_our_headers() -> None:
    """Every generated prototype, layout and enum value of the whole baseline matches headers/."""
    result = run_gen("--verify-against", ROOT / "headers")
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert "OK" in result.stdout
