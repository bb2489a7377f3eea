"""The notebooks in ``notebooks/``: each one starts with its parameter cell, runs at its small size, and is
committed executed at full size, printing its seed and the ohhell version.

Executing uses ``notebooks/execute.py`` (the same code as ``python notebooks/execute.py --small``).  A
notebook whose small run is too long for every test run goes in ``SLOW`` with the reason; those run only
with ``OHHELL_SLOW_NOTEBOOKS=1``.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
IDS = [p.stem for p in NOTEBOOKS]
SLOW: dict[str, str] = {}  # notebook stem -> why its small run is too long for every test run
SMALL_TIMEOUT = 600  # seconds per cell at the small size


def _load_execute() -> ModuleType:
    spec = importlib.util.spec_from_file_location("notebooks_execute", ROOT / "notebooks" / "execute.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ex = _load_execute()


def _read(path: Path) -> Any:
    return nbformat.read(path, as_version=4)


def _texts(nb: Any) -> str:
    """All text the code cells printed or displayed."""
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.output_type == "stream":
                parts.append(out.text)
            elif "data" in out and "text/plain" in out.data:
                parts.append(out.data["text/plain"])
    return "\n".join(parts)


def test_there_is_a_quickstart() -> None:
    assert "quickstart" in IDS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_parameter_cell_comes_first(path: Path) -> None:
    nb = _read(path)
    index = ex.parameter_cell_index(nb)  # raises unless exactly one tagged cell, the first code cell
    first_code = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code")
    assert index == first_code
    values = ex.read_parameters(nb)
    assert "SEED" in values, "the parameter cell must assign SEED"
    small = ex.small_parameters(nb)
    assert small, "SMALL must give the small (CI) values"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_runs_at_small_size(path: Path) -> None:
    if path.stem in SLOW and os.environ.get("OHHELL_SLOW_NOTEBOOKS") != "1":
        pytest.skip(f"slow ({SLOW[path.stem]}); set OHHELL_SLOW_NOTEBOOKS=1")
    small = ex.small_parameters(_read(path))
    nb = ex.execute(path, small, output=None, timeout=SMALL_TIMEOUT)  # raises CellExecutionError on an error
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code)
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    ran_with = ex.read_parameters(nb)
    assert {k: ran_with[k] for k in small} == small


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_committed_executed_at_full_size(path: Path) -> None:
    nb = _read(path)
    code = [c for c in nb.cells if c.cell_type == "code"]
    counts = [c.execution_count for c in code]
    assert counts == list(range(1, len(code) + 1)), f"not one clean top-to-bottom run: {counts}"
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    parameters = nb.cells[ex.parameter_cell_index(nb)].source
    assert ex.MARKER not in parameters, "the committed copy was executed with changed parameters"
    text = _texts(nb)
    seed = ex.read_parameters(nb)["SEED"]
    assert re.search(rf"\bseed\W+{re.escape(str(seed))}\b", text, re.IGNORECASE), f"no output prints seed {seed}"
    assert re.search(r"\bohhell \d+\.\d+", text), "no output prints the ohhell version ('ohhell X.Y...')"


NB = {
    "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "# title"},
        {
            "cell_type": "code",
            "metadata": {"tags": ["parameters"]},
            "source": "\n".join(
                [
                    "DEALS = 200_000  # full size",
                    "SEED = 2026",
                    "NAMES = (",
                    '    "a",',
                    '    "b",',
                    ")",
                    'SMALL = {"DEALS": 10}',
                ]
            ),
            "outputs": [],
            "execution_count": None,
        },
        {"cell_type": "code", "metadata": {}, "source": "print(DEALS)", "outputs": [], "execution_count": None},
    ],
    "metadata": {},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def _nb() -> Any:
    return nbformat.from_dict(NB)


def test_with_parameters_replaces_only_the_named_assignments() -> None:
    nb = ex.with_parameters(_nb(), {"DEALS": 10, "NAMES": ("x",)})
    assert nb.cells[1].source.splitlines() == [
        f"DEALS = 10  {ex.MARKER}",
        "SEED = 2026",
        f"NAMES = ('x',)  {ex.MARKER}",
        'SMALL = {"DEALS": 10}',
    ]
    assert ex.read_parameters(nb) == {"DEALS": 10, "SEED": 2026, "NAMES": ("x",), "SMALL": {"DEALS": 10}}
    assert _nb().cells[1].source == NB["cells"][1]["source"]  # the input is not changed


def test_small_parameters_and_their_errors() -> None:
    assert ex.small_parameters(_nb()) == {"DEALS": 10}
    with pytest.raises(ex.ParameterError, match="does not assign"):
        ex.with_parameters(_nb(), {"DEAL": 10})
    nb = _nb()
    nb.cells[1].source = "DEALS = 5"
    with pytest.raises(ex.ParameterError, match="SMALL"):
        ex.small_parameters(nb)
    nb.cells[1].source = 'DEALS = 5\nSMALL = {"ROUNDS": 1}'
    with pytest.raises(ex.ParameterError, match="ROUNDS"):
        ex.small_parameters(nb)


def test_parameter_cell_must_be_the_first_code_cell() -> None:
    nb = _nb()
    nb.cells[1].metadata["tags"] = []
    with pytest.raises(ex.ParameterError, match="no cell"):
        ex.parameter_cell_index(nb)
    nb.cells[2].metadata["tags"] = ["parameters"]
    with pytest.raises(ex.ParameterError, match="first code cell"):
        ex.parameter_cell_index(nb)


def test_kernel_is_this_interpreter() -> None:
    km = ex.ThisPythonKernelManager(kernel_name="python3")
    assert km.kernel_spec.argv[0] == sys.executable
    assert km.kernel_spec.argv[1:3] == ["-m", "ipykernel_launcher"]
