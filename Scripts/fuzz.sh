#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (Swift's -sanitize=fuzzer, with AddressSanitizer): one
# target per decoder, and two that reach further in (Vega-Lite expressions in a calculate and a
# filter; MIDI files built well-formed around tempo events of any length and delta times of any
# size), each run for FUZZ_SECONDS (default 180), two at a time, on inputs of at most 8 KB (longer ones only slow each execution; nesting and length limits have their own tests),
# seeded with Examples/ and the pinned MIDI files. A crash or sanitizer report is copied into
# Tests/Fixtures/Hostile/, where `make test` replays it once its expected message is written in
# expected.tsv.
# Run through `make fuzz`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-180}
targets=(FuzzDescriptor FuzzCSV FuzzVegaLite FuzzSMF FuzzRender FuzzExpression FuzzSMFTiming)
build=.build/fuzz
for target in "${targets[@]}"; do
  CHART2MIDI_FUZZ=1 swift build -c release --build-path "$build" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --product "$target" 2>&1 | tail -1
done

# Seeds: the examples, for each decoder in its own form.
seed() {
  local target=$1 corpus=$build/corpus/$1
  mkdir -p "$corpus"
  case $target in
    FuzzDescriptor) cp Examples/*.json "$corpus/" ;;
    FuzzVegaLite) cp Examples/vega-lite/*.json "$corpus/" ;;
    FuzzCSV)
      # The first byte chooses the column flags: x, y and the next three header columns.
      for file in Examples/*.csv Examples/vega-lite/*.csv; do
        for flags in 0 1 7; do
          { printf "\\x0$flags"; cat "$file"; } > "$corpus/$(basename "$file" .csv)-$flags"
        done
      done ;;
    FuzzSMF | FuzzRender) cp Tests/Fixtures/Pinned/*.mid "$corpus/" ;;
    FuzzExpression)
      # The expressions of the examples and of the hostile fixtures, one a file.
      python3 - "$corpus" Examples/vega-lite/*.json Tests/Fixtures/Hostile/*.vl.json <<'PY'
import json, sys
corpus, files = sys.argv[1], sys.argv[2:]
found = {"datum.a * 2", "substring(datum.b, 1, 3) + upper(datum.b)",
         "if(datum.a > 1, 'x', 'y') + toString(year(datum.t))",
         "indexof(lower(datum.b), 'x') >= 0 && isValid(datum.c)"}
for name in files:
    try:
        spec = json.load(open(name))
    except Exception:
        continue
    for step in spec.get("transform", []) if isinstance(spec, dict) else []:
        for key in ("calculate", "filter"):
            if isinstance(step.get(key), str) and len(step[key]) < 2000:
                found.add(step[key])
for number, text in enumerate(sorted(found)):
    open(f"{corpus}/seed-{number}", "w").write(text)
PY
      ;;
    FuzzSMFTiming)
      # Division 480 with a tempo, a note on and off; and an SMPTE division with a short tempo.
      printf '\x01\xe0\x00\x00\x03\x07\xa1\x20\x00\x04\x00\x3c\x50\x03\x7f\xff\xff\x7f\x05\x00\x3c\x00' > "$corpus/seed-1"
      printf '\xe7\x28\x00\x00\x01\x07\x00\x05\x00\x04\x00\x3c\x50' > "$corpus/seed-2" ;;
  esac
}

run() {
  local target=$1
  local findings=$build/findings/$target
  # This run's findings only: earlier ones were copied into Tests/Fixtures/Hostile when found.
  rm -rf "$findings"
  mkdir -p "$findings"
  seed "$target"
  # Each target alone: its exit status says whether it found something; the loop goes on.
  "$build/release/$target" "$build/corpus/$target" -max_total_time="$seconds" -timeout=30 \
    -rss_limit_mb=4096 -max_len=8192 -print_final_stats=1 -artifact_prefix="$findings/" \
    > "$build/$target.log" 2>&1 || true
}

pids=()
for target in "${targets[@]}"; do
  run "$target" &
  pids+=($!)
  # Two at a time, on two cores.
  if (( ${#pids[@]} == 2 )); then wait "${pids[0]}"; pids=("${pids[1]}"); fi
done
wait

printf "\n%-16s %14s %12s %9s\n" target executions corpus findings
total=0
for target in "${targets[@]}"; do
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/$target.log" | grep -o '[0-9]*$' || echo 0)
  corpus=$(ls "$build/corpus/$target" | wc -l)
  found=$(ls "$build/findings/$target" | wc -l)
  printf "%-16s %14s %12s %9s\n" "$target" "$runs" "$corpus" "$found"
  total=$((total + ${runs:-0}))
  for file in "$build/findings/$target"/*; do
    [ -e "$file" ] || continue
    name=fuzz-$target-$(basename "$file")
    cp "$file" "Tests/Fixtures/Hostile/$name"
    echo "  finding: Tests/Fixtures/Hostile/$name (see $build/$target.log); add its line to expected.tsv"
  done
done
printf "%-16s %14s\n" total "$total"
