#!/usr/bin/env bash
# `make test-engines`: batch on a real array-job engine. Starts munge, slurmctld and slurmd from
# Debian's packages on localhost (Tests/Engines/slurm.conf.in), submits the README's array script
# over a corpus of charts, cancels one task mid-run and requeues it, reruns one index the natural
# way, and checks the union of the shards against an unsharded run byte for byte and the report.
# Then two "machines" (each its own host name, boot of PID namespace) run one shard into one
# folder at once: every chart is converted once and none fails. Every daemon it started is
# stopped when it ends, whatever the outcome.
set -euo pipefail
cd "$(dirname "$0")/.."
program="${CHART2MIDI:-$PWD/.build/release/chart2midi}"
[ -x "$program" ] || { echo "no chart2midi at $program; run swift build -c release first"; exit 1; }

run=$(mktemp -d /tmp/chart2midi-engines.XXXXXX)
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$run"
}
trap stop EXIT
failures=0
check() { # check WHAT COMMAND...: runs the command, says whether it held
  local what=$1
  shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}

# The corpus: the examples three times over, a nested folder, and two broken charts.
charts="$run/charts"
mkdir -p "$charts/2024"
for copy in a b c; do
  for example in Examples/*.json; do cp "$example" "$charts/$copy-$(basename "$example")"; done
done
cp Examples/cars.json "$charts/2024/cars.json"
printf '{"title": "Broken", "xAxis": ' > "$charts/broken.json"
printf '{"title": 3}' > "$charts/2024/bad.json"
total=$(find "$charts" -name '*.json' | wc -l)
export SOURCE_DATE_EPOCH=1767225600

# munge, with a key of its own and its socket in the run folder.
mkdir -p "$run/state" "$run/spool" "$run/bin"
chmod 700 "$run"
dd if=/dev/urandom of="$run/munge.key" bs=1024 count=1 status=none
chmod 400 "$run/munge.key"
munged --force --key-file="$run/munge.key" --socket="$run/munge.socket" \
  --pid-file="$run/munged.pid" --log-file="$run/munged.log" --seed-file="$run/munged.seed"
for _ in $(seq 50); do [ -s "$run/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$run/munged.pid")")

host=$(hostname -s)
sed -e "s|@RUN@|$run|g" -e "s|@HOST@|$host|g" -e "s|@CPUS@|$(nproc)|g" \
  Tests/Engines/slurm.conf.in > "$run/slurm.conf"
export SLURM_CONF="$run/slurm.conf"
slurmctld -D -i -f "$SLURM_CONF" > "$run/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" > "$run/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
  sinfo -h -o '%t' 2>/dev/null | grep -qE '^(idle|mix|alloc)' && break
  sleep 0.2
done
sinfo -h -o '%t' | grep -qE '^(idle|mix|alloc)' || {
  echo "the Slurm node did not come up"; tail -20 "$run/slurmctld.log" "$run/slurmd.log"; exit 1
}
echo "Slurm $(sinfo -V | cut -d' ' -f2) on $host: node $(sinfo -h -o '%t'), $(nproc) CPUs"

# The README's array script, its paths this run's, chart2midi the build's.
ln -s "$program" "$run/bin/chart2midi"
export PATH="$run/bin:$PATH"
out="$run/out"
cat > "$run/sonify.sh" <<EOF
#!/bin/sh
#SBATCH --array=0-3
#SBATCH --cpus-per-task=1
#SBATCH --output=$run/task-%A_%a.log
exec chart2midi batch $charts --out $out --wav --jobs 1 --shards 4
EOF

job=$(sbatch --parsable "$run/sonify.sh")
echo "$(date +%T) submitted array job $job: 4 tasks of $total charts"
# Task 2 is cancelled once it has done a chart.
for _ in $(seq 600); do
  [ -s "$out/manifest-3-of-4.jsonl" ] && break
  sleep 0.05
done
scancel "${job}_2"
state() { scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -1 | cut -d= -f2; }
wait_for() { # wait_for JOB: until the job (every task of an array) has ended
  for _ in $(seq 1200); do
    squeue -h -j "$1" 2>/dev/null | grep -q . || return 0
    sleep 0.25
  done
  echo "job $1 did not end"
  return 1
}
wait_for "$job"
cancelled_lines=$(wc -l < "$out/manifest-3-of-4.jsonl")
echo "$(date +%T) task 2: $(state "${job}_2") after $cancelled_lines of its charts"
check "task 2 was cancelled mid-run" test "$(state "${job}_2")" = CANCELLED
check "the cancelled task left no temporary file or lock" \
  test -z "$(find "$out" -name '.*' \( -name '*.tmp' -o -name '*.lock' \) | head -1)"

# Requeued, the cancelled task does its shard again (what it finished is up to date).
scontrol requeue "${job}_2"
wait_for "$job"
log=$(ls "$run"/task-"${job}"_2.log)
echo "$(date +%T) requeued task 2: $(state "${job}_2"); its log ends: $(tail -1 "$log")"
check "the requeued task finished its shard" grep -q "(shard 3 of 4, of $total in all)" "$log"

# One index again, the natural way: shard 4 of 4, every chart up to date.
again=$(sbatch --parsable --array=3 "$run/sonify.sh")
wait_for "$again"
check "sbatch --array=3 redoes shard 4 alone, up to date" \
  grep -q "converted 0, up to date .* (shard 4 of 4, of $total in all)" "$run/task-${again}_3.log"

# The union of the shards is one unsharded run, byte for byte.
chart2midi batch "$charts" --out "$run/whole" --wav --jobs 2 > /dev/null 2>&1 || true
outputs() { (cd "$1" && find . -type f -not -name 'manifest*' -not -name '.*' | sort); }
check "the shards made the files one run makes" diff <(outputs "$out") <(outputs "$run/whole")
identical=0
while read -r file; do cmp -s "$out/$file" "$run/whole/$file" && identical=$((identical + 1)); done \
  < <(outputs "$run/whole")
echo "$(date +%T) union of the shards: $identical of $(outputs "$run/whole" | wc -l) files identical"
check "every file identical" test "$identical" -eq "$(outputs "$run/whole" | wc -l)"

# The report: every chart, the two broken ones failed, no shard missing.
set +e
report=$(chart2midi batch-report "$out" --expect-shards 4)
status=$?
set -e
echo "$report" | sed 's/^/  /'
check "batch-report exits 1 for the broken charts" test "$status" -eq 1
check "batch-report counts every chart, two failed" grep -q "^charts: $total (.*, failed 2)" <<< "$report"
check "no shard missing" test -z "$(grep '^missing:' <<< "$report")"
# The broken charts' tasks ended 65, which an engine does not retry.
statuses=$(for index in 0 1 3; do scontrol show job "${job}_$index" | grep -o 'ExitCode=[0-9]*' | head -1; done | sort | uniq -c | tr -s ' ' | tr '\n' ';')
echo "tasks' exit codes: $statuses"
check "a task with a broken chart ends 65" grep -q "ExitCode=65" <<< "$statuses"

# Two machines, one folder, one shard at once: each its own host name and PID namespace.
two="$run/two"
mkdir -p "$two"
# What a third machine is writing now: never taken for a dead process's.
echo "being written" > "$two/.a-cars.wav.h0123456789abcdef.4242.0-feed.tmp"
machine() { # machine NAME: the batch as that machine runs it
  unshare --uts --pid --fork --mount-proc sh -c \
    "hostname $1; exec chart2midi batch $charts --out $two --wav --jobs 1 --shard 1/1" \
    > "$run/$1.log" 2>&1
}
machine node-a &
first=$!
machine node-b &
second=$!
set +e
wait "$first"
status_a=$?
wait "$second"
status_b=$?
set -e
failed=$(cat "$run/node-a.log" "$run/node-b.log" | grep -c '\] failed: ' || true)
converted=$(grep -h '"status":"converted"' "$two/manifest-1-of-1.jsonl" | wc -l)
echo "two machines on one folder: exit $status_a and $status_b, $failed failed (the 2 broken charts, each once a machine), $converted of $((total - 2)) good charts converted"
check "no chart failed but the broken ones" test "$failed" -eq 4
check "each good chart converted once" test "$converted" -eq $((total - 2))
check "the other machine's temporary is untouched" test -f "$two/.a-cars.wav.h0123456789abcdef.4242.0-feed.tmp"
check "both machines waited for each other's charts" grep -q "waiting for" "$run/node-a.log" "$run/node-b.log"

if [ "$failures" -gt 0 ]; then
  echo "$failures checks failed"
  exit 1
fi
echo "every engine check passed"
