"""How long ``resolve`` takes on a dense board (issue: median <= 1 ms on the development machine).

examples/liberte-dense.json: 27 provinces with 3 stacks each, a tie in every province, Paris tied for
three rounds, every tie decision given. Run: ``python -m pytest benchmarks/``.
"""
import json
from pathlib import Path

from companion.scorers.liberte import read_scenario, resolve, resolve_json

DENSE = json.loads((Path(__file__).parent.parent / "examples" / "liberte-dense.json").read_text(encoding="utf-8"))


def test_resolve_json_dense_board(benchmark):
    """The whole call the CLI and the API make: validate the scenario, resolve, build the JSON."""
    result = benchmark(resolve_json, DENSE)
    assert all(p["tie"] for p in result["provinces"])


def test_resolve_dense_board_already_read(benchmark):
    """The resolution alone, on a scenario already validated."""
    scenario = read_scenario(DENSE)
    result = benchmark(resolve, scenario)
    assert result.pending is None
