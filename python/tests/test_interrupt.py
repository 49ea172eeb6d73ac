"""Ctrl-C: a real SIGINT sent to a Python process that is solving stops the
solve with KeyboardInterrupt, and the process goes on working."""
import signal
import subprocess
import sys
import textwrap
import time

CHILD = textwrap.dedent("""
    import sys, time, gridcnf
    hard = open(sys.argv[1]).read()
    mode = sys.argv[2]
    print("ready", flush=True)
    t0 = time.monotonic()
    try:
        if mode == "solve":
            gridcnf.solve(hard)
        elif mode == "count":
            gridcnf.count("futoshiki 9\\n" + ". . . . . . . . .\\n" * 9, all=True)
        elif mode == "many":
            for r in gridcnf.solve_many([hard] * 4, jobs=2):
                pass
        elif mode == "generate":
            for r in gridcnf.generate("starbattle", 25, stars=5, number=None, seed=1):
                pass
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted %.2f" % (time.monotonic() - t0), flush=True)
    # the module still works afterwards
    print(gridcnf.solve("futoshiki 2\\n1 .\\n. .\\n")["status"], flush=True)
""")


def run_child(root, mode):
    hard = root / "tests" / "data" / "hard-skyscrapers-26.jsonl"
    p = subprocess.Popen([sys.executable, "-c", CHILD, str(hard), mode],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "ready"
    time.sleep(1.0)  # well into the solve
    t0 = time.monotonic()
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    took = time.monotonic() - t0
    return p.returncode, out.split(), err, took


def test_sigint_stops_a_solve(root):
    rc, out, err, took = run_child(root, "solve")
    assert rc == 0, err
    assert out[0] == "interrupted" and out[-1] == "unique", (out, err)
    assert took < 30  # a loose bound: it stopped


def test_sigint_stops_a_count(root):
    rc, out, err, _ = run_child(root, "count")
    assert rc == 0, err
    assert out[0] == "interrupted" and out[-1] == "unique", (out, err)


def test_sigint_stops_threads_of_solve_many(root):
    rc, out, err, took = run_child(root, "many")
    assert rc == 0, err
    assert out[0] == "interrupted" and out[-1] == "unique", (out, err)
    assert took < 30


def test_sigint_stops_generate(root):
    rc, out, err, took = run_child(root, "generate")
    assert rc == 0, err
    assert out[0] == "interrupted" and out[-1] == "unique", (out, err)
    assert took < 30
