"""ARCHITECTURE.md held to the code where it states facts a test can check.

- every module under ``src/wayfinding`` is named on the page, in the table row (or
  section) of its folder, and every module the page names exists;
- the modules over 400 lines are exactly those its last section names;
- ``isinstance(..., Grid)`` stands in exactly the functions it names;
- and, as the page and ``benchmarks/NOTES.md`` say, no module keeps timing figures in its
  comments or docstrings.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "wayfinding"
PAGE = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
MODULES = sorted(p.relative_to(SRC).as_posix() for p in SRC.rglob("*.py"))
LONG = 400


def section(title: str) -> str:
    """The text of the page's ``## title`` section."""
    start = PAGE.index(f"\n## {title}\n")
    end = PAGE.find("\n## ", start + 1)
    return PAGE[start:] if end < 0 else PAGE[start:end]


def rows(text: str) -> list[tuple[str, str]]:
    """The (first cell, whole row) of each row of the tables in ``text``."""
    found = []
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| ---"):
            found.append((line.split(" | ")[0], line))
    return found


FOLDERS = rows(section("Folders"))
TOOLKIT = section("The shared compiled toolkit")


def named_in(module: str) -> list[str]:
    """The texts that may name ``module``: for a module of a subpackage, the rows whose
    first cell names its top folder (``grid/...``); for ``_kernels/`` of the top, the
    toolkit section; for a top-level module, the first cells of the folder table."""
    parts = module.split("/")
    if parts[0] == "_kernels":
        return [TOOLKIT]
    if len(parts) == 1:
        return [cell for cell, _ in FOLDERS]
    return [row for cell, row in FOLDERS if f"`{parts[0]}/" in cell]


def is_named(module: str) -> bool:
    """By its path below ``src/wayfinding`` anywhere on the page, else in a text of
    :func:`named_in`: by file name (``derived.py``), by its folder (a package's
    ``__init__.py``: ``grid/prepared/``), or as a kernel by its stem in backquotes
    (``bestfirst``, ``_kernels/subgoal``)."""
    if f"`{module}`" in PAGE or re.search(rf"[`/]{re.escape(module)}\b", PAGE):
        return True
    path = Path(module)
    if path.name == "__init__.py":  # a package's face: its folder, or "kernels" in its row
        patterns = [rf"`({re.escape(path.parent.as_posix())}|{re.escape(path.parent.name)})/"]
        if path.parent.name == "_kernels":
            patterns.append(r"\bkernels?\b")
    else:
        # by file name, or as a module whose member is named: `ordering.locality_layout`
        patterns = [rf"`[\w/]*\b{re.escape(path.name)}`", rf"`{re.escape(path.stem)}\.\w"]
        if path.parent.name == "_kernels":
            patterns.append(rf"`(_kernels/)?{re.escape(path.stem)}[`(]")
    return any(re.search(pattern, text) for text in named_in(module) for pattern in patterns)


@pytest.mark.parametrize("module", MODULES)
def test_every_module_is_named_in_its_folder_row(module):
    assert is_named(module), f"{module} is not named in ARCHITECTURE.md"


NAMED = sorted(set(re.findall(r"`([\w/.]+\.py)`", PAGE)) | set(
    re.findall(r"`([\w/]+\.py) ", PAGE)))


@pytest.mark.parametrize("name", NAMED)
def test_every_module_named_exists(name):
    """A ``*.py`` of the page is a file of the repository (``tests/...``, a benchmark),
    a module by its path below ``src/wayfinding`` or below a folder of it, or by its
    file name."""
    if any((folder / name).exists() for folder in (ROOT, SRC, ROOT / "benchmarks")):
        return
    assert any(m.endswith("/" + name) for m in MODULES) or (
        "/" not in name and any(Path(m).name == name for m in MODULES)), (
        f"ARCHITECTURE.md names {name}, which does not exist")


def lines(module: str) -> int:
    return len((SRC / module).read_text(encoding="utf-8").splitlines())


def test_the_modules_over_400_lines_are_the_ones_the_page_names():
    listed = set(re.findall(r"^- `([\w/]+\.py)`:", section("Modules over 400 lines"),
                            re.MULTILINE))
    assert listed, "the section lists its modules as '- `path.py`: why'"
    long = {m for m in MODULES if lines(m) > LONG}
    assert long - listed == set(), f"over {LONG} lines but not named and justified"
    assert listed - long == set(), f"named as over {LONG} lines but shorter (or gone)"


