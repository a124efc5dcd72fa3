#!/usr/bin/env python3
"""Writes a chart of N points (a random walk, with a numeric duration axis) for the benchmark.

make-big-chart.py N PATH [--no-summary] [--noisy]: without a summary, chart2midi makes one from
the statistics; --noisy draws every value afresh (uniform 0 to 100) instead of walking."""
import json
import random
import sys

count = int(sys.argv[1])
path = sys.argv[2]
flags = set(sys.argv[3:])
rng = random.Random(1)
y = 50.0
points = []
for index in range(count):
    if "--noisy" in flags:
        y = rng.uniform(0, 100)
    else:
        y = min(100.0, max(0.0, y + rng.uniform(-2, 2)))
    points.append({"x": round(index / count * 1000, 4), "y": round(y, 3),
                   "additionalValues": [round(rng.uniform(0, 10), 2)]})
chart = {
    "title": f"Benchmark: {count} points",
    "summary": "A random walk.",
    "xAxis": {"type": "numeric", "title": "Time", "range": [0, 1000]},
    "yAxis": {"type": "numeric", "title": "Value", "range": [0, 100]},
    "additionalAxes": [{"type": "numeric", "title": "Length", "range": [0, 10]}],
    "series": [{"name": "Walk", "isContinuous": False, "dataPoints": points}],
    # Every point a note: the benchmark measures the full path, so dense points are not grouped.
    "sonification": {"totalDuration": count / 20, "grouping": "none"},
}
if "--no-summary" in flags:
    del chart["summary"]
with open(path, "w") as handle:
    json.dump(chart, handle, separators=(", ", ": "))
