#!/usr/bin/env python3
"""Checks of chart2midi's files as other players and readers take them, for the tests (run with
the tests' venv: mido, numpy, scipy; aubio-tools and timidity from Debian). Each prints its
figures and exits non-zero when a check fails.

    player-checks.py spectrogram A.wav B.wav
        The Pearson correlation of two renders' log-magnitude spectrograms (mono, 2048-sample Hann
        windows every 512 samples, decibels floored 80 dB under each file's peak), over the
        shorter file. Renders of the same notes on the same instruments correlate above 0.99; a
        wrong instrument or a mistuned note lowers it.

    player-checks.py layout FILE.mid
        An exact-pitch file as a player without ports hears it: no port meta event (0x21), every
        note on a channel whose program is its track's, no channel played by two tracks, and no
        channel's pitch bend changing while a note, or the half second of its release, sounds
        on it.

    player-checks.py glide FILE.mid POINTS.json [line]
        A gliding tone (the file's first instrument track) read back: at each point of POINTS
        ([[seconds, pitch], ...], the points the glide follows), and with `line` every 10 ms of
        the straight line between them, the sounding pitch (the key plus the bend over the range
        the track's RPN 0 sets, 2 semitones without one) lies within half a semitone of the
        data's; and every note struck again within a tone is struck where the data leaves the
        previous key's bend range (at the points around it).

    player-checks.py density FILE.mid LIMIT
        No track has more than LIMIT note-ons in any second, wherever it starts.

    player-checks.py musicxml SCORE.musicxml TIME_SIGNATURE TEMPO NAME...
        A score that MuseScore exported from a gridded file: its time signature and tempo are the
        file's, at least 95% of its notes start and last whole sixteenths and sit in no tuplet, and
        every part's name holds one of the NAMEs (the series).

    player-checks.py ensemble SCORE.musicxml TITLE
        A score that MuseScore exported from a file of ensemble parts, read with music21: its
        title is TITLE; no part of an instrument that plays one note at a time (a wind, brass or
        bowed string program) holds a chord or two notes sounding at once; every note lies in its
        instrument's range (RANGES: sounding ranges from orchestration references), and an
        instrument written in the treble clef is never set in another.

    player-checks.py onsets FILE.mid TIMIDITY.cfg
        Each track rendered alone by TiMidity (every other channel muted): at least 95% of the
        onsets aubio detects (above -50 dB) lie within 5 ms of a note-on of the track, and at
        least two thirds of the track's onsets are detected. aubio takes onsets closer than its
        minimum interval as one, and now and then places two notes struck 20 ms apart as one
        onset 60 ms later: hence the shares.
"""
import os
import subprocess
import sys
import tempfile
import warnings

RELEASE = 0.5  # seconds a note's release is taken to sound, as chart2midi's NoteChannels


def spectrogram(a_path, b_path):
    import numpy as np
    from scipy.io import wavfile
    from scipy.signal import stft

    warnings.simplefilter("ignore")  # the WAV files' bext, iXML and cue chunks

    def mono(path):
        rate, samples = wavfile.read(path)
        samples = samples.astype(np.float64)
        return rate, samples.mean(axis=1) if samples.ndim > 1 else samples

    rate_a, a = mono(a_path)
    rate_b, b = mono(b_path)
    if rate_a != rate_b:
        raise SystemExit(f"the sample rates differ: {rate_a} and {rate_b}")
    length = min(len(a), len(b))
    decibels = []
    for samples in (a[:length], b[:length]):
        _, _, z = stft(samples, fs=rate_a, window="hann", nperseg=2048, noverlap=2048 - 512)
        magnitude = np.abs(z)
        magnitude /= max(magnitude.max(), 1e-12)  # each at its own level: the gains differ
        decibels.append(20 * np.log10(np.maximum(magnitude, 1e-4)))
    print(f"{np.corrcoef(decibels[0].ravel(), decibels[1].ravel())[0, 1]:.4f}")


def timed(track, song):
    """The track's messages with their times in seconds (chart2midi writes one tempo)."""
    import mido

    tempo = 500000
    for message in song.tracks[0]:
        if message.type == "set_tempo":
            tempo = message.tempo
            break
    tick = 0
    for message in track:
        tick += message.time
        yield mido.tick2second(tick, song.ticks_per_beat, tempo), message


