import Foundation

/// The project's own soundfont: clean timbres made from sums of sine partials, placed at the General
/// MIDI programs of the default palette (every other program plays the timbre of its family), and a
/// soft tick on the percussion bank for gridlines. Everything is computed, so the same code always
/// makes the same bytes.
public enum ProjectSoundFont {
  /// One sine partial: its frequency as a ratio to the fundamental, its amplitude, and its decay
  /// time in seconds (nil: it holds).
  struct Partial: Sendable {
    var ratio: Double
    var amplitude: Double
    var decay: Double?
  }

  /// How a timbre sounds.
  struct Timbre: Sendable {
    /// What the soundfont calls it.
    var name: String
    /// The partials; a timbre with no decaying partial is a sustained, looped tone.
    var partials: [Partial]
    /// Attack and release of the volume envelope, in seconds.
    var attack: Double
    var release: Double

    /// Whether the timbre holds while the key is down (a looped tone).
    var isSustained: Bool { partials.allSatisfy { $0.decay == nil } }
  }

  /// The timbres, with the program that shows each in the default palette.
  static let timbres: [(program: UInt16, timbre: Timbre)] = makeTimbres()

  private static func makeTimbres() -> [(program: UInt16, timbre: Timbre)] {
    func held(_ pairs: [(Double, Double)]) -> [Partial] {
      pairs.map { Partial(ratio: $0.0, amplitude: $0.1, decay: nil) }
    }
    func decaying(_ triples: [(Double, Double, Double)]) -> [Partial] {
      triples.map { Partial(ratio: $0.0, amplitude: $0.1, decay: $0.2) }
    }
    let triangle = harmonics(odd: true) { n in 1 / Double(n * n) }
    let square = harmonics(odd: true) { n in 1 / Double(n) }
    // A reed: odd harmonics with a formant on the third and fifth, a trace of the even ones.
    let reedOdd: [Double] = [1, 0, 0.9, 0, 0.6, 0, 0.35, 0, 0.2, 0, 0.1, 0, 0.05]
    let reed = held(
      reedOdd.enumerated().map { (Double($0.offset + 1), $0.element == 0 ? 0.02 : $0.element) })
    // A bowed string: a sawtooth, every harmonic at 1/n.
    let bowed = harmonics(odd: false) { n in exp(-Double(n) / 20) / Double(n) }
    // Brass: the second to fourth harmonics stronger than the fundamental.
    let brass = harmonics(odd: false) { n in Double(n) * exp(-Double(n) / 2.5) }
    // An organ: octaves above the fundamental.
    let organ = held([(1, 1), (2, 0.8), (4, 0.6), (8, 0.4), (3, 0.15), (6, 0.1)])
    let struck: [Partial] = (1...12).map { n in
      Partial(
        ratio: Double(n), amplitude: 1 / pow(Double(n), 1.2), decay: 1.6 / pow(Double(n), 0.6))
    }
    let plucked: [Partial] = (1...16).map { n in
      let amplitude = abs(sin(Double(n) * .pi * 0.2)) / Double(n * n) * 4
      return Partial(ratio: Double(n), amplitude: amplitude, decay: 1.2 / pow(Double(n), 0.8))
    }
    return [
      (73, Timbre(name: "Sine", partials: held([(1, 1)]), attack: 0.02, release: 0.2)),
      (79, Timbre(name: "Triangle", partials: triangle, attack: 0.02, release: 0.2)),
      (80, Timbre(name: "Soft square", partials: square, attack: 0.015, release: 0.15)),
      (71, Timbre(name: "Reed", partials: reed, attack: 0.03, release: 0.15)),
      (40, Timbre(name: "Bowed", partials: bowed, attack: 0.08, release: 0.3)),
      (56, Timbre(name: "Brass", partials: brass, attack: 0.04, release: 0.15)),
      (19, Timbre(name: "Organ", partials: organ, attack: 0.01, release: 0.12)),
      (0, Timbre(name: "Struck string", partials: struck, attack: 0.002, release: 0.3)),
      (24, Timbre(name: "Plucked string", partials: plucked, attack: 0.002, release: 0.25)),
      (
        11,
        Timbre(
          name: "Mallet", partials: decaying([(1, 1, 1.5), (4, 0.3, 0.3), (10, 0.05, 0.1)]),
          attack: 0.002, release: 0.5)
      ),
      (
        12,
        Timbre(
          name: "Wood mallet",
          partials: decaying([(1, 1, 0.5), (3.93, 0.35, 0.12), (9.2, 0.08, 0.04)]), attack: 0.002,
          release: 0.2)
      ),
      (
        14,
        Timbre(
          name: "Bell",
          partials: decaying([(1, 1, 2.5), (2.76, 0.45, 1.2), (5.4, 0.25, 0.6), (8.93, 0.1, 0.3)]),
          attack: 0.002, release: 1)
      ),
    ]
  }