def grid_checks(module: str) -> set[str]:
    """The functions of ``module`` (by name, the innermost around each call; ``<module>``
    outside any) that call ``isinstance(x, Grid)`` or ``isinstance(x, (..., Grid))``."""
    tree = ast.parse((SRC / module).read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
                continue
            if (isinstance(child, ast.Call) and isinstance(child.func, ast.Name)
                    and child.func.id == "isinstance" and len(child.args) == 2
                    and any(isinstance(n, ast.Name) and n.id == "Grid"
                            for n in ast.walk(child.args[1]))):
                found.add(where)
            visit(child, where)

    visit(tree, "<module>")
    return found


def test_isinstance_of_grid_stands_exactly_where_the_page_says():
    start = PAGE.index("`isinstance(..., Grid)` appears only in")
    sentence = PAGE[start:PAGE.index(".\n", start)]
    said = {module: set(re.findall(r"`(\w+)`", names)) for module, names in
            re.findall(r"`([\w/]+\.py)` \(([^)]*)\)", sentence)}
    assert said, "the sentence names modules as `module.py` (`function`, ...)"
    found = {m: grid_checks(m) for m in MODULES}
    assert {m: f for m, f in found.items() if f} == said


#: A timing figure: ``8-15%``, ``2.5x``, ``1.5 times as``, ``10 us``, ``5.7 s`` (sizes such
#: as ``256 MB`` are facts of the code, not measurements).
TIMING = re.compile(r"\d(?:[\d.,]*\d)?(?:\s?%|x\b|\s+times\s+(?:faster|slower|as)"
                    r"|\s?(?:us|µs|ms)\b|\s(?:s|seconds)\b)")


def commentary(path: Path) -> list[tuple[int, str]]:
    """The comments and docstrings of a module (strings standing as statements), by line."""
    found = []
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text("utf-8")).readline))
    previous = None
    for token in tokens:
        if token.type == tokenize.COMMENT:
            found.append((token.start[0], token.string))
        elif token.type == tokenize.STRING and (previous is None or previous.type in (
                tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT)):
            found.extend((token.start[0] + i, line)
                         for i, line in enumerate(token.string.splitlines()))
        if token.type not in (tokenize.COMMENT, tokenize.NL):
            previous = token
    return found


@pytest.mark.parametrize("module", MODULES)
def test_no_timing_figures_in_comments_or_docstrings(module):
    """Measurements live in benchmarks/NOTES.md; the code points there in one line."""
    timed = [f"{module}:{line}: {text.strip()}" for line, text in commentary(SRC / module)
             if TIMING.search(text)]
    assert timed == [], "move these figures to benchmarks/NOTES.md:\n" + "\n".join(timed)


def _jitted(tree: ast.AST) -> list[ast.FunctionDef]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
            and any("jit" in ast.unparse(d) for d in node.decorator_list)]


def _array_into_slice(node: ast.AST) -> bool:
    """``a[i:j] = <an array>``: anything but a constant (``0``, ``-1``, ``np.inf``)."""
    if not isinstance(node, ast.Assign):
        return False
    value = node.value
    constant = (isinstance(value, ast.Constant)
                or (isinstance(value, ast.UnaryOp) and isinstance(value.operand, ast.Constant))
                or (isinstance(value, ast.Attribute) and value.attr in ("inf", "nan")))
    return not constant and any(
        isinstance(target, ast.Subscript)
        and any(isinstance(part, ast.Slice) for part in ast.walk(target.slice))
        for target in node.targets)


@pytest.mark.parametrize("module", MODULES)
def test_no_kernel_assigns_an_array_to_a_slice(module):
    """numba compiles a formatted shape-error message (its string formatting, ~3 s) for
    each slice assignment between arrays, once per process: kernels copy with loops."""
    tree = ast.parse((SRC / module).read_text(encoding="utf-8"))
    found = [f"{module}:{node.lineno}: {ast.unparse(node)}" for fn in _jitted(tree)
             for node in ast.walk(fn) if _array_into_slice(node)]
    assert not found, found