def layout(path):
    import mido

    song = mido.MidiFile(path)
    problems = []
    ports = [m for track in song.tracks for m in track if m.type == "midi_port"]
    if ports:
        problems.append(f"{len(ports)} port meta events")
    programs = {}  # channel: program, over the whole file (one port)
    owners = {}  # channel: the track that plays it
    notes = 0
    for number, track in enumerate(song.tracks[1:], 1):
        own = None
        sounding = {}  # channel: keys sounding
        quiet_from = {}  # channel: when its last release has faded
        bend = {}
        for time, message in timed(track, song):
            channel = getattr(message, "channel", None)
            if channel is None or channel == 9:
                continue
            if message.type == "program_change":
                programs[channel] = message.program
                own = message.program if own is None else own
            if owners.setdefault(channel, number) != number:
                problems.append(f"channel {channel + 1} is played by tracks {owners[channel]} and {number}")
            if message.type == "note_on" and message.velocity > 0:
                notes += 1
                if programs.get(channel) != own:
                    problems.append(
                        f"track {number}: a note at {time:.3f} s on channel {channel + 1} plays program {programs.get(channel)}, not {own}")
                sounding.setdefault(channel, set()).add(message.note)
            elif message.type in ("note_off", "note_on"):
                sounding.get(channel, set()).discard(message.note)
                quiet_from[channel] = max(quiet_from.get(channel, 0), time + RELEASE)
            elif message.type == "pitchwheel":
                changed = bend.get(channel, 0) != message.pitch
                bend[channel] = message.pitch
                busy = sounding.get(channel) or time < quiet_from.get(channel, 0) - 1e-6
                if changed and busy:
                    problems.append(
                        f"track {number}: channel {channel + 1}'s bend changes at {time:.3f} s while a note or its release sounds")
    print(f"{notes} notes, {len(problems)} problems")
    for problem in problems[:20]:
        print(problem)
    return not problems


def bend_range_of(track):
    """The pitch-bend range RPN 0 sets on a track (controllers 101 and 100 at 0, then the data
    entry's coarse value), or 2, General MIDI's."""
    rpn, found = {}, 2.0
    for message in track:
        if message.type == "control_change":
            if message.control in (101, 100):
                rpn[message.control] = message.value
            elif message.control == 6 and rpn.get(101) == 0 and rpn.get(100) == 0:
                found = float(message.value)
    return found


def glide(path, points_path, line=None):
    import json

    import mido

    song = mido.MidiFile(path)
    points = json.load(open(points_path))
    bend_range = bend_range_of(song.tracks[1])
    events = list(timed(song.tracks[1], song))
    data = {}  # seconds -> pitch: the points, and with `line` the line between them every 10 ms
    for (t0, p0), (t1, p1) in zip(points, points[1:]):
        steps = int((t1 - t0) / 0.01) if line == "line" else 0
        for step in range(1, steps):
            t = t0 + (t1 - t0) * step / steps
            # Off a strike's instant: the bend is set at the strike itself.
            data[round(t, 6)] = p0 + (p1 - p0) * step / steps
    for t, p in points:
        data[round(t, 6)] = p
    samples = sorted(data.items())
    key, bend, place = None, 0, 0
    released = (None, None)  # the key last released, and when
    worst = 0.0
    problems = []
    restrikes = 0
    times = [t for t, _ in points]
    for when, pitch in samples:
        while place < len(events) and events[place][0] <= when + 1e-6:
            time, message = events[place]
            if message.type == "note_on" and message.velocity > 0:
                if key is None and released[1] is not None and abs(released[1] - time) < 1e-6:
                    key = released[0]  # struck again: the note before ended here
                if key is not None:
                    restrikes += 1
                    # The points around the strike: the last at or before it and the next after.
                    before = max([i for i, t in enumerate(times) if t <= time + 0.0011], default=0)  # a tick is 1.04 ms
                    around = [points[i][1] for i in (before, before + 1) if i < len(points)]
                    if all(abs(p - key) <= bend_range + 1e-3 for p in around):
                        problems.append(f"a note struck again at {time:.3f} s where key {key} still reaches the data")
                key = message.note
            elif message.type == "note_off" or (message.type == "note_on" and message.velocity == 0):
                if message.note == key:
                    key, released = None, (key, time)
            elif message.type == "pitchwheel":
                bend = message.pitch
            place += 1
        if key is None:
            problems.append(f"nothing sounds at {when:.3f} s")
            continue
        heard = key + bend / 8192 * bend_range
        worst = max(worst, abs(heard - pitch))
        if abs(heard - pitch) > 0.5:
            problems.append(f"at {when:.3f} s the tone sounds {heard:.2f}, the data {pitch:.2f}")
    print(f"{len(points)} points, {len(samples)} times, bend range {bend_range:g}, {restrikes} notes struck again, the farthest {worst:.3f} semitones off, {len(problems)} problems")
    for problem in problems[:20]:
        print(problem)
    return not problems


