#!/usr/bin/env python3
"""Lists the public declarations of the library modules that have no `///` summary.

Exits non-zero when there are any, so that `make test` keeps every public declaration documented.
"""
import pathlib
import re
import sys

MODULES = [
    "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIInput", "Chart2MIDIFacts", "Chart2MIDICore",
    "Chart2MIDISonification", "Chart2MIDISMFReader", "Chart2MIDIAudio", "Chart2MIDIOutputs",
    "Chart2MIDIExercises", "SoundFontMaker",
]
DECLARATION = re.compile(r"^\s*(@\w+(\([^)]*\))?\s+)*(public|open)\s")

missing = []
root = pathlib.Path(__file__).resolve().parent.parent
for module in MODULES:
    for path in sorted((root / "Sources" / module).rglob("*.swift")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            if not DECLARATION.match(line) or line.strip().startswith("public import"):
                continue
            previous = number - 1
            # Attributes and multi-line attribute arguments may stand between the comment and it.
            while previous >= 0 and lines[previous].strip().startswith("@"):
                previous -= 1
            if previous < 0 or not lines[previous].strip().startswith("///"):
                missing.append(f"{path.relative_to(root)}:{number + 1}: {line.strip()}")

for entry in missing:
    print(entry)
if missing:
    print(f"{len(missing)} public declarations have no /// summary", file=sys.stderr)
    sys.exit(1)
print("every public declaration has a /// summary")
