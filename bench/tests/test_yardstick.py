"""The fixed work timed beside the rush (bench/yardstick.py), to say how fast the machine ran."""

import json
import subprocess
import sys
import time
from pathlib import Path

from bench.yardstick import work_ms

YARDSTICK = Path(__file__).resolve().parents[1] / "yardstick.py"


def test_the_work_is_timed_in_cpu_milliseconds():
    started = time.thread_time()
    took = work_ms()
    spent = (time.thread_time() - started) * 1000

    assert 0 < took <= spent


def test_the_process_times_the_work_until_its_input_closes_then_prints_each_time():
    process = subprocess.Popen(  # noqa: S603 - our own interpreter and script
        [sys.executable, str(YARDSTICK), "0.05"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    time.sleep(1.0)
    printed, _ = process.communicate("", timeout=30)

    times = json.loads(printed)
    assert process.returncode == 0
    assert len(times) >= 2
    assert all(isinstance(ms, float) and ms > 0 for ms in times)
