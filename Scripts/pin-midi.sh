#!/usr/bin/env bash
# Writes the pinned MIDI files again from Tests/Fixtures/Pinned/cases.txt with the built chart2midi.
# Run it only for a change that is meant to alter what chart2midi writes, and check the new files
# with an independent reader (midicsv, mido) before committing them.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CHART2MIDI:-.build/debug/chart2midi}
folder=Tests/Fixtures/Pinned
grep -v '^#' "$folder/cases.txt" | while IFS=$'\t' read -r name args; do
  [ -n "$name" ] || continue
  # shellcheck disable=SC2086 # the arguments are split at spaces on purpose
  "$bin" convert $args -o "$folder/$name.mid" 2>/dev/null
  echo "pinned $folder/$name.mid"
done
