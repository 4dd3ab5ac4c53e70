"""Our processes skip the optional import that costs every Jupyter process 2 s of CPU
(rummy_teach/startup.py): the ``rummy-teach`` command (a classroom server is one), the
programs the project starts through ``lean_command`` (the book build, the test servers),
and what still works without it (nbformat validates notebooks, jsonschema checks
schemas)."""

import subprocess
import sys
import textwrap

import pytest

from rummy_teach.startup import lean_command

SLOW = "rfc3987_syntax"


def run_python(code: str, *, cwd=None, env_path=None) -> str:
    env = None
    if env_path is not None:
        import os
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(env_path), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_rummy_teach_command_never_imports_the_iri_grammar_and_notebooks_still_validate():
    out = run_python(f"""
        import sys
        from rummy_teach.cli import main
        assert main(["meld", "8S 8H 8D"]) == 0
        import jsonschema, nbformat
        nbformat.validate(nbformat.v4.new_notebook())        # a good notebook passes
        bad = nbformat.v4.new_notebook(); bad["cells"] = [{{"cell_type": "nonsense"}}]
        try:
            nbformat.validate(bad)
        except nbformat.ValidationError:
            print("refused")
        print("loaded" if sys.modules.get({SLOW!r}) is not None else "skipped")
        """)
    assert out.splitlines()[-2:] == ["refused", "skipped"], out


def test_a_lean_command_runs_the_entry_point_as_its_script_after_the_skip(tmp_path):
    (tmp_path / "probe.py").write_text(textwrap.dedent(f"""
        import sys
        def main():
            import jsonschema
            try:
                jsonschema.validate(3, {{"type": "string"}})
            except jsonschema.ValidationError:
                print("schema checked")
            print(sys.argv[0], sys.argv[1:], sys.modules.get({SLOW!r}))
            return 0
        """))
    done = subprocess.run(lean_command("probe:main", "probe-tool") + ["--flag", "x"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == ["schema checked", "probe-tool ['--flag', 'x'] None"]


@pytest.mark.parametrize("entry", ["voila.app", "voila.app:", ":main", "voila.app:main()"])
def test_an_entry_point_that_is_not_module_colon_function_is_refused(entry):
    with pytest.raises(ValueError, match="module:function"):
        lean_command(entry, "x")


def test_a_pytest_run_of_this_project_skips_it_before_the_installed_plugins():
    """nbval's plugin imports jsonschema before any conftest.py: the skip comes from
    pyproject's ``addopts`` (``-p rummy_teach.pytest_lean``), or it comes too late."""
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    out = run_python(f"""
        import sys
        import pytest
        code = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider",
                            {str(Path(__file__).resolve())!r}])
        assert "nbval.plugin" in sys.modules, "nbval's plugin was not loaded"
        print(int(code), sys.modules.get({SLOW!r}))
        """, cwd=root)
    assert out.splitlines()[-1] == "0 None", out[-2000:]
