"""A pytest plugin that only skips, for the whole test process, the optional import
:mod:`rummy_teach.startup` describes (2 s of CPU in each pytest process).

pytest imports its installed plugins (nbval's among them, which imports nbformat, hence
jsonschema) before any ``conftest.py``, so the skip has to come first, from the command
line: ``addopts = "-p rummy_teach.pytest_lean"`` in pyproject.toml makes every pytest run
of this project load it before the installed plugins. Importing this module is the act; it
defines no hook.
"""

from .startup import skip_slow_optional_imports

skip_slow_optional_imports()
