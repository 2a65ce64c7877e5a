"""benchmarks/load.py, the measure docs/performance.md reports, run small: four tables, two
processes of phones, two seconds. Nothing here is timed; the run must end by itself with every
phase reported and no error, so that the benchmark cannot rot unseen between two measures."""
import re
import subprocess
import sys
from pathlib import Path

LOAD = Path(__file__).resolve().parents[2] / "benchmarks" / "load.py"


def test_the_load_benchmark_runs_small_with_no_error(tmp_path):
    run = subprocess.run(
        [sys.executable, str(LOAD), "--tables", "4", "--processes", "2", "--idle", "3",
         "--warmup", "0.5", "--duration", "2", "--taps", "4", "--arrival", "0.5"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path)
    report = run.stdout
    assert run.returncode == 0, run.stderr[-2000:]
    assert re.search(r"^boards swapped in from the stream [1-9]", report, re.M), report
    assert "built 4 tables" in report
    # the machine's speed, at the start and the end: two days' figures compare only beside it
    assert len(re.findall(r"a fixed loop \(3,000,000 additions, Python [\d.]+\) in \d+ ms$",
                          report, re.M)) == 2, report
    # the server measured is this tree's, whatever folder the benchmark is run from
    assert f"server: the companion of {LOAD.parents[1]} (" in report
    assert "3 sockets, half body: first version" in report  # the idle sockets' phase
    assert "phones 24 (4 tables x 6) from 2 processes" in report
    assert re.search(r"^errors: 0 $", report, re.M), report
    # a tap may be refused by the rules (422) or overtaken by another on its table (409), never
    # fail (5xx, or no answer)
    assert re.search(r"^taps offered .*, errors 0, latency", report, re.M), report
    assert "server log: 0 error lines" in report
    for line in ("the room arriving", "phones shown again", "changes owed to the phones shown",
                 "all requests, p95 in each 5 s", "server RSS per worker",
                 "the load generator's own lateness"):
        assert line in report


PAIRED = LOAD.with_name("paired.py")


def test_the_paired_benchmark_runs_small_and_names_each_build(tmp_path):
    """benchmarks/paired.py with this tree alone, three taps: each build is reported by its
    folder and commit, its median told against the first build's (itself: no difference)."""
    run = subprocess.run([sys.executable, str(PAIRED), "--taps", "3", "--tables", "2"],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "3 taps to each build, one at a time, on 2 tables" in run.stdout
    assert re.search(rf"^{re.escape(str(LOAD.parents[1]))} \(.+\): told p50 [\d.]+ ms, .*"
                     r"median of the pairs \+0\.00 ms$", run.stdout, re.M), run.stdout