  /// The timbre each General MIDI program plays: its own, or its family's.
  static func timbreIndex(forProgram program: Int) -> Int {
    func index(_ program: UInt16) -> Int { timbres.firstIndex { $0.program == program }! }
    if let own = timbres.firstIndex(where: { $0.program == UInt16(program) }) { return own }
    switch program {
    case 8, 9, 10, 112: return index(14)  // celesta, glockenspiel, music box, tinkle bell: bell
    // Xylophone, dulcimer, timpani, kalimba and the percussive family: mallet.
    case 13, 15, 47, 108, 113...119: return index(11)
    case 45, 46: return index(24)  // pizzicato, harp: plucked
    // Voices, pipes, pads and effects: triangle.
    case 52...54, 72...78, 88...103, 120...127: return index(79)
    case 55: return index(56)
    case 109, 111: return index(71)  // bagpipe, shanai: reed
    case 110: return index(40)  // fiddle: bowed
    default: break
    }
    switch program / 8 {
    case 0: return index(0)
    case 1: return index(11)
    case 2: return index(19)
    case 3, 4, 13: return index(24)
    case 5, 6: return index(40)
    case 7: return index(56)
    case 8: return index(71)
    case 10: return index(80)
    default: return index(79)
    }
  }

  /// The soundfont's bytes.
  public static func make() -> [UInt8] {
    var font = SoundFontWriter(
      name: "chart2midi",
      comment: "Made by chart2midi-soundfont from sums of sine partials; see soundfonts/README.md.",
      copyright: "CC0 1.0: no rights reserved")
    for (_, timbre) in timbres {
      var zones: [SoundFontWriter.Zone] = []
      let layout = timbre.isSustained ? sustainedZones : decayingZones
      for (range, root) in layout {
        font.samples.append(makeSample(timbre, root: root, topKey: range.upperBound))
        var generators: [SoundFontWriter.Generator] = [
          .keyRange(range), .attack(timbre.attack), .release(timbre.release),
          .sampleModes(timbre.isSustained ? 1 : 0), .rootKey(root),
        ]
        if !timbre.isSustained { generators.insert(.decay(30), at: 2) }
        zones.append(SoundFontWriter.Zone(generators: generators, sample: font.samples.count - 1))
      }
      font.instruments.append(SoundFontWriter.Instrument(name: timbre.name, zones: zones))
    }
    // The percussion kit: the gridline tick on every key but the wood blocks, where a rising and
    // a falling chirp mark a series crossing a threshold upward and downward.
    let tick = font.samples.count
    font.samples += [makeTick(), makeChirp(rising: true), makeChirp(rising: false)]
    func percussion(_ keys: ClosedRange<UInt8>, sample: Int) -> SoundFontWriter.Zone {
      SoundFontWriter.Zone(
        generators: [
          .keyRange(keys), .attack(0.001), .release(0.05), .scaleTuning(0), .rootKey(60),
        ],
        sample: sample)
    }
    font.instruments.append(
      SoundFontWriter.Instrument(
        name: "Tick",
        zones: [
          percussion(0...75, sample: tick), percussion(76...76, sample: tick + 1),
          percussion(77...77, sample: tick + 2), percussion(78...127, sample: tick),
        ]))
    // A soft wash of noise, the same on every key, for the gaps in a series (Seashore).
    font.samples.append(makeNoise())
    font.instruments.append(
      SoundFontWriter.Instrument(
        name: "Noise",
        zones: [
          SoundFontWriter.Zone(
            generators: [
              .keyRange(0...127), .attack(0.08), .release(0.2), .scaleTuning(0),
              .sampleModes(1), .rootKey(60),
            ],
            sample: font.samples.count - 1)
        ]))
    for program in 0..<128 {
      if program == noiseProgram {
        font.presets.append(
          SoundFontWriter.Preset(
            name: "Noise", bank: 0, program: UInt16(program), instrument: timbres.count + 1))
        continue
      }
      let timbre = timbreIndex(forProgram: program)
      font.presets.append(
        SoundFontWriter.Preset(
          name: timbres[timbre].timbre.name, bank: 0, program: UInt16(program), instrument: timbre))
    }
    font.presets.append(
      SoundFontWriter.Preset(name: "Ticks", bank: 128, program: 0, instrument: timbres.count))
    return font.encode()
  }

  /// Key ranges and root keys: an octave each for looped tones (so that no partial passes 15 kHz),
  /// three ranges for decaying ones.
  static let sustainedZones: [(ClosedRange<UInt8>, UInt8)] = [
    (0...35, 30), (36...47, 42), (48...59, 54), (60...71, 66), (72...83, 78), (84...95, 90),
    (96...127, 108),
  ]
  static let decayingZones: [(ClosedRange<UInt8>, UInt8)] = [
    (0...55, 48), (56...71, 64), (72...127, 80),
  ]

  static let sampleRate = 44100.0

  static func frequency(_ key: Double) -> Double { 440 * pow(2, (key - 69) / 12) }

  static func harmonics(odd: Bool, _ amplitude: (Int) -> Double) -> [Partial] {
    (1...64).filter { !odd || $0 % 2 == 1 }.map { n in
      Partial(ratio: Double(n), amplitude: amplitude(n), decay: nil)
    }
  }

