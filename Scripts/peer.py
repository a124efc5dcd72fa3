#!/usr/bin/env python3
"""The same job written the way a Python user would today: json + mido, the same mapping
(x to time, y to notes 48-84, the additional axis to duration 0.1-0.8 s), one track, 960 ticks per
second."""
import json
import sys

import mido

with open(sys.argv[1]) as handle:
    chart = json.load(handle)
x_low, x_high = chart["xAxis"]["range"]
y_low, y_high = chart["yAxis"]["range"]
d_low, d_high = chart["additionalAxes"][0]["range"]
total = chart.get("sonification", {}).get("totalDuration", 10)
events = []
for point in chart["series"][0]["dataPoints"]:
    onset = (point["x"] - x_low) / (x_high - x_low) * total
    note = 48 + round((point["y"] - y_low) / (y_high - y_low) * 36)
    length = 0.1 + (point["additionalValues"][0] - d_low) / (d_high - d_low) * 0.7
    events.append((round(onset * 960), 1, note))
    events.append((round((onset + length) * 960), 0, note))
events.sort()
song = mido.MidiFile(type=1, ticks_per_beat=480)
conductor = mido.MidiTrack([mido.MetaMessage("set_tempo", tempo=500000)])
track = mido.MidiTrack()
song.tracks += [conductor, track]
previous = 0
for tick, kind, note in events:
    kind_name = "note_on" if kind else "note_off"
    track.append(mido.Message(kind_name, note=note, velocity=100 if kind else 64, time=tick - previous))
    previous = tick
song.save(sys.argv[2])
