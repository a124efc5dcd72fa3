#!/usr/bin/env bash
# The benchmark: a 1,000,000-point chart, JSON in and MIDI out, against the same job in
# Python (json + mido); 100,000 points for linearity. Run through `make bench`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench-out
mkdir -p "$out"
bin=.build/release
python=.venv/bin/python
for n in 100000 1000000; do
  [ -f "$out/chart-$n.json" ] || python3 Scripts/make-big-chart.py "$n" "$out/chart-$n.json"
done
echo "== stages, 1,000,000 points (chart2midi-bench; three runs, each in a fresh process)"
for run in 1 2 3; do
  echo "-- run $run"
  "$bin/chart2midi-bench" "$out/chart-1000000.json" "$out/stages.mid" | tee "$out/stages-$run.txt"
done
# The best of the three runs for the two goals of the stages.
cat "$out"/stages-[123].txt | awk '
  /decoding:/ { mbs = $2 + 0; if (mbs > best_mbs) best_mbs = mbs }
  /map \+ encode:/ { s = $4 + 0; if (best_s == 0 || s < best_s) best_s = s }
  END {
    printf "best of 3: decoding and validating %.0f MB/s (goal: at least 400), map + encode %.3f s (goal: at most 0.1 s)\n", best_mbs, best_s
  }'
