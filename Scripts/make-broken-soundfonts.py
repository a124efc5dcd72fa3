#!/usr/bin/env python3
# The broken soundfonts of Tests/Fixtures/Hostile: python3 Scripts/make-broken-soundfonts.py Tests/Fixtures/Hostile
# (the file names are broken-soundfont-KIND.sf2).
# Writes a minimal SoundFont 2: one 0.1 s sine sample, one instrument, preset "Tone" at bank 0
# program 0 (and a drum kit at bank 128), then broken variants of it.
import math, struct, sys
def chunk(tag, body):
    if len(body) % 2: body += b'\0'
    return tag.encode() + struct.pack('<I', len(body)) + body
def lst(kind, body): return chunk('LIST', kind.encode() + body)
def name(text): return text.encode()[:19].ljust(20, b'\0')
def sf2(kind):
    n = 4410
    data = b''.join(struct.pack('<h', int(12000 * math.sin(2 * math.pi * 440 * i / 44100))) for i in range(n)) + b'\0' * 92
    start, end = 0, n
    stype = 1
    if kind == 'end-past-data': end = n + 200000
    if kind == 'start-after-end': start = n + 10
    if kind == 'rom-sample': stype = 0x8001
    shdr = name('sine') + struct.pack('<IIIIIBbHH', start, end, 100, n - 100, 44100, 69, 0, 0, stype)
    shdr += name('EOS') + b'\0' * 26
    phdr = name('Tone') + struct.pack('<HHHIII', 0, 0, 0, 0, 0, 0)
    phdr += name('Kit') + struct.pack('<HHHIII', 0, 128, 1, 0, 0, 0)
    phdr += name('EOP') + struct.pack('<HHHIII', 0, 0, 2, 0, 0, 0)
    pbag = struct.pack('<HH', 0, 0) + struct.pack('<HH', 1, 0) + struct.pack('<HH', 2, 0)
    instrument = 5000 if kind == 'instrument-index' else 0
    pgen = struct.pack('<HH', 41, instrument) * 2 + b'\0' * 4
    inst = name('sine') + struct.pack('<H', 0) + name('EOI') + struct.pack('<H', 1)
    ibag = struct.pack('<HH', 0, 0) + struct.pack('<HH', 3, 0)
    sample_op = 48 if kind == 'zone-without-sample' else 53
    igen = struct.pack('<HH', 43, 0x7F00) + struct.pack('<HH', 54, 1) + struct.pack('<HH', sample_op, 0) + b'\0' * 4
    info = chunk('ifil', struct.pack('<HH', 2, 1)) + chunk('isng', b'EMU8000\0') + chunk('INAM', b'Broken\0')
    pdta = (chunk('phdr', phdr) + chunk('pbag', pbag) + chunk('pmod', b'\0' * 10) + chunk('pgen', pgen)
            + chunk('inst', inst) + chunk('ibag', ibag) + chunk('imod', b'\0' * 10) + chunk('igen', igen)
            + chunk('shdr', shdr))
    body = b'sfbk' + lst('INFO', info) + lst('sdta', chunk('smpl', data)) + lst('pdta', pdta)
    return chunk('RIFF', body)
for kind in sys.argv[2:]:
    open(f'{sys.argv[1]}/broken-soundfont-{kind}.sf2', 'wb').write(sf2(kind))
