"""How fast the machine runs a fixed piece of Python work, in CPU time, during `make bench-rush`.

The rush's CPU targets are absolute milliseconds, and a machine of this kind runs the same work at
different speeds from one moment to the next: with nothing else running, the hold of `make
bench-request-cpu`'s school measured 3.3 ms and 6.2 ms of CPU at the median, minutes apart, and
this work 9.8 ms and 18.8 ms (2026-11-27). The work timed here is the interpreter's alone (JSON
written and read, a sort, dicts and strings), so no change of ours moves it, and a run's CPU
figures can be read against it.

    python bench/yardstick.py [PAUSE]

bench/rush.py starts this as a process of its own: it times the work every PAUSE seconds (1
unless given) until its standard input closes, then prints each time (ms) as JSON.
"""

import json
import sys
import threading
import time
from operator import itemgetter

# A few hundred families as the API writes them.
FAMILIES = [
    {
        "id": n,
        "name": f"Family {n:04d}",
        "children": [{"name": f"Child {n}-{k}", "age": 6 + k} for k in range(3)],
    }
    for n in range(200)
]
ROUNDS = 10


def work_ms() -> float:
    """The work's CPU time, in ms, on this thread."""
    started = time.thread_time()
    for _ in range(ROUNDS):
        families = json.loads(json.dumps(FAMILIES))
        families.sort(key=itemgetter("name"), reverse=True)
        [{key: str(value) for key, value in family.items()} for family in families]
    return (time.thread_time() - started) * 1000


def main() -> None:
    pause = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    done = threading.Event()
    times: list[float] = []

    def sample() -> None:
        while not done.wait(pause):
            times.append(work_ms())

    sampler = threading.Thread(target=sample)
    sampler.start()
    sys.stdin.read()
    done.set()
    sampler.join()
    json.dump(times, sys.stdout)


if __name__ == "__main__":
    main()
