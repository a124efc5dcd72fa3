#!/usr/bin/env python3
"""Runs a command and prints its wall time and peak memory: measure.py LABEL COMMAND..."""
import resource
import subprocess
import sys
import time

start = time.perf_counter()
result = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL)
elapsed = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
if result.returncode != 0:
    sys.exit(f"{sys.argv[1]}: the command failed with status {result.returncode}")
print(f"{sys.argv[1]:<40} {elapsed:8.3f} s {peak:8.0f} MB")
