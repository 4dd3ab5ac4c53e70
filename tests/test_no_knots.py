"""The package has no knots (issue 29, point 5): no import cycle between its files and
no private name taken from another file.

Both checks read the source with ``ast`` and never import it, so an import hidden
inside a function counts as much as one at the top of a file. The one exception is a
lazy import inside a ``_repr_*_`` method (``_repr_html_``: the notebook asks an object
for its picture, and the renderer may depend on the object's module, as python-chess
renders its boards). A private name is a name that starts with one underscore (not a
dunder); a module whose own name is private (``_name.py``) is its package's: the
files of the same folder may use it and its names, nothing else may. The test files are
held to the same rule among themselves: one test file may share a helper or a fixture with
another by a public name (``postgres_bindir``), never take its ``_name``.

Each check is also run on a deliberately knotted copy of a tiny package, so neither
can pass by finding nothing.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rummy_teach"
TESTS = ROOT / "tests"
REPR = re.compile(r"^_repr_\w*_$")


@lru_cache(maxsize=None)
def _parse(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def module_names(package: Path) -> dict[str, Path]:
    """Every module of the package by dotted name (a folder's ``__init__`` is the folder)."""
    names = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _imports(tree: ast.AST):
    """Each import statement of a file, skipping those inside a ``_repr_*_`` method."""
    def walk(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and REPR.match(child.name):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child
            yield from walk(child)
    yield from walk(tree)


def _base(module: str, path: Path, level: int) -> str:
    """The package a relative import of ``level`` dots starts from."""
    parts = module.split(".")
    if path.name != "__init__.py":
        parts.pop()
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts)


def imported(module: str, path: Path, modules: dict[str, Path]):
    """(imported module, names taken from it, line) for each import in a file: ``from a
    import b`` where ``a.b`` is a module counts as importing ``a.b``."""
    tree = _parse(path)
    for node in _imports(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    yield alias.name, (), node.lineno
            continue
        source = node.module or ""
        if node.level:
            base = _base(module, path, node.level)
            source = f"{base}.{source}" if source else base
        for alias in node.names:
            sub = f"{source}.{alias.name}"
            if sub in modules:
                yield sub, (), node.lineno
            elif source in modules:
                yield source, (alias.name,), node.lineno


def import_graph(package: Path) -> dict[str, set[str]]:
    modules = module_names(package)
    graph = {name: set() for name in modules}
    for name, path in modules.items():
        for target, _names, _line in imported(name, path, modules):
            if target != name:
                graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def _folder(module: str, modules: dict[str, Path]) -> str:
    path = modules[module]
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _may_use(user_folder: str | None, owner: str, modules: dict[str, Path]) -> bool:
    """A private module's names belong to the folder it sits in."""
    return (_private(owner.rpartition(".")[2]) and user_folder is not None
            and _folder(owner, modules) == user_folder)


def private_crossings(files: dict[str, Path], modules: dict[str, Path]) -> list[str]:
    """Each place a file in ``files`` (dotted name → path; tests have names outside the
    package) takes a private name of another module of the package: ``from m import _x``,
    ``m._x`` on a module bound by an import, ``import``ing a private module from outside
    its folder, and ``setattr``/``getattr``/``monkeypatch`` with ``"_x"`` on such a module."""
    found = []
    for name, path in files.items():
        user_folder = _folder(name, modules) if name in modules else None
        tree = _parse(path)
        bound = {}  # local name -> module it is bound to
        for node in _imports(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname and alias.name in modules:
                        bound[alias.asname] = alias.name
                    elif alias.name.partition(".")[0] in modules:  # import a.b binds a
                        bound[alias.name.partition(".")[0]] = alias.name.partition(".")[0]
                continue
        for target, names, line in imported(name, path, modules) if name in modules else _test_imports(path, modules):
            where = f"{path.relative_to(ROOT)}:{line}"
            if _private(target.rpartition(".")[2]) and not _may_use(user_folder, target, modules):
                found.append(f"{where} imports the private module {target}")
            for taken in names:
                if target != name and _private(taken) and not _may_use(user_folder, target, modules):
                    found.append(f"{where} takes {target}.{taken}")
        for node in _imports(tree):
            if isinstance(node, ast.ImportFrom):
                source = node.module or ""
                if node.level:
                    base = _base(name, path, node.level)
                    source = f"{base}.{source}" if source else base
                for alias in node.names:
                    if f"{source}.{alias.name}" in modules:
                        bound[alias.asname or alias.name] = f"{source}.{alias.name}"
        for node in ast.walk(tree):
            owner, taken = None, None
            if isinstance(node, ast.Attribute) and _private(node.attr):
                owner, taken = _dotted(node.value, bound, modules), node.attr
            elif (isinstance(node, ast.Call) and len(node.args) >= 2
                  and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
                  and _private(node.args[1].value)):
                owner, taken = _dotted(node.args[0], bound, modules), node.args[1].value
            if owner and owner != name and not _may_use(user_folder, owner, modules):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} takes {owner}.{taken}")
    return sorted(set(found))


def _dotted(node: ast.AST, bound: dict[str, str], modules) -> str | None:
    """The package module an expression names (``ai``, ``rummy_teach.game.ai``), if any."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in bound:
        return None
    dotted = ".".join([bound[node.id], *reversed(parts)])
    return dotted if dotted in modules else None


def _test_imports(path: Path, modules):
    """(module, names, line) for each absolute import of the package in a test file."""
    tree = _parse(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    yield alias.name, (), node.lineno
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                if sub in modules:
                    yield sub, (), node.lineno
                elif node.module in modules:
                    yield node.module, (alias.name,), node.lineno


def _test_files(tests: Path) -> dict[str, Path]:
    return {f"tests.{path.stem}": path for path in sorted(tests.glob("*.py"))}


def _test_modules(tests: Path) -> dict[str, Path]:
    """The test files as the modules they import each other as (``from browser import
    free_port``: pytest puts tests/ on the path, so a file's name is its module's)."""
    return {path.stem: path for path in sorted(tests.glob("*.py"))}


# --- the package ----------------------------------------------------------------------

def test_no_import_cycle_between_files():
    found = cycles(import_graph(PACKAGE))
    assert not found, "import cycles between files:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_no_private_name_crosses_files_in_the_package():
    modules = module_names(PACKAGE)
    found = private_crossings(modules, modules)
    assert not found, "private names taken from another file:\n" + "\n".join(found)


def test_no_test_takes_a_private_name_of_the_package():
    modules = module_names(PACKAGE)
    found = private_crossings(_test_files(TESTS), modules)
    assert not found, "tests taking private names:\n" + "\n".join(found)


def test_no_test_takes_a_private_name_of_another_test_file():
    tests = _test_modules(TESTS)
    found = private_crossings(tests, tests)
    assert not found, "test files taking another test file's private names:\n" + "\n".join(found)


# --- the checks can fail -----------------------------------------------------------------

def _knotted_copy(tmp_path: Path) -> Path:
    """A tiny package with one of each knot."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "a.py": "from .b import thing\n\ndef _helper():\n    return 1\n",
        # the cycle is hidden inside a function
        "b.py": "def thing():\n    from . import a\n    return a._helper()\n",
        # a lazy import in a _repr_html_ is allowed both ways
        "c.py": "class C:\n    def _repr_html_(self):\n        from .d import draw\n        return draw(self)\n",
        "d.py": "from .c import C\n\ndef draw(c):\n    return ''\n",
        "sub/__init__.py": "",
        "sub/_inner.py": "_secret = 1\n",
        "sub/e.py": "from ._inner import _secret\n",  # its own folder: allowed
        "f.py": "from .sub._inner import _secret\nfrom .a import _helper\n",
    }
    for name, text in files.items():
        (pkg / name).write_text(text, encoding="utf-8")
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text(
        "import pkg.a\nfrom pkg import a as alias\n\n"
        "def test(monkeypatch):\n    pkg.a._helper()\n    monkeypatch.setattr(alias, '_helper', None)\n"
        "\n\ndef _bindir():\n    return 'bin'\n\n\ndef shared():\n    return _bindir()\n",
        encoding="utf-8")
    # a test file taking another's private helper, by name and through the module
    (tests / "test_y.py").write_text(
        "import test_x\nfrom test_x import _bindir, shared\n\n"
        "def test():\n    assert _bindir() == test_x._bindir() == shared()\n",
        encoding="utf-8")
    return tmp_path


def test_the_checks_find_knots_in_a_knotted_copy(tmp_path):
    root = _knotted_copy(tmp_path)
    global ROOT
    saved, ROOT = ROOT, root
    try:
        pkg = root / "pkg"
        assert cycles(import_graph(pkg)) == [["pkg.a", "pkg.b"]]
        modules = module_names(pkg)
        assert private_crossings(modules, modules) == [
            "pkg/b.py:3 takes pkg.a._helper",
            "pkg/f.py:1 imports the private module pkg.sub._inner",
            "pkg/f.py:1 takes pkg.sub._inner._secret",
            "pkg/f.py:2 takes pkg.a._helper",
        ]
        assert private_crossings(_test_files(root / "tests"), modules) == [
            "tests/test_x.py:5 takes pkg.a._helper",
            "tests/test_x.py:6 takes pkg.a._helper",
        ]
        tests = _test_modules(root / "tests")
        assert private_crossings(tests, tests) == [
            "tests/test_y.py:2 takes test_x._bindir",
            "tests/test_y.py:5 takes test_x._bindir",
        ]
    finally:
        ROOT = saved