def density(path, limit):
    import bisect

    import mido

    song = mido.MidiFile(path)
    good = True
    for track in song.tracks[1:]:
        onsets = [t for t, m in timed(track, song) if m.type == "note_on" and m.velocity > 0]
        densest = max((bisect.bisect_left(onsets, t + 1 - 1e-9) - i for i, t in enumerate(onsets)), default=0)
        print(f"{track.name}: {len(onsets)} notes, at most {densest} in a second")
        good = good and densest <= float(limit)
    return good


def musicxml(path, signature, tempo, *names):
    import xml.etree.ElementTree as ET

    root = ET.parse(path).getroot()
    divisions = int(next(root.iter("divisions")).text)  # per quarter note
    parts = [p.findtext("part-name") or "" for p in root.iter("score-part")]
    signatures = {f"{t.findtext('beats')}/{t.findtext('beat-type')}" for t in root.iter("time")}
    tempos = {float(s.get("tempo")) for s in root.iter("sound") if s.get("tempo")}
    total = clean = 0
    for part in root.iter("part"):
        for measure in part.iter("measure"):
            position, last = 0, 0
            for element in measure:
                if element.tag in ("backup", "forward"):
                    length = int(element.findtext("duration"))
                    position += length if element.tag == "forward" else -length
                    continue
                if element.tag != "note":
                    continue
                length = int(element.findtext("duration") or 0)
                chord = element.find("chord") is not None
                start = position - last if chord else position
                if element.find("rest") is None and element.find("grace") is None:
                    total += 1
                    clean += (element.find("time-modification") is None
                              and start * 4 % divisions == 0 and length * 4 % divisions == 0)
                if not chord:
                    position += length
                    last = length
    share = clean / total if total else 0
    unnamed = [p for p in parts if not any(name in p for name in names)]
    print(f"time signatures {sorted(signatures)}, tempos {sorted(tempos)}, {clean} of {total} notes "
          f"({share:.1%}) on the sixteenth grid without tuplets; parts {parts}")
    good = signatures == {signature} and tempos == {float(tempo)} and share >= 0.95
    if unnamed:
        print(f"parts not named after a series: {unnamed}")
    return good and not unnamed


# General MIDI programs (from 0) to the sounding range of the instrument, lowest and highest MIDI
# note, as orchestration references give them for professional players (a transposing instrument's
# written range moved to concert pitch), and whether it is written in the treble clef.
RANGES = {
    0: (21, 108, False),   # piano: A0-C8
    11: (53, 89, True),    # vibraphone: F3-F6
    12: (45, 96, False),   # marimba: A2-C7
    14: (60, 77, True),    # tubular bells: C4-F5
    19: (36, 96, False),   # church organ, the manuals: C2-C7
    24: (40, 88, False),   # nylon guitar: E2-E6
    40: (55, 103, True),   # violin: G3-G7
    56: (52, 82, True),    # trumpet in B flat: written F#3-C6
    68: (58, 91, True),    # oboe: B flat 3-G6
    71: (50, 94, True),    # clarinet in B flat: written E3-C7
    73: (60, 96, True),    # flute: C4-C7
    79: (60, 89, True),    # ocarina (alto in C): C4-F6
}
MONOPHONIC = set(range(40, 44)) | set(range(56, 61)) | set(range(64, 80))