  /// A sample of the timbre at `root`, with the partials that stay below 15 kHz up to `topKey`.
  /// A sustained tone is a loop of a whole number of periods, repeated three times with the middle
  /// copy as the loop; the loop length is rounded to whole samples and the remaining error goes in
  /// the sample's pitch correction.
  static func makeSample(_ timbre: Timbre, root: UInt8, topKey: UInt8) -> SoundFontWriter.Sample {
    let fundamental = frequency(Double(root))
    let ceiling = 15000 / frequency(Double(topKey))
    let partials = timbre.partials.filter { $0.ratio <= max(1, ceiling) }
    var values: [Double]
    var loop: Range<Int>?
    var correction: Int8 = 0
    if timbre.isSustained {
      let cycles = max(1, (fundamental * 4096 / sampleRate).rounded())
      let length = Int((cycles * sampleRate / fundamental).rounded())
      let actual = cycles * sampleRate / Double(length)
      correction = Int8((1200 * log2(fundamental / actual)).rounded())
      let block = (0..<length).map { index -> Double in
        let phase = 2 * Double.pi * cycles * Double(index) / Double(length)
        var sum = 0.0
        for partial in partials { sum += partial.amplitude * sin(partial.ratio * phase) }
        return sum
      }
      values = block + block + block
      loop = length..<(2 * length)
    } else {
      let count = Int(2.0 * sampleRate)
      values = (0..<count).map { index -> Double in
        let time = Double(index) / sampleRate
        let attack = min(1, time / 0.002)
        var sum = 0.0
        for partial in partials {
          sum +=
            partial.amplitude * exp(-time / partial.decay!)
            * sin(2 * .pi * partial.ratio * fundamental * time)
        }
        return attack * sum
      }
      // Fade the last 50 ms so the sample ends at silence.
      let fade = Int(0.05 * sampleRate)
      for index in (count - fade)..<count { values[index] *= Double(count - index) / Double(fade) }
    }
    return SoundFontWriter.Sample(
      name: "\(timbre.name) \(root)", data: normalized(values, peak: 0.6), rootKey: root,
      correction: correction, loop: loop)
  }

  /// A 40 ms burst of noise, brightened by a first difference and decaying fast.
  static func makeTick() -> SoundFontWriter.Sample {
    var state: UInt32 = 0x2545_F491
    var previous = 0.0
    let count = Int(0.04 * sampleRate)
    let values = (0..<count).map { index -> Double in
      state = state &* 1_664_525 &+ 1_013_904_223
      let noise = Double(state >> 8) / Double(1 << 24) * 2 - 1
      let bright = noise - previous
      previous = noise
      return bright * exp(-Double(index) / sampleRate / 0.006)
    }
    return SoundFontWriter.Sample(name: "Tick", data: normalized(values, peak: 0.5), rootKey: 60)
  }

  /// A 120 ms chirp a fifth up (880 to 1320 Hz) or down, with its octave, a soft attack and a
  /// fast decay: a threshold crossed upward or downward.
  static func makeChirp(rising: Bool) -> SoundFontWriter.Sample {
    let count = Int(0.12 * sampleRate)
    var phase = 0.0
    let values = (0..<count).map { index -> Double in
      let progress = Double(index) / Double(count)
      let glide = rising ? progress : 1 - progress
      let frequency = 880 * pow(1.5, glide)
      phase += 2 * .pi * frequency / sampleRate
      let envelope = min(1, Double(index) / (0.004 * sampleRate)) * pow(1 - progress, 1.5)
      return envelope * (sin(phase) + 0.3 * sin(2 * phase))
    }
    return SoundFontWriter.Sample(
      name: rising ? "Rise" : "Fall", data: normalized(values, peak: 0.5), rootKey: 60)
  }

  /// The program that plays the noise: General MIDI's Seashore.
  static let noiseProgram = 122

  /// Two seconds of noise, smoothed by a one-pole low-pass (about 1.5 kHz), looped over its second
  /// second (a few samples past the loop, as SoundFont 2 asks).
  static func makeNoise() -> SoundFontWriter.Sample {
    var state: UInt32 = 0x1B87_3593
    var smooth = 0.0
    let loopEnd = Int(2 * sampleRate)
    let count = loopEnd + 64
    let coefficient = 1 - exp(-2 * Double.pi * 1500 / sampleRate)
    let values = (0..<count).map { _ -> Double in
      state = state &* 1_664_525 &+ 1_013_904_223
      let noise = Double(state >> 8) / Double(1 << 24) * 2 - 1
      smooth += coefficient * (noise - smooth)
      return smooth
    }
    return SoundFontWriter.Sample(
      name: "Noise", data: normalized(values, peak: 0.4), rootKey: 60,
      loop: (loopEnd / 2)..<loopEnd)
  }

  static func normalized(_ values: [Double], peak: Double) -> [Int16] {
    let largest = values.reduce(0) { max($0, abs($1)) }
    let scale = largest > 0 ? peak * 32767 / largest : 0
    return values.map { Int16(($0 * scale).rounded()) }
  }
}
