"""Threads, time limits and stopping.  Times are asserted only as loose
bounds that catch a hang."""
import threading
import time

import pytest

import gridcnf
from conftest import untimed


def hard(root):
    """A 26x26 Skyscrapers that takes CaDiCaL many seconds."""
    return (root / "tests" / "data" / "hard-skyscrapers-26.jsonl").read_text()


def test_two_threads_give_the_same_answers(corpus):
    lines = []
    for name in ("skyscrapers.jsonl", "starbattle.jsonl", "futoshiki.jsonl"):
        lines += (corpus / name).read_text().splitlines()[::9]
    alone = [untimed(gridcnf.solve(ln, portfolio="off")) for ln in lines]
    results = {}

    def work(k):
        results[k] = [untimed(gridcnf.solve(ln, portfolio="off")) for ln in lines]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == alone and results[1] == alone


def test_the_gil_is_released_while_solving(root):
    """While a thread solves, the main thread runs Python."""
    done = threading.Event()
    box = {}

    def work():
        box["r"] = gridcnf.solve(hard(root), timeout=1.0)
        done.set()

    t = threading.Thread(target=work)
    t.start()
    spins = 0
    while not done.is_set():
        spins += 1
    t.join()
    assert box["r"]["status"] == "unknown"
    assert spins > 1000


def test_timeout_returns_unknown_quickly(root):
    t0 = time.monotonic()
    r = gridcnf.solve(hard(root), timeout=0.3)
    assert r["status"] == "unknown" and r["stopped"] == "time"
    assert time.monotonic() - t0 < 30  # a loose bound: it stops, no hang


def test_stop_from_another_thread(root):
    stop = gridcnf.Stop()
    timer = threading.Timer(0.3, stop.set)
    timer.start()
    t0 = time.monotonic()
    r = gridcnf.solve(hard(root), stop=stop)
    timer.join()
    assert r["status"] == "unknown" and r["stopped"] == "interrupt"
    assert time.monotonic() - t0 < 30
    assert stop.is_set()


def test_solve_many_stops_when_the_loop_is_left(root):
    puzzles = [hard(root)] * 4
    gen = gridcnf.solve_many([("futoshiki 2\n. .\n. .\n")] * 3 + puzzles, jobs=2, timeout=60)
    first = [next(gen) for _ in range(3)]
    t0 = time.monotonic()
    gen.close()  # two hard puzzles are running: they stop
    assert [r["status"] for r in first] == ["multiple"] * 3
    assert time.monotonic() - t0 < 30


@pytest.mark.parametrize("jobs", [1, 2])
def test_solve_many_keeps_input_order(corpus, jobs):
    lines = (corpus / "starbattle.jsonl").read_text().splitlines()[:40]
    ids = [r["id"] for r in gridcnf.solve_many(lines, jobs=jobs)]
    assert ids == [gridcnf.Puzzle.parse(ln).id for ln in lines]


def test_a_stopped_text_command_raises(root):
    """cnf --block-solution solves first: stopped, it has no CNF to give."""
    stop = gridcnf.Stop()
    timer = threading.Timer(0.3, stop.set)
    timer.start()
    with pytest.raises(gridcnf.Error) as e:
        gridcnf.cnf(hard(root), block_solution=True, stop=stop)
    timer.join()
    assert e.value.exit_code == 130 and "interrupt" in str(e.value)