def ensemble(path, title):
    import xml.etree.ElementTree as ET
    from music21 import chord, clef, converter

    credits = [c.text for c in ET.parse(path).getroot().iter("credit-words")]
    good = title in credits
    print(f"credits {credits}")
    score = converter.parse(path).toSoundingPitch()
    for part in score.parts:
        program = part.getInstrument().midiProgram
        if program is None:  # the percussion of the gridlines
            continue
        notes = list(part.flatten().notes)
        name = part.partName
        chords = sum(isinstance(n, chord.Chord) for n in notes)
        spans = sorted((float(n.offset), float(n.offset + n.quarterLength)) for n in notes)
        overlaps = sum(b[0] < a[1] - 1e-9 for a, b in zip(spans, spans[1:]))
        pitches = [p.midi for n in notes for p in n.pitches]
        clefs = {type(c).__name__ for c in part.flatten().getElementsByClass(clef.Clef)}
        low, high, treble = RANGES.get(program, (0, 127, False))
        outside = sum(not low <= p <= high for p in pitches)
        mono = program in MONOPHONIC
        print(f"{name}: program {program}, {len(notes)} notes {min(pitches, default=0)}-"
              f"{max(pitches, default=0)} (range {low}-{high}), {outside} outside, {chords} chords, "
              f"{overlaps} overlaps, clefs {sorted(clefs)}")
        if program not in RANGES:
            print(f"{name}: program {program} has no range here")
            good = False
        good = good and outside == 0 and len(notes) > 0
        if mono:
            good = good and chords == 0 and overlaps == 0
        if treble:
            good = good and clefs == {"TrebleClef"}
    return good


def onsets(path, config):
    import mido
    import numpy as np

    song = mido.MidiFile(path)
    good = True
    with tempfile.TemporaryDirectory() as folder:
        stem = os.path.join(folder, "stem.wav")
        for track in song.tracks[1:]:
            played = np.array(sorted(
                {t for t, m in timed(track, song) if m.type == "note_on" and m.velocity > 0}))
            channels = sorted({m.channel for m in track if m.type == "note_on"})
            if len(played) == 0:
                continue
            mute = "0," + ",".join(f"-{c + 1}" for c in channels)
            subprocess.run(
                ["timidity", "-c", config, "--preserve-silence", "-Ow", "-o", stem, "-Q", mute, path],
                capture_output=True, check=True)
            out = subprocess.run(["aubioonset", "-i", stem, "-H", "64", "-B", "512", "-s", "-50"],
                                 capture_output=True, text=True, check=True).stdout
            detected = np.array([float(x) for x in out.split()])
            if len(detected) == 0:
                print(f"{track.name}: no onset detected")
                good = False
                continue
            off = np.array([np.min(np.abs(played - t)) for t in detected]) * 1000
            found = np.mean([np.min(np.abs(detected - t)) <= 0.005 for t in played])
            near = np.mean(off <= 5)
            print(f"{track.name}: {len(played)} onsets, {len(detected)} detected, {near:.0%} of them "
                  f"within 5 ms of a note-on (median {np.median(off):.1f} ms), {found:.0%} found")
            good = good and near >= 0.95 and found >= 2 / 3
    return good


if __name__ == "__main__":
    command, arguments = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("", [])
    if command == "spectrogram" and len(arguments) == 2:
        spectrogram(*arguments)
    elif command == "layout" and len(arguments) == 1:
        sys.exit(0 if layout(*arguments) else 1)
    elif command == "glide" and len(arguments) in (2, 3):
        sys.exit(0 if glide(*arguments) else 1)
    elif command == "density" and len(arguments) == 2:
        sys.exit(0 if density(*arguments) else 1)
    elif command == "musicxml" and len(arguments) >= 4:
        sys.exit(0 if musicxml(*arguments) else 1)
    elif command == "ensemble" and len(arguments) == 2:
        sys.exit(0 if ensemble(*arguments) else 1)
    elif command == "onsets" and len(arguments) == 2:
        sys.exit(0 if onsets(*arguments) else 1)
    else:
        raise SystemExit(__doc__)
