"""Execute the project's notebooks, at full size or at their small (CI) size.

Every notebook starts with a parameter cell: the first code cell, tagged
``parameters`` in its cell metadata, holding plain assignments of literals,
one name per statement, and a ``SMALL`` dict of the values CI runs it with::

    DEALS = 200_000
    SEED = 2026
    N_JOBS = 2
    SMALL = {"DEALS": 2_000, "N_JOBS": 1}

Executing with parameters rewrites the assignments of those names in that
cell (each one becomes ``NAME = value  # set by execute.py``) and keeps every
other line, so the notebook's own defaults stay the full-size run.  The
kernel is the ``python3`` kernel of the interpreter running this script
(``sys.executable`` with ``ipykernel``), whatever kernelspecs are installed
elsewhere, and it starts in the notebook's folder.

Command line::

    python notebooks/execute.py notebooks/*.ipynb            # full size, outputs written in place
    python notebooks/execute.py --small notebooks/*.ipynb    # SMALL values, nothing written
    python notebooks/execute.py --small --output-dir out notebooks/*.ipynb
    python notebooks/execute.py --check notebooks/*.ipynb    # full size, nothing written
"""

from __future__ import annotations

import argparse
import ast
import copy
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from traitlets import default

__all__ = [
    "PARAMETERS_TAG",
    "SMALL_NAME",
    "MARKER",
    "ParameterError",
    "parameter_cell_index",
    "read_parameters",
    "small_parameters",
    "with_parameters",
    "execute",
    "main",
]

PARAMETERS_TAG = "parameters"
SMALL_NAME = "SMALL"
MARKER = "# set by execute.py"
DEFAULT_TIMEOUT = 3600  # seconds per cell


class ParameterError(ValueError):
    """A notebook's parameter cell is missing, misplaced, or does not assign a requested name."""


class ThisPythonKernelManager(AsyncKernelManager):
    """Starts ``python3`` as ipykernel's own spec under ``sys.executable``, never a spec found on disk.

    A ``python3`` kernelspec in a user or system folder may point at another
    interpreter; with no kernel folders to search, jupyter_client falls back to
    the spec ipykernel ships, whose command is this interpreter.
    """

    @default("kernel_spec_manager")
    def _kernel_spec_manager_default(self) -> KernelSpecManager:
        return KernelSpecManager(kernel_dirs=[])


def _tags(cell: Any) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def parameter_cell_index(nb: Any) -> int:
    """Index (among all cells) of the parameter cell, which must be the first code cell and the only tagged one."""
    code = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    tagged = [i for i, c in enumerate(nb.cells) if PARAMETERS_TAG in _tags(c)]
    if not tagged:
        raise ParameterError(f"no cell is tagged {PARAMETERS_TAG!r}")
    if len(tagged) > 1:
        raise ParameterError(f"{len(tagged)} cells are tagged {PARAMETERS_TAG!r}; tag exactly one")
    if nb.cells[tagged[0]].cell_type != "code":
        raise ParameterError(f"the cell tagged {PARAMETERS_TAG!r} is not a code cell")
    if tagged[0] != code[0]:
        raise ParameterError(f"the cell tagged {PARAMETERS_TAG!r} is not the first code cell")
    return tagged[0]


def _assignments(source: str) -> dict[str, ast.Assign]:
    """The cell's top-level ``NAME = literal`` statements, by name."""
    found: dict[str, ast.Assign] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = node
    return found


def read_parameters(nb: Any) -> dict[str, Any]:
    """The values the parameter cell assigns (literals only; others are skipped)."""
    source = nb.cells[parameter_cell_index(nb)].source
    values = {}
    for name, node in _assignments(source).items():
        try:
            values[name] = ast.literal_eval(node.value)
        except (ValueError, TypeError, SyntaxError):
            continue
    return values


