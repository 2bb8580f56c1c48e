"""People browsing the catalog during the rush (`make bench-rush`), in a process of their own.

bench/rush.py starts this with the server's address. Its threads load `/all-classes` page after
page until the rush closes this process's standard input, then it prints each page's time to
answer (seconds) and how many failed, as JSON. A process of its own, as visitors' browsers are
not the families': in the rush's process, a page's time would also count the waits for the
interpreter behind the thousands of families' threads there, which the server did not cause.
"""

import json
import sys
import threading
import time

import requests

TIMEOUT = 600


def browse(base: str, pause: float, done: threading.Event, seconds: list, failed: list) -> None:
    session = requests.Session()
    while not done.wait(pause):
        started = time.perf_counter()
        try:
            ok = session.get(f"{base}/all-classes", timeout=TIMEOUT).ok
        except requests.RequestException:
            ok = False
        if ok:
            seconds.append(time.perf_counter() - started)
        else:
            failed.append(1)


def main() -> None:
    base, visitors, pause = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    done = threading.Event()
    seconds: list[float] = []
    failed: list[int] = []
    threads = [
        threading.Thread(target=browse, args=(base, pause, done, seconds, failed))
        for _ in range(visitors)
    ]
    for thread in threads:
        thread.start()
    sys.stdin.read()
    done.set()
    for thread in threads:
        thread.join()
    json.dump({"seconds": seconds, "failed": len(failed)}, sys.stdout)


if __name__ == "__main__":
    main()