echo
echo "== rendering in memory: one pass for the mix and every stem"
"$bin/chart2midi-bench" --render Examples/temperatures.json
echo
echo "== end to end: chart2midi convert (wall time, peak memory)"
python3 Scripts/measure.py "chart2midi convert, 100,000 points" 5 "$bin/chart2midi" convert "$out/chart-100000.json" -o "$out/c-100k.mid" | tee "$out/c100k.txt"
python3 Scripts/measure.py "chart2midi convert, 1,000,000 points" 5 "$bin/chart2midi" convert "$out/chart-1000000.json" -o "$out/c-1m.mid" | tee "$out/c1m.txt"
echo
echo "== statistics and grouping: the same million points without a summary, with noisy values, grouped"
[ -f "$out/chart-1m-nosummary.json" ] || python3 Scripts/make-big-chart.py 1000000 "$out/chart-1m-nosummary.json" --no-summary
[ -f "$out/chart-1m-noisy.json" ] || python3 Scripts/make-big-chart.py 1000000 "$out/chart-1m-noisy.json" --no-summary --noisy
python3 Scripts/measure.py "convert 1,000,000 points, no summary" 5 "$bin/chart2midi" convert "$out/chart-1m-nosummary.json" -o "$out/c-1m-ns.mid" | tee "$out/c1m-ns.txt"
python3 Scripts/measure.py "convert 1,000,000 noisy points" 5 "$bin/chart2midi" convert "$out/chart-1m-noisy.json" -o "$out/c-1m-noisy.mid" | tee "$out/c1m-noisy.txt"
python3 Scripts/measure.py "convert 1,000,000 points, --grouping minmax" 5 "$bin/chart2midi" convert "$out/chart-1000000.json" -o "$out/c-1m-mm.mid" --grouping minmax | tee "$out/c1m-mm.txt"
python3 Scripts/measure.py "no summary, --grouping minmax" 5 "$bin/chart2midi" convert "$out/chart-1m-nosummary.json" -o "$out/c-1m-ns-mm.mid" --grouping minmax | tee "$out/c1m-ns-mm.txt"
python3 Scripts/measure.py "python json + mido, no summary" 1 "$python" Scripts/peer.py "$out/chart-1m-nosummary.json" "$out/p-1m-ns.mid" | tee "$out/p1m-ns.txt"
python3 Scripts/measure.py "python json + mido, noisy" 1 "$python" Scripts/peer.py "$out/chart-1m-noisy.json" "$out/p-1m-noisy.mid" | tee "$out/p1m-noisy.txt"
echo
echo "== batch: 18 charts (the examples three times), 60 s each, with WAV: one worker, then two"
rm -rf "$out/batch-in" && mkdir -p "$out/batch-in"
for i in 1 2 3; do for f in Examples/*.json; do cp "$f" "$out/batch-in/$(basename "$f" .json)-$i.json"; done; done
for j in 1 2; do
  python3 Scripts/measure.py "chart2midi batch --jobs $j" 3 "$bin/chart2midi" batch "$out/batch-in" \
    --out "$out/batch-out-$j" --wav --duration 60 --continuous notes --jobs "$j" --force | tee "$out/batch$j.txt"
done
echo "== sharded batch: 72 charts (the examples twelve times), 60 s each, with WAV: one batch --jobs 2, then four shards at once, then the shards again (all up to date); a warm-up round, then three"
rm -rf "$out/shard-in" && mkdir -p "$out/shard-in"
for i in $(seq 1 12); do for f in Examples/*.json; do cp "$f" "$out/shard-in/$(basename "$f" .json)-$i.json"; done; done
python3 - "$bin/chart2midi" "$out" <<'PY' | tee "$out/shards.txt"
import os, shutil, statistics, subprocess, sys, time
binary, out = sys.argv[1], sys.argv[2]
common = ["--wav", "--duration", "60", "--continuous", "notes"]
def timed(commands):
    # The previous run's files (some 300 MB of WAV) are on the disk first, so that their writing
    # back does not slow the run measured.
    os.sync()
    start = time.perf_counter()
    runs = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for command in commands]
    for run in runs:
        run.wait()
    return time.perf_counter() - start
# Each shard as an engine would start it on this machine: every core (a task on its own core would
# give --jobs 1); four processes on two cores keep both busy until the last shard ends.
shards = [[binary, "batch", f"{out}/shard-in", "--out", f"{out}/shard-out", "--shard", f"{i}/4"] + common
          for i in range(1, 5)]
ratios, skipped = [], []
# A first round warms up (its first run has come out up to 40% slower, whichever of the two it
# was); three rounds are measured.
for round in range(4):
    shutil.rmtree(f"{out}/shard-one", ignore_errors=True)
    one = timed([[binary, "batch", f"{out}/shard-in", "--out", f"{out}/shard-one", "--jobs", "2"] + common])
    shutil.rmtree(f"{out}/shard-out", ignore_errors=True)
    first = timed(shards)
    second = timed(shards)
    if round == 0:
        print(f"warm-up: one batch --jobs 2: {one:.3f} s; four shards at once: {first:.3f} s")
        continue
    ratios.append(first / one)
    skipped.append(second / first)
    print(f"one batch --jobs 2: {one:.3f} s; four shards at once: {first:.3f} s ({first / one:.2f}x); again, all up to date: {second:.3f} s")
print(f"shards {statistics.median(ratios):.4f} {min(ratios):.4f} {max(ratios):.4f} {statistics.median(skipped):.4f}")
PY
echo
echo "== Vega-Lite: a 100,000-row CSV, averaged per city and month (aggregate and timeUnit)"
python3 - "$out" <<'PY'
import json, random, sys, datetime
out = sys.argv[1]
random.seed(1)
start = datetime.datetime(2000, 1, 1)
with open(f"{out}/vl-100k.csv", "w") as f:
    f.write("time,city,value\n")
    for i in range(100000):
        t = start + datetime.timedelta(hours=i // 4)
        f.write(f"{t.isoformat()},{['A', 'B', 'C', 'D'][i % 4]},{random.gauss(20, 5):.2f}\n")
json.dump({"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "data": {"url": "vl-100k.csv"},
           "mark": "line", "encoding": {
               "x": {"timeUnit": "yearmonth", "field": "time", "type": "temporal"},
               "y": {"aggregate": "mean", "field": "value", "type": "quantitative"},
               "color": {"field": "city", "type": "nominal"}}}, open(f"{out}/vl-100k.json", "w"))
PY
python3 Scripts/measure.py "convert Vega-Lite, 100,000 rows" 5 "$bin/chart2midi" convert "$out/vl-100k.json" -o "$out/vl.mid" | tee "$out/vl.txt"
python3 - "$out" <<'PY'
import json, random, sys
random.seed(2)
values = [{"k": f"item-{i:07d}", "v": random.random() * 100} for i in range(100000)]
json.dump({"data": {"values": values}, "mark": "bar", "encoding": {
    "x": {"field": "k", "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}},
    open(f"{sys.argv[1]}/vl-nominal.json", "w"))
PY
python3 Scripts/measure.py "convert Vega-Lite, nominal x of 100,000 distinct values" 3 "$bin/chart2midi" convert "$out/vl-nominal.json" -o "$out/vln.mid"
echo
echo "== narration: the cars example rendered to a mix and stems, without and with a narration"
python3 Scripts/measure.py "convert cars, mix and stems" 5 "$bin/chart2midi" convert Examples/cars.json \
  -o "$out/n0.mid" --wav "$out/n0.wav" --stems "$out/n0-stems" | tee "$out/narr0.txt"
python3 Scripts/measure.py "convert cars, mix and stems, narrated" 5 "$bin/chart2midi" convert Examples/cars.json \
  -o "$out/n1.mid" --wav "$out/n1.wav" --stems "$out/n1-stems" --narrate | tee "$out/narr1.txt"
python3 Scripts/measure.py "speech of the cars narration alone" 5 "$bin/chart2midi-bench" --speech \
  Examples/cars.json | tee "$out/speech.txt"
echo
echo "== a start on the timeline: the cars example to a mix and stems, at 10:00:00:00 (metadata, not silence)"
python3 Scripts/measure.py "convert cars, mix and stems, --start 10:00:00:00" 5 "$bin/chart2midi" convert \
  Examples/cars.json -o "$out/s1.mid" --wav "$out/s1.wav" --stems "$out/s1-stems" --start 10:00:00:00 \
  | tee "$out/start1.txt"
echo
echo "== the Python peer: json + mido"
python3 Scripts/measure.py "python json + mido, 100,000 points" 3 "$python" Scripts/peer.py "$out/chart-100000.json" "$out/p-100k.mid" | tee "$out/p100k.txt"
python3 Scripts/measure.py "python json + mido, 1,000,000 points" 1 "$python" Scripts/peer.py "$out/chart-1000000.json" "$out/p-1m.mid" | tee "$out/p1m.txt"
echo
# The best time of each measurement.
secs() { awk '{for (i = 1; i <= NF; i++) if ($i == "best") { print $(i + 1); exit }}' "$1"; }
peak() { awk '{for (i = 1; i <= NF; i++) if ($i == "peak") { print $(i + 1); exit }}' "$1"; }
awk -v c="$(secs "$out/c1m.txt")" -v p="$(secs "$out/p1m.txt")" -v c1="$(secs "$out/c100k.txt")" \
  -v m="$(peak "$out/c1m.txt")" 'BEGIN {
  printf "speed-up over the Python peer at 1,000,000 points (best times): %.1fx (goal: at least 50x)\n", p / c
  printf "peak memory of convert at 1,000,000 points: %d MB (goal: at most 250 MB)\n", m
  printf "linearity: 10x the points took %.1fx the time (best times; goal: at most 11x)\n", c / c1
}'
awk -v one="$(secs "$out/batch1.txt")" -v two="$(secs "$out/batch2.txt")" 'BEGIN {
  printf "batch on two cores: %.2fx one core (best times; goal: at least 1.7x)\n", one / two
}'
awk '/^shards / { median = $2 + 0; low = $3 + 0; high = $4 + 0; skipped = $5 + 0 } END {
  printf "four shards at once on two cores: %.2fx one batch --jobs 2 (median of 3, %.2f-%.2fx; goal: at most 1.10x)\n", median, low, high
  printf "a second, fully skipped sharded run: %.1f%% of the first (median of 3; goal: under 5%%)\n", 100 * skipped
}' "$out/shards.txt"
awk -v s="$(secs "$out/c1m.txt")" -v ns="$(secs "$out/c1m-ns.txt")" -v noisy="$(secs "$out/c1m-noisy.txt")" \
  -v mm="$(secs "$out/c1m-mm.txt")" -v nsmm="$(secs "$out/c1m-ns-mm.txt")" \
  -v pns="$(secs "$out/p1m-ns.txt")" -v pnoisy="$(secs "$out/p1m-noisy.txt")" 'BEGIN {
  printf "1,000,000 points: with a summary %.3f s, without %.3f s, noisy %.3f s, grouped minmax %.3f s (best times)\n", s, ns, noisy, mm
  printf "without a summary: %.2fx with one (goal: at most 1.2x)\n", ns / s
  printf "noisy values: %.2fx the random walk (goal: at most 1.2x)\n", noisy / ns
  printf "grouping minmax: %.2fx --grouping none with a summary, %.2fx without one (goal: at most 1.2x)\n", mm / s, nsmm / ns
  printf "speed-up over the Python peer: without a summary %.1fx, noisy %.1fx (goal: at least 50x)\n", pns / ns, pnoisy / noisy
}'
awk -v plain="$(secs "$out/narr0.txt")" -v started="$(secs "$out/start1.txt")" 'BEGIN {
  printf "render with --start 10:00:00:00: %.2fx the render without a start (best times; goal: about 1x)\n", started / plain
}'
awk -v plain="$(secs "$out/narr0.txt")" -v spoken="$(secs "$out/narr1.txt")" \
  -v speech="$(secs "$out/speech.txt")" 'BEGIN {
  printf "narrated render of cars: %.3f s; speech alone %.3f s + plain render %.3f s = %.3f s\n", spoken, speech, plain, speech + plain
  printf "narrated render: %.2fx speech alone + the plain render (best times; goal: at most 1.25x)\n", spoken / (speech + plain)
}'
echo
echo "== the service: chart2midi serve on loopback (a render thread per core, 64 waiting), MIDI, MP3 and narrated MP3 of cars from 8 and 32 clients, every response read back"
python3 - "$bin/chart2midi" "$python" <<'PY' | tee "$out/serve.txt"
import json, subprocess, sys, time
binary, python = sys.argv[1], sys.argv[2]
server = subprocess.Popen([binary, "serve", "--port", "0", "--queue", "64"],
                          stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
line = server.stderr.readline()
url = line.split("listening on ", 1)[1].strip()
def peak():
    with open(f"/proc/{server.pid}/status") as status:
        for entry in status:
            if entry.startswith("VmHWM:"):
                return int(entry.split()[1]) // 1024
try:
    for fmt, narrated, requests in [("mid", False, 1000), ("mp3", False, 200), ("mp3", True, 100)]:
        for clients in (8, 32):
            arguments = [python, "Scripts/service-check.py", "load", url, "--requests", str(requests),
                         "--clients", str(clients), "--formats", fmt] + (["--narrated"] if narrated else [])
            result = json.loads(subprocess.run(arguments, capture_output=True, text=True, check=True).stdout)
            figures = result["formats"][fmt]
            name = ("narrated " if narrated else "") + fmt
            print(f"serve {name} {clients} clients: {result['per_second']} requests a second, "
                  f"p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, "
                  f"{result['failure_count']} of {result['requests']} failed")
    print(f"serve peak memory: {peak()} MB")
finally:
    server.terminate()
    server.wait()
PY