def small_parameters(nb: Any) -> dict[str, Any]:
    """The ``SMALL`` dict of the parameter cell: the values CI executes the notebook with."""
    values = read_parameters(nb)
    small = values.get(SMALL_NAME)
    if not isinstance(small, dict):
        raise ParameterError(f"the parameter cell has no {SMALL_NAME} = {{...}} dict literal")
    unknown = sorted(set(small) - set(values))
    if unknown:
        raise ParameterError(f"{SMALL_NAME} names {unknown}, which the parameter cell does not assign")
    return dict(small)


def with_parameters(nb: Any, parameters: Mapping[str, Any]) -> Any:
    """A copy of ``nb`` whose parameter cell assigns ``parameters`` (other lines kept)."""
    nb = copy.deepcopy(nb)
    index = parameter_cell_index(nb)
    cell = nb.cells[index]
    lines = cell.source.splitlines()
    nodes = _assignments(cell.source)
    missing = sorted(set(parameters) - set(nodes))
    if missing:
        raise ParameterError(f"the parameter cell does not assign {missing}; it assigns {sorted(nodes)}")
    # Replace from the bottom up so earlier line numbers stay valid.
    for name in sorted(parameters, key=lambda n: nodes[n].lineno, reverse=True):
        node = nodes[name]
        assert node.end_lineno is not None
        value = parameters[name]
        try:
            literal = ast.literal_eval(repr(value)) == value
        except (ValueError, TypeError, SyntaxError):
            literal = False
        if not literal:
            raise ParameterError(f"{name}={value!r} has no literal form")
        lines[node.lineno - 1 : node.end_lineno] = [f"{name} = {value!r}  {MARKER}"]
    cell.source = "\n".join(lines)
    return nb


def execute(
    path: str | Path,
    parameters: Mapping[str, Any] | None = None,
    output: str | Path | None = None,
    timeout: int | None = DEFAULT_TIMEOUT,
) -> Any:
    """Execute the notebook at ``path`` and return it with its outputs.

    ``parameters`` replace assignments in the parameter cell (None: the
    notebook's own values, the full-size run).  ``output``: where to write the
    executed notebook (``path`` itself to update it in place; None writes
    nothing).  ``timeout``: seconds allowed per cell (None: no limit).  A cell
    that raises stops the run with :class:`nbclient.exceptions.CellExecutionError`.
    """
    path = Path(path).resolve()
    nb = nbformat.read(path, as_version=4)
    parameter_cell_index(nb)
    if parameters:
        nb = with_parameters(nb, parameters)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        kernel_manager_class=ThisPythonKernelManager,
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
    )
    client.execute()
    nbformat.validate(nb)
    if output is not None:
        nbformat.write(nb, Path(output))
    return nb


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--small", action="store_true", help="run with each notebook's SMALL values (never in place)")
    parser.add_argument("--check", action="store_true", help="execute to a temporary file; write nothing")
    parser.add_argument("--output-dir", type=Path, default=None, help="write executed copies here instead")
    parser.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="seconds per cell (default %(default)s)")
    args = parser.parse_args(argv)
    if args.check and args.output_dir is not None:
        parser.error("--check writes nothing; drop --output-dir")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.notebooks:
            nb = nbformat.read(path, as_version=4)
            parameters = small_parameters(nb) if args.small else None
            if args.output_dir is not None:
                args.output_dir.mkdir(parents=True, exist_ok=True)
                output: Path = args.output_dir / path.name
            elif args.check or args.small:
                output = Path(tmp) / path.name
            else:
                output = path
            label = f"small {parameters}" if parameters else "full size"
            print(f"{path}: executing ({label})", flush=True)
            start = time.perf_counter()
            try:
                execute(path, parameters, output, args.timeout)
            except Exception as exc:
                failed += 1
                print(f"{path}: FAILED after {time.perf_counter() - start:.0f} s\n{exc}", file=sys.stderr, flush=True)
                continue
            where = "" if output.parent == Path(tmp) else f", written to {output}"
            print(f"{path}: ok in {time.perf_counter() - start:.0f} s{where}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
