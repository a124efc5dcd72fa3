#!/usr/bin/env python3
"""Runs a command RUNS times and prints the best and median wall time and the peak memory:
measure.py LABEL RUNS COMMAND..."""
import os
import resource
import statistics
import subprocess
import sys
import time

label, runs, command = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
times = []
for _ in range(runs):
    # What earlier runs wrote is on the disk first, so that writing it back does not slow this one.
    os.sync()
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times.append(time.perf_counter() - start)
    if result.returncode != 0:
        sys.exit(f"{label}: the command failed with status {result.returncode}")
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{label:<40} best {min(times):7.3f} s  median {statistics.median(times):7.3f} s  "
      f"({runs} runs)  peak {peak:5.0f} MB")
